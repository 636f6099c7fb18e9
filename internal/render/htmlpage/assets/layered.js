  // ---- the layered picture (included in page.js by write.go) -------------
  // The page's own drawing of package layered's positions. Collapsing a
  // group lays the picture out again here, by the same rules as
  // internal/render/layered (a layer below what it depends on, wide
  // layers wrapped, one barycentre sweep), with each collapsed group one
  // node: nothing overlaps. Past CANVAS_FROM resources the picture is
  // painted on a canvas, and SVG elements exist only for the resources in
  // view (when few are) and those highlighted: 20,000 elements took
  // Chromium seconds to parse, lay out and paint.
  const H = 26, GAP_X = 16, GAP_Y = 40, MIN_ROW = 1600;
  // A layout with groups collapsed is made to be read whole, at "Fit":
  // closer layers, and rows as wide as make the picture largest in the
  // view (FOLD_ROWS: the widths tried, as multiples of the width that
  // would give the view's shape).
  const GAP_Y_FOLD = 14, FOLD_ROWS = [0.4, 0.5, 0.6, 0.7, 0.85, 1, 1.2, 1.4, 1.7, 2, 2.5, 3];
  const CANVAS_FROM = 2000, LIVE_IN_VIEW = 400, LIVE_MOST = 3000;
  const CANVAS = LAYERED && N > CANVAS_FROM;
  let L = data.layout || null; // on a Graphviz page, computed when first needed
  // Each node's box: that of its group while the group is collapsed.
  const bx = new Float64Array(N), by = new Float64Array(N), bw = new Float64Array(N);
  let groupBox = new Map(), picture = { w: 1, h: 1 }, laidOut = null;

  // layeredPositions places each node a layer below the lowest one it
  // depends on, a layer's nodes in rows of at most limit wide (the
  // widest node alone excepted), layers gapY apart.
  function layeredPositions(widths, preds, limit, gapY) {
    const n = widths.length, rank = new Int32Array(n), layers = [];
    for (let v = 0; v < n; v++) for (const u of preds[v]) rank[v] = Math.max(rank[v], rank[u] + 1);
    for (let v = 0; v < n; v++) (layers[rank[v]] || (layers[rank[v]] = [])).push(v);
    const x = new Float64Array(n), y = new Float64Array(n), centre = new Float64Array(n);
    let top = 0, width = 0;
    for (const layer of layers) {
      if (!layer) continue;
      const key = new Map();
      layer.forEach((v, i) => {
        let k = i * 1e-9;
        if (preds[v].length === 0) k -= 1;
        else { let s = 0; for (const u of preds[v]) s += centre[u]; k += s / preds[v].length; }
        key.set(v, k);
      });
      layer.sort((a, b) => key.get(a) - key.get(b));
      let left = 0, inRow = 0;
      for (const v of layer) {
        if (inRow > 0 && left + widths[v] > limit) { width = Math.max(width, left - GAP_X); left = 0; inRow = 0; top += H + gapY; }
        x[v] = left; y[v] = top; centre[v] = left + widths[v] / 2;
        left += widths[v] + GAP_X; inRow++;
      }
      width = Math.max(width, left - GAP_X); top += H + gapY;
    }
    return { x, y, w: width, h: Math.max(0, top - gapY) };
  }
  function areaOf(widths, gapY) {
    let area = 0;
    for (const w of widths) area += (w + GAP_X) * (H + gapY);
    return area;
  }
  // spreadPositions is the layout of the whole graph, as package layered
  // makes it: rows at least MIN_ROW wide.
  function spreadPositions(widths, preds) {
    return layeredPositions(widths, preds, Math.max(MIN_ROW, Math.floor(Math.sqrt(areaOf(widths, GAP_Y)) * 1.2)), GAP_Y);
  }
  // foldedPositions is the layout of a graph with collapsed groups, of
  // the row width (FOLD_ROWS) that shows it largest in the view when
  // fitted: fit() magnifies at most 1.5 times and pads 10 a side.
  function foldedPositions(widths, preds) {
    const r = view.getBoundingClientRect(), vw = Math.max(r.width, 1), vh = Math.max(r.height, 1);
    const shape = Math.sqrt(areaOf(widths, GAP_Y_FOLD) * vw / vh);
    let best = null, bestScale = -1;
    for (const k of FOLD_ROWS) {
      const p = layeredPositions(widths, preds, Math.floor(shape * k), GAP_Y_FOLD);
      const s = Math.min(vw / (p.w + 20), vh / (p.h + 20), 1.5);
      if (s > bestScale + 1e-9) { best = p; bestScale = s; }
    }
    return best;
  }

  // pageLayout is package layered's layout computed here, for a page
  // drawn by Graphviz (widths as write.go estimates them).
  function pageLayout() {
    const nw = nodes.map((n) => Math.floor([...n.ref].length * 6.6) + 18), preds = nodes.map(() => []);
    for (const e of edges) if (e.from < e.to) preds[e.to].push(e.from);
    const p = spreadPositions(nw, preds);
    return { x: p.x, y: p.y, nw, w: p.w, h: p.h };
  }

  function groupLabel(g, k, count) { return g.names[k] + " (" + count + ")"; }
  function groupCounts(g) {
    const c = new Map();
    for (let i = 0; i < N; i++) if (!state.hiddenTypes.has(nodes[i].type)) c.set(g.of[i], (c.get(g.of[i]) || 0) + 1);
    return c;
  }

  // relayout places the nodes: package layered's positions when no group
  // is collapsed, else a layout of the collapsed graph. It returns
  // whether anything moved.
  function relayout() {
    const g = grouping(), coll = g && state.collapsed.size ? state.collapsed : null;
    const key = coll ? state.group + ":" + [...coll].sort((a, b) => a - b).join(",") : "";
    if (key === laidOut) return false;
    laidOut = key; groupBox = new Map();
    if (!L) L = pageLayout();
    if (!coll) {
      for (let i = 0; i < N; i++) { bx[i] = L.x[i]; by[i] = L.y[i]; bw[i] = L.nw[i]; }
      picture = { w: L.w, h: L.h };
    } else {
      const unitOf = new Int32Array(N), widths = [], unitGroup = new Map(), counts = groupCounts(g);
      for (let i = 0; i < N; i++) {
        const k = g.of[i];
        if (!coll.has(k)) { unitOf[i] = widths.length; widths.push(L.nw[i]); continue; }
        if (!unitGroup.has(k)) { unitGroup.set(k, widths.length); widths.push(Math.round(groupLabel(g, k, counts.get(k) || 0).length * 7) + 24); }
        unitOf[i] = unitGroup.get(k);
      }
      const preds = widths.map(() => []);
      for (const e of edges) { const u = unitOf[e.from], v = unitOf[e.to]; if (u < v) preds[v].push(u); }
      const p = foldedPositions(widths, preds);
      for (let i = 0; i < N; i++) { const u = unitOf[i]; bx[i] = p.x[u]; by[i] = p.y[u]; bw[i] = widths[u]; }
      for (const [k, u] of unitGroup) groupBox.set(k, { x: p.x[u], y: p.y[u], w: widths[u] });
      picture = { w: p.w, h: p.h };
    }
    for (const n of nodes) { n.cx = bx[n.i] + bw[n.i] / 2; n.cy = by[n.i] + H / 2; n.w = bw[n.i]; n.h = H; }
    return true;
  }

  function edgeD(e) {
    const f = nodes[e.from], t = nodes[e.to];
    const x1 = f.cx, y1 = f.cy + H / 2, x2 = t.cx, y2 = t.cy - H / 2, dy = Math.max(20, Math.abs(y2 - y1) / 2);
    return "M" + x1 + "," + y1 + " C" + x1 + "," + (y1 + dy) + " " + x2 + "," + (y2 - dy) + " " + x2 + "," + y2;
  }
  // Every edge runs down (a layer is below what it depends on) except on
  // a cycle, so past 2,000 resources only cycle edges get an arrow head.
  const arrows = N <= CANVAS_FROM;
  function edgeMarkup(e) {
    let cls = "edge ledge";
    if (e.refresh) cls += " refresh";
    if (e.cycle) cls += " cycle"; else if (e.auto) cls += " auto";
    if (e.status) cls += " st-" + e.status;
    return '<path class="' + cls + '" d="' + edgeD(e) + '"' + (arrows || e.cycle ? ' marker-end="url(#arrow)"' : "") +
      ' data-j="' + e.j + '" data-edge="' + esc(nodes[e.from].ref + " => " + nodes[e.to].ref) + '"/>';
  }
  function nodeMarkup(n) {
    let cls = "node lnode";
    if (n.cycle) cls += " cycle";
    if (n.focus) cls += " focus";
    if (n.status) cls += " st-" + n.status;
    // On the canvas the element only outlines what the canvas painted.
    const fill = CANVAS ? "transparent" : data.fills[data.nodes[n.i][1]];
    return '<rect class="' + cls + '" x="' + bx[n.i] + '" y="' + by[n.i] + '" width="' + bw[n.i] + '" height="' + H + '" rx="5" fill="' +
      esc(fill) + '" data-i="' + n.i + '" data-ref="' + esc(n.ref) + '"/>';
  }

  let edgeLayer, nodeLayer, labels = null;
  function drawLayered() {
    relayout();
    view.insertAdjacentHTML("beforeend", '<svg xmlns="' + SVGNS + '"' + (arrows ? "" : ' shape-rendering="optimizeSpeed"') +
      ' viewBox="0 0 ' + Math.max(picture.w, 1) + " " + Math.max(picture.h, 1) + '"><defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>' +
      '<g><g class="edges"></g><g class="nodes"></g><g class="labels"></g><g class="overlay"></g></g></svg>');
    svg = view.lastElementChild;
    edgeLayer = svg.querySelector("g.edges"); nodeLayer = svg.querySelector("g.nodes");
    labels = svg.querySelector("g.labels"); layer = svg.querySelector("g.overlay");
    if (CANVAS) { canvas = document.createElement("canvas"); canvas.id = "canvas"; view.insertBefore(canvas, svg); }
    fillLayered();
    tips(svg);
  }

  // fillLayered (re)makes the elements at the nodes' current places: all
  // of them in SVG; on the canvas, the live ones (syncLive).
  function fillLayered() {
    for (const n of nodes) { n.el = null; if (n.label) { n.label.remove(); n.label = null; } }
    for (const e of edges) e.el = null;
    edgeLayer.replaceChildren(); nodeLayer.replaceChildren(); labels.replaceChildren();
    full = { x: 0, y: 0, w: Math.max(picture.w, 1), h: Math.max(picture.h, 1) };
    if (CANVAS) { live = new Map(); liveEdges = new Map(); return; }
    edgeLayer.innerHTML = edges.map(edgeMarkup).join("");
    nodeLayer.innerHTML = nodes.map(nodeMarkup).join("");
    const ns = nodeLayer.children, es = edgeLayer.children;
    for (let i = 0; i < N; i++) nodes[i].el = ns[i];
    for (let j = 0; j < edges.length; j++) edges[j].el = es[j];
    for (const n of nodes) label(n);
  }

  // ---- labels of the SVG picture ---------------------------------------
  function label(n) {
    if (n.label) return;
    const t = document.createElementNS(SVGNS, "text");
    t.setAttribute("x", bx[n.i] + 9); t.setAttribute("y", by[n.i] + 17);
    t.textContent = n.ref;
    if (n.status) t.classList.add("st-" + n.status);
    n.label = t; labels.appendChild(t);
    labelState(n);
  }
  function labelState(n) {
    if (!n.label) return;
    n.label.classList.toggle("hidden", (nf[n.i] & F_HIDDEN) !== 0);
    n.label.classList.toggle("dim", (nf[n.i] & F_DIM) !== 0);
  }

  // ---- live elements over the canvas -------------------------------------
  let live = new Map(), liveEdges = new Map();
  function inView(i, r) { return bx[i] + bw[i] >= r.x0 && bx[i] <= r.x1 && by[i] + H >= r.y0 && by[i] <= r.y1; }
  // viewRect is the part of the picture on screen (the viewBox keeps its
  // aspect ratio, so the screen may show more than vb).
  function viewRect() {
    const m = svg.getScreenCTM(), r = view.getBoundingClientRect();
    if (!m || !m.a) return { x0: 0, y0: 0, x1: 0, y1: 0, m: null, r };
    return { x0: (r.left - m.e) / m.a, x1: (r.right - m.e) / m.a, y0: (r.top - m.f) / m.d, y1: (r.bottom - m.f) / m.d, m, r };
  }
  function syncLive() {
    if (!CANVAS) return;
    const want = new Set(), vr = viewRect(), shown = [];
    for (let i = 0; i < N; i++) {
      if (nf[i] & F_HIDDEN) continue;
      if (nf[i] & (F_SEL | F_HL | F_PATH | F_CUR | F_MATCH)) { if (want.size < LIVE_MOST) want.add(i); }
      else if (shown.length <= LIVE_IN_VIEW && inView(i, vr)) shown.push(i);
    }
    if (shown.length <= LIVE_IN_VIEW) for (const i of shown) want.add(i);
    for (const [i, e] of live) if (!want.has(i)) { e.remove(); live.delete(i); nodes[i].el = null; }
    let add = "";
    const added = [];
    for (const i of want) if (!live.has(i)) { add += nodeMarkup(nodes[i]); added.push(i); }
    if (added.length) {
      nodeLayer.insertAdjacentHTML("beforeend", add);
      const ch = nodeLayer.children;
      for (let k = 0; k < added.length; k++) { const e = ch[ch.length - added.length + k]; live.set(added[k], e); nodes[added[k]].el = e; }
    }
    const wantE = new Set();
    for (let j = 0; j < edges.length && wantE.size < LIVE_MOST; j++) if (!(ef[j] & F_HIDDEN) && (ef[j] & (F_HL | F_PATH))) wantE.add(j);
    for (const [j, e] of liveEdges) if (!wantE.has(j)) { e.remove(); liveEdges.delete(j); edges[j].el = null; }
    add = ""; added.length = 0;
    for (const j of wantE) if (!liveEdges.has(j)) { add += edgeMarkup(edges[j]); added.push(j); }
    if (added.length) {
      edgeLayer.insertAdjacentHTML("beforeend", add);
      const ch = edgeLayer.children;
      for (let k = 0; k < added.length; k++) { const e = ch[ch.length - added.length + k]; liveEdges.set(added[k], e); edges[added[k]].el = e; }
    }
    for (const i of live.keys()) applyNode(nodes[i]);
    for (const j of liveEdges.keys()) applyEdge(edges[j]);
  }

  // nodeAt is the node under a point of the picture (for clicks on the
  // canvas, where no element is), or -1.
  function nodeAt(p) {
    for (let i = N - 1; i >= 0; i--) {
      if (nf[i] & F_HIDDEN) continue;
      if (p.x >= bx[i] && p.x <= bx[i] + bw[i] && p.y >= by[i] && p.y <= by[i] + H) return i;
    }
    return -1;
  }

  // groupsLayered draws each collapsed group as a node at its place in
  // the layout, and one line per pair of groups or nodes with edges.
  function groupsLayered() {
    layer.replaceChildren();
    const g = grouping(); if (!g || groupBox.size === 0) return;
    const counts = groupCounts(g), unit = (i) => state.collapsed.has(g.of[i]) ? "g" + g.of[i] : "n" + i, seen = new Set();
    for (const e of edges) {
      if (state.hiddenTypes.has(nodes[e.from].type) || state.hiddenTypes.has(nodes[e.to].type)) continue;
      if (!collapsedNode(e.from) && !collapsedNode(e.to)) continue;
      const a = unit(e.from), b = unit(e.to);
      if (a === b || seen.has(a + " " + b)) continue;
      seen.add(a + " " + b);
      const f = nodes[e.from], t = nodes[e.to];
      el("line", { class: "agg-edge", x1: f.cx, y1: f.cy + H / 2, x2: t.cx, y2: t.cy - H / 2, "marker-end": "url(#arrow)", "stroke-width": 1.5 }, layer);
    }
    for (const [k, b] of groupBox) {
      if (!counts.get(k)) continue;
      const text = groupLabel(g, k, counts.get(k));
      const gn = el("g", { class: "group-node", "data-g": k, transform: "translate(" + b.x + "," + b.y + ")" }, layer);
      titled(gn, text + ": click to expand");
      el("rect", { width: b.w, height: H, rx: 6 }, gn);
      el("text", { x: 12, y: 17 }, gn).textContent = text;
    }
  }
// @include canvas.js
