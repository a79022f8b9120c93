// @ts-check
// The table page: one WebSocket, the seat's view, the game's renderer, controls and log.
(function () {
  const M = window.Motherlode;
  // every word through the catalog (static/i18n.js, loaded first; the kit falls back to English)
  const t = M.kit.t;
  const SITE = "motherlode"; // the site's name, the same in every language
  /** @param {string} name @param {number} seat @returns {string} */
  const seatName = (name, seat) => (M.i18n ? M.i18n.seatName(name, seat) : name);
  /** The page's element of that id (table.html has each one), of whatever kind it is.
   * @param {string} id @returns {any} */
  const $ = (id) => document.getElementById(id);
  const tableId = location.pathname.split("/").pop();
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  let view = null; // the view on screen
  let live = null; // the latest live view from the server
  let socket = null;
  let timerHandle = null;
  let replay = { active: false, move: 0, total: 0 };
  let inFlight = null; // while a move or an undo awaits the server's answer: a safety timer

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.classList.toggle("hidden", !message);
  }

  // A game's renderer script is asked for once; a game without one (or whose script fails)
  // is drawn by the generic renderer from then on, without asking again.
  const renderers = {};
  function loadRenderer(game) {
    if (!renderers[game]) {
      renderers[game] = new Promise((resolve) => {
        if (M.renderers[game]) return resolve(M.renderers[game]);
        const script = document.createElement("script");
        script.src = `/games/${game}/render.js`;
        // the renderer's stylesheet (if it links one) is waited for: no unstyled board
        // and what it fetches for itself (`ready`: Carcassonne's tiles) before its first draw
        script.onload = () => M.kit.styled(game)
          .then(() => (M.renderers[game] && M.renderers[game].ready) || null)
          .then(() => resolve(M.renderers[game] || M.renderers.generic),
            () => resolve(M.renderers.generic));
        script.onerror = () => resolve(M.renderers.generic);
        document.head.append(script);
      });
    }
    return renderers[game];
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  // the table's chat (chat.js): its frames travel over this page's socket
  const chatModule = /** @type {any} */ (M).chat;
  const chat = chatModule ? chatModule.mount({ tableId, token, send }) : null;

  // One move at a time: after a move (or an undo) is sent, further clicks are ignored until
  // the server answers with a state or an error, the socket drops, or 10 s pass.
  function busy(on) {
    clearTimeout(inFlight);
    inFlight = on ? setTimeout(() => busy(false), 10000) : null;
    document.body.classList.toggle("moving", on);
    $("controls-card").setAttribute("aria-busy", on ? "true" : "false");
  }

  const OFFLINE = t("Not connected to the table; reconnecting…");
  function sendMove(message) {
    if (inFlight || !view || replay.active) return;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError(OFFLINE);
      return;
    }
    showError("");
    busy(true);
    send(message);
  }

  function act(action) {
    sendMove({ type: "act", action, expect_move: view ? view.move_count : null });
  }

  // What a renderer gets from the page (types.d.ts: RendererUi): it reads nothing else of it.
  /** @type {RendererUi} */
  const ui = {
    act,
    get legal() { return view ? view.legal : []; },
    find: (pred) => (view ? view.legal.filter((l) => pred(l.action)) : []),
    get seat() { return view ? view.seat : null; },
    get names() { return view ? view.names : []; },
    svg: M.svg, el: M.el, colour: M.colour,
    redraw: () => (view ? render(view) : undefined), // after a renderer's local change
    controls: $("custom-controls"), // the renderer's own controls, under the prompt
    get width() { return $("board").clientWidth; }, // the board's width in px
    get height() { return window.innerHeight; }, // what the board may fill without scrolling
    get narrow() { return window.innerWidth < 700; }, // a phone-sized window
  };

  // Each seat: its colour, its name, what it is doing, and for a person whether they are
  // here (online), have the page in the background (away) or are gone (offline); a person's
  // seat a bot plays says so, and a seat on a clock shows its time.
  const PRESENCE = { online: t("online"), away: t("away"), offline: t("offline"), open: t("open seat") };
  function players(v, obs) {
    const box = $("players");
    box.replaceChildren();
    const presence = v.presence || [];
    const botPlays = v.bot_plays || [];
    v.names.forEach((name, seat) => {
      const classes = ["player"];
      if (seat === v.seat) classes.push("me");
      if ((obs.pending || []).includes(seat)) classes.push("asked");
      if ((obs.committed || []).includes(seat)) classes.push("done");
      const dot = M.el("span", { style: `color:${M.colour(seat)}` }, "● ");
      const asked = (obs.pending || []).includes(seat);
      const who = (obs.committed || []).includes(seat) ? t("{player} ✓ decided", { player: name }) :
        asked && obs.simultaneous ? t("{player} … deciding", { player: name }) :
          asked ? t("{player} · to play", { player: name }) : name;
      const here = presence[seat];
      const status = here ? M.el("span", { class: `presence ${here}`, "data-presence": here,
        title: PRESENCE[here] }, PRESENCE[here]) : null;
      const bot = botPlays.includes(seat) ? M.el("span", { class: "bot-plays" }, t("bot plays")) : null;
      const clock = M.el("span", { class: "seat-clock", "data-clock": seat });
      box.append(M.el("span", { class: classes.join(" "), "data-seat": seat }, dot, who,
        status, bot, clock));
    });
    seatClocks(v);
  }

  // The table's clock: each person asked counts down (move time, then their bank).
  let clockHandle = null;
  function seatClocks(v) {
    clearInterval(clockHandle);
    const c = v.clock;
    if (!c || v.status === "finished") return;
    const fmt = (left) => {
      const secs = Math.max(0, Math.round(left));
      if (secs >= 86400) return t("{days} d {hours} h", { days: Math.floor(secs / 86400), hours: Math.floor((secs % 86400) / 3600) });
      if (secs >= 3600) return t("{hours} h {minutes} min", { hours: Math.floor(secs / 3600), minutes: Math.floor((secs % 3600) / 60) });
      return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
    };
    const tick = () => {
      for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-clock]"))) {
        const seat = Number(node.dataset.clock);
        const deadline = c.deadlines ? c.deadlines[String(seat)] : null;
        const bank = c.kind === "realtime" && c.banks ? c.banks[seat] : null;
        node.textContent = deadline ? ` · ${t("{time} left", { time: fmt(deadline - Date.now() / 1000) })}` :
          bank !== null && bank !== undefined ? ` · ${t("bank {time}", { time: fmt(bank) })}` : "";
        node.classList.toggle("running", !!deadline);
      }
    };
    tick();
    clockHandle = setInterval(tick, 500);
  }

  // ----- people: open seats, absent players and their votes, a seat a bot plays
  async function peoplePost(what, body) {
    const response = await fetch(`/api/tables/${tableId}/${what}`, { method: "POST",
      headers: { "Content-Type": "application/json", "X-Seat-Token": token || "" },
      body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) { showError(typeof data.detail === "string" ? data.detail : t("refused")); return null; }
    showError("");
    return data;
  }

  function peopleCard(v) {
    const card = $("people-card");
    const parts = [];
    const names = v.names;
    if ((v.open_seats || []).length && v.status !== "finished") {
      const list = v.open_seats.map((s) => `${names[s]}`).join(", ");
      parts.push(M.el("p", {}, t("The game starts when every seat is taken. Open: {seats}.", { seats: list })));
      if (v.seat === null) {
        const input = M.el("input", { id: "join-name", maxlength: 40, placeholder: t("your name"),
          "aria-label": t("your name") });
        parts.push(M.el("form", { id: "join-form", class: "join" }, input,
          ...v.open_seats.map((s) => M.el("button", { type: "submit", "data-join": s,
            onclick: (e) => { e.preventDefault(); join(s, input.value); } },
          t("Take {name}", { name: names[s] })))));
      }
    }
    for (const [key, entry] of Object.entries(v.absent || {})) {
      const seat = Number(key);
      const why = entry.reason === "time" ? t("{name} ran out of time.", { name: names[seat] }) :
        t("{name} has gone.", { name: names[seat] });
      const votes = Object.entries(entry.votes || {}).map(([voter, choice]) => (choice === "bot" ?
        t("{name}: a bot plays", { name: names[Number(voter)] }) :
        t("{name}: end the game", { name: names[Number(voter)] })));
      const left = Math.max(0, Math.round(entry.until - Date.now() / 1000));
      parts.push(M.el("p", { "data-absent": seat }, why, " ",
        t("Without a decision within {seconds} s a bot takes the seat.", { seconds: left }),
        votes.length ? ` ${t("Votes: {votes}.", { votes: votes.join("; ") })}` : ""));
      if ((v.can_vote || []).includes(seat)) {
        parts.push(M.el("p", { class: "vote" },
          M.el("button", { "data-vote": "bot", onclick: () => peoplePost("vote",
            { seat: v.seat, absent: seat, choice: "bot" }) }, t("Let a bot play for {name}", { name: names[seat] })),
          " ",
          M.el("button", { "data-vote": "end", onclick: () => peoplePost("vote",
            { seat: v.seat, absent: seat, choice: "end" }) }, t("End the game, ranked as it stands"))));
      }
    }
    for (const seat of v.can_call_gone || []) {
      parts.push(M.el("p", { "data-gone": seat }, t("{name} has been offline for a while.", { name: names[seat] }), " ",
        M.el("button", { onclick: () => peoplePost("gone", { seat: v.seat, gone: seat }) },
          t("Say {name} has gone", { name: names[seat] }))));
    }
    if (v.can_take_back) {
      parts.push(M.el("p", {}, t("A bot is playing for you."), " ",
        M.el("button", { id: "take-back", onclick: () => peoplePost("back", { seat: v.seat }) },
          t("Take my seat back"))));
    }
    card.replaceChildren(...parts);
    card.classList.toggle("hidden", !parts.length || replay.active);
  }

  async function join(seat, name) {
    const response = await fetch(`/api/tables/${tableId}/join`, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat, name }) });
    const data = await response.json();
    if (!response.ok) { showError(typeof data.detail === "string" ? data.detail : t("refused")); return; }
    location.href = data.link; // the hash changes: the page reloads as that seat
  }

  function controls(v, renderer) {
    const box = $("actions");
    box.replaceChildren();
    const obs = v.observation;
    const prompt = $("prompt");
    if (v.status === "finished") {
      prompt.textContent = t("The game is over");
    } else if (v.seat === null) {
      prompt.textContent = t("Watching");
    } else if (v.legal.length) {
      prompt.textContent = obs.simultaneous ? t("Your secret choice") : t("Your move");
    } else if ((obs.committed || []).includes(v.seat)) {
      prompt.textContent = t("You have decided; waiting for the others");
    } else {
      const waiting = (obs.pending || []).map((s) => v.names[s]).join(", ");
      prompt.textContent = waiting ? t("Waiting for {names}", { names: waiting }) : t("Waiting…");
    }
    // The moves the board does not offer itself (a renderer names the kinds it shows in
    // `covers`), each in the game's words; the notation stays for the API and the terminal.
    const covers = new Set((renderer && renderer.covers) || []);
    const rest = v.legal.filter((item) => !covers.has(item.action.type));
    const onBoard = v.legal.filter((item) => covers.has(item.action.type));
    const kinds = new Map();
    for (const item of rest) {
      if (!kinds.has(item.action.type)) kinds.set(item.action.type, []);
      kinds.get(item.action.type).push(item);
    }
    for (const [type, items] of kinds) {
      const many = items.length > 8;
      if (!items[0].words) { // a game without words (the test fixture): its notation
        const kind = type.replaceAll("_", " ");
        box.append(M.el("div", { class: "group-title" },
          many ? t("{kind} ({count} choices)", { kind, count: items.length }) : kind));
      }
      for (const item of items) {
        const short = many && item.text.startsWith(`${type} `) ? item.text.slice(type.length + 1) : item.text;
        const text = item.words || (short + (!many && item.label ? ` · ${item.label}` : ""));
        box.append(M.el("button", { "data-action": item.text, class: many && !item.words ? "compact" : null,
          title: item.words ? null : many ? item.text : item.label || null, onclick: () => act(item.action) },
          text));
      }
    }
    // the board's moves once more, folded: for the keyboard and screen readers, in words
    if (onBoard.length && onBoard[0].words) {
      box.append(M.el("details", { class: "all-moves" },
        M.el("summary", {}, t("My moves as a list ({count})", { count: onBoard.length })),
        ...onBoard.map((item) => M.el("button", { "data-action": item.text, "data-listed": "",
          onclick: () => act(item.action) }, item.words))));
    }
  }

  // Undo only at a live running table, whatever the view says: never at the end, never in replay.
  function showUndo(v) {
    $("undo").classList.toggle("hidden",
      !v.can_undo || v.status === "finished" || replay.active || v.seat === null);
    $("why").classList.toggle("hidden", v.status === "finished" || replay.active || v.seat === null);
  }

  // "Why can't I…?": the rules' own reason for a move that is not offered (what the engine
  // says when it refuses one); asking changes nothing.
  async function whyNot(action) {
    if (!view || view.seat === null) return null;
    const response = await fetch(`/api/tables/${tableId}/explain`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Seat-Token": token || "" },
      body: JSON.stringify({ seat: view.seat, action }),
    });
    const data = await response.json();
    if (!response.ok) return data.detail || t("The server could not answer.");
    return data.legal ? t("That move is possible now.") : data.reason;
  }
  ui.why = whyNot;
  // The menu: the moves of this game the seat cannot make now, in words (asked for when
  // the box opens, and again after each move); the answer is the rules' own reason.
  let whyMoves = [];
  let whyAt = -1;
  async function whyMenu() {
    if (!view || view.seat === null || whyAt === view.move_count) return;
    whyAt = view.move_count;
    const response = await fetch(`/api/tables/${tableId}/unavailable?seat=${view.seat}`,
      { headers: { "X-Seat-Token": token || "" } });
    const data = await response.json();
    whyMoves = response.ok ? data.moves : [];
    $("why-move").replaceChildren(
      M.el("option", { value: "" }, whyMoves.length ? t("Choose a move…") : t("Every move is open to you now")),
      ...whyMoves.map((m, i) => M.el("option", { value: String(i) }, m.words)));
    $("why-answer").textContent = "";
  }
  $("why").addEventListener("toggle", () => { if ($("why").open) whyMenu(); });
  $("why-form").onsubmit = async (event) => {
    event.preventDefault();
    const chosen = whyMoves[Number($("why-move").value)];
    if ($("why-move").value === "" || !chosen) return;
    const answer = (await whyNot(chosen.action)) || "";
    $("why-answer").textContent = answer.charAt(0).toUpperCase() + answer.slice(1);
  };

  function logView(events) {
    const box = $("log");
    box.replaceChildren(...events.slice().reverse().map((e) =>
      M.el("div", { class: e.private ? "private" : "" }, e.text)));
  }

  function timer(v) {
    clearInterval(timerHandle);
    const box = $("timer");
    if (!v.deadline) { box.classList.add("hidden"); return; }
    const tick = () => {
      const left = Math.max(0, Math.ceil(v.deadline - Date.now() / 1000));
      box.textContent = t("{seconds} s left to decide", { seconds: left });
    };
    box.classList.remove("hidden");
    tick();
    timerHandle = setInterval(tick, 250);
  }

  // Frames may arrive faster than a renderer loads: each render waits for it, and only the
  // newest one draws, so an older frame can never paint over a newer one.
  let renderSeq = 0;
  async function render(v) {
    view = v;
    const seq = ++renderSeq;
    const renderer = await loadRenderer(v.game);
    if (seq !== renderSeq) return;
    // a designer's variant says so, with the files and the design numbers it plays (the
    // files' names only: the text is theirs)
    const options = (v.observation || {}).options || {};
    const variant = [...((v.settings || {}).designer_files || []),
      ...Object.keys(options).filter((k) => k.startsWith("param.")).map((k) => `${k.slice(6)} = ${options[k]}`)];
    $("title").textContent = v.title + (variant.length ? ` · ${t("designer's variant")}` : "");
    $("title").title = variant.length ? t("Played with {files}", { files: variant.join(", ") }) : "";
    $("howto").href = `/static/rules.html#${v.game}`;
    $("who").textContent = replay.active ? t("replay of a finished game") :
      v.seat === null ? t("watching") : t("you are {name}", { name: v.names[v.seat] });
    // the tab says when it is this person's turn, so a game in a background tab calls them
    const myTurn = v.legal.length > 0 && v.status !== "finished" && !replay.active;
    // (notify.js reads the "●" that starts it on this seat's turn)
    document.title = `${myTurn ? `● ${t("Your turn")} · ` : ""}${v.title} · ${SITE}`;
    turnAlert(myTurn, v);
    document.dispatchEvent(new CustomEvent("motherlode:view", { detail: v }));
    if (v.seat !== null && token) rememberSeat(v);
    players(v, v.observation);
    peopleCard(v);
    const board = $("board");
    ui.controls.replaceChildren();
    board.replaceChildren(renderer.draw(v, ui));
    if (!replay.active) controls(v, renderer);
    showUndo(v);
    if ($("why").open && !replay.active) whyMenu();
    logView(v.events);
    timer(v);
    const status = $("status");
    if (v.status === "finished" && !replay.active) {
      const obs = v.observation;
      // why: a place's number stays with its first name (no-break space), and places are
      // set apart by em spaces, which HTML does not collapse as it does plain ones
      const ranking = (obs.ranking || []).map((g, i) =>
        `${i + 1}.\u00a0${g.map((s) => `${v.names[s]}\u00a0(${obs.scores[s]})`)
          .join(" = ")}`).join("\u2003");
      // why: the renderer's breakdown of each seat's final score, where it gives one
      let why = [];
      try { why = renderer.explainEnd ? renderer.explainEnd(v) || [] : []; } catch { why = []; }
      status.replaceChildren(M.el("div", { class: "final" }, t("Final: {ranking}", { ranking })),
        ...(why.length ? [M.el("ul", { class: "why" }, ...why.map((line) =>
          M.el("li", {}, line)))] : []),
        ...(v.seat !== null && v.agents ? [M.el("p", { class: "again" },
          M.el("button", { id: "play-again", onclick: () => playAgain(v) },
            t("Play again (same seats and options)")))] : []),
        M.el("div", { id: "again-links" }));
      status.classList.remove("hidden");
      $("replay-card").classList.remove("hidden");
    } else if (!replay.active) {
      status.classList.add("hidden");
    }
  }

  // ----- the fair deal: a commitment to the seed during play, its opening at the end
  const HEX64 = /^[0-9a-f]{64}$/;
  const CHECKING = t("Checking…");
  /** A sentence with one element in it, as nodes: `text` holds "\u0000" where `node` goes
   * (a message's place filled with it: the catalog holds no markup). */
  function withNode(text, node) {
    const [before, after = ""] = text.split("\u0000");
    return [before, node, after];
  }
  // the card's two sentences with a command in them, written once
  const FORMULA = "motherlode-deal:SALT:SEED";
  $("fair-how").replaceChildren(...withNode(t("The seed fixes every shuffle and roll. Its commitment, the SHA-256 of {code}, was published before the first move; the salt kept the seed secret until the end.",
    { code: "\u0000" }), M.el("code", { translate: "no" }, FORMULA)));
  $("fair-verify-how").replaceChildren(...withNode(t("Check every move too, with the {command} command:",
    { command: "\u0000" }), M.el("code", { translate: "no" }, SITE)));
  const commitKey = `motherlode-commit-${tableId}`;
  let fairShown = null; // what the fairness card shows now, so a new frame redraws only on change

  function remembered() {
    try { return localStorage.getItem(commitKey); } catch { return null; }
  }
  function remember(value) { // the first commitment seen during play is kept
    try {
      if (!localStorage.getItem(commitKey)) localStorage.setItem(commitKey, value);
    } catch { /* no storage here (private mode): nothing to compare with at the end */ }
  }

  async function sha256Hex(text) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  function recordPath(f) {
    return typeof f.record === "string" && /^\/api\/tables\/[\w.~-]+\/record$/.test(f.record) ?
      f.record : `/api/tables/${tableId}/record`;
  }

  function fairLine(v) {
    const line = $("fair-line");
    const f = v.fairness;
    const commit = f && typeof f.commitment === "string" ? f.commitment.toLowerCase() : null;
    if (!commit || v.status === "finished") { line.classList.add("hidden"); return; }
    const seen = remembered();
    line.classList.remove("hidden");
    if (seen && seen !== commit) {
      line.className = "fair-line bad";
      line.title = t("The server's commitment to the deal is not the one this page saw first.");
      line.replaceChildren(...withNode(t("✗ The deal's commitment changed during play: first {first}…, now {now}",
        { first: seen.slice(0, 16), now: "\u0000" }), M.el("code", { title: commit }, `${commit.slice(0, 16)}…`)));
      return;
    }
    remember(commit);
    line.className = "fair-line";
    line.title = t("The SHA-256 of the seed (which fixes every shuffle and roll) with a secret salt, published before the first move. Both are revealed when the game ends, so anyone can check that the deal was not changed.");
    line.replaceChildren(...withNode(t("Deal committed: {code}", { code: "\u0000" }),
      M.el("code", { id: "fair-short", title: commit }, `${commit.slice(0, 16)}…`)));
  }

  function fairCard(v) {
    const card = $("fair-card");
    const f = v.fairness;
    if (!f || v.status !== "finished") { card.classList.add("hidden"); fairShown = null; return; }
    const commit = typeof f.commitment === "string" ? f.commitment.toLowerCase() : null;
    const seed = f.seed === null || f.seed === undefined ? null : String(f.seed);
    const salt = typeof f.salt === "string" ? f.salt.toLowerCase() : null;
    const seen = remembered();
    const key = JSON.stringify([commit, seed, salt, seen, f.drawn]);
    if (key === fairShown) return;
    fairShown = key;
    card.classList.remove("hidden");
    const verdict = $("fair-verdict");
    const say = (cls, text) => {
      verdict.className = `verdict ${cls}`;
      verdict.textContent = text;
      // a failed check shows its evidence; one that could not run, the commands instead
      $("fair-details").open = cls === "bad" || (cls === "muted" && text !== CHECKING);
    };
    const path = recordPath(f);
    $("fair-record").href = path;
    const cmd = `motherlode verify ${location.origin}${path}` +
      (seen && HEX64.test(seen) ? ` --commitment ${seen}` : "");
    $("fair-verify").textContent = cmd;
    const note = f.drawn === false ?
      t("The seed of this table was chosen by whoever created it, not drawn by the server.") :
      seen ? "" : t("This browser did not see the table during play: compare the commitment with the one you saw then.");
    $("fair-note").textContent = note;
    $("fair-note").classList.toggle("hidden", !note);
    const values = $("fair-values");
    const wellFormed = commit && HEX64.test(commit) && seed !== null && /^\d{1,20}$/.test(seed) &&
      salt !== null && /^[0-9a-f]{1,128}$/.test(salt);
    if (!commit) {
      values.classList.add("hidden");
      $("fair-self").classList.add("hidden");
      say("muted", t("No commitment was published for this table (it was made before deals were committed), so its deal cannot be checked."));
      return;
    }
    $("fair-seed").textContent = seed === null ? t("not revealed") : seed;
    $("fair-salt").textContent = salt === null ? t("not revealed") : salt;
    $("fair-commitment").textContent = commit;
    values.classList.remove("hidden");
    if (!wellFormed) {
      $("fair-self").classList.add("hidden");
      say("bad", t("✗ The server did not reveal a well-formed seed and salt for its commitment"));
      return;
    }
    const text = `motherlode-deal:${salt}:${seed}`;
    const command = `printf %s '${text}' | sha256sum`; // a shell command: the same in every language
    $("fair-printf").textContent = command;
    $("fair-self").classList.remove("hidden");
    if (seen && seen !== commit) {
      say("bad", t("✗ The commitment differs from the one shown during play"));
      return;
    }
    if (!(window.crypto && crypto.subtle)) {
      say("muted", t("The check could not run here: browsers compute SHA-256 only on secure pages (https, localhost, 127.0.0.1). Run one of the commands below instead."));
      return;
    }
    say("muted", CHECKING);
    sha256Hex(text).then((hash) => {
      if (fairShown !== key) return;
      if (hash !== commit) say("bad", t("✗ The revealed seed does not match the commitment"));
      else say("ok", t("✓ Fair deal, verified in your browser: it was fixed before the first move"));
    }, () => say("muted", t("The check could not run here; run one of the commands below.")));
  }

  function fairness(v) {
    fairLine(v);
    fairCard(v);
  }

  // A frame after the first brings only the events after index `events_from`: the log is
  // kept here (the last 300, as the server would send them) and the new ones appended.
  // The seats' names in the page's language where the server named them ("Player 2": i18n.js
  // seatName); `given_names` keeps them as the table does, for a new table with the same seats.
  let log = [];
  function withLog(v) {
    if (v.events_from === undefined || v.events_from === null) {
      log = v.events;
    } else {
      log = log.filter((e) => e.index <= v.events_from).concat(v.events).slice(-300);
    }
    return { ...v, events: log, names: v.names.map(seatName), given_names: v.names };
  }

  // While the socket is down (a server restart, the network) the page says so, and keeps
  // trying every second; the banner goes when a state arrives again.
  function connection(up) {
    $("connection").classList.toggle("hidden", up);
    document.body.classList.toggle("offline", !up);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token, away: document.hidden }));
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (chat && chat.frame(message)) return;
      if (message.type === "state") {
        busy(false);
        connection(true);
        if ($("error").textContent === OFFLINE) showError("");
        live = withLog(message.view);
        if (chat) chat.view(live);
        fairness(live);
        if (!replay.active) render(live);
      } else if (message.type === "presence") {
        if (live) live = { ...live, presence: message.presence };
        if (live && chat) chat.view(live);
        if (view && !replay.active) { view = { ...view, presence: message.presence }; players(view, view.observation); }
      } else if (message.type === "error") {
        busy(false);
        showError(message.message);
      }
    };
    socket.onclose = (event) => {
      busy(false);
      if (event.code >= 4000) { deadEnd(event.code, $("error").textContent); return; }
      connection(false);
      setTimeout(connect, 1000);
    };
  }

  // A link that leads nowhere (no such table, a token of no seat here) gets a page that says
  // so and where to go, instead of an empty table "Waiting…" forever.
  function deadEnd(code, message) {
    if (live) return; // a table already shown: its error line says what went wrong
    const notFound = code === 4404;
    const card = M.el("section", { class: "card dead-end", id: "dead-end" },
      M.el("h2", {}, notFound ? t("There is no table here") : t("This link does not open a seat")),
      M.el("p", {}, notFound ?
        t("The link may be mistyped or cut short. Ask whoever invited you for it again.") :
        message || t("The table refused this link.")),
      M.el("p", {}, M.el("a", { class: "button", href: "/" }, t("Go to the lobby")),
        notFound ? null : " ",
        notFound ? null : M.el("a", { href: `/t/${tableId}` }, t("Watch the table instead"))));
    document.querySelector("main").replaceChildren(card);
    document.title = `${notFound ? t("No such table") : t("Link refused")} · ${SITE}`;
  }

  // ----- "your turn": optionally a short sound (and a notification while the tab is hidden)
  // when a move becomes this seat's; the choice is kept in the browser
  const SOUND = "motherlode-turn-sound";
  let wasMyTurn = null;
  function soundOn() {
    try { return localStorage.getItem(SOUND) === "on"; } catch { return false; }
  }
  $("turn-sound").checked = soundOn();
  $("turn-sound").onchange = (e) => {
    try { localStorage.setItem(SOUND, e.target.checked ? "on" : "off"); } catch { /* none */ }
    if (e.target.checked && window.Notification && Notification.permission === "default") {
      Notification.requestPermission().catch(() => {});
    }
  };
  function turnAlert(myTurn, v) {
    const starts = myTurn && wasMyTurn === false;
    wasMyTurn = myTurn;
    if (!starts || !soundOn()) return;
    document.body.dataset.turnAlerts = String(Number(document.body.dataset.turnAlerts || 0) + 1);
    try {
      const audio = new (window.AudioContext || window.webkitAudioContext)();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.12, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch { /* no sound here */ }
    if (document.hidden && window.Notification && Notification.permission === "granted") {
      try { new Notification(t("{title}: your turn", { title: v.title })); } catch { /* not allowed here */ }
    }
  }

  // ----- "my tables": a person's seat links, kept in this browser so they can come back
  const MINE = "motherlode-my-tables";
  function rememberSeat(v) {
    try {
      const saved = JSON.parse(localStorage.getItem(MINE) || "[]");
      const old = saved.find((row) => row.table === tableId);
      const list = saved.filter((row) => row.table !== tableId);
      list.unshift({ table: tableId, link: location.pathname + location.hash, title: v.title,
        name: v.names[v.seat], status: v.status, since: old ? old.since : Date.now() });
      localStorage.setItem(MINE, JSON.stringify(list.slice(0, 30)));
    } catch { /* no storage here (private mode): nothing remembered */ }
  }

  // ----- play again: a new table with the same seats, names, options and settings
  async function playAgain(v) {
    const settings = {};
    for (const k of ["decision_timer", "bot_delay_ms"]) if (k in (v.settings || {})) settings[k] = v.settings[k];
    /** @type {Record<string, any>} */
    const body = { game: v.game, options: { ...(v.observation.options || {}) }, settings,
      seats: v.agents.map((agent, i) => ({ agent, name: (v.given_names || v.names)[i] })) };
    let url = "/api/tables";
    // a designer's variant: its files come from the finished game's record (the view names
    // them only), and go back where a table with files is made
    if (((v.settings || {}).designer_files || []).length) {
      const record = await (await fetch(`/api/tables/${tableId}/record`)).json();
      body.components_files = (record.meta || {}).components || {};
      delete body.options.components;
      url = "/api/designer/tables";
    }
    const response = await fetch(url, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) {
      showError(typeof data.detail === "string" ? data.detail : t("the new table could not be made"));
      return;
    }
    const mine = data.seats.find((s) => s.seat === v.seat);
    const others = data.seats.filter((s) => s.link && s.seat !== v.seat);
    if (!others.length && mine && mine.link) { location.href = mine.link; return; }
    $("again-links").replaceChildren(M.el("p", {}, t("New table: send each player their link.")),
      ...others.map((s) => M.el("div", { class: "links" },
        M.el("label", {}, t("{name} (seat {n})", { name: s.name, n: s.seat + 1 })),
        M.el("input", { readonly: true, value: `${location.origin}${s.link}` }))),
      mine && mine.link ? M.el("p", {}, M.el("a", { class: "button", href: mine.link },
        t("Go to my new seat"))) : null);
  }

  // ----- replay of a finished game, move by move
  async function showMove(k) {
    const response = await fetch(`/api/tables/${tableId}/replay/${k}`);
    const data = await response.json();
    if (!response.ok) { showError(data.detail); return; }
    replay = { active: true, move: data.move, total: data.moves };
    if (chat) chat.replay(data.move); // the chat as it stood at that move
    const v = { ...live, observation: data.observation, events: data.events, legal: [],
      seat: null, move_count: data.move, status: k === data.moves ? "finished" : "running" };
    await render(v);
    $("replay-pos").textContent = t("move {move} / {moves}", { move: data.move, moves: data.moves });
    const slider = $("replay-slider");
    slider.max = data.moves; slider.value = data.move;
    $("replay-last").textContent = data.last ?
      t("Last move: {name} — {move}", { name: seatName(data.names[data.last.seat], data.last.seat), move: data.last.text }) :
      t("The start of the game, before the first move");
    $("controls-card").classList.add("hidden"); // the replay card says where we are
    $("actions").replaceChildren();
    $("undo").classList.add("hidden");
  }
  $("first").onclick = () => showMove(0);
  $("prev").onclick = () => showMove(Math.max(0, replay.move - 1));
  $("next").onclick = () => {
    const total = replay.total || live.move_count;
    if (replay.active && replay.move + 1 >= total) leaveReplay();
    else showMove(Math.min(total, replay.move + 1));
  };
  // ▶| (or the slider at its end) leaves the replay: the game as it stands, live again
  async function leaveReplay() {
    replay = { active: false, move: 0, total: 0 };
    if (chat) chat.replay(null);
    $("replay-pos").textContent = "";
    $("replay-last").textContent = "";
    $("replay-slider").value = $("replay-slider").max;
    $("controls-card").classList.remove("hidden");
    await render(live);
  }
  $("last").onclick = () => leaveReplay();
  $("replay-slider").oninput = (e) => {
    const k = Number(e.target.value);
    if (k >= (replay.total || live.move_count)) leaveReplay(); else showMove(k);
  };
  $("undo").onclick = () => sendMove({ type: "undo" });

  // ----- the fallback renderer: the observation as a readable outline
  M.renderers.generic = {
    draw(v) {
      const obs = v.observation;
      const rows = Object.entries(obs).filter(([k]) =>
        !["game", "options", "pending", "committed", "seat"].includes(k));
      return M.el("div", { class: "kv" }, M.el("h3", {}, v.title),
        ...rows.map(([k, value]) => M.el("details", { open: true },
          M.el("summary", {}, k), M.el("pre", {}, JSON.stringify(value, null, 1)))));
    },
  };
  window.addEventListener("hashchange", () => location.reload()); // another seat's link
  // a seat's page in the background is "away" for the others
  document.addEventListener("visibilitychange", () => {
    if (socket && socket.readyState === 1 && token) {
      socket.send(JSON.stringify({ type: "presence", away: document.hidden }));
    }
  });
  connect();
})();
