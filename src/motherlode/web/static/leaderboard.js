// @ts-check
// A game's leaderboard (/leaderboard/<game>, web/profiles.py): its players by the rating
// they have shown beyond doubt (μ − 3σ), each with their rating and its uncertainty.
(function () {
  "use strict";
  const { t, $, el, number, subject: game, pageAsked: page, load, siteGames } =
    /** @type {MotherlodePage} */ (window.Motherlode.page);

  async function otherBoards() {
    const list = await siteGames();
    if (!list) return;  // the board stands without it
    $("boards").replaceChildren(...list.map((g) => g.id === game
      ? el("span", { class: "current", text: g.title })
      : el("a", { href: `/leaderboard/${encodeURIComponent(g.id)}`, text: g.title })));
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
    const data = await load(`/api/leaderboard/${encodeURIComponent(game)}?page=${page}`, t("There is no such game."),
      (status) => t("The leaderboard could not be loaded ({status}). Try again in a moment.", { status }));
    if (!data) return;
    show(data);
    await otherBoards();
    document.body.dataset.ready = "true";
  }
  main();
})();
