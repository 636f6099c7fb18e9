// catc graph page: draws the data of #catc-data (Graphviz's layout, or
// its own) and makes it explorable. Written for this page only; it
// fetches nothing, and puts text into the page only through textContent.
"use strict";
(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("catc-data").textContent);
  const $ = (id) => document.getElementById(id);
  const view = $("view");

  // ---- the model -------------------------------------------------------
  const N = data.nodes.length;
  // An origin is a string or parts: text, a file's index, -1 for the
  // edge's from ref, -2 for its to ref (write.go's fileTable).
  const origin = (a) => (o) => typeof o === "string" ? o : o.map((p) => typeof p === "string" ? p : p === -1 ? data.nodes[a[0]][0] : p === -2 ? data.nodes[a[1]][0] : data.files[p]).join("");
  const nodes = data.nodes.map((a, i) => {
    const ref = a[0], open = ref.indexOf("[");
    return { i, ref, type: data.types[a[1]], title: open >= 0 ? ref.slice(open + 1, -1) : ref,
      file: data.files[a[2]], line: a[3], step: a[4], cycle: (a[5] & 1) !== 0, focus: (a[5] & 2) !== 0, status: a[6],
      lower: ref.toLowerCase(), el: null, cx: 0, cy: 0 };
  });
  // A diff's lines under a changed resource, in the text diff's words.
  for (const [i, lines] of data.changes || []) nodes[i].changes = lines;
  const edges = data.edges.map((a, j) => ({ j, from: a[0], to: a[1], kinds: data.kinds[a[2]],
    refresh: (a[3] & 1) !== 0, auto: (a[3] & 2) !== 0, cycle: (a[3] & 4) !== 0, origins: a[4].map(origin(a)), status: a[5], el: null }));
  const out = nodes.map(() => []), inc = nodes.map(() => []);
  for (const e of edges) { out[e.from].push(e); inc[e.to].push(e); }
  const byRef = new Map(nodes.map((n) => [n.ref, n.i]));
  // LAYERED: the page draws its own picture (always without Graphviz's;
  // with it, while a group is collapsed, as Graphviz cannot lay out
  // again here).
  let LAYERED = !data.graphviz;
  // What paint() decided for each node and edge, which the elements'
  // classes and the canvas both show.
  const F_HIDDEN = 1, F_SEL = 2, F_HL = 4, F_DIM = 8, F_MATCH = 16, F_CUR = 32, F_PATH = 64;
  const nf = new Uint8Array(N), ef = new Uint8Array(edges.length);

  const state = { sel: -1, depth: 1, from: -1, to: -1, group: "", collapsed: new Set(), hiddenTypes: new Set(), q: "", match: -1 };
  let matches = [];

  // ---- drawing ---------------------------------------------------------
  let svg, layer;
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function titled(e, text) { el("title", {}, e).textContent = text; return e; }
  function edgeTip(e) { return [nodes[e.from].ref + " => " + nodes[e.to].ref].concat(e.origins).join("\n"); }

  // esc makes text safe inside markup built as a string (one parse for
  // 10,000 nodes is several times faster than creating each element).
  function esc(s) { return String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";"); }

  // gvShape draws one shape of Graphviz's picture (graphviz.go's
  // canvas.shape lists), its text through textContent.
  function gvShape(parent, s) {
    if (s[0] === "text") {
      el("text", { x: s[1], y: s[2], "text-anchor": s[3], "font-size": s[4], "font-family": s[5], fill: s[6] }, parent).textContent = s[7];
      return;
    }
    let e, k;
    if (s[0] === "ellipse") { e = el("ellipse", { cx: s[1], cy: s[2], rx: s[3], ry: s[4] }, parent); k = 5; }
    else if (s[0] === "polyline") { e = el("polyline", { points: s[1], fill: "none" }, parent); k = 1; }
    else if (s[0] === "polygon" || s[0] === "path") { e = el(s[0], s[0] === "path" ? { d: s[1] } : { points: s[1] }, parent); k = 2; }
    else return;
    if (s[0] !== "polyline") e.setAttribute("fill", s[k++]); else k++;
    e.setAttribute("stroke", s[k]);
    if (s[k + 1] !== 1) e.setAttribute("stroke-width", s[k + 1]);
    if (s[k + 2]) e.setAttribute("stroke-dasharray", s[k + 2]);
  }

  // drawGraphviz draws Graphviz's layout (data.graphviz, from its JSON:
  // graphviz.go's graphvizOf): what is no resource below and above, each
  // edge and resource its own group, placed where Graphviz put it.
  function drawGraphviz(G) {
    const [x, y, w, h] = G.box;
    svg = el("svg", { viewBox: x + " " + y + " " + w + " " + h }, view);
    const root = el("g", { class: "graph" }, svg);
    for (const s of G.under) gvShape(root, s);
    edges.forEach((e, j) => {
      const shapes = G.edges[j];
      if (!shapes) return;
      const g = el("g", { class: "edge", "data-j": j, "data-edge": nodes[e.from].ref + " => " + nodes[e.to].ref }, root);
      for (const s of shapes) gvShape(g, s);
      e.el = g;
    });
    nodes.forEach((n, i) => {
      const d = G.nodes[i];
      if (!d) return;
      const g = el("g", { class: "node", "data-i": i, "data-ref": n.ref }, root);
      for (const s of d.s) gvShape(g, s);
      n.el = g; [n.cx, n.cy, n.w, n.h] = d.c;
    });
    for (const s of G.over) gvShape(root, s);
    for (const n of nodes) n.gv = { el: n.el, cx: n.cx, cy: n.cy, w: n.w, h: n.h };
    for (const e of edges) e.gv = e.el;
    layer = el("g", { class: "overlay" }, svg);
    tips(svg);
  }

  // tips shows a resource's ref and place, or an edge's ends and
  // origins, under the pointer: one element that follows it, not 20,000
  // titles.
  let tip = null;
  function tips(pic) {
    if (!tip) { tip = document.createElement("div"); tip.id = "tip"; document.body.appendChild(tip); }
    pic.addEventListener("pointerover", (ev) => {
      const t = ev.target instanceof Element ? ev.target : null, ne = t && t.closest("[data-i]"), ee = t && t.closest("[data-j]");
      let text = "";
      if (ne) { const n = nodes[+ne.getAttribute("data-i")]; text = n.ref + "\n" + n.file + ":" + n.line; }
      else if (ee) text = edgeTip(edges[+ee.getAttribute("data-j")]);
      tip.textContent = text; tip.style.display = text ? "block" : "none";
      tip.style.left = (ev.clientX + 12) + "px"; tip.style.top = (ev.clientY + 12) + "px";
    });
    pic.addEventListener("pointerleave", () => { tip.style.display = "none"; });
  }

  // usePicture switches between Graphviz's picture and the page's own.
  let gvPicture = null, ownPicture = null;
  function usePicture(own) {
    if (own === LAYERED) return;
    if (own) {
      gvPicture = { svg, layer, full };
      svg.remove(); LAYERED = true; laidOut = null;
      if (ownPicture) { view.appendChild(ownPicture); svg = ownPicture; layer = svg.querySelector("g.overlay"); } else { drawLayered(); ownPicture = svg; }
      laidOut = null; // update lays it out for what is collapsed now
      return;
    }
    svg.remove(); LAYERED = false;
    ({ svg, layer, full } = gvPicture);
    view.appendChild(svg);
    for (const n of nodes) { if (n.label) { n.label.remove(); n.label = null; } n.el = n.gv.el; n.cx = n.gv.cx; n.cy = n.gv.cy; n.w = n.gv.w; n.h = n.gv.h; }
    for (const e of edges) e.el = e.gv;
    fit();
  }
