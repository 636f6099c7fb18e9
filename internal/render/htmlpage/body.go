package htmlpage

// GraphvizLimit is the number of resources up to which a graph page is
// laid out by Graphviz (as `catc graph --format svg` is); past it, by
// package layered. Graphviz took 0.64 s at 1,000 resources, 4.3 s at
// 5,000 and 18 s at 10,000 (and its SVG alone 13 MB); see doc.go.
const GraphvizLimit = 2000

// pageBody is the page's fixed markup; the script fills it from the data.
const pageBody = `<header id="bar">
<span id="title"></span><span id="caption"></span>
<span class="spacer"></span>
<input id="search" type="search" placeholder="Search ref, type or title  ( / )" autocomplete="off" spellcheck="false" aria-label="search">
<span id="search-count" aria-live="polite"></span>
<button id="search-prev" title="previous match (Shift+Enter)">&#8593;</button><button id="search-next" title="next match (Enter)">&#8595;</button>
<button id="zoom-out" title="zoom out ( - )">&#8722;</button><button id="zoom-in" title="zoom in ( + )">+</button><button id="fit" title="fit to screen ( 0 )">Fit</button>
</header>
<main>
<div id="view" tabindex="0" aria-label="dependency graph: drag to pan, wheel or pinch to zoom, arrows and + - 0 keys"></div>
<aside id="side">
<section id="details"><h2>Resource</h2><p class="hint">Click a resource to see what it depends on and what depends on it. Shift+click a second one for the path between them.</p></section>
<section id="path"><h2>Path</h2><div id="path-body"><p class="hint">Pick two resources: click one, then Shift+click the other (or use the buttons under a resource).</p></div></section>
<section id="cycles"><h2>Cycles</h2><div id="cycles-body"></div></section>
<section id="types"><h2>Types</h2><div id="types-body"></div></section>
<section id="groups"><h2>Groups</h2>
<label>Group by <select id="group-key"><option value="">nothing</option></select></label>
<div id="groups-body"></div></section>
<section id="legend"><h2>Legend</h2><div id="legend-body"></div></section>
</aside>
</main>
`
