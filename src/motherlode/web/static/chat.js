// @ts-check
// The table's chat (web/chat.py): a panel for the players, read-only for spectators where
// the table allows it, and in a finished game's replay the chat up to the move shown.
// Its frames come over the table's one WebSocket (table.js hands them here).  Every message
// is put in the page as text (text nodes, textContent), never as HTML: what a player wrote
// is shown exactly as written, markup included.
(function () {
  const M = window.Motherlode;
  /** The page's element of that id (table.html has each one).
   * @param {string} id @returns {any} */
  const $ = (id) => document.getElementById(id);

  const MAX_CHARS = 300; // web/chat.py MAX_CHARS, counted the same way (code points, NFC)
  const WARN_AT = 40; // characters left from which the counter shows

  /** Words in the page's language (static/i18n.js, loaded before this script), English with
   * the `{name}` places filled where it is missing: every word of the panel is a `t("…")`.
   * @param {string} text @param {Record<string, unknown>} [params] @returns {string} */
  function t(text, params) {
    if (M.i18n) return M.i18n.t(text, params);
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      params && name in params ? String(params[name]) : whole);
  }

  /** What the server will store of a text: NFC, whitespace runs made one space, trimmed.
   * @param {string} text */
  function clean(text) {
    return text.normalize("NFC").split(/\s+/u).filter(Boolean).join(" ");
  }

  /** Its length as the server counts it: code points, an emoji one.  @param {string} text */
  const length = (text) => [...text].length;

  /**
   * @typedef {{id: number, seat: number, name: string, text: string, move: number, at: number}} ChatMessage
   * @param {{tableId: string, token: string | null, send: (message: object) => boolean}} options
   */
  function mount(options) {
    const card = $("chat-card");
    const box = $("chat");
    const list = $("chat-list");
    const form = $("chat-form");
    const input = $("chat-text");
    const note = $("chat-note");
    const mode = $("chat-mode");
    const mutesBox = $("chat-mutes");
    const unreadBadge = $("chat-unread");
    /** @type {Map<number, ChatMessage>} */
    let messages = new Map();
    /** @type {Set<number>} */
    let muted = new Set();
    let canWrite = false;
    let shown = false; // the server sent this connection the chat (it may read it)
    /** @type {View | null} */
    let view = null;
    /** @type {ChatMessage[] | null} */
    let replayed = null; // the chat up to the replayed move, while a replay is shown
    let replayMove = null;
    let replaySeq = 0;
    let unread = 0;
    let lastSent = null; // the text sent and not yet seen back, restored if refused

    $("chat-title").textContent = t("Chat");
    input.placeholder = t("Write to the table…");
    input.setAttribute("aria-label", t("A message to the table"));
    $("chat-send").textContent = t("Send");
    list.setAttribute("aria-label", t("Chat messages"));
    // open beside the board on a wide screen; folded under it on a phone
    box.open = !window.matchMedia("(max-width: 700px)").matches;
    box.addEventListener("toggle", () => {
      if (box.open) { unread = 0; badge(); scrollDown(true); }
    });

    function badge() {
      unreadBadge.textContent = unread ? t("{count} new", { count: unread }) : "";
      unreadBadge.classList.toggle("hidden", !unread);
    }

    function scrollDown(force) {
      const near = list.scrollHeight - list.scrollTop - list.clientHeight < 60;
      if (force || near) list.scrollTop = list.scrollHeight;
    }

    function time(at) {
      try {
        return new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      } catch { return ""; }
    }

    /** One message as a list item: the name in its seat's colour, then the text, as text.
     * @param {ChatMessage} m */
    function item(m) {
      const mine = view && m.seat === view.seat;
      return M.el("li", { class: `chat-msg${mine ? " mine" : ""}`, "data-id": m.id,
        "data-seat": m.seat },
      M.el("span", { class: "chat-name", style: `color:${M.colour(m.seat)}` }, m.name),
      M.el("span", { class: "chat-text" }, m.text),
      M.el("span", { class: "chat-time", title: t("move {move}", { move: m.move }) }, time(m.at)));
    }

    function draw() {
      const inReplay = replayed !== null;
      const all = inReplay ? replayed : [...messages.values()].sort((a, b) => a.id - b.id);
      const visible = all.filter((m) => !muted.has(m.seat));
      list.replaceChildren(...(visible.length ? visible.map(item) :
        [M.el("li", { class: "chat-empty muted" }, t("No messages yet."))]));
      mode.textContent = inReplay ? t("The chat up to move {move}.", { move: replayMove }) :
        canWrite ? "" : t("You are watching: the players write here, you can read along.");
      mode.classList.toggle("hidden", !mode.textContent);
      form.classList.toggle("hidden", !canWrite || inReplay);
      mutes();
      scrollDown(true);
    }

    // A mute switch for each other person at the table (a bot writes nothing).
    function mutes() {
      if (!canWrite || !view || replayed !== null) { mutesBox.replaceChildren(); return; }
      const people = (view.presence || []).map((p, seat) => (p && p !== "open" ? seat : -1))
        .filter((seat) => seat >= 0 && seat !== view.seat);
      const names = [...muted].filter((s) => view.names[s]).map((s) => view.names[s]);
      const buttons = people.map((seat) => {
        const on = muted.has(seat);
        const name = view.names[seat];
        return M.el("button", { type: "button", class: `chat-mute${on ? " on" : ""}`,
          "data-mute": seat, "aria-pressed": on ? "true" : "false",
          title: t("Hide this player's messages from you (they are not told)."),
          onclick: () => {
            if (!options.send({ type: on ? "unmute" : "mute", seat })) tell(t("Not connected to the table: the message was not sent."), true);
          } }, on ? t("Unmute {name}", { name }) : t("Mute {name}", { name }));
      });
      const said = names.length ? [M.el("p", { class: "chat-muted muted small" },
        t("Muted: {names}.", { names: names.join(", ") }))] : [];
      mutesBox.replaceChildren(...buttons, ...said);
    }

    /** Say `text` under the box (an error in red).  @param {string} text */
    function tell(text, bad = false) {
      note.textContent = text;
      note.classList.toggle("hidden", !text);
      note.classList.toggle("bad", bad);
    }

    function counter() {
      const count = length(clean(input.value));
      const over = count > MAX_CHARS;
      $("chat-send").disabled = over || count === 0;
      if (over) tell(t("Too long: at most {max} characters ({count} now).", { max: MAX_CHARS, count }), true);
      else if (MAX_CHARS - count > WARN_AT) tell("");
      else tell(MAX_CHARS - count === 1 ? t("1 character left") : t("{count} characters left", { count: MAX_CHARS - count }));
    }
    input.addEventListener("input", counter);

    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = clean(input.value);
      if (!text || length(text) > MAX_CHARS) { counter(); return; }
      if (!options.send({ type: "chat", text })) { tell(t("Not connected to the table: the message was not sent."), true); return; }
      lastSent = text;
      input.value = "";
      counter();
    });

    function show() {
      if (!shown) { shown = true; card.classList.remove("hidden"); }
    }

    /** A frame from the socket; true when it was the chat's.  @param {any} message */
    function frame(message) {
      if (message.type === "chat_history") {
        messages = new Map(message.messages.map((m) => [m.id, m]));
        muted = new Set(message.muted || []);
        canWrite = message.can_write === true;
        show();
        if (replayed === null) draw(); else mutes();
        return true;
      }
      if (message.type === "chat") {
        const m = message.message;
        if (messages.has(m.id)) return true;
        messages.set(m.id, m);
        if (view && m.seat === view.seat && m.text === lastSent) lastSent = null;
        if (replayed === null) {
          list.querySelector(".chat-empty")?.remove();
          list.append(item(m));
          scrollDown(view && m.seat === view.seat);
        }
        if (!box.open) { unread += 1; badge(); }
        return true;
      }
      if (message.type === "error" && message.about === "chat") {
        tell(message.message, true);
        if (lastSent !== null && !input.value) { input.value = lastSent; lastSent = null; }
        return true;
      }
      return false;
    }

    /** The table's newest view (names, this seat, who is a person).  It says who may read
     * the chat (the server sends no history where nothing is said yet): a player, who
     * writes, and a spectator where the table lets spectators read.  @param {View} v */
    function setView(v) {
      const before = view ? JSON.stringify([view.names, view.presence]) : "";
      view = v;
      if (!shown && (v.seat !== null || (v.settings || {}).spectator_chat === true)) {
        canWrite = v.seat !== null;
        show();
        if (replayed === null) draw();
        return;
      }
      if (shown && JSON.stringify([v.names, v.presence]) !== before) mutes();
    }

    /** A replay shows move `move` (null: the replay is left, the chat is live again). */
    async function replay(move) {
      const seq = ++replaySeq;
      if (move === null) { replayed = null; replayMove = null; if (shown) draw(); return; }
      const headers = options.token ? { "X-Seat-Token": options.token } : {};
      try {
        const response = await fetch(`/api/tables/${options.tableId}/chat?move=${move}`, { headers });
        if (seq !== replaySeq) return;
        if (response.status === 403) return; // this table's chat is not for spectators
        if (!response.ok) throw new Error(String(response.status));
        const data = await response.json();
        if (seq !== replaySeq) return;
        replayed = data.messages;
        replayMove = move;
        muted = new Set(data.muted || []);
        show();
        draw();
      } catch {
        if (seq === replaySeq) tell(t("The chat of this move could not be loaded."), true);
      }
    }

    return { frame, view: setView, replay };
  }

  /** @type {any} */ (M).chat = { mount };
})();
