// @ts-check
// Shared helpers for the game renderers: element builders and the renderer registry.
// A renderer is registered as Motherlode.renderers[gameId] = { draw(view, ui) -> Element }.
// `view` is the seat's view from the server: observation, legal actions, names, seat...
// `ui` offers: ui.act(actionJson), ui.legal (array of {action, text}), ui.find(pred),
// ui.seat, ui.names, ui.svg(...), ui.el(...), ui.controls (the renderer's own box under the
// prompt) and the room the board has (ui.width, ui.height, ui.narrow): a renderer reads
// nothing else of the page.  Renderers draw only from the observation, with the shared
// drawing kit (kit.js, Motherlode.kit).  types.d.ts declares all of it.
(function () {
  const NS = "http://www.w3.org/2000/svg";
  function build(doc, tag, attrs, children) {
    const node = doc(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  const svg = (tag, attrs, ...children) =>
    build((t) => document.createElementNS(NS, t), tag, attrs, children);
  const el = (tag, attrs, ...children) =>
    build((t) => document.createElement(t), tag, attrs, children);
  const PALETTE = ["#d62828", "#1d4e89", "#2a9d4b", "#f2b705", "#7b2cbf", "#333333"];
  // i18n.js, where the page loads it first, has put its part there already
  window.Motherlode = Object.assign(window.Motherlode || {}, { svg, el, renderers: {},
    palette: PALETTE, colour: (seat) => PALETTE[seat % PALETTE.length] });
})();
