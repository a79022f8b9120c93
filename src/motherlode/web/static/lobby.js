// @ts-check
// The lobby: a form built from each game's typed options, seat choices, and the table list.
(function () {
  const M = { el: (tag, attrs, ...kids) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") n.textContent = v; else n.setAttribute(k, v === true ? "" : v);
    }
    n.append(...kids.flat().filter((k) => k !== null && k !== undefined));
    return n;
  } };
  /** The page's element of that id (index.html has each one), of whatever kind it is.
   * @param {string} id @returns {any} */
  const $ = (id) => document.getElementById(id);
  let catalogue = [];
  let timerChoices = [0];
  let clocks = [];
  /** The signed-in account (GET /api/account: username, csrf, profile...), or null. */
  let me = null;

  // Every word goes through `t("…")`: the site's catalog in the page's language (static/
  // i18n.js, loaded before this script), English with the `{name}` places filled without it.
  const i18n = window.Motherlode && window.Motherlode.i18n;
  /** @param {string} text @param {Record<string, unknown>} [params] @returns {string} */
  const t = (text, params) => (i18n ? i18n.t(text, params) :
    text.replace(/\{(\w+)\}/g, (whole, k) => (params && k in params ? String(params[k]) : whole)));
  const lang = i18n ? i18n.lang : "en";
  /** A seat's name, in the page's language where the server named it ("Player 2").
   * @param {{name: string, seat: number}} s @returns {string} */
  const seatName = (s) => (i18n ? i18n.seatName(s.name, s.seat) : s.name);
  /** A rating's figure, one decimal, as the page's language writes it. @param {number} x */
  const figure = (x) => x.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  /** A table's status as the server names it ("running", "finished"), in words. */
  const statusText = (s) => (s === "running" ? t("running") : s === "finished" ? t("finished") : s || "");

  const game = () => catalogue.find((g) => g.id === $("game").value);
  const titleOf = (id) => (catalogue.find((g) => g.id === id) || { title: id }).title;

  // The difficulty levels are what a person picks ("Casual bot"); the raw bot specs stay on
  // offer, apart, for those who know them. An option's value is always the spec name.
  function levelLabel(name) {
    if (name === "beginner") return t("Beginner bot");
    if (name === "casual") return t("Casual bot");
    if (name === "strong") return t("Strong bot");
    if (name === "expert") return t("Expert bot");
    return t("{agent} bot", { agent: `${name[0].toUpperCase()}${name.slice(1)}` });
  }
  const ratingText = (r) => (r ? t("rating {mu} ± {sigma}", { mu: figure(r.mu), sigma: figure(r.sigma) }) :
    t("not yet rated"));
  const levelsOf = (g) => g.levels || [];

  function seatHelp(g, value) {
    if (value === "human") return [M.el("span", { text: t("A person, who gets a private link to this seat.") })];
    if (value === "open") return [M.el("span", { text: t("Anyone may take this seat, from the tables list or the table's page; the game starts when every open seat is taken.") })];
    const level = levelsOf(g).find((l) => l.name === value);
    if (!level) return [M.el("span", { text: t("The engine's {bot} bot as it is, not a difficulty level.", { bot: value }) })];
    return [M.el("span", { text: level.sentence }), " ",
      M.el("span", { class: "rating", text: `(${ratingText(level.rating)})` })];
  }

  function levelsList() {
    const g = game();
    const levels = levelsOf(g);
    $("levels-card").classList.toggle("hidden", !levels.length);
    $("levels").replaceChildren(...levels.map((l) => M.el("div", { "data-level": l.name },
      M.el("dt", { text: levelLabel(l.name) }),
      M.el("dd", {}, M.el("span", { text: l.sentence }), " ",
        M.el("span", { class: "rating", text: ratingText(l.rating) })))));
  }

  function seatsForm() {
    const g = game();
    const n = Number($("players").value);
    const box = $("seats");
    box.replaceChildren();
    const levels = levelsOf(g).map((l) => l.name).filter((name) => g.bots.includes(name));
    const others = g.bots.filter((b) => !levels.includes(b));
    const bot = ["casual", "heuristic", "random"].find((b) => g.bots.includes(b)) || g.bots[0];
    for (let i = 0; i < n; i++) {
      const select = M.el("select", { id: `seat-${i}`, name: `seat-${i}`, "aria-describedby": `seat-help-${i}` },
        M.el("option", { value: "human", text: t("Person") }),
        M.el("option", { value: "open", text: t("Open seat (anyone may join)") }),
        ...levels.map((b) => M.el("option", { value: b, text: levelLabel(b) })),
        others.length ? M.el("optgroup", { label: t("Other bots (for experts)") },
          ...others.map((b) => M.el("option", { value: b, text: b }))) : null);
      select.value = i === 0 ? "human" : bot;
      const help = M.el("p", { id: `seat-help-${i}`, class: "seat-help muted" }, seatHelp(g, select.value));
      select.onchange = () => help.replaceChildren(...seatHelp(g, select.value));
      box.append(M.el("div", { class: "seat" },
        M.el("label", { for: `seat-${i}`, text: t("Seat {n}", { n: i + 1 }) }), select,
        M.el("input", { id: `name-${i}`, placeholder: t("name (optional)"), maxlength: 40 }), help));
    }
    prefillNames();
  }

  /** Signed in: the account's name where the creator sits (seat 1) and to join with. */
  function prefillNames() {
    if (!me) return;
    const first = $("name-0");
    if (first && !first.value && $("seat-0").value === "human") first.value = me.username;
    if (!$("join-name").value) $("join-name").value = me.username;
  }

  function optionsForm() {
    const g = game();
    $("game-summary").textContent = g.summary || "";
    const players = $("players");
    players.replaceChildren();
    for (let n = g.min_players; n <= g.max_players; n++) {
      players.append(M.el("option", { value: n, text: n === 1 ? t("1 player") : t("{n} players", { n }) }));
    }
    // Each option by its title, with a sentence in players' words; the control speaks the
    // same words (yes/no, a choice's label). Options for the terminal only are left out, and
    // the advanced ones are folded away under "More options".
    const box = $("options");
    const more = M.el("div", { class: "grid" });
    box.replaceChildren();
    for (const o of g.options.filter((o) => o.web !== false)) {
      let input;
      if (o.type === "bool") {
        input = M.el("select", { id: `opt-${o.name}` },
          M.el("option", { value: "true", text: t("yes") }), M.el("option", { value: "false", text: t("no") }));
        input.value = o.default ? "true" : "false";
      } else if (o.choices) {
        input = M.el("select", { id: `opt-${o.name}` },
          ...o.choices.map((c) => M.el("option", { value: c,
            text: (o.labels && o.labels[String(c)]) || String(c) })));
        input.value = o.default;
      } else {
        input = M.el("input", { id: `opt-${o.name}`, value: o.default,
          type: o.type === "int" || o.type === "float" ? "number" : "text",
          min: o.min, max: o.max, "aria-describedby": `opt-help-${o.name}` });
      }
      input.dataset.kind = o.type;
      input.dataset.option = o.name;
      (o.advanced ? more : box).append(M.el("div", { class: "option", "data-option-row": o.name },
        M.el("label", { for: input.id, text: o.title || o.name }), input,
        M.el("p", { id: `opt-help-${o.name}`, class: "option-help muted small", text: o.sentence || o.help })));
    }
    $("more-options").replaceChildren(...(more.children.length ? [M.el("details", { id: "advanced-options" },
      M.el("summary", { text: t("More options ({count})", { count: more.children.length }) }), more)] : []));
    $("designer").replaceChildren(...(g.designer ? [designerForm(g.designer)] : []));
    const settings = $("settings");
    settings.replaceChildren();
    if (g.timed_decisions) {
      const timer = M.el("select", { id: "decision_timer" },
        ...timerChoices.map((c) => M.el("option", { value: c, text: c ? t("{seconds} seconds", { seconds: c }) : t("no timer") })));
      const row = M.el("div", { class: "option", id: "decision-timer-row" },
        M.el("label", { for: "decision_timer", text: t("Clock for sealed bids") }), timer,
        M.el("p", { class: "option-help muted small",
          text: t("Seconds each player has for a secret bid before the table bids for them.") }));
      settings.append(row);
      // a version with its own bidding clock (GOLDFIX's timed auctions) needs no second one
      const preset = $("opt-tabletopia");
      const own = () => row.classList.toggle("hidden", !!preset && preset.value === "timed-auctions");
      if (preset) preset.addEventListener("change", own);
      own();
    }
    const clock = M.el("select", { id: "clock" },
      M.el("option", { value: "none", text: t("No clock") }),
      ...clocks.map((c) => M.el("option", { value: c.name, text: c.label })));
    settings.append(M.el("div", { class: "option" },
      M.el("label", { for: "clock", text: t("Clock") }), clock,
      M.el("p", { class: "option-help muted small", text: t("Time each person has for a move. Whoever runs out, or leaves, may be replaced by a bot if the others agree.") })));
    const privacy = M.el("select", { id: "privacy" },
      M.el("option", { value: "public", text: t("Anyone (listed, watchable)") }),
      M.el("option", { value: "private", text: t("Only people with a link") }));
    settings.append(M.el("div", { class: "option" },
      M.el("label", { for: "privacy", text: t("Who can find this table") }), privacy,
      M.el("p", { class: "option-help muted small", text: t("A private table and its players' names are not listed; its links still work.") })));
    const delay = M.el("select", { id: "bot_delay_ms" },
      ...[0, 300, 800].map((c) => M.el("option", { value: c, text: c ? t("{ms} ms", { ms: c }) : t("none") })));
    delay.value = "300";
    settings.append(M.el("div", { class: "option" },
      M.el("label", { for: "bot_delay_ms", text: t("Pause between bot moves") }), delay,
      M.el("p", { class: "option-help muted small", text: t("Time to follow what the bots do.") })));
    for (const [id, label, help] of [
      ["rated", t("Rated game"), t("Players signed in to an account get a rating from this game.")],
      ["spectator_chat", t("Spectators may read the chat"),
        t("Anyone watching sees the players' messages (only players write).")]]) {
      settings.append(M.el("div", { class: "option" },
        M.el("label", { class: "check" },
          M.el("input", { type: "checkbox", id, "aria-describedby": `${id}-help` }), label),
        M.el("p", { id: `${id}-help`, class: "option-help muted small", text: help })));
    }
    levelsList();
    seatsForm();
  }

  // A designer's variant, folded away: their own component files (read here, sent as text)
  // and design numbers as name=value lines (sent as param.* options). The server checks
  // both with the game's own loader; its message says which file, line or key is wrong.
  function designerForm(d) {
    const names = d.files.join(", ");
    const files = M.el("input", { id: "designer-files", type: "file", multiple: true, accept: ".toml",
      "aria-describedby": "designer-files-help" });
    const chosen = M.el("p", { id: "designer-chosen", class: "muted small" });
    files.onchange = () => { chosen.textContent = [...files.files].map((f) => f.name).join(", "); };
    const first = d.parameters[0];
    const numbers = M.el("textarea", { id: "designer-params", rows: 3, spellcheck: "false",
      placeholder: first ? `${first.name.replace(/^param\./, "")}=${first.default}` : "",
      "aria-describedby": "designer-params-help" });
    return M.el("details", { id: "designer-variant" },
      M.el("summary", { text: t("Designer's variant") }),
      M.el("p", { class: "muted small", text: t("Play your own version of the game, with changed component files and design numbers. Everyone at the table plays it, and its record keeps it.") }),
      M.el("div", { class: "option" },
        M.el("label", { for: "designer-files", text: t("Component files") }), files, chosen,
        M.el("p", { id: "designer-files-help", class: "option-help muted small",
          text: t("Up to {count} TOML files named as the game's own ({names}), each holding only the keys you change, at most {kib} KiB.",
            { count: d.max_files, names, kib: Math.floor(d.max_file_bytes / 1024) }) })),
      M.el("div", { class: "option" },
        M.el("label", { for: "designer-params", text: t("Parameter overrides") }), numbers,
        M.el("p", { id: "designer-params-help", class: "option-help muted small",
          text: t("One per line, name=value (up to {count}); a list as 6,8,10,12.", { count: d.max_parameters }) }),
        d.parameters.length ? designNumbers(d.parameters) : null));
  }

  /** The game's design numbers, their defaults and bounds: listed when unfolded (their
   * names are the designer's, not a player's words). */
  function designNumbers(parameters) {
    const list = M.el("dl");
    const box = M.el("details", { class: "designer-numbers" },
      M.el("summary", { text: t("The design numbers ({count})", { count: parameters.length }) }), list);
    box.addEventListener("toggle", () => {
      if (!box.open || list.children.length) return;
      list.append(...parameters.flatMap((p) => [
        M.el("dt", { text: `${p.name.replace(/^param\./, "")} = ${JSON.stringify(p.default)}` }),
        M.el("dd", { class: "muted small", text: p.allowed })]));
    });
    return box;
  }

  /** The designer's files as {name: text}, and their parameter lines as param.* options;
   * a line that is not name=value is refused here, naming it. */
  async function readDesigner() {
    const box = $("designer-files");
    const files = {};
    for (const file of box ? box.files : []) files[file.name] = await file.text();
    const params = {};
    const lines = ($("designer-params") ? $("designer-params").value : "").split("\n");
    for (const [i, raw] of lines.entries()) {
      const line = raw.trim();
      if (!line || line.startsWith("#")) continue;
      const at = line.indexOf("=");
      if (at < 1) throw new Error(t("Parameter overrides, line {line}: write name=value, got \"{text}\"", { line: i + 1, text: line.slice(0, 40) }));
      const name = line.slice(0, at).trim().replace(/^param\./, "");
      const text = line.slice(at + 1).trim();
      params[`param.${name}`] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }
    return { files, params };
  }

  function showError(text) {
    $("error").textContent = text;
    $("error").classList.remove("hidden");
  }

  function readOptions() {
    const options = {};
    for (const input of $("create").querySelectorAll("[data-option]")) {
      const kind = input.dataset.kind;
      let value = input.value;
      if (kind === "int") value = parseInt(value, 10);
      else if (kind === "float") value = parseFloat(value);
      else if (kind === "bool") value = value === "true";
      options[input.dataset.option] = value;
    }
    return options;
  }

  async function create(event) {
    event.preventDefault();
    $("error").classList.add("hidden");
    const n = Number($("players").value);
    /** @type {{agent: string, name: string, mine?: boolean}[]} */
    const seats = [];
    for (let i = 0; i < n; i++) seats.push({ agent: $(`seat-${i}`).value, name: $(`name-${i}`).value });
    // signed in, the first person's seat is the creator's own: it follows their account
    const mine = me ? seats.findIndex((s) => s.agent === "human") : -1;
    if (mine >= 0) seats[mine].mine = true;
    const settings = { bot_delay_ms: Number($("bot_delay_ms").value), clock: $("clock").value,
      private: $("privacy").value === "private", rated: $("rated").checked,
      spectator_chat: $("spectator_chat").checked };
    if ($("decision_timer") && !$("decision-timer-row").classList.contains("hidden")) {
      settings.decision_timer = Number($("decision_timer").value);
    }
    let designer;
    try { designer = await readDesigner(); } catch (e) { showError(e.message); return; }
    const body = { game: $("game").value, seats, options: { ...readOptions(), ...designer.params }, settings };
    const withFiles = Object.keys(designer.files).length > 0;
    if (withFiles) body.components_files = designer.files;
    // a table with a designer's files has its own address, with room for them in the body
    const response = await fetch(withFiles ? "/api/designer/tables" : "/api/tables", { method: "POST",
      headers: writeHeaders(), body: JSON.stringify(body) });
    let data;
    try { data = await response.json(); } catch { data = { detail: `${response.status} ${response.statusText}` }; }
    if (!response.ok) {
      showError(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
      return;
    }
    const box = $("created");
    box.replaceChildren(M.el("h3", { text: t("Table created: share each private link with its player") }));
    for (const seat of data.seats) {
      if (!seat.link) continue;
      const url = `${location.origin}${seat.link}`;
      box.append(M.el("div", { class: "links" },
        M.el("label", { text: seat.seat === mine ?
          t("{name} (seat {n}) — private link (your seat)", { name: seatName(seat), n: seat.seat + 1 }) :
          t("{name} (seat {n}) — private link", { name: seatName(seat), n: seat.seat + 1 }) }),
        M.el("input", { readonly: true, value: url }),
        M.el("a", { class: "button", href: seat.link, "data-seat-link": seat.seat, text: t("Play as {name}", { name: seatName(seat) }) })));
    }
    const open = data.seats.filter((s) => !s.link && s.agent === "human");
    if (open.length) {
      box.append(M.el("p", {}, t("Open seats: {names}. Anyone may take them from the tables list or from the table's page (the spectator link).",
        { names: open.map(seatName).join(", ") })));
    }
    box.append(M.el("p", {}, M.el("a", { href: data.spectate, text: t("Spectator link") })));
    box.classList.remove("hidden");
    refresh();
  }

  // "my tables": the seat links this browser has opened (table.js keeps them)
  function guestList() {
    let list = [];
    try { list = JSON.parse(localStorage.getItem("motherlode-my-tables") || "[]"); } catch { list = []; }
    return list.filter((row) => typeof row.link === "string" && row.link.startsWith("/t/"));
  }

  function myTables(status) {
    const list = guestList();
    $("my-tables-note").textContent = t("The seats you have played in this browser: come back to a game any time.");
    $("claim-box").classList.add("hidden");
    $("my-tables-card").classList.toggle("hidden", !list.length);
    $("my-tables").replaceChildren(...list.map((row) => M.el("tr", { "data-table": row.table },
      M.el("td", { text: row.title || "" }),
      M.el("td", { text: row.name || "" }),
      M.el("td", { text: statusText(status.get(row.table) || row.status) }),
      M.el("td", {}, M.el("a", { href: row.link, text: t("open") })))));
  }

  async function refresh() {
    const response = await fetch("/api/tables");
    const data = await response.json();
    if (!me || !(await accountTables())) myTables(new Map(data.tables.map((row) => [row.id, row.status])));
    const body = $("tables");
    body.replaceChildren(...data.tables.map((row) => {
      const open = row.status === "running" ? row.seats.filter((s) => s.open) : [];
      return M.el("tr", { "data-table": row.id },
        M.el("td", { text: titleOf(row.game) }),
        M.el("td", { text: row.seats.map((s) => (s.open ? t("open seat") : seatName(s))).join(", ") }),
        M.el("td", { text: open.length ? t("waiting for players") : statusText(row.status) }),
        M.el("td", {}, ...open.map((s) => {
          const button = M.el("button", { type: "button", "data-join": s.seat },
            t("Join as seat {n}", { n: s.seat + 1 }));
          button.onclick = () => join(row.id, s.seat);
          return button;
        }), " ",
        M.el("a", { href: `/t/${row.id}`, text: row.status === "finished" ? t("replay") : t("watch") })));
    }));
  }

  // Take an open seat: a name, then straight to the new seat (or why not: someone was faster)
  async function join(table, seat) {
    const name = $("join-name").value.trim();
    const response = await fetch(`/api/tables/${table}/join`, { method: "POST",
      headers: writeHeaders(), body: JSON.stringify({ seat, name }) });
    const data = await response.json();
    if (!response.ok) {
      $("join-error").textContent = typeof data.detail === "string" ? data.detail : t("refused");
      $("join-error").classList.remove("hidden");
      refresh();
      return;
    }
    location.href = data.link;
  }

  // ----- the account: optional; signed in, "my tables" follow the player to any device

  /** JSON headers for a write, with the session's CSRF token when signed in. */
  function writeHeaders() {
    /** @type {Record<string, string>} */
    const headers = { "Content-Type": "application/json" };
    if (me) headers["X-CSRF-Token"] = me.csrf;
    return headers;
  }

  async function loadAccount() {
    try {
      const response = await fetch("/api/account", { credentials: "same-origin" });
      const data = response.ok ? await response.json() : null;
      me = data && data.signed_in ? data : null;
    } catch { me = null; }
    accountBar();
  }

  function accountBar() {
    $("account-out").classList.toggle("hidden", !!me);
    $("account-in").classList.toggle("hidden", !me);
    if (me) {
      $("account-name").textContent = me.username;
      $("account-name").href = me.profile;
      hideAccountForm();
      prefillNames();
    }
  }

  let formMode = "login";
  function showAccountForm(mode) {
    formMode = mode;
    const words = mode === "signup" ? t("Sign up") : t("Log in");
    $("account-title").textContent = words;
    $("account-submit").textContent = words;
    $("account-password").setAttribute("autocomplete", mode === "signup" ? "new-password" : "current-password");
    $("account-error").classList.add("hidden");
    $("account-card").classList.remove("hidden");
    $("show-signup").setAttribute("aria-expanded", String(mode === "signup"));
    $("show-login").setAttribute("aria-expanded", String(mode === "login"));
    $("account-username").focus();
  }

  function hideAccountForm() {
    $("account-card").classList.add("hidden");
    $("account-password").value = "";
    $("show-signup").setAttribute("aria-expanded", "false");
    $("show-login").setAttribute("aria-expanded", "false");
  }

  async function submitAccount(event) {
    event.preventDefault();
    const body = { username: $("account-username").value.trim(), password: $("account-password").value };
    const response = await fetch(`/api/account/${formMode}`, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    let data = {};
    try { data = await response.json(); } catch { data = {}; }
    if (!response.ok) {
      const text = response.status === 422 && data.errors ?
        t("Check the name (3 to 24 letters, digits, _ or -) and the password (8 to 256 characters).") :
        typeof data.detail === "string" ? data.detail : t("That did not work; try again.");
      $("account-error").textContent = text;
      $("account-error").classList.remove("hidden");
      return;
    }
    me = data;
    accountBar();
    refresh();
  }

  async function logout(everywhere) {
    await fetch(`/api/account/${everywhere ? "logout-everywhere" : "logout"}`, { method: "POST",
      headers: writeHeaders(), body: "{}" });
    me = null;
    accountBar();
    $("claim-result").classList.add("hidden");
    refresh();
  }

  /** A guest seat this browser holds: its table, seat and token, from its kept link. */
  function guestSeat(entry) {
    const hash = new URLSearchParams(entry.link.split("#")[1] || "");
    const seat = Number(hash.get("seat"));
    const token = hash.get("token") || "";
    if (!token || token.startsWith("u.") || !Number.isInteger(seat)) return null;
    return { table: entry.table, seat, token };
  }

  const SKIP = "motherlode-claim-skip";
  function skipped() {
    try { return new Set(JSON.parse(localStorage.getItem(SKIP) || "[]")); } catch { return new Set(); }
  }

  /** Signed in: the account's tables (every device), and the guest seats of this browser not
   * yet in it, offered to be claimed. False when the session has ended (then: a guest). */
  async function accountTables() {
    const response = await fetch("/api/account/tables", { credentials: "same-origin" });
    if (!response.ok) {
      if (response.status === 401) { me = null; accountBar(); } // the session has ended
      return false;
    }
    const list = (await response.json()).tables;
    $("my-tables-note").textContent = t("Your seats, on every device where you are signed in.");
    $("my-tables-card").classList.remove("hidden");
    $("my-tables").replaceChildren(...list.map((row) => M.el("tr", { "data-table": row.id, "data-seat": row.seat },
      M.el("td", { text: row.title || titleOf(row.game) }),
      M.el("td", { text: row.name || "" }),
      M.el("td", { class: row.your_turn ? "your-turn" : null,
        text: row.status === "finished" ? t("finished") : row.your_turn ? t("your turn") : t("running") }),
      M.el("td", {}, M.el("a", { href: row.link, text: t("open") })))));
    const held = new Set(list.map((row) => `${row.id}:${row.seat}`));
    const skip = skipped();
    const unclaimed = guestList().map(guestSeat)
      .filter((g) => g && !held.has(`${g.table}:${g.seat}`) && !skip.has(`${g.table}:${g.seat}`));
    $("claim-box").classList.toggle("hidden", !unclaimed.length);
    $("claim-text").textContent = unclaimed.length === 1 ?
      t("You played 1 table in this browser as a guest. Add it to your account to find it on every device.") :
      t("You played {n} tables in this browser as a guest. Add them to your account to find them on every device.", { n: unclaimed.length });
    $("claim-button").onclick = () => claim(unclaimed);
    return true;
  }

  async function claim(seats) {
    const response = await fetch("/api/account/claim", { method: "POST", headers: writeHeaders(),
      body: JSON.stringify({ seats: seats.slice(0, 50) }) });
    const data = response.ok ? await response.json() : { claimed: [], refused: [] };
    if (data.refused.length) {
      const skip = skipped();
      for (const r of data.refused) skip.add(`${r.table}:${r.seat}`);
      try { localStorage.setItem(SKIP, JSON.stringify([...skip].slice(-100))); } catch { /* none */ }
    }
    const lines = [t("Added to your account: {n}.", { n: data.claimed.length })];
    if (data.refused.length) {
      lines.push(t("Not added: {n} (another account holds the seat, or the link is no longer valid).", { n: data.refused.length }));
    }
    $("claim-result").textContent = lines.join(" ");
    $("claim-result").classList.remove("hidden");
    refresh();
  }

  // A card per game: what it is about, players and length, how to play, and a button that
  // sets up a table of it in the form below.
  function gameCards() {
    $("games").replaceChildren(...catalogue.map((g) => {
      const h = g.howto || {};
      return M.el("article", { class: "game-card", "data-game": g.id },
        M.el("h3", { text: g.title }),
        M.el("p", { class: "muted", text: h.length ?
          t("{min}–{max} players · {length}", { min: g.min_players, max: g.max_players, length: h.length }) :
          t("{min}–{max} players", { min: g.min_players, max: g.max_players }) }),
        M.el("p", { text: h.line || g.summary || "" }),
        M.el("p", { class: "game-card-links" },
          M.el("button", { type: "button", "data-choose": g.id, text: t("Set up a table") }),
          h.line ? M.el("a", { href: `/static/rules.html#${g.id}`, text: t("How to play") }) : null));
    }));
  }

  function choose(id) {
    if (!catalogue.some((g) => g.id === id)) return;
    $("game").value = id;
    optionsForm();
    $("new-table").scrollIntoView({ behavior: "smooth" });
  }

  async function start() {
    $("account-form").onsubmit = submitAccount;
    $("show-signup").onclick = () => showAccountForm("signup");
    $("show-login").onclick = () => showAccountForm("login");
    $("account-cancel").onclick = hideAccountForm;
    $("logout").onclick = () => logout(false);
    $("logout-everywhere").onclick = () => logout(true);
    const account = loadAccount(); // while the games load
    const response = await fetch("/api/games");
    const data = await response.json();
    catalogue = data.games;
    timerChoices = data.timer_choices;
    clocks = data.clocks || [];
    const select = $("game");
    select.replaceChildren(...catalogue.map((g) => M.el("option", { value: g.id, text: g.title })));
    select.onchange = optionsForm;
    $("players").onchange = seatsForm;
    $("create").onsubmit = create;
    await account;
    gameCards();
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-choose]"))) {
      b.onclick = () => choose(b.dataset.choose);
    }
    if (catalogue.length) optionsForm();
    const wanted = location.hash.match(/^#new-([\w-]+)$/);
    if (wanted) choose(wanted[1]);
    refresh();
    setInterval(refresh, 5000);
  }
  start();
})();
