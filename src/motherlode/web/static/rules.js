// @ts-check
// The rules page (rules.html): one section per game, from the server's list of games: each
// one's how-to, options and a picture of its table.
(async function () {
  const M = window.Motherlode;
  const el = M.el;
  const t = M.i18n.t;
  // A picture of the table a few moves in, drawn by the game's own renderer from a sample
  // view (the game's web/sample.json, made by `python -m motherlode.web.samples`).
  function loadScript(src) {
    return new Promise((resolve) => {
      const s = document.createElement("script");
      s.src = src; s.onload = () => resolve(true); s.onerror = () => resolve(false);
      document.head.append(s);
    });
  }
  async function picture(id, box) {
    try {
      const response = await fetch(`/games/${id}/sample.json`);
      if (!response.ok || !(await loadScript(`/games/${id}/render.js`))) return;
      await M.kit.styled(id);
      await M.renderers[id].ready;
      const view = await response.json();
      // the picture is drawn on a desktop-wide stage (.rules-stage), shown scaled down; the
      // renderer gets the `ui` the table page gives it, with no moves and nowhere to send one
      const stage = el("div", { class: "rules-stage" });
      box.replaceChildren(stage);
      /** @type {RendererUi} */
      if (M.i18n) view.names = view.names.map(M.i18n.seatName); // "Player 2" in the page's language
      const ui = { act() {}, legal: [], find: () => [], seat: null, names: view.names,
        svg: M.svg, el: M.el, colour: M.colour, redraw() {}, controls: el("div", {}),
        width: stage.clientWidth, height: window.innerHeight, narrow: false };
      stage.replaceChildren(M.renderers[id].draw(view, ui));
      box.dataset.drawn = "true";
    } catch { box.remove(); }
  }
  const data = await (await fetch("/api/games")).json();
  const box = document.getElementById("rules");
  const nav = document.getElementById("rules-nav");
  for (const g of data.games) {
    const h = g.howto;
    if (!h || !h.line) continue;
    nav.append(el("a", { href: `#${g.id}` }, g.title));
    const options = g.options.filter((o) => o.name !== "components");
    box.append(el("section", { class: "card rules", id: g.id, "data-game": g.id },
      el("h2", {}, g.title),
      el("p", { class: "muted" }, t("{min}–{max} players · {length}", { min: g.min_players, max: g.max_players, length: h.length })),
      el("p", { class: "lead" }, h.line),
      el("figure", { class: "rules-picture", "data-picture": g.id }),
      el("h3", {}, t("Setup")), el("p", {}, h.setup),
      el("h3", {}, t("A turn")), el("ol", {}, ...h.turn.map((step) => el("li", {}, step))),
      el("h3", {}, t("Scoring and the end")), el("p", {}, h.scoring),
      el("p", { class: "tip" }, t("Tip: {tip}", { tip: h.tip })),
      ...(options.length ? [el("h3", {}, t("Options")), el("ul", {}, ...options.map((o) =>
        el("li", {}, el("code", {}, o.name), " ",
          t("(default {value}): {help}", { value: o.default, help: o.help }))))] : []),
      el("p", {}, el("a", { href: `/#new-${g.id}`, class: "button" }, t("Play {game}", { game: g.title })))));
  }
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-picture]"))) {
    await picture(box.dataset.picture, box);
  }
  document.body.dataset.ready = "true";
  if (location.hash) document.querySelector(location.hash)?.scrollIntoView();
})();
