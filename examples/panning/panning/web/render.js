// @ts-check
// Panning for Gold: the creek drawn as SVG from the seat's observation only.
//
// Each prospector's poke is a bar filling towards the target; the pan shows the grains at
// stake this turn and the last roll of the die.  The two moves are buttons under the
// picture (ui.controls), each sending its entry of ui.legal; the page lists them no more.
// Texts, bars and colours come from the page's drawing kit (Motherlode.kit); a game with a
// stylesheet of its own (web/style.css) would start with Motherlode.kit.forGame("panning").
(function () {
  "use strict";
  const M = window.Motherlode;
  const S = M.svg;
  const E = M.el;
  const { txt, rect, theme } = M.kit;
  const W = 640;
  const ROW = 46;

  function pokes(view, y0) {
    const obs = view.observation;
    return obs.poke.map((grains, s) => {
      const y = y0 + s * ROW;
      const share = Math.min(1, grains / obs.target);
      const here = obs.turn === s;
      return S("g", { "data-seat": s },
        txt(12, y + 24, (here ? "▶ " : "") + view.names[s], { size: 16, bold: here, max: 160 }),
        rect(180, y + 8, 380, 22, { r: 5, fill: "#efe6cf" }),
        rect(180, y + 8, 380 * share, 22, { r: 5, fill: theme.colour(s) }),
        txt(570, y + 25, grains, { size: 15 }));
    });
  }

  function pan(obs, y) {
    const roll = obs.last_roll;
    return [
      S("ellipse", { cx: 110, cy: y + 40, rx: 90, ry: 32, fill: "#8a8f96",
        stroke: "#4d5258", "stroke-width": 3 }),
      txt(110, y + 47, `${obs.pan} grains`, { size: 20, anchor: "middle", fill: "#fff8dc",
        data: { "data-pan": obs.pan } }),
      roll ? S("g", { "data-roll": roll },
        rect(240, y + 14, 52, 52, { r: 9, fill: "#fff", stroke: roll === 1 ? "#b3261e" : "#333", sw: 3 }),
        txt(266, y + 50, roll, { size: 28, anchor: "middle" }))
        : null,
      txt(320, y + 46, roll === 1 ? "a 1: the pan washed out" : `first to ${obs.target} grains wins`,
        { size: 15, fill: "#555" }),
    ];
  }

  function controls(view, ui) {
    const box = ui.controls;
    if (!box || !ui.legal.length) return;
    const buttons = ui.legal.map((item) => E("button", {
      class: item.action.type === "stash" ? "primary" : "",
      "data-panning": item.action.type,
      onclick: () => ui.act(item.action),
    }, item.words || item.text));
    box.append(E("div", { class: "panning-controls" }, ...buttons));
  }

  /** @param {View} view @param {RendererUi} ui @returns {Element} */
  function draw(view, ui) {
    const obs = view.observation;
    const height = 20 + obs.poke.length * ROW + 90;
    controls(view, ui);
    return S("svg", { viewBox: `0 0 ${W} ${height}`, "data-game": "panning",
      "data-move": view.move_count, role: "img", "aria-label": "Panning for Gold",
      style: "width: 100%; height: auto; display: block" },
    S("rect", { x: 0, y: 0, width: W, height, fill: "#dff0f5" }),
    ...pokes(view, 10),
    ...pan(obs, 10 + obs.poke.length * ROW));
  }

  /** @param {View} view @returns {string[]} */
  function explainEnd(view) {
    const obs = view.observation;
    return obs.poke.map((grains, s) => `${view.names[s]}: ${grains} grains stashed`);
  }

  M.renderers.panning = { draw, explainEnd, covers: ["swirl", "stash"] };
})();
