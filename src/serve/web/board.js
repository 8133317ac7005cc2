// The board: node centres read from the SVG's titled shapes, and a click mapped to the nearest node.
"use strict";

// Every renderer titles the shape of each node with its label: its centre, in the SVG's user units.
function nodeCentres(svg, labels) {
  const wanted = new Set(labels);
  const centres = new Map();
  for (const title of svg.querySelectorAll("title")) {
    const label = title.textContent.trim();
    const shape = title.parentElement;
    if (!wanted.has(label) || centres.has(label) || !shape.getBBox) continue;
    const b = shape.getBBox();
    centres.set(label, { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.max(b.width, b.height) / 2 });
  }
  return centres;
}

// The node nearest to a click (client coordinates), or null when the click is far from every node.
function nodeAt(svg, centres, clientX, clientY) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  let best = null, bestD = Infinity, spacing = Infinity;
  const list = [...centres.entries()];
  for (const [label, c] of list) {
    const d = Math.hypot(c.x - p.x, c.y - p.y);
    if (d < bestD) { bestD = d; best = label; }
  }
  // Far from every node (more than the distance between two neighbours): no node.
  if (best) {
    const c = centres.get(best);
    for (const [label, o] of list) {
      if (label !== best) spacing = Math.min(spacing, Math.hypot(c.x - o.x, c.y - o.y));
    }
    if (bestD > Math.max(spacing, 2 * c.r)) return null;
  }
  return best;
}

// A node's centre in client coordinates (for tests and keyboard help).
function clientCentre(svg, centres, label) {
  const c = centres.get(label);
  const m = svg.getScreenCTM();
  if (!c || !m) return null;
  const p = new DOMPoint(c.x, c.y).matrixTransform(m);
  return { x: p.x, y: p.y };
}