// @include layered.js

  // ---- pan and zoom ----------------------------------------------------
  let vb = null, full = null;
  function setVB(v) { vb = v; svg.setAttribute("viewBox", v.x + " " + v.y + " " + v.w + " " + v.h); scheduleFrame(); }
  function toSVG(cx, cy) {
    const p = svg.createSVGPoint(); p.x = cx; p.y = cy;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function fitBox(b, pad) {
    pad = pad === undefined ? 20 : pad;
    setVB({ x: b.x - pad, y: b.y - pad, w: Math.max(b.w, 1) + 2 * pad, h: Math.max(b.h, 1) + 2 * pad });
  }
  // fit shows the whole graph, magnified at most 1.5 times: a graph of
  // four resources is not drawn with letters an inch high.
  function fit() {
    const r = view.getBoundingClientRect(), most = 1.5, pad = 10;
    const w = Math.max(full.w + 2 * pad, r.width / most), h = Math.max(full.h + 2 * pad, r.height / most);
    setVB({ x: full.x + full.w / 2 - w / 2, y: full.y + full.h / 2 - h / 2, w: w, h: h });
  }
  function zoom(f, cx, cy) {
    const r = view.getBoundingClientRect();
    const p = toSVG(cx === undefined ? r.left + r.width / 2 : cx, cy === undefined ? r.top + r.height / 2 : cy);
    const w = Math.min(Math.max(vb.w * f, 20), full.w * 20), k = w / vb.w;
    setVB({ x: p.x - (p.x - vb.x) * k, y: p.y - (p.y - vb.y) * k, w: w, h: vb.h * k });
  }
  function panBy(dx, dy) { // in screen pixels
    const k = 1 / svg.getScreenCTM().a;
    setVB({ x: vb.x - dx * k, y: vb.y - dy * k, w: vb.w, h: vb.h });
  }
  function centreOn(list) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const i of list) {
      const n = nodes[i];
      x0 = Math.min(x0, n.cx - n.w / 2); x1 = Math.max(x1, n.cx + n.w / 2);
      y0 = Math.min(y0, n.cy - n.h / 2); y1 = Math.max(y1, n.cy + n.h / 2);
    }
    if (x0 === Infinity) return;
    const w = Math.max(x1 - x0, Math.min(vb.w, 700)), h = Math.max(y1 - y0, Math.min(vb.h, 500));
    fitBox({ x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w: w, h: h }, 40);
  }
  function wirePanZoom() {
    let drag = null;
    view.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, moved: false, id: ev.pointerId };
    });
    view.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      if (!drag.moved) { drag.moved = true; view.setPointerCapture(drag.id); view.classList.add("dragging"); }
      panBy(dx, dy); drag.x = ev.clientX; drag.y = ev.clientY;
    });
    const end = (ev) => {
      if (!drag) return;
      const moved = drag.moved; drag = null; view.classList.remove("dragging");
      if (!moved && ev.type === "pointerup") clickAt(ev);
    };
    view.addEventListener("pointerup", end);
    view.addEventListener("pointercancel", end);
    view.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      // A pinch (ctrlKey) or a mouse wheel's notch zooms; a trackpad's
      // two-finger scroll pans.
      const notch = ev.deltaMode !== 0 || (ev.deltaX === 0 && Math.abs(ev.deltaY) >= 50 && Number.isInteger(ev.deltaY));
      if (ev.ctrlKey || notch) zoom(Math.exp(ev.deltaY * (ev.ctrlKey ? 0.01 : 0.002)), ev.clientX, ev.clientY);
      else panBy(-ev.deltaX, -ev.deltaY);
    }, { passive: false });
    document.addEventListener("keydown", (ev) => {
      if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) {
        if (ev.key === "Escape") ev.target.blur();
        return;
      }
      const step = 80, k = ev.key;
      if (k === "+" || k === "=") zoom(1 / 1.25);
      else if (k === "-" || k === "_") zoom(1.25);
      else if (k === "0" || k === "f") fit();
      else if (k === "ArrowLeft") panBy(step, 0);
      else if (k === "ArrowRight") panBy(-step, 0);
      else if (k === "ArrowUp") panBy(0, step);
      else if (k === "ArrowDown") panBy(0, -step);
      else if (k === "/") { $("search").focus(); }
      else if (k === "n") stepMatch(1);
      else if (k === "N") stepMatch(-1);
      else if (k === "Escape") { state.sel = state.from = state.to = -1; update(); }
      else return;
      ev.preventDefault();
    });
    $("fit").onclick = fit;
    $("zoom-in").onclick = () => zoom(1 / 1.25);
    $("zoom-out").onclick = () => zoom(1.25);
  }

  function clickAt(ev) {
    const t = ev.target instanceof Element ? ev.target : null;
    const gn = t && t.closest(".group-node");
    if (gn) { state.collapsed.delete(+gn.dataset.g); update(); return; }
    const ne = t && t.closest(".node[data-i]");
    // On the canvas, a resource without an element is found by its place.
    const i = ne ? +ne.getAttribute("data-i") : CANVAS ? nodeAt(toSVG(ev.clientX, ev.clientY)) : -1;
    if (i < 0) { if (!t || !t.closest(".edge")) { state.sel = -1; update(); } return; }
    if (ev.shiftKey && state.sel >= 0 && state.sel !== i) { state.from = state.sel; state.to = i; }
    else { state.sel = i; }
    update();
  }

  // ---- graph walks -----------------------------------------------------
  // near marks what is within depth edges up (what it depends on) and
  // down (what depends on it) of i; depth 0: any distance.
  function near(i, depth) {
    const dist = new Map([[i, 0]]), es = new Set();
    for (const up of [true, false]) {
      const d = new Map([[i, 0]]), queue = [i];
      for (let h = 0; h < queue.length; h++) {
        const u = queue[h];
        if (depth > 0 && d.get(u) >= depth) continue;
        for (const e of up ? inc[u] : out[u]) {
          const w = up ? e.from : e.to;
          if (!visible(w)) continue;
          es.add(e);
          if (!d.has(w)) { d.set(w, d.get(u) + 1); queue.push(w); if (!dist.has(w)) dist.set(w, d.get(w)); }
        }
      }
    }
    return { nodes: dist, edges: es };
  }
  // shortest is graph.Plan.Why's search: breadth-first over each node's
  // edges in order; from === to finds a shortest cycle. The edges of the
  // chain, or null.
  function shortest(from, to) {
    const seen = new Uint8Array(N), parent = new Int32Array(N), via = new Array(N);
    const queue = [from]; seen[from] = 1;
    for (let h = 0; h < queue.length; h++) {
      const u = queue[h];
      for (const e of out[u]) {
        const w = e.to;
        if (w === to) {
          const chain = [e];
          for (let v = u; v !== from; v = parent[v]) chain.unshift(via[v]);
          return chain;
        }
        if (!seen[w]) { seen[w] = 1; parent[w] = u; via[w] = e; queue.push(w); }
      }
    }
    return null;
  }

  // ---- visibility: type filter and collapsed groups ---------------------
  function grouping() { return data.groupings.find((g) => g.key === state.group) || null; }
  function groupOf(i) { const g = grouping(); return g ? g.of[i] : -1; }
  function collapsedNode(i) { const g = groupOf(i); return g >= 0 && state.collapsed.has(g); }
  function visible(i) { return !state.hiddenTypes.has(nodes[i].type) && !collapsedNode(i); }

  // ---- the side panel --------------------------------------------------
  function h(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
  function refLink(i) {
    const a = h("a", nodes[i].ref, "ref"); a.href = "#"; a.dataset.ref = nodes[i].ref;
    a.onclick = (ev) => { ev.preventDefault(); state.sel = i; update(); centreOn([i]); };
    return a;
  }
  function stepText(s) { return s === 0 ? "blocked by a dependency cycle" : "step " + s; }
  // A diff compares snapshots of two plans, which keep each edge's kinds
  // but not where it was written: the page says so rather than show none.
  const NO_ORIGINS = "where it was written: not kept by a diff (catc why on the new catalog shows it)";
  function originsOf(e, parent) {
    if (data.diff && e.origins.length === 0) parent.appendChild(h("div", NO_ORIGINS, "origin no-origin"));
    for (const o of e.origins) parent.appendChild(h("div", o, "origin"));
  }
  function edgeItem(e, other) {
    const li = h("li"); li.appendChild(refLink(other));
    li.appendChild(h("div", e.kinds + (e.status ? " (" + e.status + ")" : ""), "kind"));
    originsOf(e, li);
    return li;
  }
  function renderDetails(hl) {
    const box = $("details"); box.replaceChildren(h("h2", "Resource"));
    if (state.sel < 0) { box.appendChild(h("p", "Click a resource to see what it depends on and what depends on it. Shift+click a second one for the path between them.", "hint")); return; }
    const n = nodes[state.sel];
    box.appendChild(h("div", n.ref, "ref sel-ref"));
    box.appendChild(h("div", n.file + ":" + n.line + ", " + stepText(n.step) + (n.status ? ", " + n.status : ""), "origin"));
    if (n.changes) {
      box.appendChild(h("div", "Changes (" + n.changes.length + ")", "kind"));
      const uc = h("ul"); uc.id = "changes";
      for (const l of n.changes) uc.appendChild(h("li", l, "change"));
      box.appendChild(uc);
    }
    const row = h("div", undefined, "row");
    const lab = h("label", "Depth "); const inp = h("input"); inp.type = "number"; inp.min = "0"; inp.id = "depth"; inp.value = String(state.depth);
    inp.title = "0: any distance";
    inp.onchange = () => { state.depth = Math.max(0, parseInt(inp.value, 10) || 0); update(); };
    lab.appendChild(inp); row.appendChild(lab);
    row.appendChild(h("span", (hl.nodes.size - 1) + " related", "count"));
    const pf = h("button", "path from here"); pf.onclick = () => { state.from = state.sel; update(); };
    const pt = h("button", "path to here"); pt.onclick = () => { state.to = state.sel; update(); };
    row.appendChild(pf); row.appendChild(pt);
    box.appendChild(row);
    box.appendChild(h("div", "Waits for (" + inc[n.i].length + ")", "kind"));
    const ub = h("ul"); ub.id = "waits-for";
    for (const e of inc[n.i]) ub.appendChild(edgeItem(e, e.from));
    box.appendChild(ub);
    box.appendChild(h("div", "Comes before (" + out[n.i].length + ")", "kind"));
    const ua = h("ul"); ua.id = "comes-before";
    for (const e of out[n.i]) ua.appendChild(edgeItem(e, e.to));
    box.appendChild(ua);
  }
  function renderPath() {
    const box = $("path-body"); box.replaceChildren();
    const f = state.from, t = state.to;
    const r = h("div", undefined, "row");
    r.appendChild(h("span", "From")); r.appendChild(f >= 0 ? refLink(f) : h("span", "—"));
    r.appendChild(h("span", "to")); r.appendChild(t >= 0 ? refLink(t) : h("span", "—"));
    box.appendChild(r);
    if (f < 0 || t < 0) { box.appendChild(h("p", "Pick two resources: click one, then Shift+click the other (or use the buttons under a resource).", "hint")); return null; }
    let chain = shortest(f, t), a = f, b = t, head;
    const F = nodes[f].ref, T = nodes[t].ref;
    if (chain) head = F + " comes before " + T + " through " + chain.length + (chain.length === 1 ? " edge:" : " edges:");
    else if (f !== t && (chain = shortest(t, f))) { a = t; b = f; head = F + " does not come before " + T + ": the reverse holds, " + T + " must come before " + F + " through " + chain.length + (chain.length === 1 ? " edge:" : " edges:"); }
    else head = F + " does not have to come before " + T + ": no chain of relationships leads from " + F + " to " + T + ", nor from " + T + " to " + F + ".";
    box.appendChild(h("p", head, "path-head"));
    if (!chain) return null;
    const ol = h("ol"); ol.id = "path-chain";
    for (const e of chain) {
      const li = h("li"); li.dataset.from = nodes[e.from].ref; li.dataset.to = nodes[e.to].ref;
      li.appendChild(refLink(e.from)); li.appendChild(h("span", " => ")); li.appendChild(refLink(e.to));
      li.appendChild(h("div", e.kinds, "kind"));
      originsOf(e, li);
      ol.appendChild(li);
    }
    box.appendChild(ol);
    const fb = h("button", "show the path"); fb.onclick = () => centreOn([a, b].concat(chain.map((e) => e.to)));
    box.appendChild(fb);
    return chain;
  }
  function renderCycles() {
    const box = $("cycles-body"); box.replaceChildren();
    if (data.cycles.length === 0) { box.appendChild(h("p", "No dependency cycle.", "hint")); return; }
    data.cycles.forEach((c, k) => {
      const b = h("div", undefined, "row");
      const a = h("a", "Cycle " + (k + 1) + " (" + c.length + "): " + c.slice(0, 3).map((i) => nodes[i].ref).join(", ") + (c.length > 3 ? ", …" : ""), "link");
      a.onclick = () => { state.sel = c[0]; update(); centreOn(c); };
      b.appendChild(a); box.appendChild(b);
    });
  }
  function renderTypes() {
    const box = $("types-body"); box.replaceChildren();
    const counts = new Map();
    for (const n of nodes) counts.set(n.type, (counts.get(n.type) || 0) + 1);
    data.types.forEach((t, k) => {
      const lab = h("label"); const cb = h("input"); cb.type = "checkbox"; cb.checked = !state.hiddenTypes.has(t); cb.dataset.type = t;
      cb.onchange = () => { if (cb.checked) state.hiddenTypes.delete(t); else state.hiddenTypes.add(t); update(); };
      const chip = h("span", undefined, "chip"); chip.style.background = data.fills[k];
      lab.appendChild(cb); lab.appendChild(chip); lab.appendChild(h("span", t)); lab.appendChild(h("span", String(counts.get(t)), "count"));
      box.appendChild(lab);
    });
  }
  function renderGroups() {
    const box = $("groups-body"); box.replaceChildren();
    const g = grouping(); if (!g) return;
    const counts = new Array(g.names.length).fill(0);
    for (const k of g.of) counts[k]++;
    const all = h("div", undefined, "row");
    const ca = h("button", "collapse all"); ca.onclick = () => { g.names.forEach((_, k) => state.collapsed.add(k)); update(); };
    const ea = h("button", "expand all"); ea.onclick = () => { state.collapsed.clear(); update(); };
    all.appendChild(ca); all.appendChild(ea); box.appendChild(all);
    g.names.forEach((name, k) => {
      const lab = h("label"); const cb = h("input"); cb.type = "checkbox"; cb.checked = state.collapsed.has(k); cb.title = "collapse into one node";
      cb.onchange = () => { if (cb.checked) state.collapsed.add(k); else state.collapsed.delete(k); update(); };
      const a = h("a", name, "link");
      a.onclick = () => { const m = []; g.of.forEach((x, i) => { if (x === k) m.push(i); }); centreOn(m); };
      lab.appendChild(cb); lab.appendChild(a); lab.appendChild(h("span", String(counts[k]), "count"));
      box.appendChild(lab);
    });
  }
  function renderLegend() {
    const box = $("legend-body"); box.replaceChildren();
    const row = (draw, text) => {
      const d = h("div", undefined, "lg"); const s = el("svg", { viewBox: "0 0 32 10" }, d);
      draw(s); d.appendChild(h("span", text)); box.appendChild(d);
    };
    const line = (stroke, width, dash) => (s) => el("line", { x1: 1, y1: 5, x2: 31, y2: 5, stroke: stroke, "stroke-width": width, "stroke-dasharray": dash || "none" }, s);
    const has = (p) => edges.some(p);
    if (has((e) => !e.refresh)) row(line("#1f1f1f", 1), "order (require, before)");
    if (has((e) => e.refresh)) row(line("#1f1f1f", 1, "4 3"), "refresh (notify, subscribe)");
    if (has((e) => e.auto && !e.cycle)) row(line("#8c8c8c", 1), "automatic (type rule)");
    if (has((e) => e.cycle)) row(line("#d62728", 2), "on a cycle");
    if (data.diff) {
      const sw = (stroke, dash) => (s) => el("rect", { x: 2, y: 1, width: 28, height: 8, rx: 2, fill: "#fff", stroke: stroke, "stroke-width": 2, "stroke-dasharray": dash || "none" }, s);
      row(sw("#2e7d32"), "added: newly managed, or a new edge");
      row(sw("#ef8f00"), "changed (an edge: its kinds)");
      row(sw("#9e9e9e", "3 2"), "removed: no longer managed (left on the node as it is), or an edge gone");
      row(sw("#c62828"), "ensure absent (removed from the node)");
      row(sw("#6d0000"), "fails (init_only change)");
      row(sw("#1e88e5", "2 2"), "moved in the order");
    }
    if (!box.firstChild) box.appendChild(h("p", "No edges.", "hint"));
  }

  // ---- search ----------------------------------------------------------
  function runSearch() {
    const q = state.q.trim().toLowerCase();
    matches = [];
    if (q) for (const n of nodes) if (n.lower.includes(q) || n.type.toLowerCase().includes(q) || n.title.toLowerCase().includes(q)) matches.push(n.i);
    state.match = matches.length ? Math.min(Math.max(state.match, 0), matches.length - 1) : -1;
  }
  function stepMatch(d) {
    if (!matches.length) return;
    state.match = (state.match + d + matches.length) % matches.length;
    paint(); centreOn([matches[state.match]]);
  }
  function wireSearch() {
    const s = $("search");
    s.addEventListener("input", () => { state.q = s.value; state.match = 0; runSearch(); paint(); if (matches.length) centreOn([matches[0]]); saveHash(); });
    s.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); stepMatch(ev.shiftKey ? -1 : 1); } });
    $("search-next").onclick = () => stepMatch(1);
    $("search-prev").onclick = () => stepMatch(-1);
  }

  // ---- painting --------------------------------------------------------
  function setClass(e, cls, on) { if (e) e.classList.toggle(cls, on); }
  function applyNode(n) {
    const f = nf[n.i], e = n.el;
    if (e) {
      setClass(e, "hidden", (f & F_HIDDEN) !== 0); setClass(e, "sel", (f & F_SEL) !== 0); setClass(e, "hl", (f & F_HL) !== 0);
      setClass(e, "dim", (f & F_DIM) !== 0); setClass(e, "match", (f & F_MATCH) !== 0); setClass(e, "current", (f & F_CUR) !== 0);
      setClass(e, "onpath", (f & F_PATH) !== 0);
    }
    if (LAYERED) labelState(n);
  }
  function applyEdge(x) {
    const f = ef[x.j], e = x.el;
    if (!e) return;
    setClass(e, "hidden", (f & F_HIDDEN) !== 0); setClass(e, "hl", (f & F_HL) !== 0);
    setClass(e, "dim", (f & F_DIM) !== 0); setClass(e, "onpath", (f & F_PATH) !== 0);
  }
  function paint() {
    const hl = state.sel >= 0 ? near(state.sel, state.depth) : null;
    const chain = renderPath();
    const onPath = new Set(), pathEdges = new Set(chain || []);
    for (const e of pathEdges) { onPath.add(e.from); onPath.add(e.to); }
    const matchSet = new Set(matches), current = state.match >= 0 ? matches[state.match] : -1;
    for (const n of nodes) {
      const i = n.i;
      nf[i] = (visible(i) ? 0 : F_HIDDEN) | (i === state.sel ? F_SEL : 0) | (hl && i !== state.sel && hl.nodes.has(i) ? F_HL : 0) |
        (hl && !hl.nodes.has(i) && !onPath.has(i) ? F_DIM : 0) | (matchSet.has(i) ? F_MATCH : 0) | (i === current ? F_CUR : 0) | (onPath.has(i) ? F_PATH : 0);
      applyNode(n);
    }
    for (const e of edges) {
      ef[e.j] = (!visible(e.from) || !visible(e.to) ? F_HIDDEN : 0) | (hl && hl.edges.has(e) ? F_HL : 0) |
        (hl && !hl.edges.has(e) && !pathEdges.has(e) ? F_DIM : 0) | (pathEdges.has(e) ? F_PATH : 0);
      applyEdge(e);
    }
    syncLive(); scheduleFrame();
    $("search-count").textContent = state.q.trim() ? (matches.length ? (state.match + 1) + " of " + matches.length : "no match") : "";
    renderDetails(hl || { nodes: new Map() });
    if (LAYERED) groupsLayered();
  }

  // ---- the URL fragment -----------------------------------------------
  function saveHash() {
    const p = new URLSearchParams();
    if (state.sel >= 0) p.set("sel", nodes[state.sel].ref);
    if (state.depth !== 1) p.set("depth", String(state.depth));
    if (state.from >= 0) p.set("from", nodes[state.from].ref);
    if (state.to >= 0) p.set("to", nodes[state.to].ref);
    if (state.q) p.set("q", state.q);
    if (state.group !== (data.group || "")) p.set("group", state.group); // "group=": none, where a grouping is the default
    const c = [...state.collapsed].sort((a, b) => a - b).join(",");
    if (c !== defaultCollapsed(state.group).join(",")) p.set("collapsed", c); // "collapsed=": none, where the page opens folded
    if (state.hiddenTypes.size) p.set("hide", [...state.hiddenTypes].join(","));
    const h2 = p.toString();
    if (h2 !== location.hash.slice(1)) history.replaceState(null, "", h2 ? "#" + h2 : location.pathname + location.search);
  }
  function loadHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    const idx = (k) => { const v = p.get(k); return v !== null && byRef.has(v) ? byRef.get(v) : -1; };
    state.sel = idx("sel"); state.from = idx("from"); state.to = idx("to");
    state.depth = p.has("depth") ? Math.max(0, parseInt(p.get("depth"), 10) || 0) : 1;
    state.q = p.get("q") || "";
    const gk = p.has("group") ? p.get("group") : data.group || "";
    state.group = data.groupings.some((g) => g.key === gk) ? gk : "";
    state.collapsed = new Set(p.has("collapsed") ? p.get("collapsed").split(",").filter((s) => s !== "").map(Number) : defaultCollapsed(state.group, [state.sel, state.from, state.to]));
    state.hiddenTypes = new Set((p.get("hide") || "").split(",").filter((s) => data.types.includes(s)));
    $("search").value = state.q; $("group-key").value = state.group;
  }

  // A big picture (over FOLD_FROM resources) too big to read whole, its
  // labels under READABLE_PX on the screen at Fit, opens folded: each
  // group of the grouping the page opens with (a Puppet catalog's
  // classes) collapsed into one node, in a layout made to be read at
  // Fit. A group holding a resource the fragment names stays open; the
  // fragment keeps what the reader unfolds ("collapsed=": nothing).
  const FOLD_FROM = 100, READABLE_PX = 8, LABEL_PX = 11;
  function fitScale() {
    const r = view.getBoundingClientRect();
    return Math.min(r.width / (full.w + 20), r.height / (full.h + 20), 1.5);
  }
  let foldDefault = false;
  function defaultCollapsed(key, keepOpen) {
    const g = data.groupings.find((x) => x.key === key);
    if (!foldDefault || key !== data.group || !g) return [];
    const open = new Set((keepOpen || []).filter((i) => i >= 0).map((i) => g.of[i]));
    return g.names.map((_, k) => k).filter((k) => !open.has(k));
  }

  // update shows the state; in the layered picture a change of what is
  // collapsed lays it out again and fits it to the screen; Graphviz's
  // picture gives way to it while a group is collapsed.
  function update() {
    if (GV) usePicture(!!grouping() && state.collapsed.size > 0);
    if (LAYERED && relayout()) { fillLayered(); fit(); }
    paint(); renderTypes(); renderGroups(); saveHash();
  }

  // ---- start -----------------------------------------------------------
  $("title").textContent = data.title;
  $("caption").textContent = (data.caption ? data.caption + ": " : "") + N + (N === data.total ? "" : " of " + data.total) + " resources, " + edges.length + " edges" + (data.cycles.length ? ", " + data.cycles.length + " cycles" : "");
  for (const g of data.groupings) { const o = h("option", g.key); o.value = g.key; $("group-key").appendChild(o); }
  $("group-key").onchange = () => { state.group = $("group-key").value; state.collapsed.clear(); update(); };
  const GV = data.graphviz || null;
  if (GV) drawGraphviz(GV); else drawLayered();
  if (!layer.querySelector("marker") && !svg.querySelector("#arrow")) {
    const m = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerUnits: "userSpaceOnUse", markerWidth: "8", markerHeight: "8", orient: "auto-start-reverse" }, el("defs", {}, svg));
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#555" }, m);
  }
  if (!LAYERED) { const vb0 = svg.viewBox.baseVal; full = { x: vb0.x, y: vb0.y, w: vb0.width, h: vb0.height }; }
  fit();
  foldDefault = !!data.group && N > FOLD_FROM && fitScale() * LABEL_PX < READABLE_PX;
  wirePanZoom(); wireSearch();
  loadHash(); runSearch();
  // A diff's data keys behind its changed class parameters, above the
  // resource's details.
  function renderCauses() {
    if (!data.causes) return;
    const sec = h("section"); sec.id = "data-causes";
    sec.appendChild(h("h2", data.causesTitle));
    const ul = h("ul");
    for (const c of data.causes) ul.appendChild(h("li", c, "change"));
    sec.appendChild(ul);
    $("side").insertBefore(sec, $("details"));
  }
  renderCauses(); renderCycles(); renderLegend();
  update();
  if (state.sel >= 0) centreOn([state.sel]);
  window.addEventListener("hashchange", () => { loadHash(); runSearch(); update(); });
  // Ready once the picture is laid out and painted (a frame, then a task
  // after it): how long the page took to become usable, which its tests
  // measure.
  requestAnimationFrame(() => setTimeout(() => {
    window.catcReadyMs = performance.now();
    document.body.dataset.ready = "1";
  }, 0));
})();
