// @ts-check
// A player's profile (/u/<name>, web/profiles.py): their rating in each game with its
// uncertainty, their open games ("your turn" first, for the player alone) and their finished
// games a page at a time, each with its result, rating change, replay and fair-deal proof.
(function () {
  "use strict";
  const { t, $, el, lang, number, subject: username, pageAsked: page, load, siteGames } =
    /** @type {MotherlodePage} */ (window.Motherlode.page);
  /** A rating with its uncertainty: "27.3 ± 4.1". */
  const rating = (r) => `${number(r.mu)} ± ${number(r.sigma)}`;
  const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${number(Math.abs(x))}`;
  const date = (iso) => (iso ? new Date(iso).toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" }) : "");
  const profileLink = (name) => `/u/${encodeURIComponent(name)}`;

  /** The others at a table, by name; a player with an account links to their profile. */
  function others(game) {
    const rest = game.seats.filter((s) => !game.your_seats.includes(s.seat));
    if (!rest.length) return [t("alone")];
    const names = [];
    rest.forEach((s, i) => {
      if (i) names.push(", ");
      if (s.username) names.push(el("a", { href: profileLink(s.username), text: s.name }));
      else names.push(s.bot ? t("{name} (bot)", { name: s.name }) : s.name);
    });
    const text = t("with {names}", { names: "\u0000" }).split("\u0000");
    return [text[0], ...names, text[1] || ""];
  }

  function resultText(r) {
    if (!r) return "";
    if (r.place === 1) return r.tied ? t("Shared first place") : t("Won");
    if (r.place === r.of && r.of === 2 && !r.tied) return t("Lost");
    const places = { place: r.place, of: r.of };
    return r.tied ? t("{place} of {of}, tied", places) : t("{place} of {of}", places);
  }

  function ratingsCard(data) {
    $("ratings-title").textContent = t("Ratings");
    if (!data.ratings.length) {
      $("ratings").replaceChildren(el("p", { class: "muted", text: t("No rated games yet.") }));
    } else {
      $("ratings").replaceChildren(...data.ratings.map((r) => el("div", { class: "rating-card", "data-game": r.game },
        el("h3", { text: r.title }),
        el("p", { class: "figure", text: rating(r) }),
        el("p", { class: "muted", text: t("{value} beyond doubt (μ − 3σ)", { value: number(r.conservative) }) }),
        el("p", { class: "muted", text: r.games === 1 ? t("1 rated game") : t("{count} rated games", { count: r.games }) }),
        el("p", {}, el("a", { href: r.leaderboard, text: t("Leaderboard") })))));
    }
    $("player-card").classList.remove("hidden");
  }

  async function leaderboards() {
    const list = await siteGames();
    if (!list) return;  // the rest of the page stands without it
    $("boards").replaceChildren(el("span", { class: "muted", text: t("Leaderboards:") }),
      ...list.map((g) => el("a", { href: `/leaderboard/${encodeURIComponent(g.id)}`, text: g.title })));
  }

  function finishedRow(game) {
    const change = game.change;
    const outcome = [el("span", { class: `result${game.result && game.result.place === 1 && !game.result.tied ? " won" : ""}`,
      text: resultText(game.result) })];
    if (change) {
      outcome.push(el("span", { class: `delta ${change.mu > 0 ? "up" : change.mu < 0 ? "down" : ""}`,
        title: t("{before} → {after}", { before: rating(change.before), after: rating(change.after) }),
        text: signed(change.mu) }));
    } else {
      outcome.push(el("span", { class: "muted delta", text: game.rated ? t("no rating change") : t("unrated") }));
    }
    return el("div", { class: "game-row", "data-table": game.table },
      el("div", { class: "what" }, el("strong", { text: game.title }), el("span", { class: "muted when", text: date(game.finished_at) }),
        el("div", { class: "small" }, ...others(game))),
      el("div", { class: "outcome" }, ...outcome,
        change ? el("div", { class: "muted small", text: t("{before} → {after}", { before: rating(change.before), after: rating(change.after) }) }) : null),
      el("p", { class: "links" },
        el("a", { href: game.replay, text: t("Replay"), "data-link": "replay" }),
        el("a", { href: game.proof, text: t("Fair-deal proof"), "data-link": "proof" })));
  }

  function history(data) {
    $("history-title").textContent = t("Finished games");
    $("history").replaceChildren(...(data.games.length ? data.games.map(finishedRow)
      : [el("p", { class: "muted", text: t("No finished games yet.") })]));
    const nav = [];
    const here = (n) => `${profileLink(data.username)}${n > 1 ? `?page=${n}` : ""}`;
    if (data.page > 1) nav.push(el("a", { href: here(data.page - 1), rel: "prev", text: t("← Newer") }));
    if (data.page > 1 || data.more) nav.push(el("span", { class: "muted", text: t("Page {page}", { page: data.page }) }));
    if (data.more) nav.push(el("a", { href: here(data.page + 1), rel: "next", text: t("Older →") }));
    $("pages").replaceChildren(...nav);
    $("history-card").classList.remove("hidden");
  }

  function openRow(game) {
    const state = game.waiting_for_players ? t("Waiting for players to join")
      : game.bot_plays.length ? t("A bot plays your seat") : game.your_turn ? t("Your turn") : t("Waiting for the others");
    return el("div", { class: "game-row", "data-table": game.table, "data-turn": game.your_turn ? "yours" : "theirs" },
      el("div", { class: "what" }, el("strong", { text: game.title }),
        el("span", { class: `badge${game.your_turn ? " turn" : ""}`, text: state }),
        el("div", { class: "small" }, ...others(game))),
      el("div", { class: "outcome" }, el("span", { class: "muted small", text: date(game.updated_at) })),
      el("p", { class: "links" }, ...game.links.map((l) => el("a", { href: l.link, class: "button", text: t("Open the table") }))));
  }

  async function openGames(data) {
    if (!data.open) return;
    const response = await fetch(data.open);
    if (!response.ok) return;
    const games = (await response.json()).games;
    $("open-title").textContent = t("Your open games");
    $("open-games").replaceChildren(...(games.length ? games.map(openRow)
      : [el("p", { class: "muted", text: t("No open games.") })]));
    $("open-card").classList.remove("hidden");
  }

  async function main() {
    $("sub").textContent = t("player");
    const data = await load(`/api/players/${encodeURIComponent(username)}?page=${page}`, t("There is no player of that name."),
      (status) => t("The profile could not be loaded ({status}). Try again in a moment.", { status }));
    if (!data) return;
    document.title = t("{name} · motherlode", { name: data.username });
    $("player").textContent = data.username;
    ratingsCard(data);
    history(data);
    await Promise.all([openGames(data), leaderboards()]);
    document.body.dataset.ready = "true";
  }
  main();
})();
