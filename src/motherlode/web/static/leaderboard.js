// @ts-check
// A game's leaderboard (/leaderboard/<game>, web/profiles.py): its players by the rating
// they have shown beyond doubt (μ − 3σ), each with their rating and its uncertainty.
(function () {
  "use strict";
  const M = window.Motherlode || /** @type {any} */ ({});
  const fill = (text, params) => text.replace(/\{(\w+)\}/g, (whole, k) => (params && k in params ? String(params[k]) : whole));
  /** A message in the page's language (English where the catalog has none): every word
   * this page writes is a literal `t("…")`, for the catalogs' extraction.
   * @param {string} text @param {Record<string, unknown>} [params] */
  const t = (text, params) => (M.i18n ? M.i18n.t(text, params) : fill(text, params || {}));
  /** @param {string} id @returns {any} */
  const $ = (id) => document.getElementById(id);
  function el(tag, attrs, ...kids) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") n.textContent = v; else n.setAttribute(k, v === true ? "" : String(v));
    }
    n.append(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
    return n;
  }
  const lang = M.i18n ? M.i18n.lang : undefined;
  const number = (x) => Number(x).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  const game = decodeURIComponent(location.pathname.split("/")[2] || "");
  const params = new URLSearchParams(location.search);
  const page = Math.max(1, Math.min(1000, parseInt(params.get("page") || "1", 10) || 1));

  function fail(text) {
    $("error").replaceChildren(el("p", { text }), el("p", {}, el("a", { href: "/", text: t("Back to the lobby") })));
    $("error").classList.remove("hidden");
    document.body.dataset.ready = "true";
  }

  async function otherBoards() {
    try {
      const response = await fetch("/api/games");
      if (!response.ok) return;
      const games = (await response.json()).games;
      $("boards").replaceChildren(...games.map((g) => g.id === game
        ? el("span", { class: "current", text: g.title })
        : el("a", { href: `/leaderboard/${encodeURIComponent(g.id)}`, text: g.title })));
    } catch { /* the board stands without it */ }
  }

  function show(data) {
    document.title = t("{game} leaderboard · motherlode", { game: data.title });
    $("board-title").textContent = t("{game}: leaderboard", { game: data.title });
    $("how").textContent = t("Players are ordered by the rating they have shown beyond doubt, μ − 3σ: a rating with a wide margin (few games) counts for less.");
    $("h-rank").textContent = "#";
    $("h-player").textContent = t("Player");
    $("h-rating").textContent = t("Rating");
    $("h-sure").textContent = t("Beyond doubt");
    $("h-games").textContent = t("Games");
    $("players").replaceChildren(...data.players.map((p) => el("tr", { "data-player": p.username },
      el("td", { class: "num", text: p.rank }),
      el("td", { class: "who" }, el("a", { href: `/u/${encodeURIComponent(p.username)}`, text: p.username })),
      el("td", { class: "num", text: `${number(p.mu)} ± ${number(p.sigma)}` }),
      el("td", { class: "num wide", text: number(p.conservative) }),
      el("td", { class: "num", text: p.games }))));
    $("empty").textContent = t("Nobody has played a rated game of {game} yet.", { game: data.title });
    $("empty").classList.toggle("hidden", data.players.length > 0);
    const here = (n) => `/leaderboard/${encodeURIComponent(data.game)}${n > 1 ? `?page=${n}` : ""}`;
    const nav = [];
    if (data.page > 1) nav.push(el("a", { href: here(data.page - 1), rel: "prev", text: t("← Higher") }));
    if (data.pages > 1) nav.push(el("span", { class: "muted", text: t("Page {page} of {pages}", { page: data.page, pages: data.pages }) }));
    if (data.page < data.pages) nav.push(el("a", { href: here(data.page + 1), rel: "next", text: t("Lower →") }));
    $("pages").replaceChildren(...nav);
    $("board-card").classList.remove("hidden");
  }

  async function main() {
    $("sub").textContent = t("leaderboard");
    let response;
    try {
      response = await fetch(`/api/leaderboard/${encodeURIComponent(game)}?page=${page}`);
    } catch {
      fail(t("The leaderboard could not be loaded ({status}). Try again in a moment.", { status: "offline" }));
      return;
    }
    if (response.status === 404 || response.status === 422) { fail(t("There is no such game.")); return; }
    if (!response.ok) {
      fail(t("The leaderboard could not be loaded ({status}). Try again in a moment.", { status: response.status }));
      return;
    }
    show(await response.json());
    await otherBoards();
    document.body.dataset.ready = "true";
  }
  main();
})();
