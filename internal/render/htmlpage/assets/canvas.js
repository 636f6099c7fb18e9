  // ---- the canvas (included in page.js by write.go) ----------------------
  // Paints what the SVG picture would show, with the colours of page.css:
  // edges and nodes batched into one path per style, only those in view,
  // labels once legible.
  let canvas = null, framePending = false;
  const LEGIBLE = 0.45; // screen pixels per picture unit
  const EDGE_STYLE = { normal: ["#1f1f1f", 1], auto: ["#8c8c8c", 1], cycle: ["#d62728", 2], hl: ["#1565c0", 2.5], onpath: ["#6a1b9a", 4],
    "st-added": ["#2e7d32", 2.5], "st-changed": ["#ef8f00", 2.5], "st-removed": ["#9e9e9e", 2] };
  const NODE_STROKE = { normal: ["#4d4d4d", 1], cycle: ["#d62728", 1.5], focus: ["#4d4d4d", 2.5], sel: ["#1565c0", 4], hl: ["#1565c0", 2.5],
    match: ["#ef6c00", 3], current: ["#ef6c00", 6], onpath: ["#6a1b9a", 4], "st-added": ["#2e7d32", 3], "st-changed": ["#ef8f00", 3],
    "st-removed": ["#9e9e9e", 2], "st-absent": ["#c62828", 3], "st-failed": ["#6d0000", 4], "st-moved": ["#1e88e5", 3] };

  function scheduleFrame() {
    if (!CANVAS || framePending) return;
    framePending = true;
    requestAnimationFrame(() => { framePending = false; drawCanvas(); syncLive(); });
  }
  // The same precedence as page.css: the later rules there win.
  function edgeStyle(e) {
    const f = ef[e.j];
    if (f & F_PATH) return "onpath";
    if (f & F_HL) return "hl";
    if (e.status) return "st-" + e.status;
    return e.cycle ? "cycle" : e.auto ? "auto" : "normal";
  }
  function nodeStroke(n) {
    const f = nf[n.i];
    if (f & F_PATH) return "onpath";
    if (f & F_CUR) return "current";
    if (f & F_MATCH) return "match";
    if (f & F_HL) return "hl";
    if (f & F_SEL) return "sel";
    if (n.status) return "st-" + n.status;
    return n.cycle ? "cycle" : n.focus ? "focus" : "normal";
  }
  function batch(map, key) { let p = map.get(key); if (!p) { p = new Path2D(); map.set(key, p); } return p; }

  function drawCanvas() {
    const vr = viewRect(), dpr = window.devicePixelRatio || 1;
    const cw = Math.round(vr.r.width * dpr), ch = Math.round(vr.r.height * dpr);
    if (canvas.width !== cw || canvas.height !== ch) { canvas.width = cw; canvas.height = ch; }
    const c = canvas.getContext("2d");
    c.setTransform(1, 0, 0, 1, 0, 0); c.clearRect(0, 0, cw, ch);
    if (!vr.m) return;
    const k = vr.m.a;
    c.setTransform(dpr * k, 0, 0, dpr * k, dpr * (vr.m.e - vr.r.left), dpr * (vr.m.f - vr.r.top));
    const hair = 0.7 / k; // thinner lines vanish when zoomed out
    // Zoomed out, a curve looks like a line and a dash like none, and
    // both cost Chromium's rasteriser most of a second at 10,000 edges.
    const fine = k >= 0.3;
    const es = new Map();
    for (const e of edges) {
      if ((ef[e.j] & F_HIDDEN) || liveEdges.has(e.j)) continue; // a live edge draws itself
      const f = nodes[e.from], t = nodes[e.to];
      if (Math.max(f.cy, t.cy) + H < vr.y0 || Math.min(f.cy, t.cy) - H > vr.y1 || Math.max(f.cx, t.cx) < vr.x0 || Math.min(f.cx, t.cx) > vr.x1) continue;
      const key = edgeStyle(e) + ((ef[e.j] & F_DIM) ? " dim" : "") + (e.refresh && fine ? " dash" : "");
      const p = batch(es, key), x1 = f.cx, y1 = f.cy + H / 2, x2 = t.cx, y2 = t.cy - H / 2, dy = Math.max(20, Math.abs(y2 - y1) / 2);
      p.moveTo(x1, y1);
      if (fine) p.bezierCurveTo(x1, y1 + dy, x2, y2 - dy, x2, y2); else p.lineTo(x2, y2);
    }
    for (const [key, p] of es) {
      const [style, width] = EDGE_STYLE[key.split(" ")[0]];
      c.globalAlpha = key.includes(" dim") ? 0.15 : 1;
      c.setLineDash(key.includes(" dash") ? [5, 3] : []);
      c.strokeStyle = style; c.lineWidth = Math.max(width, hair); c.stroke(p);
    }
    c.setLineDash([]);
    const fills = new Map(), strokes = new Map(), shown = [], round = k > 0.3;
    for (const n of nodes) {
      if ((nf[n.i] & F_HIDDEN) || !inView(n.i, vr)) continue;
      shown.push(n);
      const dim = (nf[n.i] & F_DIM) ? " dim" : "";
      const fill = n.status === "removed" ? "#f3f3f3" : data.fills[data.nodes[n.i][1]];
      const rect = (p) => { if (round) p.roundRect(bx[n.i], by[n.i], bw[n.i], H, 5); else p.rect(bx[n.i], by[n.i], bw[n.i], H); };
      rect(batch(fills, fill + dim)); rect(batch(strokes, nodeStroke(n) + dim));
    }
    for (const [key, p] of fills) { c.globalAlpha = key.endsWith(" dim") ? 0.15 : 1; c.fillStyle = key.split(" ")[0]; c.fill(p); }
    for (const [key, p] of strokes) {
      const [style, width] = NODE_STROKE[key.split(" ")[0]];
      c.globalAlpha = key.endsWith(" dim") ? 0.15 : 1; c.strokeStyle = style; c.lineWidth = Math.max(width, hair); c.stroke(p);
    }
    if (k >= LEGIBLE) {
      c.font = "11px Helvetica, Arial, sans-serif"; c.textBaseline = "alphabetic";
      for (const n of shown) {
        c.globalAlpha = (nf[n.i] & F_DIM) ? 0.15 : 1; c.fillStyle = n.status === "removed" ? "#8a8a8a" : "#1f1f1f";
        c.fillText(n.ref, bx[n.i] + 9, by[n.i] + 17, bw[n.i] - 12);
      }
    }
    c.globalAlpha = 1;
  }
