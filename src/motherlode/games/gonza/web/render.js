// @ts-check
// Gonza Index: the table drawn as SVG from the seat's observation only.
//
// Sections, top to bottom: the status line (whose turn, what is asked), the players
// (credits in hand, supply left, bids, worth, broker cards in hand), the dice tray and the
// event track, the six face-up corporations (value track, white start space, value marker,
// credits placed in player colours against the cap), the four face-up broker cards with
// the bids on them.  The layout is chosen from the width the board has (laptop, tablet,
// phone) and everything scales with a viewBox.
//
// Controls on the board: click dice to select them (then "Re-roll"), or click one die and
// then the corporation or broker card it applies to; click the event track to add a token;
// click a broker card in your hand to play it (then its target); click a highlighted
// corporation or broker card to decide for the Minister AI; buttons end the turn, pass or
// run a Minister AI turn.  Each control sends the matching entry of ui.legal.
(function () {
  "use strict";
  const M = window.Motherlode;
  const S = M.svg;
  const E = M.el;
  const K = M.kit.forGame("gonza", "gz");
  const { measure, txt, wrap, at, rect, coin, clickable, svgButton } = K;

  const INK = K.theme.ink;
  const MUTED = "#6d665b";
  const CARD = "#fdfaf2";
  const GOLD = "#f0c24b";
  const HILITE = "#ffd23f";
  const TABLE_TOP = "#17223b";
  const PANEL = "#22314f";
  const PANEL_LINE = "#3a4d75";
  const LIGHT = "#eef1f7";
  // event_tokens is at most 10 (data/parameters.toml)
  const ordinal = (i) => [K.t("first"), K.t("second"), K.t("third"), K.t("fourth"), K.t("fifth"), K.t("sixth"),
    K.t("seventh"), K.t("eighth"), K.t("ninth"), K.t("tenth")][i];
  const LIGHT_MUTED = "#aab6cf";

  const TYPE_STYLE = {
    financial: { c: "#1f7a68", light: "#d9eee8" },
    services: { c: "#b8532a", light: "#f6e0d4" },
    tech: { c: "#4b50b5", light: "#e0e1f6" },
    resource: { c: "#85672b", light: "#eee3cc" },
  };
  const TYPES = Object.keys(TYPE_STYLE);
  // The words of the board, in the page's language (K.t); looked up when drawn, as the
  // catalog is the page's.
  const pick = (table, key) => (Object.prototype.hasOwnProperty.call(table, key) ? table[key] : key);
  const typeWord = (type) => pick({ financial: K.t("financial"), services: K.t("services"), tech: K.t("tech"),
    resource: K.t("resource") }, type);
  const faceText = (face) => pick({ up: "+1", down: "−1", earn: K.t("earn"), place: K.t("place"), bid: K.t("bid"),
    event: K.t("event") }, face);
  const faceLong = (face) => pick({
    up: K.t("stock +1"), down: K.t("stock −1"), earn: K.t("earn 1 credit"), place: K.t("place a stock"),
    bid: K.t("bid on a broker card"), event: K.t("add an event token"),
  }, face);
  const whenText = (when) => pick({ turn: K.t("play in your turn"), end: K.t("end of game"),
    event: K.t("when an event is revealed") }, when);
  const whenShort = (when) => pick({ turn: "", end: K.t("end"), event: K.t("event") }, when);
  // An event card's moves as the observation writes them ("tech +2, resource -1"), each
  // corporation type in the page's language.
  const eventMoves = (text) => String(text).replace(/[a-z]+/g, (word) => typeWord(word));
  // Names joined by "and" ("A and B and C"), the connecting word the catalog's.
  const andList = (items) => items.reduceRight((rest, first) => (rest === null ? first :
    K.t("{first} and {rest}", { first, rest })), null) || "";
  // The Minister AI's question (the observation's decision.text, in the page's language;
  // the server names a Minister AI player as its seat_name does).
  function decisionText(obs, names) {
    const d = obs.decision;
    const name = names[d.for];
    const ai = (obs.minister || []).includes(d.for) && !name.includes("Minister");
    const player = ai ? K.t("{name} (Minister AI)", { name }) : name;
    const ask = {
      place: K.t("Decide for {player} which corporation it invests in", { player }),
      insider: K.t("Decide for {player} which corporation it invests in (Insider Tip)", { player }),
      up: K.t("Decide for {player} which corporation's stock it increases", { player }),
      down: K.t("Decide for {player} which corporation's stock it decreases", { player }),
      bid: K.t("Decide for {player} which broker card it bids on", { player }),
    };
    return pick(ask, d.kind) === d.kind ? d.text : ask[d.kind];
  }

  // ------------------------------------------------------------------ selection state
  // What the viewer has clicked but not yet sent: dice, a card from the hand, the
  // corporations picked for a multi-target card.  It lives until the view moves on.
  let sel = { key: null, dice: [], card: null, picks: [] };
  let current = null; // {view, ui, root, W} of the last drawing

  function selectionKey(view) {
    return `${view.table}|${view.seat}|${view.move_count}|${view.legal.length}`;
  }

  function redraw() {
    if (!current || !current.root || !current.root.isConnected) return;
    if (typeof current.ui.redraw === "function") { current.ui.redraw(); return; } // the page's hook
    const old = current.root;
    const node = draw(current.view, current.ui);
    old.replaceWith(node);
  }

  // ------------------------------------------------------------------------- icons
  // The die faces, drawn in a 40 x 40 box.
  function faceIcon(face, fg, bg) {
    switch (face) {
      case "up":
        return S("path", { d: "M20 3 L35 19 L26 19 L26 35 L14 35 L14 19 L5 19 Z", fill: fg });
      case "down":
        return S("path", { d: "M20 37 L35 21 L26 21 L26 5 L14 5 L14 21 L5 21 Z", fill: fg });
      case "earn":
        return S("g", {},
          S("circle", { cx: 20, cy: 20, r: 15, fill: fg }),
          S("circle", { cx: 20, cy: 20, r: 11, fill: "none", stroke: bg, "stroke-width": 2 }),
          txt(20, 26, "1", { size: 16, bold: true, anchor: "middle", fill: bg }));
      case "place":
        return S("g", {},
          S("rect", { x: 6, y: 20, width: 28, height: 17, rx: 3, fill: "none", stroke: fg, "stroke-width": 3 }),
          S("circle", { cx: 20, cy: 11, r: 8, fill: fg }),
          S("path", { d: "M20 21 L15 15 L25 15 Z", fill: fg }));
      case "bid":
        return S("g", {},
          S("rect", { x: 7, y: 5, width: 22, height: 11, rx: 2, fill: fg, transform: "rotate(-35 18 10)" }),
          S("rect", { x: 17, y: 13, width: 5, height: 22, rx: 2, fill: fg, transform: "rotate(-35 19 24)" }),
          S("rect", { x: 3, y: 33, width: 20, height: 4, rx: 1, fill: fg }));
      case "event":
        return S("path", { d: "M24 2 L8 23 L18 23 L14 38 L32 15 L22 15 L27 2 Z", fill: fg });
      default:
        return txt(20, 26, "?", { size: 18, anchor: "middle", fill: fg });
    }
  }

  function padlock(x, y, fg) {
    return S("g", { transform: `translate(${x},${y})` },
      S("path", { d: "M3 7 V5 A4 4 0 0 1 11 5 V7", fill: "none", stroke: fg, "stroke-width": 1.8 }),
      S("rect", { x: 1.5, y: 7, width: 11, height: 8, rx: 1.5, fill: fg }));
  }

  // ------------------------------------------------------------------ legal actions
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  function analyse(view, obs) {
    const legal = view.legal || [];
    const of = (type) => legal.filter((l) => l.action.type === type);
    const me = view.seat;
    const ctx = {
      me, legal, of,
      corpTargets: new Map(), cardTargets: new Map(), handTargets: new Map(),
      dieUse: new Map(), buttons: [], hint: "", extra: [], eventAction: null,
    };
    const corpName = new Map(obs.corporations.map((c) => [c.id, c.name]));
    const cardName = new Map();
    for (const c of obs.broker) cardName.set(c.id, K.t(c.name));
    for (const p of obs.players) for (const c of p.cards) cardName.set(c.id, K.t(c.name));
    ctx.corpName = corpName;
    ctx.cardName = cardName;
    if (!legal.length) return ctx;
    const act = (action) => () => { resetSelection(); current.ui.act(action); };
    const dice = obs.dice;
    sel.dice = sel.dice.filter((i) => i < dice.length && !dice[i].used);
    if (sel.card && !of("play").some((l) => l.action.card === sel.card)) { sel.card = null; sel.picks = []; }

    // which dice can be clicked: their face has a legal action, or they can be re-rolled
    const rerolls = of("reroll");
    const rerollable = new Set(rerolls.flatMap((l) => l.action.dice.map((d) => d - 1)));
    dice.forEach((d, i) => {
      if (d.used) return;
      const uses = of(d.face);
      if (uses.length || rerollable.has(i)) ctx.dieUse.set(i, uses);
    });

    const eventLegal = of("event")[0];
    if (eventLegal) ctx.eventAction = act(eventLegal.action);

    if (sel.card) {
      cardContext(ctx, obs, act);
    } else if (sel.dice.length) {
      const picked = sel.dice.slice().sort((a, b) => a - b).map((i) => i + 1);
      const reroll = rerolls.find((l) => same(l.action.dice, picked));
      if (reroll) {
        const n = picked.length;
        ctx.buttons.push({ key: "reroll", primary: true,
          label: n === 1 ? K.t("↻ Re-roll {n} die", { n }) : K.t("↻ Re-roll {n} dice", { n }), run: act(reroll.action) });
      }
      if (sel.dice.length === 1) {
        const face = dice[sel.dice[0]].face;
        const uses = of(face);
        if (face === "earn" && uses.length) {
          ctx.buttons.push({ key: "earn", primary: true, label: K.t("Earn 1 credit"), run: act(uses[0].action) });
          ctx.hint = reroll ? K.t("Earn a credit with this die, or re-roll it.") : K.t("Earn a credit with this die.");
        } else if (face === "event" && uses.length) {
          ctx.buttons.push({ key: "event", primary: true, label: K.t("Add event token"), run: act(uses[0].action) });
          ctx.hint = K.t("Add an event token (or click the event track).");
        } else if (["place", "up", "down"].includes(face) && uses.length) {
          const label = { place: K.t("place here"), up: "▲ +1", down: "▼ −1" }[face];
          for (const l of uses) ctx.corpTargets.set(l.action.corporation, { label, run: act(l.action) });
          const long = faceLong(face);
          const action = long[0].toUpperCase() + long.slice(1);
          ctx.hint = reroll ? K.t("{action}: click a highlighted corporation, or re-roll the die.", { action }) :
            K.t("{action}: click a highlighted corporation.", { action });
        } else if (face === "bid" && uses.length) {
          for (const l of uses) ctx.cardTargets.set(l.action.card, { label: K.t("bid here"), run: act(l.action) });
          ctx.hint = reroll ? K.t("Bid a credit: click a highlighted broker card, or re-roll the die.") :
            K.t("Bid a credit: click a highlighted broker card.");
        } else {
          // say why a die does nothing (Gonza's place and bid dice need a credit in hand)
          const mine = me !== null && obs.players ? obs.players[me] : null;
          const broke = (face === "place" || face === "bid") && mine && mine.credits === 0;
          const why = broke && face === "place" ? K.t("You have no credits in your personal supply to place: earn one first.") :
            broke ? K.t("You have no credits in your personal supply to bid: earn one first.") :
            face === "place" ? K.t("No corporation can take another credit of yours now (each has a cap).") :
            K.t("This die has no use now.");
          // two sentences, each the catalog's (the extractor reads no K.t inside a `${}`)
          const again = K.t("You may re-roll it.");
          ctx.hint = reroll ? `${why} ${again}` : why;
        }
      } else {
        ctx.hint = reroll ? K.t("Re-roll dice {dice}?", { dice: picked.join(", ") }) :
          K.t("These dice cannot be re-rolled together.");
      }
      ctx.buttons.push({ key: "clear", quiet: true, label: K.t("Clear"), run: () => { resetSelection(); redraw(); } });
    }

    // broker cards in the viewer's hand
    if (me !== null && obs.phase === "turn") {
      for (const l of of("play")) {
        const cid = l.action.card;
        if (!ctx.handTargets.has(cid)) {
          ctx.handTargets.set(cid, { label: sel.card === cid ? K.t("selected") : K.t("play"),
            selected: sel.card === cid,
            run: () => { sel.card = sel.card === cid ? null : cid; sel.dice = []; sel.picks = []; redraw(); } });
        }
      }
    }
    for (const l of of("discard")) {
      ctx.handTargets.set(l.action.card, { label: K.t("discard"), run: act(l.action), danger: true });
    }
    if (obs.phase === "protect") {
      for (const l of of("play")) {
        ctx.handTargets.set(l.action.card, { label: K.t("play it"), run: act(l.action) });
        ctx.buttons.push({ key: "protect", primary: true,
          label: K.t("Play {card}", { card: cardName.get(l.action.card) || l.action.card }), run: act(l.action) });
      }
      for (const l of of("pass")) ctx.buttons.push({ key: "pass", label: K.t("Let it happen"), run: act(l.action) });
      const ev = (obs.events_done || []).find((e) => e.id === obs.current_event);
      ctx.hint = ev ? K.t("An event card is revealed: {name} ({moves}). Cancel it with your card?",
        { name: K.t(ev.name), moves: eventMoves(ev.text) }) :
        K.t("An event card is revealed. Cancel it with your card?");
    }
    // deciding for the Minister AI
    for (const l of of("decide")) {
      const choice = l.action.choice;
      const target = { label: K.t("choose"), run: act(l.action) };
      if (corpName.has(choice)) ctx.corpTargets.set(choice, target);
      else ctx.cardTargets.set(choice, target);
      ctx.extra.push({ key: "decide", label: corpName.get(choice) || cardName.get(choice) || choice,
        run: act(l.action), data: choice });
    }
    if (of("decide").length && obs.decision) {
      ctx.hint = K.t("{question}: click one of the highlighted choices.", { question: decisionText(obs, view.names) });
    }
    if (of("discard").length) ctx.hint = K.t("Your hand is over the limit: click a broker card in your hand to discard it.");
    for (const l of of("minister")) {
      ctx.buttons.push({ key: "minister", primary: true, label: K.t("Run the Minister AI's turn"), run: act(l.action) });
      ctx.hint = K.t("This seat is played by the Minister AI: it rolls and acts by its rules.");
    }
    for (const l of of("end")) ctx.buttons.push({ key: "end", label: K.t("End turn"), run: act(l.action) });
    if (!ctx.hint && obs.phase === "turn") {
      const canReroll = rerolls.length > 0;
      ctx.hint = canReroll
        ? K.t("Click dice to re-roll them, or one die and then what it applies to.")
        : K.t("Click a die, then the corporation or broker card it applies to.");
      const token = K.t("The event token must be added before you end the turn.");
      if (eventLegal) ctx.hint += ` ${token}`;
    }
    return ctx;
  }

  // The targets of the broker card selected in the hand.
  function cardContext(ctx, obs, act) {
    const cid = sel.card;
    const name = ctx.cardName.get(cid) || cid;
    const plays = ctx.of("play").filter((l) => l.action.card === cid);
    const targetless = plays.find((l) => !l.action.targets.length);
    const multi = plays.some((l) => l.action.targets.length > 1);
    const types = new Set([...TYPES, ...obs.corporations.map((c) => c.type)]);
    const byType = plays.some((l) => types.has(l.action.targets[0]));
    if (targetless) {
      ctx.buttons.push({ key: "play", primary: true, label: K.t("Play {card}", { card: name }), run: act(targetless.action) });
      ctx.hint = K.t("{card}: play it now?", { card: name });
    } else if (byType) {
      for (const c of obs.corporations) {
        const l = plays.find((p) => p.action.targets[0] === c.type);
        if (l) ctx.corpTargets.set(c.id, { label: K.t("all {type}", { type: typeWord(c.type) }), run: act(l.action) });
      }
      for (const l of plays) {
        ctx.extra.push({ key: "play-type", label: `${name}: ${typeWord(l.action.targets[0])}`, run: act(l.action),
          data: l.action.targets[0] });
      }
      ctx.hint = K.t("{card}: click a corporation of the type it moves (or pick a type below).", { card: name });
    } else if (multi) {
      const count = (arr) => arr.reduce((m, x) => m.set(x, (m.get(x) || 0) + 1), new Map());
      const fits = (picks, targets) => {
        const need = count(picks);
        const have = count(targets);
        return [...need].every(([k, v]) => (have.get(k) || 0) >= v);
      };
      for (const c of obs.corporations) {
        const next = [...sel.picks, c.id];
        if (plays.some((p) => fits(next, p.action.targets))) {
          ctx.corpTargets.set(c.id, { label: K.t("+ stock"), run: () => { sel.picks.push(c.id); redraw(); } });
        }
      }
      const chosen = sel.picks.slice().sort();
      const ready = plays.find((p) => same(p.action.targets, chosen));
      if (ready) {
        ctx.buttons.push({ key: "play", primary: true,
          label: K.t("Play {card} ({n})", { card: name, n: chosen.length }), run: act(ready.action) });
      }
      if (sel.picks.length) {
        ctx.buttons.push({ key: "unpick", quiet: true, label: K.t("Undo pick"), run: () => { sel.picks.pop(); redraw(); } });
      }
      const picked = sel.picks.map((p) => ctx.corpName.get(p)).join(", ");
      ctx.hint = picked ? K.t("{card}: click corporations to place stocks on (chosen: {chosen}).", { card: name, chosen: picked }) :
        K.t("{card}: click corporations to place stocks on.", { card: name });
    } else {
      for (const l of plays) {
        ctx.corpTargets.set(l.action.targets[0], { label: K.t("play here"), run: act(l.action) });
      }
      ctx.hint = K.t("{card}: click the corporation to play it on.", { card: name });
    }
    ctx.buttons.push({ key: "clear", quiet: true, label: K.t("Cancel"), run: () => { resetSelection(); redraw(); } });
  }

  function resetSelection() {
    sel.dice = [];
    sel.card = null;
    sel.picks = [];
  }

  // ---------------------------------------------------------------------- sections
  function sectionTitle(x, y, label, right) {
    return S("g", {},
      txt(x, y, label.toUpperCase(), { size: 13, bold: true, fill: GOLD, spacing: 1.2 }),
      right ? txt(x + right.x, y, right.text, { size: 13, fill: LIGHT_MUTED, anchor: "end" }) : null);
  }

  function statusLine(view, obs, w) {
    const names = view.names;
    const kids = [];
    let label;
    if (obs.over || view.status === "finished") {
      const top = (obs.ranking || [])[0] || [];
      const winners = top.map((s) => names[s]);
      label = winners.length > 1 ? K.t("Game over — {players} win", { players: andList(winners) }) :
        K.t("Game over — {player} wins", { player: andList(winners) });
    } else {
      const who = names[obs.active];
      const limit = obs.design.hand_limit;
      const phase = {
        turn: K.t("{player}'s turn", { player: who }),
        minister: K.t("{player}'s turn (Minister AI)", { player: who }),
        discard: limit === 1 ? K.t("{player} discards down to {n} broker card", { player: who, n: limit }) :
          K.t("{player} discards down to {n} broker cards", { player: who, n: limit }),
        protect: K.t("Event revealed: {player} may play {card}", { player: names[(obs.protect || {}).seat],
          card: K.t("Safe Harbour") }),
        decide: obs.decision ? K.t("{player} decides for {ai}", { player: names[obs.pending[0]], ai: names[obs.decision.for] }) :
          K.t("A decision"),
      }[obs.phase] || obs.phase;
      label = phase;
    }
    kids.push(S("circle", { cx: 10, cy: 15, r: 8, fill: obs.over ? GOLD : M.colour(obs.active),
      stroke: "#fff", "stroke-width": 2 }));
    // One line beside the FINAL ROUND chip where it fits; else the text wraps over the whole
    // width and the chip goes under it (on a phone a German sentence beside the chip made a
    // column of one or two words a line).  A word wider than the line (a long name) is
    // squeezed to fit rather than run past the board's edge.
    const chip = obs.final_round && !obs.over;
    const cw = chip ? Math.max(128, measure(K.t("FINAL ROUND"), 13, { bold: true }) + 16) : 0;
    const full = w - 30;
    const beside = measure(label, 17, { bold: true }) <= full - (chip ? cw + 12 : 0);
    const lines = beside ? [label] : wrap(label, 15, full, { bold: true });
    const size = beside ? 17 : 15;
    const status = S("text", { "data-status": obs.phase, "font-size": size, "font-weight": 700, fill: LIGHT },
      ...lines.map((line, i) => S("tspan", { x: 26, y: 21 + i * 19,
        ...(measure(line, size, { bold: true }) > full ? { textLength: full, lengthAdjust: "spacingAndGlyphs" } : {}),
      }, line)));
    kids.push(status);
    let h = 34 + (lines.length - 1) * 19;
    if (chip) {
      const [cx, cy] = beside ? [w - cw, 2] : [26, h - 4];
      kids.push(rect(cx, cy, cw, 26, { fill: "#b3261e", r: 13 }));
      kids.push(txt(cx + cw / 2, cy + 18, K.t("FINAL ROUND"), { size: 13, bold: true, fill: "#fff", anchor: "middle",
        data: { "data-final": "1" } }));
      if (!beside) h += 30;
    }
    return { node: S("g", {}, ...kids), h };
  }

  const BUTTON_H = 38;
  const STAT_H = 38;
  function playersSection(view, obs, w, narrow, ctx) {
    const n = obs.players.length;
    const cols = narrow ? 2 : Math.min(n, 5);
    const gap = 10;
    const pw = (w - gap * (cols - 1)) / cols;
    const maxHand = Math.max(2, ...obs.players.map((p) => p.cards.length));
    const finalLine = obs.final_round || obs.over;
    const statCols = pw >= 220 ? 4 : 2;
    const statRows = 4 / statCols;
    // why: a name that does not fit beside its chips (YOU, AI and TURN, which moves round the
    // table) gets a line of its own, for every card alike so the layout keeps still
    const chipW = (label) => measure(label, 11, { bold: true }) + 16;
    const chipsW = (s) => chipW(K.t("TURN")) + ((obs.minister || []).includes(s) ? chipW(K.t("AI")) : 0) +
      (s === view.seat ? chipW(K.t("YOU")) : 0);
    const twoLines = obs.players.some((_, s) =>
      measure(view.names[s], 15, { bold: true }) > pw - 8 - chipsW(s) - 32);
    const head = twoLines ? 68 : 46;
    const chipY = twoLines ? 44 : 20;
    const ph = head + statRows * STAT_H + 8 + maxHand * 28 + (finalLine ? 20 : 0);
    const bidsOut = obs.players.map((_, s) => obs.broker.reduce((t, c) => t + (c.bids[s] || 0), 0));
    const nodes = obs.players.map((p, s) => {
      const x = (s % cols) * (pw + gap);
      const y = Math.floor(s / cols) * (ph + gap);
      const active = s === obs.active && !obs.over;
      const mine = s === view.seat;
      const ai = (obs.minister || []).includes(s);
      const kids = [
        active ? rect(-3, -3, pw + 6, ph + 6, { stroke: HILITE, sw: 3, r: 11, cls: "gz-glow" }) : null,
        rect(0, 0, pw, ph, { fill: CARD, stroke: mine ? GOLD : "#d8cfbb", sw: mine ? 3 : 1, r: 9 }),
        S("path", { d: `M0 9 A9 9 0 0 1 9 0 H${pw - 9} A9 9 0 0 1 ${pw} 9 V12 H0 Z`, fill: M.colour(s) }),
      ];
      // chips on the right: YOU, AI, TURN
      let cx = pw - 8;
      const chip = (label, fill, fg, key) => {
        const cw = measure(label, 11, { bold: true }) + 12;
        cx -= cw;
        kids.push(S("g", { "data-chip": key }, rect(cx, chipY, cw, 19, { fill, r: 9.5 }),
          txt(cx + cw / 2, chipY + 13.5, label, { size: 11, bold: true, fill: fg, anchor: "middle" })));
        cx -= 4;
      };
      if (active) chip(K.t("TURN"), "#1f1b16", HILITE, "turn");
      if (ai) chip(K.t("AI"), "#37474f", "#fff", "ai");
      if (mine) chip(K.t("YOU"), GOLD, INK, "you");
      kids.push(S("circle", { cx: 17, cy: 30, r: 7, fill: M.colour(s), stroke: "rgba(0,0,0,.4)" }));
      kids.push(txt(29, 35, view.names[s], { size: 15, bold: true, max: (twoLines ? pw - 8 : cx) - 32 }));
      // credits, supply, bids, worth: a grid of labelled numbers
      const stats = [
        ["credits", K.t("credits"), p.credits, "data-credits",
          K.t("{player} holds {n} credits (personal supply)", { player: view.names[s], n: p.credits })],
        ["supply", K.t("supply"), p.supply, "data-supply",
          K.t("{n} credits of this colour left in the general supply", { n: p.supply })],
        ["bids", K.t("bids"), bidsOut[s], "data-bids", K.t("{n} credits bid on the face-up broker cards", { n: bidsOut[s] })],
        ["worth", K.t("worth"), p.score, "data-score", K.t("the score if the game ended now")],
      ];
      const sc = statCols;
      const cellW = (pw - 16) / sc;
      stats.forEach(([key, label, value, attr, tip], i) => {
        const cx = 8 + (i % sc) * cellW;
        const cy = head + Math.floor(i / sc) * STAT_H;
        const withCoin = key === "credits";
        kids.push(S("g", { [attr]: value },
          S("title", {}, tip),
          txt(cx + 2, cy + 11, label, { size: 11.5, fill: MUTED, max: cellW - 4 }),
          withCoin ? coin(cx + 10, cy + 24, 8, s, { label: null }) : null,
          txt(cx + (withCoin ? 22 : 2), cy + 31, value, { size: 18, bold: true,
            fill: key === "worth" ? "#7a4f01" : INK })));
      });
      // broker cards in hand
      let hy = head + statRows * STAT_H + 4;
      if (!p.cards.length) kids.push(txt(10, hy + 17, K.t("no broker cards"), { size: 12, fill: MUTED, opacity: 0.8 }));
      for (const c of p.cards) {
        const target = mine ? ctx.handTargets.get(c.id) : null;
        const when = whenShort(c.when);
        const name = K.t(c.name);
        const cardKids = [
          rect(0, 0, pw - 16, 24, { fill: target && target.selected ? "#fff2bf" : "#f1ead9",
            stroke: target ? HILITE : "#cbbf9f", sw: target ? 2.5 : 1, r: 5, cls: "gz-face" }),
          txt(8, 16.5, name, { size: 12.5, bold: true, max: pw - 32 - (when ? measure(when, 10.5, { bold: true }) + 14 : 0) }),
          when ? txt(pw - 24, 16, when, { size: 10.5, bold: true, fill: MUTED, anchor: "end" }) : null,
        ];
        const attrs = { "data-hand": c.id, "data-owner": s, transform: `translate(8,${hy})` };
        if (target) {
          attrs.class = "gz-target";
          attrs["aria-label"] = `${target.label} ${name}`;
          cardKids.unshift(rect(-2, -2, pw - 12, 28, { stroke: HILITE, sw: 2, r: 6, cls: "gz-glow" }));
          kids.push(clickable(S("g", attrs, S("title", {}, `${name}: ${target.label}`), ...cardKids), target.run));
        } else {
          kids.push(S("g", attrs, S("title", {}, `${name} (${whenText(c.when)})`), ...cardKids));
        }
        hy += 28;
      }
      if (finalLine) {
        const d = obs.dice_in_final_round[s];
        kids.push(txt(10, ph - 8, d ? K.t("final turn: {n} dice", { n: d }) : K.t("final turn: not yet"),
          { size: 12, bold: !!d, fill: d ? "#b3261e" : MUTED }));
      }
      return S("g", { transform: `translate(${x},${y})`, "data-player": s }, ...kids);
    });
    const rows = Math.ceil(n / cols);
    return { node: S("g", {}, ...nodes), h: rows * ph + (rows - 1) * gap };
  }

  function diceSection(view, obs, w, ctx) {
    const pad = 12;
    const kids = [rect(0, 0, w, 10, { fill: PANEL, stroke: PANEL_LINE })]; // resized below
    kids.push(sectionTitle(pad, 24, K.t("Dice")));
    const dice = obs.dice;
    const rr = obs.rerolls_left;
    const rrText = K.t("re-rolls left: {n}", { n: rr });
    const rrMax = obs.design.rerolls;
    kids.push(txt(w - pad - rrMax * 16 - 6, 24, rrText, { size: 13, fill: LIGHT_MUTED, anchor: "end",
      data: { "data-rerolls": rr } }));
    for (let i = 0; i < rrMax; i++) {
      kids.push(S("circle", { cx: w - pad - 6 - i * 16, cy: 19.5, r: 5.5, fill: i < rr ? GOLD : "none",
        stroke: GOLD, "stroke-width": 1.5 }));
    }
    const count = Math.max(dice.length, 5);
    const d = Math.min(66, Math.floor((w - 2 * pad - (count - 1) * 10) / count));
    const y0 = 40;
    if (!dice.length) {
      const ai = (obs.minister || []).includes(obs.active);
      const msg = obs.over ? K.t("The game is over.") : ai && obs.phase === "minister"
        ? K.t("The Minister AI rolls its dice when its turn runs.") : K.t("No dice rolled.");
      kids.push(txt(pad, y0 + d / 2 + 5, msg, { size: 14, fill: LIGHT_MUTED }));
    }
    const anyReroll = ctx.of("reroll").length > 0;
    dice.forEach((die, i) => {
      const x = pad + i * (d + 10);
      const picked = sel.dice.includes(i);
      const usable = ctx.dieUse.has(i);
      const fg = die.black ? GOLD : "#2b2112";
      const bg = die.black ? "#1c1c1e" : "#f4c430";
      const locked = die.black && die.face === "event" && !die.used && rr > 0;
      const y = picked ? y0 - 6 : y0;
      const body = [
        picked ? rect(-4, -4, d + 8, d + 8, { stroke: "#ffffff", sw: 3, r: 12 }) : null,
        rect(0, 0, d, d, { fill: bg, stroke: die.black ? "#000" : "#a57f12", sw: 2, r: 10, cls: "gz-face" }),
        S("g", { transform: `translate(${d * 0.22},${d * 0.08}) scale(${(d * 0.56) / 40})` },
          faceIcon(die.face, fg, bg)),
        txt(d / 2, d - 6, faceText(die.face), { size: Math.max(11, d * 0.2), bold: true, anchor: "middle", fill: fg,
          max: d - 6 }),
        locked ? padlock(d - 17, 3, GOLD) : null,
      ];
      if (die.used) {
        body.push(rect(0, 0, d, d, { fill: "rgba(23,34,59,.62)", r: 10 }));
        body.push(txt(d / 2, d / 2 + 6, K.t("used"), { size: 14, bold: true, anchor: "middle", fill: "#fff", max: d - 6 }));
      }
      const named = die.black ? K.t("die {n} (black event die): {face}", { n: i + 1, face: faceLong(die.face) }) :
        K.t("die {n}: {face}", { n: i + 1, face: faceLong(die.face) });
      const title = die.used ? K.t("{die}, used", { die: named }) :
        locked ? K.t("{die}, fixed: cannot be re-rolled", { die: named }) : named;
      const attrs = { "data-die": i, "data-face": die.face, "data-used": die.used ? "1" : "0",
        "data-black": die.black ? "1" : "0", "data-selected": picked ? "1" : null, transform: `translate(${x},${y})`, "aria-label": title };
      if (usable) {
        kids.push(clickable(S("g", attrs, S("title", {}, title), ...body), () => {
          if (sel.card) { sel.card = null; sel.picks = []; }
          if (sel.dice.includes(i)) sel.dice = sel.dice.filter((j) => j !== i);
          else if (anyReroll) sel.dice = [...sel.dice, i];
          else sel.dice = [i];
          redraw();
        }));
      } else {
        kids.push(S("g", attrs, S("title", {}, title), ...body));
      }
    });
    let y = y0 + d + 14;
    if (obs.final_round && !obs.over) {
      kids.push(txt(pad, y + 4, K.t("Final round: {n} dice this turn", { n: dice.length }), { size: 12.5, fill: "#ffb4a8" }));
      y += 18;
    }
    // hint and buttons
    const hintLines = ctx.hint ? wrap(ctx.hint, 13.5, w - 2 * pad) : [];
    for (const line of hintLines) {
      kids.push(txt(pad, y + 8, line, { size: 13.5, fill: LIGHT, cls: "gz-hint" }));
      y += 18;
    }
    if (ctx.buttons.length) {
      y += 6;
      let bx = pad;
      for (const b of ctx.buttons) {
        const bw = K.buttonWidth(b.label, { size: 14 });
        if (bx + bw > w - pad && bx > pad) { bx = pad; y += BUTTON_H + 8; }
        kids.push(svgButton(bx, y, b.label, b.run, { size: 14, h: BUTTON_H, primary: b.primary,
          fill: b.primary ? GOLD : b.quiet ? "#dfe5f0" : null, data: { "data-button": b.key } }).node);
        bx += bw + 8;
      }
      y += BUTTON_H;
    }
    const h = y + pad;
    kids[0] = rect(0, 0, w, h, { fill: PANEL, stroke: PANEL_LINE, r: 10 });
    return { node: S("g", { "data-section": "dice" }, ...kids), h };
  }

  function eventsSection(view, obs, w, ctx, minH) {
    const pad = 12;
    const kids = [];
    kids.push(sectionTitle(pad, 24, K.t("Events")));
    // the event track: a space for each yellow token an event needs (three in the rulebook),
    // in the same width whatever the table's number
    const spaces = obs.design.event_tokens;
    const slot = 30;
    const trackW = 3 * slot + 4 * 10;
    const d = Math.min(slot, trackW / (spaces + (spaces + 1) / 3));
    const gap = (trackW - spaces * d) / (spaces + 1);
    const tokens = obs.event_tokens;
    const track = [
      rect(0, 0, trackW, slot + 16, { fill: "#2c3e63", stroke: ctx.eventAction ? HILITE : PANEL_LINE,
        sw: ctx.eventAction ? 3 : 1.5, r: 10, cls: ctx.eventAction ? "gz-face gz-glow" : "gz-face" }),
    ];
    for (let i = 0; i < spaces; i++) {
      const cx = gap + d / 2 + i * (d + gap);
      track.push(S("circle", { cx, cy: 8 + slot / 2, r: d / 2, fill: "#17223b", stroke: "#5a6f99",
        "stroke-width": 1.5, "stroke-dasharray": "3 3" }));
      if (i < tokens) {
        track.push(S("circle", { cx, cy: 8 + slot / 2, r: Math.max(1, d / 2 - 3), fill: "#f4c430", stroke: "#a57f12",
          "stroke-width": 2, class: "gz-token" }));
      }
      // the last space sets the event off
      if (i === spaces - 1) track.push(txt(cx, 8 + slot / 2 + d / 5, "!", { size: (16 * d) / slot, bold: true, anchor: "middle",
        fill: i < tokens ? "#5a3d00" : "#5a6f99" }));
    }
    const trackAttrs = { transform: `translate(${pad},38)`, "data-event-track": tokens,
      "aria-label": K.t("event track") };
    if (ctx.eventAction) {
      trackAttrs.class = "gz-target";
      kids.push(clickable(S("g", { ...trackAttrs, "data-button": "event-track" },
        S("title", {}, K.t("Add an event token")), ...track), ctx.eventAction));
    } else {
      kids.push(S("g", trackAttrs, S("title", {}, K.t("{n} of {needed} event tokens", { n: tokens, needed: spaces })), ...track));
    }
    kids.push(txt(pad + trackW / 2, 38 + slot + 34, K.t("{n} of {needed} tokens", { n: tokens, needed: spaces }),
      { size: 12, fill: LIGHT_MUTED, anchor: "middle" }));
    // the event deck
    const dx = pad + trackW + 18;
    kids.push(S("g", { transform: `translate(${dx},34)`, "data-event-deck": obs.event_deck },
      S("title", {}, K.t("{n} event cards left", { n: obs.event_deck })),
      obs.event_deck > 1 ? rect(4, 4, 44, 60, { fill: "#3b1f52", stroke: "#8b6fb0", r: 6 }) : null,
      rect(0, 0, 44, 60, { fill: obs.event_deck ? "#5b2f7d" : "none", stroke: "#a88bd0", sw: 1.5, r: 6,
        dash: obs.event_deck ? null : "4 3" }),
      obs.event_deck ? S("g", { transform: "translate(6,12) scale(0.8)" }, faceIcon("event", "#e9d5ff", "#5b2f7d")) : null));
    const deckWords = obs.event_deck === 1 ? K.t("event card left") : K.t("event cards left");
    if (w - dx - 58 - pad >= measure(deckWords, 12)) {
      kids.push(txt(dx + 58, 56, `${obs.event_deck}`, { size: 22, bold: true, fill: LIGHT }));
      kids.push(txt(dx + 58, 74, deckWords, { size: 12, fill: LIGHT_MUTED }));
    } else {
      kids.push(txt(dx + 24, 112, K.t("{n} left", { n: obs.event_deck }), { size: 12.5, bold: true, fill: LIGHT, anchor: "middle" }));
    }
    // the last (or the revealed) event
    let y = 38 + slot + 56;
    const done = obs.events_done || [];
    const revealed = obs.current_event ? done.find((e) => e.id === obs.current_event) : null;
    const last = revealed || done[done.length - 1];
    if (last) {
      const head = revealed ? K.t("Revealed now:") : K.t("Last event ({n} done):", { n: done.length });
      kids.push(txt(pad, y, head, { size: 12, fill: LIGHT_MUTED }));
      y += 18;
      kids.push(txt(pad, y, K.t(last.name), { size: 14.5, bold: true, fill: revealed ? HILITE : LIGHT, max: w - 2 * pad }));
      y += 17;
      const moves = eventMoves(last.text);
      const said = obs.event_cancelled && !revealed ? K.t("{moves} (cancelled by Safe Harbour)", { moves }) : moves;
      for (const line of wrap(said, 12.5, w - 2 * pad)) {
        kids.push(txt(pad, y, line, { size: 12.5, fill: LIGHT }));
        y += 16;
      }
    } else {
      kids.push(txt(pad, y, K.t("No event yet: the {ordinal} token reveals one.", { ordinal: ordinal(obs.design.event_tokens - 1) }),
        { size: 12.5, fill: LIGHT_MUTED, max: w - 2 * pad }));
      y += 16;
    }
    // the final round
    y += 6;
    const seq = [5, ...obs.final_dice].join(" → ");
    const note = obs.final_round ? K.t("Final round dice: {dice}", { dice: seq }) :
      K.t("After the last event: final round, {dice} dice", { dice: seq });
    const noteLines = wrap(note, 12, w - 2 * pad, { bold: obs.final_round });
    kids.push(S("text", { "font-size": 12, fill: obs.final_round ? "#ffb4a8" : LIGHT_MUTED,
      "font-weight": obs.final_round ? 700 : null, "data-final-dice": obs.final_dice.join(",") },
    ...noteLines.map((line, i) => S("tspan", { x: pad, y: y + i * 15 }, line))));
    y += 10 + (noteLines.length - 1) * 15;
    const h = Math.max(minH || 0, y + pad);
    kids.unshift(rect(0, 0, w, h, { fill: PANEL, stroke: PANEL_LINE, r: 10 }));
    return { node: S("g", { "data-section": "events" }, ...kids), h };
  }

  function corporationCard(view, obs, corp, cw, ctx) {
    const st = TYPE_STYLE[corp.type] || { c: "#555", light: "#eee" };
    const pad = 10;
    const oneLine = cw >= 280;
    const headH = oneLine ? 34 : 48;
    const n = corp.track.length;
    const s = Math.min(32, Math.floor((cw - 2 * pad - (n - 1) * 3) / n));
    const cap = obs.cap;
    const r = Math.max(6.5, Math.min(10, ((cw - 2 * pad - 64) / cap - 3) / 2));
    const ch = headH + 12 + s + 14 + 2 * r + 24;
    const target = ctx.corpTargets.get(corp.id);
    const kids = [];
    if (target) kids.push(rect(-4, -4, cw + 8, ch + 8, { stroke: HILITE, sw: 4, r: 13, cls: "gz-glow" }));
    kids.push(rect(0, 0, cw, ch, { fill: CARD, stroke: st.c, sw: 2, r: 10, cls: "gz-face" }));
    kids.push(S("path", { d: `M0 10 A10 10 0 0 1 10 0 H${cw - 10} A10 10 0 0 1 ${cw} 10 V${headH} H0 Z`, fill: st.c }));
    const typeLabel = typeWord(corp.type).toUpperCase();
    // a target shows what clicking does where the type label is (the colour still says it)
    const picked = sel.card ? sel.picks.filter((p) => p === corp.id).length : 0;
    const chip = target || picked;
    const tag = target ? target.label + (picked ? ` (${picked})` : "") : picked ? K.t("chosen ({n})", { n: picked }) : typeLabel;
    const tagW = chip ? measure(tag, 13, { bold: true }) + 18 : measure(tag, 11, { bold: true });
    const tagY = oneLine ? 6 : 26;
    if (chip) {
      kids.push(rect(cw - pad - tagW + 4, tagY, tagW, 22, { fill: target ? HILITE : "#ffffff", stroke: "#8d6a12", r: 11 }));
      kids.push(txt(cw - pad + 4 - tagW / 2, tagY + 15.5, tag, { size: 13, bold: true, anchor: "middle" }));
    } else {
      kids.push(txt(cw - pad, oneLine ? 22 : 39, typeLabel, { size: 11, bold: true, fill: "#fff",
        anchor: "end", opacity: 0.9, spacing: 0.8 }));
    }
    if (oneLine) {
      kids.push(txt(pad, 23, corp.name, { size: 16, bold: true, fill: "#fff", max: cw - 2 * pad - tagW - 12 }));
    } else {
      kids.push(txt(pad, 21, corp.name, { size: 15, bold: true, fill: "#fff", max: cw - 2 * pad }));
    }
    // the value track: every space, the white start space, the value marker
    const ty = headH + 12;
    const trackW = n * s + (n - 1) * 3;
    const tx = (cw - trackW) / 2;
    const spaces = [];
    corp.track.forEach((v, i) => {
      const x = tx + i * (s + 3);
      const start = i === corp.start;
      spaces.push(S("g", { class: "gz-space", "data-index": i, "data-start": start ? "1" : null },
        rect(x, ty, s, s, { fill: start ? "#ffffff" : st.light, stroke: start ? INK : "rgba(0,0,0,.18)",
          sw: start ? 2 : 1, r: 5 }),
        txt(x + s / 2, ty + s / 2 + s * 0.17, v, { size: s * 0.46, bold: start, anchor: "middle", fill: start ? INK : MUTED })));
    });
    kids.push(...spaces);
    const mx = tx + corp.position * (s + 3) + s / 2;
    kids.push(S("g", { class: "gz-marker", "data-position": corp.position, "data-value": corp.value },
      S("title", {}, K.t("value marker: {value} (start {start})", { value: corp.value, start: corp.track[corp.start] })),
      S("circle", { cx: mx, cy: ty + s / 2, r: s * 0.5, fill: "#111", stroke: HILITE, "stroke-width": 2.5 }),
      txt(mx, ty + s / 2 + s * 0.19, corp.value, { size: s * 0.54, bold: true, anchor: "middle", fill: "#fff" })));
    // the credits placed: one slot per credit up to the cap, filled in player colours
    const cy = ty + s + 14 + r;
    const slots = [];
    let k = 0;
    corp.credits.forEach((count, seat) => {
      for (let j = 0; j < count; j++) {
        slots.push(coin(pad + r + k * (2 * r + 3), cy, r, seat, { label: null, cls: "gz-credit",
          data: { "data-seat": seat }, title: count > 1 ? K.t("{player}: {n} credits", { player: view.names[seat], n: count }) :
            K.t("{player}: {n} credit", { player: view.names[seat], n: count }) }));
        k++;
      }
    });
    for (; k < cap; k++) {
      slots.push(S("circle", { cx: pad + r + k * (2 * r + 3), cy, r: r - 1, fill: "none", stroke: "rgba(0,0,0,.22)",
        "stroke-width": 1.2, "stroke-dasharray": "2 2" }));
    }
    kids.push(...slots);
    kids.push(txt(cw - pad, cy + 6, `${corp.total}/${cap}`, { size: 15, bold: true, anchor: "end",
      fill: corp.total >= cap ? "#b3261e" : INK, data: { "data-total": corp.total } }));
    // who holds what, in words, under the coins
    const holders = corp.credits.map((c, seat) => [c, seat]).filter(([c]) => c);
    let lx = pad;
    const ly = cy + r + 17;
    if (!holders.length) kids.push(txt(pad, ly, K.t("no credits yet"), { size: 12, fill: MUTED }));
    for (const [c, seat] of holders) {
      const label = `${view.names[seat]} ${c}`;
      const lw = Math.min(measure(label, 12, { bold: true }), cw / 2);
      if (lx + 14 + lw > cw - pad) break;
      kids.push(S("circle", { cx: lx + 5, cy: ly - 4, r: 5, fill: M.colour(seat) }));
      kids.push(txt(lx + 14, ly, label, { size: 12, bold: true, fill: INK, max: lw }));
      lx += 14 + lw + 12;
    }
    const attrs = { "data-corp": corp.id, "data-type": corp.type, "data-value": corp.value,
      "data-position": corp.position, opacity: !target && !picked && ctx.corpTargets.size ? 0.55 : null };
    const title = S("title", {}, K.t("{name} ({type}): value {value}, {total} of {cap} credits",
      { name: corp.name, type: typeWord(corp.type), value: corp.value, total: corp.total, cap }));
    const node = target
      ? clickable(S("g", { ...attrs, class: "gz-target", "aria-label": `${target.label}: ${corp.name}` }, title, ...kids), target.run)
      : S("g", attrs, title, ...kids);
    return { node, h: ch };
  }

  function marketSection(view, obs, w, narrow, ctx) {
    const cols = narrow ? 1 : w >= 900 ? 3 : 2;
    const gap = 12;
    const cw = (w - gap * (cols - 1)) / cols;
    const long = K.t("cap {cap} credits a corporation", { cap: obs.cap });
    const heading = K.t("The Gonza Index");
    const right = measure(heading.toUpperCase(), 13, { bold: true }) + 24 + measure(long, 13) < w ? long :
      K.t("cap {cap}", { cap: obs.cap });
    const kids = [sectionTitle(0, 14, heading, { x: w, text: right })];
    let y = 26;
    let rowH = 0;
    obs.corporations.forEach((corp, i) => {
      const card = corporationCard(view, obs, corp, cw, ctx);
      const col = i % cols;
      if (col === 0 && i) { y += rowH + gap; rowH = 0; }
      rowH = Math.max(rowH, card.h);
      kids.push(at(col * (cw + gap), y, card.node));
    });
    y += rowH;
    return { node: S("g", { "data-section": "market" }, ...kids), h: y };
  }

  function brokerCard(view, obs, card, bw, bh, ctx) {
    const pad = 10;
    const target = ctx.cardTargets.get(card.id);
    const kids = [];
    if (target) kids.push(rect(-4, -4, bw + 8, bh + 8, { stroke: HILITE, sw: 4, r: 13, cls: "gz-glow" }));
    kids.push(rect(0, 0, bw, bh, { fill: "#f7f1e3", stroke: "#7a5c1e", sw: 2, r: 10, cls: "gz-face" }));
    kids.push(S("path", { d: `M0 10 A10 10 0 0 1 10 0 H${bw - 10} A10 10 0 0 1 ${bw} 10 V30 H0 Z`, fill: "#2b2112" }));
    const aiW = card.ai ? 30 : 0;
    const name = K.t(card.name);
    kids.push(txt(pad, 21, name, { size: 14.5, bold: true, fill: "#f4e6c1", max: bw - 2 * pad - aiW }));
    if (card.ai) {
      kids.push(S("g", { "data-ai": "1" }, rect(bw - pad - 26, 7, 26, 17, { fill: "#37474f", stroke: "#90a4ae", r: 4 }),
        txt(bw - pad - 13, 20, K.t("AI"), { size: 11, bold: true, fill: "#fff", anchor: "middle" })));
    }
    kids.push(txt(pad, 47, whenText(card.when), { size: 11.5, bold: true,
      fill: card.when === "turn" ? "#2e6b3a" : card.when === "end" ? "#7a4f01" : "#7b2cbf", max: bw - 2 * pad }));
    let y = 64;
    for (const line of card.lines) {
      kids.push(txt(pad, y, line, { size: 12.5, fill: INK }));
      y += 16;
    }
    // the bids, in player colours
    const by = bh - 20;
    const bids = card.bids.map((b, seat) => [b, seat]).filter(([b]) => b);
    kids.push(S("line", { x1: pad, x2: bw - pad, y1: by - 18, y2: by - 18, stroke: "#d9cdb0" }));
    if (!bids.length) kids.push(txt(pad, by + 5, K.t("no bids"), { size: 12, fill: MUTED }));
    else kids.push(txt(pad, by + 5, K.t("bids"), { size: 12, fill: MUTED }));
    let bx = pad + 40;
    for (const [b, seat] of bids) {
      kids.push(coin(bx + 11, by, 11, seat, { label: b, cls: "gz-bid", data: { "data-seat": seat, "data-count": b },
        title: b > 1 ? K.t("{player}: {n} bids", { player: view.names[seat], n: b }) :
          K.t("{player}: {n} bid", { player: view.names[seat], n: b }) }));
      bx += 28;
    }
    if (target) {
      const lw = measure(target.label, 13, { bold: true }) + 18;
      kids.push(rect(bw - lw - 6, by - 11, lw, 22, { fill: HILITE, stroke: "#8d6a12", r: 11 }));
      kids.push(txt(bw - 6 - lw / 2, by + 4.5, target.label, { size: 13, bold: true, anchor: "middle" }));
    }
    const attrs = { "data-broker": card.id, opacity: !target && ctx.cardTargets.size ? 0.55 : null };
    const text = K.t(card.text);
    const title = S("title", {}, card.ai ? K.t("{card} (AI symbol): {text}", { card: name, text }) : `${name}: ${text}`);
    return target
      ? clickable(S("g", { ...attrs, class: "gz-target", "aria-label": `${target.label}: ${name}` }, title, ...kids), target.run)
      : S("g", attrs, title, ...kids);
  }

  function brokerSection(view, obs, w, narrow, ctx) {
    const cols = narrow ? 2 : w >= 900 ? 4 : 2;
    const gap = 12;
    const bw = (w - gap * (cols - 1)) / cols;
    const cards = obs.broker.map((c) => ({ ...c, lines: wrap(K.t(c.text), 12.5, bw - 20) }));
    const maxLines = Math.max(3, ...cards.map((c) => c.lines.length));
    const bh = 64 + maxLines * 16 + 44;
    const bottom = (obs.broker_deck_bottom || []).length;
    const short = K.t("deck {n}", { n: obs.broker_deck });
    let right = bottom ? K.t("deck {n} ({known} known at the bottom)", { n: obs.broker_deck, known: bottom }) : short;
    const heading = K.t("Broker cards");
    if (measure(heading.toUpperCase(), 13, { bold: true }) + 24 + measure(right, 13) > w) right = short;
    const kids = [sectionTitle(0, 14, heading, { x: w, text: right })];
    kids[0].setAttribute("data-broker-deck", obs.broker_deck);
    cards.forEach((c, i) => {
      const x = (i % cols) * (bw + gap);
      const y = 26 + Math.floor(i / cols) * (bh + gap);
      kids.push(at(x, y, brokerCard(view, obs, c, bw, bh, ctx)));
    });
    if (!cards.length) kids.push(txt(0, 46, K.t("No face-up broker cards."), { size: 13, fill: LIGHT_MUTED }));
    const rows = Math.max(1, Math.ceil(cards.length / cols));
    return { node: S("g", { "data-section": "broker" }, ...kids), h: 26 + rows * bh + (rows - 1) * gap };
  }

  // --------------------------------------------------------------- custom controls
  function fillControls(ui, ctx) {
    const box = ui.controls;
    if (!box) return;
    box.replaceChildren();
    if (!ctx.legal.length) return;
    const wrapBox = E("div", { class: "gz-controls" });
    if (ctx.hint) wrapBox.append(E("p", { class: "gz-hint" }, ctx.hint));
    const row = E("div", { class: "gz-row" });
    for (const b of ctx.buttons) {
      row.append(E("button", { class: b.primary ? "primary" : "", "data-gz": b.key, onclick: b.run }, b.label));
    }
    for (const b of ctx.extra) {
      row.append(E("button", { "data-gz": b.key, "data-choice": b.data, onclick: b.run }, b.label));
    }
    if (row.childNodes.length) wrapBox.append(row);
    box.append(wrapBox);
  }

  // ------------------------------------------------------------------------- draw
  // The drawing's width (its viewBox): laptop, tablet or phone, from the board's width.
  function pickWidth(ui) {
    const px = K.room(ui).width - 34;
    if (px < 520) return 360;
    if (px < 780) return 640;
    return 1000;
  }

  /** @param {View} view @param {RendererUi} ui @returns {Element} */
  function draw(view, ui) {
    const obs = view.observation;
    const key = selectionKey(view);
    if (sel.key !== key) sel = { key, dice: [], card: null, picks: [] };
    current = { view, ui, root: null, W: 0 };
    const W = pickWidth(ui);
    const narrow = W < 600;
    const pad = narrow ? 10 : 14;
    const inner = W - 2 * pad;
    const ctx = analyse(view, obs);
    const parts = [];
    let y = pad;
    const place = (sec, x = pad) => { parts.push(at(x, y, sec.node)); y += sec.h + (narrow ? 14 : 18); };
    place(statusLine(view, obs, inner));
    place(playersSection(view, obs, inner, narrow, ctx));
    if (narrow) {
      place(diceSection(view, obs, inner, ctx));
      place(eventsSection(view, obs, inner, ctx, 0));
    } else {
      const dw = Math.round(inner * (W >= 900 ? 0.58 : 0.56));
      const ew = inner - dw - 14;
      const dice = diceSection(view, obs, dw, ctx);
      const events = eventsSection(view, obs, ew, ctx, dice.h);
      if (events.h > dice.h) {
        // stretch the dice panel to the same height
        dice.node.firstElementChild.setAttribute("height", String(events.h));
      }
      parts.push(at(pad, y, dice.node));
      parts.push(at(pad + dw + 14, y, events.node));
      y += Math.max(dice.h, events.h) + 18;
    }
    place(marketSection(view, obs, inner, narrow, ctx));
    place(brokerSection(view, obs, inner, narrow, ctx));
    const H = y - (narrow ? 14 : 18) + pad;
    const svg = S("svg", {
      viewBox: `0 0 ${W} ${H}`, xmlns: "http://www.w3.org/2000/svg", "data-game": "gonza",
      "data-layout": narrow ? "phone" : W >= 900 ? "wide" : "medium", "font-family": K.theme.font,
      role: "img", "aria-label": K.t("Gonza Index table"),
    },
    S("defs", {},
      S("linearGradient", { id: "gz-bg", x1: 0, y1: 0, x2: 0, y2: 1 },
        S("stop", { offset: "0", "stop-color": "#1a2744" }),
        S("stop", { offset: "1", "stop-color": TABLE_TOP }))),
    rect(0, 0, W, H, { fill: "url(#gz-bg)", r: 12 }),
    ...parts);
    const root = E("div", { class: "gz-root", "data-width": W, "data-move": view.move_count }, svg);
    current.root = root;
    current.W = W;
    fillControls(ui, ctx);
    return root;
  }

  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (current && current.root && current.root.isConnected && pickWidth(current.ui) !== current.W) redraw();
    }, 150);
  });

  // The end screen's why: each seat's worth as the rulebook counts it (END OF THE GAME):
  // the credits in their supply, each corporation's credits x its value, and the broker
  // cards' end-game bonus (what is left of the score once the first two are counted).
  /** @param {View} view @returns {string[]} */
  function explainEnd(view) {
    const obs = view.observation;
    return (obs.players || []).map((p, s) => {
      const parts = [K.t("{n} in personal supply", { n: p.credits })];
      let sum = p.credits;
      for (const c of obs.corporations || []) {
        const k = c.credits[s];
        if (!k) continue;
        parts.push(`${c.name} ${k} × ${c.value} = ${k * c.value}`);
        sum += k * c.value;
      }
      const bonus = obs.scores[s] - sum;
      if (bonus) parts.push(K.t("broker cards {bonus}", { bonus: `${bonus > 0 ? "+" : ""}${bonus}` }));
      return K.t("{player}: {parts} = {score} credits", { player: view.names[s], parts: parts.join(" + "), score: obs.scores[s] });
    });
  }

  // The kinds of move this board offers itself: the page lists none of them again.
  const COVERS = ["reroll", "earn", "place", "up", "down", "bid", "event", "play", "end", "discard", "pass", "decide", "minister"];
  M.renderers.gonza = { draw, explainEnd, covers: COVERS };
})();
