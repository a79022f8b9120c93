// @ts-check
// Goodwill: the table drawn as SVG from the seat's observation only.
//
// Sections, top to bottom: the title with the year track and the steps of the year (the
// informations, two transactions and a boss replacement for each company, the events, the
// results); the decision under way (the secret price wheel, the partner choice, the boss
// proposal or the vote); this year's information pairs (face up only where this seat may
// look, backs elsewhere) and last year's events in the order they were played; the market
// shares (one bar summing to 100 %) and the three companies (capital, share value, market
// share, resource tokens, result at today's prices, boss, shareholders); the players (cash,
// shares, worth, who has decided, the revealed prices); the resource price board ($0-$25);
// the available bosses and the boss deck.  The layout is chosen from the width the board
// has (laptop, tablet, phone) and everything scales with a viewBox.
//
// Controls on the board: the price wheel (click a number, then "Set price"; - and + step
// it), a player to choose as a partner, an available boss to propose (or "Pass"), "Yes" /
// "No" on a vote.  ui.controls gets a slider for the secret price.  Each control sends the
// matching entry of ui.legal; the generic list of every legal action stays below.
(function () {
  "use strict";
  const M = window.Motherlode;
  const S = M.svg;
  const E = M.el;

  const K = M.kit.forGame("goodwill", "gw");
  const { measure, txt, wrap, at, rect, coin, clickable, svgButton } = K;

  const INK = K.theme.ink;
  const MUTED = "#6b6153";
  const PAPER = "#fbf6ea";
  const PAPER_DARK = "#f1e7cf";
  const PAPER_LINE = "#d6c59c";
  const FELT_TEXT = "#f5ecd4";
  const FELT_MUTED = "#b7c9b9";
  const FELT_LINE = "#3f6a55";
  const GOLD = "#d9ac2b";
  const HILITE = "#ffd23f";
  const GOOD = "#2e7d32";
  const BAD = "#b3261e";

  const COMPANY = {
    Amber: { c: "#e39b12", dark: "#8a5600", light: "#fdf0d4", ink: "#2b1a00" },
    Black: { c: "#2a2a30", dark: "#0e0e10", light: "#e8e8ec", ink: "#ffffff" },
    Crimson: { c: "#b3192c", dark: "#6e0c18", light: "#f9dfe2", ink: "#ffffff" },
  };
  const companyStyle = (name) => COMPANY[name] || { c: "#777", dark: "#333", light: "#eee", ink: "#fff" };
  const RESOURCE = {
    oil: { c: "#1f4e79" },
    coal: { c: "#3b3b3b" },
    workers: { c: "#a0522d" },
  };
  const resourceColour = (name) => (RESOURCE[name] || { c: "#555" }).c;
  /** @type {[RegExp, string, string][]} */
  const EVENT_KINDS = [
    [/^scandal/i, "scandal", "#7a1020"],
    [/^funding/i, "funding", "#2e7d32"],
    [/^tax/i, "tax", "#b3261e"],
    [/^innovation/i, "innovation", "#6a3fb5"],
    [/^efficiency/i, "efficiency", "#00796b"],
    [/^advertising/i, "advertising", "#c0620b"],
  ];
  const MAX_PRICE = 38;

  function eventKind(label) {
    for (const [re, kind, c] of EVENT_KINDS) if (re.test(label)) return { kind, c };
    return { kind: "price", c: "#2f5d8a" };
  }
  const pretty = (label) => String(label).replace(/ -(\d)/g, " −$1");
  // An event's label as the card prints it, in the page's language (the label's English
  // still says its kind: eventKind reads that one).
  const eventWords = (label) => pretty(K.t(label));
  // A boss's energy policy line ("oil -> coal"), its resources in the page's language.
  const policyWords = (line) => line.split("->").map((t) => K.t(t.trim())).join(" -> ");
  // Items joined by a connecting word of the catalog's ("A and B and C", "A, then B").
  const chain = (items, link) => items.reduceRight((rest, first) => (rest === null ? first : link(first, rest)), null) || "";
  const andList = (items) => chain(items, (first, rest) => K.t("{first} and {rest}", { first, rest }));
  const thenList = (items) => chain(items, (first, rest) => K.t("{first}, then {rest}", { first, rest }));

  // ------------------------------------------------------------------ selection state
  // The price the viewer has picked on the wheel but not yet sent; it lives until the
  // view moves on.
  let sel = { key: null, price: null };
  let current = null; // {view, ui, root, W}
  // the secret price's slider, its value and its button under the prompt (fillControls)
  let priceControls = { range: null, out: null, button: null };

  // ------------------------------------------------------------------------ helpers
  const shortName = (view, seat) => view.names[seat] || K.t("Player {n}", { n: seat + 1 });

  function panel(w, h, title, o = {}) {
    const kids = [rect(0, 0, w, h, { fill: PAPER, stroke: PAPER_LINE, sw: 1.5, r: 12 })];
    if (title) {
      if (o.right && measure(title.toUpperCase(), 13, { bold: true }) + 0.8 * title.length + measure(o.right, 12.5) + 36 > w) o.right = "";
      kids.push(S("path", { d: `M0 12 A12 12 0 0 1 12 0 H${w - 12} A12 12 0 0 1 ${w} 12 V32 H0 Z`,
        fill: o.band || "#2b2112" }));
      kids.push(txt(12, 21.5, title.toUpperCase(), { size: 13, bold: true, fill: o.bandInk || "#f4e6c1",
        spacing: 0.8, max: w - 24 - (o.right ? measure(o.right, 12.5) + 14 : 0) }));
      if (o.right) kids.push(txt(w - 12, 21.5, o.right, { size: 12.5, anchor: "end", fill: o.bandMuted || "#d9c58f" }));
    }
    return kids;
  }

  function sectionTitle(x, y, label, right, w) {
    return S("g", {},
      txt(x, y, label.toUpperCase(), { size: 13.5, bold: true, fill: FELT_TEXT, spacing: 1.2 }),
      right ? txt(x + w, y, right, { size: 12.5, anchor: "end", fill: FELT_MUTED,
        max: Math.max(40, w - measure(label, 13.5, { bold: true }) - 30) }) : null);
  }

  // ------------------------------------------------------------------------- icons
  function resourceIcon(name, cx, cy, r) {
    const k = r / 10;
    const t = `translate(${cx},${cy}) scale(${k})`;
    if (name === "oil") {
      return S("path", { transform: t, fill: "#ffffff",
        d: "M0 -7 C3 -2 5.5 0.5 5.5 3.2 A5.5 5.5 0 0 1 -5.5 3.2 C-5.5 0.5 -3 -2 0 -7 Z" });
    }
    if (name === "coal") {
      return S("path", { transform: t, fill: "#d9d9d9",
        d: "M-6 2 L-4 -4 L1 -6 L6 -3 L6.5 3 L2 6 L-4 5.5 Z M-2 -2 L1 -3.5 L3 -1 L0 0.5 Z",
        "fill-rule": "evenodd" });
    }
    return S("g", { transform: t, fill: "#ffffff" },
      S("circle", { cx: 0, cy: -3.2, r: 3 }),
      S("path", { d: "M-6 6.5 C-6 1.5 -3.5 0.5 0 0.5 C3.5 0.5 6 1.5 6 6.5 Z" }));
  }

  function token(name, cx, cy, r, o = {}) {
    return S("g", { ...(o.data || {}) },
      o.title ? S("title", {}, o.title) : null,
      S("circle", { cx, cy, r, fill: resourceColour(name), stroke: "rgba(0,0,0,.5)", "stroke-width": 1.2 }),
      S("circle", { cx, cy, r: r * 0.8, fill: "none", stroke: "rgba(255,255,255,.3)", "stroke-width": 1 }),
      resourceIcon(name, cx, cy, r));
  }

  function bulb(x, y, s, fill) {
    const k = s / 14;
    return S("g", { transform: `translate(${x},${y}) scale(${k})` },
      S("path", { d: "M7 0 A5.2 5.2 0 0 1 10.2 9.3 L10 11 H4 L3.8 9.3 A5.2 5.2 0 0 1 7 0 Z", fill }),
      S("rect", { x: 4.3, y: 11.6, width: 5.4, height: 2.2, rx: 0.8, fill }));
  }

  function lock(x, y, s, fill) {
    const k = s / 14;
    return S("g", { transform: `translate(${x},${y}) scale(${k})` },
      S("path", { d: "M3.5 7 V4.5 A3.5 3.5 0 0 1 10.5 4.5 V7", fill: "none", stroke: fill, "stroke-width": 2 }),
      S("rect", { x: 1.5, y: 7, width: 11, height: 7.5, rx: 1.5, fill }));
  }

  function pips(x, y, n, r, fill) {
    const out = [];
    for (let i = 0; i < 3; i++) {
      out.push(S("circle", { cx: x + r + i * (2 * r + 3), cy: y, r,
        fill: i < n ? fill : "none", stroke: i < n ? fill : "#b5a98c", "stroke-width": 1.3 }));
    }
    return out;
  }

  // --------------------------------------------------------------- legal actions
  function analyse(view) {
    const ctx = { prices: new Map(), partners: new Map(), proposals: new Map(), pass: null,
      votes: {}, any: view.legal.length > 0 };
    for (const item of view.legal) {
      const a = item.action;
      if (a.type === "price") ctx.prices.set(a.dollars, a);
      else if (a.type === "partner") ctx.partners.set(a.player - 1, a);
      else if (a.type === "propose") ctx.proposals.set(a.boss, a);
      else if (a.type === "pass") ctx.pass = a;
      else if (a.type === "vote") ctx.votes[a.yes ? "yes" : "no"] = a;
    }
    return ctx;
  }

  // One price decision (a company's transaction in a year): the picked price survives the
  // other players' commitments, which come in while one is still choosing.
  function selectionKey(view) {
    const o = view.observation;
    return `${view.table}|${view.seat}|${o.year}|${o.phase}|${o.company}|${o.transaction}`;
  }

  function shareValue(obs, name) {
    const comp = obs.companies.find((c) => c.name === name);
    return comp ? comp.share_value : 0;
  }

  function defaultPrice(obs) {
    return Math.max(0, Math.min(MAX_PRICE, shareValue(obs, obs.company)));
  }

  function setPrice(p, fromControls) {
    sel.price = Math.max(0, Math.min(MAX_PRICE, p));
    redraw();
    const { range, out, button } = priceControls;
    if (range && !fromControls) range.value = String(sel.price);
    if (out) out.textContent = `$${sel.price}`;
    if (button) button.textContent = K.t("Set secret price ${price}", { price: sel.price });
  }

  // Draw the board again in place (after a local choice or a resize); the controls stay.
  function redraw() {
    if (!current || !current.root || !current.root.isConnected) return;
    const old = current.root;
    const node = draw(current.view, current.ui, { keepControls: true });
    old.replaceWith(node);
  }

  function sendPrice(ctx, ui) {
    const action = ctx.prices.get(sel.price);
    if (action) ui.act(action);
  }

  // ------------------------------------------------------------------- year steps
  function steps(obs) {
    const items = [];
    const over = obs.over;
    const ci = obs.companies.findIndex((c) => c.name === obs.company);
    const transactions = obs.design.transactions_per_company;
    const stepOf = obs.phase === "price" || obs.phase === "partner" ? obs.transaction - 1 :
      obs.phase === "propose" || obs.phase === "vote" ? transactions : -1;
    items.push({ kind: "phase", key: "1 News", label: K.t("1 News"), state: "done",
      title: K.t("1 · the information cards are drawn") });
    obs.companies.forEach((c, i) => {
      const sub = [...Array(transactions + 1).keys()].map((k) => {
        let state = "todo";
        if (over || i < ci || (i === ci && k < stepOf)) state = "done";
        else if (i === ci && k === stepOf) state = "now";
        const boss = k >= transactions;
        return { key: boss ? "boss" : String(k + 1), label: boss ? K.t("boss") : String(k + 1), boss, state,
          title: boss ? K.t("{company}: replacing the boss", { company: c.name }) :
            K.t("{company}: transaction {number}", { company: c.name, number: k + 1 }) };
      });
      items.push({ kind: "company", name: c.name, bankrupt: c.bankrupt, sub });
    });
    items.push({ kind: "phase", key: "3 Events", label: K.t("3 Events"), state: over ? "done" : "todo",
      title: K.t("3 · the events are played") });
    items.push({ kind: "phase", key: "4 Results", label: K.t("4 Results"), state: over ? "done" : "todo",
      title: K.t("4 · the results") });
    return items;
  }

  function stepWidth(item) {
    if (item.kind === "phase") return measure(item.label, 12.5, { bold: true }) + 20;
    // the name, then each sub-step (a transaction 22 wide, the boss 42) and a gap of 2 after each
    return measure(item.name, 12.5, { bold: true }) + 16 + 4 +
      item.sub.reduce((sum, s) => sum + (s.boss ? 42 : 22) + 2, 0) + 2;
  }

  function stepNode(item, h) {
    const w = stepWidth(item);
    if (item.kind === "phase") {
      const fill = item.state === "done" ? "rgba(255,255,255,.12)" : "none";
      return S("g", { "data-step": item.key },
        S("title", {}, item.title),
        rect(0, 0, w, h, { fill, stroke: FELT_LINE, sw: 1.2, r: h / 2 }),
        txt(w / 2, h / 2 + 4.5, item.label, { size: 12.5, bold: true, anchor: "middle",
          fill: item.state === "done" ? FELT_MUTED : FELT_TEXT }));
    }
    const st = companyStyle(item.name);
    const kids = [rect(0, 0, w, h, { fill: "rgba(0,0,0,.18)", stroke: FELT_LINE, sw: 1.2, r: h / 2 })];
    const nameW = measure(item.name, 12.5, { bold: true }) + 16;
    kids.push(rect(0, 0, nameW, h, { fill: st.c, r: h / 2 }));
    kids.push(txt(nameW / 2, h / 2 + 4.5, item.name, { size: 12.5, bold: true, anchor: "middle", fill: st.ink,
      strike: item.bankrupt }));
    let x = nameW + 4;
    for (const s of item.sub) {
      const sw = s.boss ? 42 : 22;
      const now = s.state === "now";
      kids.push(S("g", { "data-substep": `${item.name}-${s.key}`, "data-state": s.state },
        S("title", {}, s.title),
        rect(x, 3, sw, h - 6, { fill: now ? HILITE : s.state === "done" ? "rgba(255,255,255,.22)" : "none",
          stroke: now ? "#8d6a12" : "rgba(255,255,255,.25)", sw: 1, r: (h - 6) / 2 }),
        txt(x + sw / 2, h / 2 + 4.2, s.label, { size: 11.5, bold: now, anchor: "middle",
          fill: now ? INK : s.state === "done" ? FELT_MUTED : FELT_TEXT })));
      x += sw + 2;
    }
    return S("g", { "data-step": item.name }, ...kids);
  }

  // What the game waits for (the observation's asking, in the page's language).
  function asking(view, obs) {
    const company = obs.company;
    const who = () => shortName(view, (obs.pending || [])[0]);
    switch (obs.phase) {
      case "price":
        return K.t("everyone sets a price for {company} (transaction {number})", { company, number: obs.transaction });
      case "partner":
        return K.t("{player} chooses a partner", { player: who() });
      case "propose":
        return K.t("{player} may propose a new boss for {company}", { player: who(), company });
      case "vote":
        return K.t("the shareholders of {company} vote", { company });
      case "over":
        return K.t("the game is over");
      default:
        return obs.asking || "";
    }
  }

  function statusText(view, obs) {
    const name = (s) => shortName(view, s);
    switch (obs.phase) {
      case "price":
        return K.t("Everyone sets a secret price for one {company} share (transaction {number} of {count})",
          { company: obs.company, number: obs.transaction, count: obs.design.transactions_per_company });
      case "partner": {
        const pc = obs.partner_choice;
        if (!pc) return asking(view, obs);
        const params = { player: name(pc.chooser), price: pc.price, company: obs.company };
        return pc.chooses === "seller" ? K.t("{player} chooses a seller at ${price} ({company})", params) :
          K.t("{player} chooses a buyer at ${price} ({company})", params);
      }
      case "propose":
        return K.t("{player} may propose a new boss for {company}", { player: name(obs.pending[0]), company: obs.company });
      case "vote":
        return obs.proposal ? K.t("{company}'s shareholders vote on {boss} as the new boss",
          { company: obs.company, boss: obs.proposal.boss.name }) : asking(view, obs);
      case "over":
        return K.t("The game is over: the richest player wins");
      default:
        return asking(view, obs);
    }
  }

  function header(view, obs, w, narrow) {
    const kids = [];
    const years = [];
    for (let y = obs.first_year; y <= obs.last_year; y++) years.push(y);
    const titleSize = narrow ? 22 : 26;
    const gameTitle = K.t("GOODWILL");
    kids.push(txt(0, 26, gameTitle, { size: titleSize, bold: true, serif: true, fill: FELT_TEXT, spacing: 2.5 }));
    // the viewer
    const me = view.seat;
    const who = me === null || me === undefined ? K.t("watching") : K.t("you are {player}", { player: shortName(view, me) });
    const whoW = measure(who, 13, { bold: true }) + (me === null || me === undefined ? 18 : 40);
    const whoX = w - whoW;
    kids.push(S("g", { "data-viewer": me === null || me === undefined ? "spectator" : me },
      rect(whoX, 6, whoW, 28, { fill: "rgba(0,0,0,.25)", stroke: me === null || me === undefined ? FELT_LINE : GOLD, sw: 1.5, r: 14 }),
      me === null || me === undefined ? null : coin(whoX + 16, 20, 9, me),
      txt(whoX + (me === null || me === undefined ? 9 : 31), 25, who, { size: 13, bold: true, fill: FELT_TEXT })));
    // the year track
    const yearsX = narrow ? 0 : measure(gameTitle, titleSize, { bold: true, serif: true }) + 2.5 * gameTitle.length + 22;
    const yearsY = narrow ? 44 : 4;
    const room = (narrow ? w : whoX - 16 - yearsX);
    const bw = Math.min(58, (room - (years.length - 1) * 4) / years.length);
    const track = years.map((y, i) => {
      const now = y === obs.year && !obs.over;
      const past = y < obs.year || obs.over;
      return S("g", { "data-year": y, "data-current": now ? "true" : null },
        rect(i * (bw + 4), 0, bw, 30, { fill: now ? GOLD : past ? "rgba(255,255,255,.14)" : "none",
          stroke: now ? "#8d6a12" : FELT_LINE, sw: 1.4, r: 6 }),
        txt(i * (bw + 4) + bw / 2, 20, y, { size: bw < 44 ? 12 : 13.5, bold: now, anchor: "middle",
          fill: now ? INK : past ? FELT_MUTED : FELT_TEXT }));
    });
    kids.push(S("g", { transform: `translate(${yearsX},${yearsY})`, "data-section": "years" }, ...track));
    // the steps of the year
    let y = narrow ? yearsY + 42 : 46;
    const h = 26;
    let x = 0;
    const rows = [];
    let row = [];
    for (const item of steps(obs)) {
      const sw = stepWidth(item);
      if (x + sw > w && row.length) { rows.push(row); row = []; x = 0; }
      row.push({ item, x });
      x += sw + 8;
    }
    if (row.length) rows.push(row);
    const stepKids = [];
    rows.forEach((r, i) => {
      for (const { item, x: sx } of r) stepKids.push(at(sx, i * (h + 6), stepNode(item, h)));
    });
    kids.push(at(0, y, S("g", { "data-section": "steps" }, ...stepKids)));
    y += rows.length * (h + 6) + 6;
    // what happens now
    const lines = wrap(statusText(view, obs), narrow ? 15 : 16, w, { bold: true });
    lines.forEach((line, i) => {
      kids.push(txt(0, y + 18 + i * 21, line, { size: narrow ? 15 : 16, bold: true, fill: HILITE,
        data: i === 0 ? { "data-status": "1" } : {} }));
    });
    y += lines.length * 21 + 6;
    return { node: S("g", { "data-section": "header" }, ...kids), h: y };
  }

  // ------------------------------------------------------------------- boss cards
  // A boss card: name and salary, the three marks, the energy policy, dividends.
  function policyLine(x, y, line, r) {
    const [give, use] = line.split("->").map((t) => t.trim());
    return S("g", { "data-policy": line },
      token(give, x + r, y, r, { title: K.t(give) }),
      txt(x + 2 * r + 9, y + 4.5, "→", { size: 13, bold: true, anchor: "middle", fill: INK }),
      token(use, x + 2 * r + 18 + r, y, r, { title: K.t(use) }));
  }
  const POLICY_W = (r) => 4 * r + 18;

  function bossCard(boss, w, o = {}) {
    const compact = w < 220;
    const h = bossHeight(w);
    const kids = [];
    if (o.glow) kids.push(rect(-4, -4, w + 8, h + 8, { stroke: HILITE, sw: 4, r: 13, cls: "gw-glow" }));
    kids.push(rect(0, 0, w, h, { fill: "#fffdf6", stroke: o.stroke || "#8c7442", sw: o.stroke ? 2.5 : 1.5, r: 9, cls: "gw-face" }));
    kids.push(S("path", { d: `M0 9 A9 9 0 0 1 9 0 H${w - 9} A9 9 0 0 1 ${w} 9 V28 H0 Z`, fill: "#3a2c17" }));
    const salary = `$${boss.salary}`;
    const marks = [["innovation", K.t("Innovation"), K.t("Innov.")], ["efficiency", K.t("Efficiency"), K.t("Effic.")],
      ["advertising", K.t("Advertising"), K.t("Advert.")]];
    const policy = boss.policy || [];
    let y;
    if (compact) {
      kids.push(txt(8, 19.5, boss.name, { size: 14, bold: true, serif: true, fill: "#f6e7bd", max: w - 16 }));
      kids.push(txt(8, 46, K.t("salary"), { size: 12, fill: MUTED }));
      kids.push(txt(w - 8, 46, salary, { size: 14, bold: true, anchor: "end", data: { "data-salary": boss.salary } }));
      y = 65;
      for (const [key, , short] of marks) {
        kids.push(txt(8, y, short, { size: 11.5, fill: MUTED, max: w - 56 }));
        kids.push(...pips(w - 8 - 3 * 10 - 6, y - 4.5, boss[key], 4.5, "#3a2c17"));
        y += 17;
      }
      y += 8;
      if (policy.length) {
        kids.push(bulb(6, y - 7, 13, "#c99a06"));
        policy.forEach((line, i) => kids.push(policyLine(24, y + i * 19, line, 7.5)));
      } else {
        kids.push(txt(8, y + 4, K.t("no policy"), { size: 11.5, fill: MUTED, italic: true }));
      }
    } else {
      const salW = measure(salary, 13, { bold: true }) + 12;
      kids.push(txt(8, 19.5, boss.name, { size: 15, bold: true, serif: true, fill: "#f6e7bd", max: w - 20 - salW }));
      kids.push(rect(w - salW - 5, 5, salW, 18, { fill: "#f6e7bd", r: 9 }));
      kids.push(txt(w - 5 - salW / 2, 18.5, salary, { size: 13, bold: true, anchor: "middle", data: { "data-salary": boss.salary } }));
      const cw = (w - 16) / 3;
      marks.forEach(([key, long], i) => {
        kids.push(txt(8 + i * cw, 44, long, { size: 11.5, fill: MUTED, max: cw - 4 }));
        kids.push(...pips(8 + i * cw, 58, boss[key], 5.5, "#3a2c17"));
      });
      y = 86;
      if (policy.length) {
        kids.push(bulb(7, y - 7, 14, "#c99a06"));
        let x = 26;
        const then = K.t("then");
        policy.forEach((line, i) => {
          if (i) { kids.push(txt(x + 4, y + 4, then, { size: 11.5, fill: MUTED })); x += 38; }
          kids.push(policyLine(x, y, line, 8));
          x += POLICY_W(8) + 8;
        });
      } else {
        kids.push(txt(8, y + 4, K.t("no energy policy"), { size: 11.5, fill: MUTED, italic: true }));
      }
    }
    if (boss.dividends) {
      const label = K.t("$ dividends");
      const dw = measure(label, 11.5, { bold: true }) + 14;
      const dx = compact ? 6 : w - dw - 6;
      const dy = h - 21;
      kids.push(rect(dx, dy, dw, 16, { fill: "#dcefdc", stroke: GOOD, sw: 1, r: 8 }));
      kids.push(txt(dx + dw / 2, dy + 12, label, { size: 11.5, bold: true, anchor: "middle", fill: GOOD, max: dw - 8 }));
    }
    if (o.badge) {
      const bw2 = measure(o.badge, 12.5, { bold: true }) + 18;
      kids.push(rect(w / 2 - bw2 / 2, -11, bw2, 21, { fill: HILITE, stroke: "#8d6a12", r: 10.5 }));
      kids.push(txt(w / 2, 4, o.badge, { size: 12.5, bold: true, anchor: "middle" }));
    }
    const card = K.t("{boss}: salary ${salary}, innovation {innovation}, efficiency {efficiency}, advertising {advertising}",
      { boss: boss.name, salary: boss.salary, innovation: boss.innovation, efficiency: boss.efficiency,
        advertising: boss.advertising });
    const policyText = policy.length ? K.t("energy policy {lines}", { lines: thenList(policy.map(policyWords)) }) :
      K.t("no energy policy");
    const title = boss.dividends ? K.t("{card}; {policy}; gives dividends", { card, policy: policyText }) :
      `${card}; ${policyText}`;
    const attrs = { "data-boss": boss.name, ...(o.data || {}) };
    const badge = o.badge || K.t("choose");
    const node = o.run
      ? clickable(S("g", { ...attrs, class: "gw-target", "aria-label": `${badge} ${boss.name}` }, S("title", {}, title), ...kids), o.run)
      : S("g", attrs, S("title", {}, title), ...kids);
    return { node, h };
  }

  function bossHeight(w) { return w < 220 ? 180 : 118; }

  // ----------------------------------------------------------------- the decision
  function playerChips(view, obs, w, seats, status) {
    const n = seats.length;
    const cw = Math.min(78, w / Math.max(1, n));
    const kids = [];
    seats.forEach((seat, i) => {
      const cx = i * cw + cw / 2;
      const st = status(seat);
      kids.push(S("g", { "data-chip": seat, "data-state": st.state },
        S("title", {}, `${shortName(view, seat)}: ${st.text}`),
        coin(cx, 14, 13, seat, { me: seat === view.seat }),
        st.state === "done" ? S("g", {},
          S("circle", { cx: cx + 11, cy: 4, r: 7.5, fill: GOOD, stroke: "#fff", "stroke-width": 1.5 }),
          S("path", { d: `M${cx + 7.5} ${4} l2.5 2.6 l4.5 -5`, fill: "none", stroke: "#fff", "stroke-width": 2 })) : null,
        txt(cx, 44, st.text, { size: 11.5, anchor: "middle", fill: st.state === "done" ? GOOD : MUTED,
          bold: st.state === "done", max: cw - 4 })));
    });
    return { node: S("g", {}, ...kids), h: 50 };
  }

  function priceWheel(view, obs, R, ctx, ui) {
    const me = view.seat;
    const active = ctx.prices.size > 0;
    const mine = obs.my_commitment && obs.my_commitment.type === "price" ? obs.my_commitment.dollars : null;
    const chosen = active ? sel.price : mine;
    const value = shareValue(obs, obs.company);
    const r0 = R - 36;
    const n = MAX_PRICE + 1;
    const step = (2 * Math.PI) / n;
    const pt = (r, a) => `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
    const kids = [
      S("circle", { cx: 0, cy: 0, r: R + 5, fill: "#3a2c17" }),
      S("circle", { cx: 0, cy: 0, r: R + 1, fill: "#c8b27a" }),
    ];
    for (let p = 0; p < n; p++) {
      const mid = -Math.PI / 2 + p * step;
      const a0 = mid - step / 2 + 0.004;
      const a1 = mid + step / 2 - 0.004;
      const isChosen = chosen === p;
      const fill = isChosen ? (active ? HILITE : GOLD) : p % 5 === 0 ? "#efe2bf" : "#faf3e0";
      const d = `M${pt(R, a0)} A${R} ${R} 0 0 1 ${pt(R, a1)} L${pt(r0, a1)} A${r0} ${r0} 0 0 0 ${pt(r0, a0)} Z`;
      const lr = (R + r0) / 2;
      const lx = lr * Math.cos(mid);
      const ly = lr * Math.sin(mid);
      const seg = [
        S("path", { d, fill, stroke: "#b39a5f", "stroke-width": 0.8, class: "gw-face" }),
        txt(lx, ly + 4.3, p, { size: R >= 125 ? 12.5 : 12, bold: isChosen || p % 5 === 0, anchor: "middle",
          fill: isChosen ? INK : p % 5 === 0 ? INK : "#5a4f3c" }),
      ];
      if (p === value) {
        const vr = R + 0.5;
        seg.push(S("path", { d: `M${pt(vr, mid - 0.05)} L${pt(vr - 7, mid)} L${pt(vr, mid + 0.05)} Z`, fill: BAD }));
      }
      const attrs = { "data-wheel-price": p, "data-chosen": isChosen ? "true" : null };
      kids.push(active
        ? clickable(S("g", { ...attrs, "aria-label": K.t("price {price}", { price: p }) }, ...seg), () => setPrice(p))
        : S("g", attrs, ...seg));
    }
    // the hub
    kids.push(S("circle", { cx: 0, cy: 0, r: r0 - 3, fill: "#2b2112", stroke: "#c8b27a", "stroke-width": 2 }));
    if (active) {
      kids.push(txt(0, -34, K.t("YOUR SECRET PRICE"), { size: 10.5, bold: true, anchor: "middle", fill: "#d9c58f", spacing: 0.6 }));
      kids.push(txt(0, 4, `$${sel.price}`, { size: 32, bold: true, serif: true, anchor: "middle", fill: FELT_TEXT,
        data: { "data-picked-price": sel.price } }));
      const stepBtn = (x, label, delta) => clickable(
        S("g", { "data-price-step": delta, "aria-label": delta < 0 ? K.t("lower price") : K.t("higher price") },
          S("circle", { cx: x, cy: -7, r: 14, fill: "#f3e7c4", stroke: "#b89a52", "stroke-width": 1.4, class: "gw-face" }),
          txt(x, -1, label, { size: 18, bold: true, anchor: "middle" })),
        () => setPrice(sel.price + delta));
      kids.push(stepBtn(-r0 + 24, "−", -1), stepBtn(r0 - 24, "+", 1));
      const b = svgButton(-52, 16, K.t("Set price"), () => sendPrice(ctx, ui),
        { primary: true, w: 104, h: 34, size: 14.5, data: { "data-set-price": sel.price } });
      kids.push(b.node);
    } else if (mine !== null) {
      kids.push(lock(-7, -44, 14, "#d9c58f"));
      kids.push(txt(0, 4, `$${mine}`, { size: 32, bold: true, serif: true, anchor: "middle", fill: FELT_TEXT,
        data: { "data-my-price": mine } }));
      kids.push(txt(0, 26, K.t("your price is set"), { size: 11.5, anchor: "middle", fill: "#d9c58f" }));
      kids.push(txt(0, 41, K.t("only you can see it"), { size: 11.5, anchor: "middle", fill: "#d9c58f" }));
    } else {
      kids.push(lock(-7, -44, 14, "#d9c58f"));
      kids.push(txt(0, 6, "?", { size: 34, bold: true, serif: true, anchor: "middle", fill: FELT_TEXT }));
      kids.push(txt(0, 28, me === null || me === undefined ? K.t("prices are secret") : K.t("not your decision"),
        { size: 11.5, anchor: "middle", fill: "#d9c58f" }));
    }
    return S("g", { "data-wheel": active ? "active" : "locked" }, ...kids);
  }

  function lastReveal(view, obs, w, size) {
    const last = obs.last_transaction;
    if (!last) return { node: S("g", {}), h: 0 };
    const prices = last.prices.map((p, s) => `${shortName(view, s)} $${p}`).join(", ");
    let text;
    if (last.price === null || last.price === undefined) {
      text = K.t("Last reveal: {prices} · no share changed hands", { prices });
    } else if (last.trades.length) {
      const trades = last.trades.map(([b, s]) =>
        K.t("{buyer} bought from {seller}", { buyer: shortName(view, b), seller: shortName(view, s) })).join(", ");
      text = K.t("Last reveal: {prices} · average ${price}: {trades}", { prices, price: last.price, trades });
    } else {
      text = K.t("Last reveal: {prices} · average ${price}", { prices, price: last.price });
    }
    const lines = wrap(text, size, w);
    const kids = lines.map((l, i) => txt(0, 14 + i * (size + 5), l, { size, fill: MUTED }));
    return { node: S("g", { "data-last-reveal": "1" }, ...kids), h: lines.length * (size + 5) + 4 };
  }

  function decisionPanel(view, obs, w, narrow, ctx, ui) {
    const phase = obs.phase;
    const pad = 12;
    const inner = w - 2 * pad;
    const body = [];
    let y = 44;
    let title = "";
    let right = "";
    const st = companyStyle(obs.company);
    const band = obs.company ? st.c : "#2b2112";
    const bandInk = obs.company ? st.ink : "#f4e6c1";
    if (phase === "price") {
      title = K.t("Secret price · {company}", { company: obs.company });
      right = K.t("transaction {number}/{count}", { number: obs.transaction, count: obs.design.transactions_per_company });
      const R = narrow ? Math.min(138, inner / 2 - 6) : Math.min(126, inner / 2 - 6);
      body.push(at(w / 2, y + R + 6, priceWheel(view, obs, R, ctx, ui)));
      y += 2 * R + 18;
      const comp = obs.companies.find((c) => c.name === obs.company);
      const held = view.seat === null || view.seat === undefined ? null : obs.players[view.seat].shares[obs.company];
      const note = held === null ? K.t("Book value ${value} a share (▲ on the wheel)", { value: comp.share_value }) :
        K.t("Book value ${value} a share (▲ on the wheel) · you hold {held}", { value: comp.share_value, held });
      body.push(txt(w / 2, y + 4, note, { size: 12.5, anchor: "middle", fill: MUTED, max: inner }));
      y += 16;
      const chips = playerChips(view, obs, inner, obs.players.map((_, s) => s), (s) =>
        obs.committed.includes(s) ? { state: "done", text: K.t("price set") } :
          obs.pending.includes(s) ? { state: "wait", text: K.t("deciding…") } : { state: "", text: "" });
      body.push(at(pad + (inner - Math.min(78, inner / obs.players.length) * obs.players.length) / 2, y + 8, chips.node));
      y += chips.h + 14;
    } else if (phase === "partner" && obs.partner_choice) {
      const pc = obs.partner_choice;
      title = K.t("Special situation · {company}", { company: obs.company });
      right = K.t("${price} a share", { price: pc.price });
      const mine = ctx.partners.size > 0;
      const seller = pc.chooses === "seller";
      const said = { price: pc.price, player: shortName(view, pc.chooser) };
      const text = mine
        ? seller ? K.t("Choose the seller you trade with at ${price}: click a player.", said) :
          K.t("Choose the buyer you trade with at ${price}: click a player.", said)
        : seller ? K.t("{player} chooses the seller to trade with at ${price}.", said) :
          K.t("{player} chooses the buyer to trade with at ${price}.", said);
      for (const line of wrap(text, 14, inner, { bold: mine })) { body.push(txt(pad, y + 8, line, { size: 14, bold: mine })); y += 19; }
      y += 8;
      const cw = Math.min(inner, mine ? 150 : 130);
      const perRow = Math.max(1, Math.floor((inner + 10) / (cw + 10)));
      pc.candidates.forEach((seat, i) => {
        const x = pad + (i % perRow) * (cw + 10);
        const yy = y + Math.floor(i / perRow) * 58;
        const action = ctx.partners.get(seat);
        const kids = [
          action ? rect(-3, -3, cw + 6, 54, { stroke: HILITE, sw: 3.5, r: 11, cls: "gw-glow" }) : null,
          rect(0, 0, cw, 48, { fill: action ? "#fff6d6" : PAPER_DARK, stroke: action ? "#8d6a12" : PAPER_LINE, sw: 1.5, r: 9, cls: "gw-face" }),
          coin(24, 24, 15, seat, { me: seat === view.seat }),
          txt(46, 21, shortName(view, seat), { size: 13.5, bold: true, max: cw - 52 }),
          txt(46, 38, K.t("${cash} · {n} shares", { cash: obs.players[seat].cash, n: obs.players[seat].shares[obs.company] }),
            { size: 11.5, fill: MUTED, max: cw - 52 }),
        ];
        const attrs = { "data-candidate": seat };
        const choose = K.t("choose {player}", { player: shortName(view, seat) });
        body.push(at(x, yy, action
          ? clickable(S("g", { ...attrs, "data-partner": seat, class: "gw-target", "aria-label": choose }, ...kids), () => ui.act(action))
          : S("g", attrs, ...kids)));
      });
      y += Math.ceil(pc.candidates.length / perRow) * 58 + 6;
      const waiting = pc.waiting.length ? K.t("Then: {players}", { players: pc.waiting.map((s) => shortName(view, s)).join(", ") }) : "";
      if (waiting) { body.push(txt(pad, y + 8, waiting, { size: 12.5, fill: MUTED, max: inner })); y += 20; }
    } else if (phase === "propose") {
      const proposer = obs.pending[0];
      title = K.t("Replace the boss · {company}", { company: obs.company });
      right = K.t("{n} yes votes to pass", { n: obs.vote_threshold });
      const comp = obs.companies.find((c) => c.name === obs.company);
      const mine = ctx.proposals.size > 0 || ctx.pass;
      const text = mine
        ? K.t("You may propose a new boss for {company}: click one of the available bosses, or pass.", { company: obs.company })
        : K.t("{player} may propose one of the available bosses for {company}.",
          { player: shortName(view, proposer), company: obs.company });
      for (const line of wrap(text, 14, inner, { bold: !!mine })) { body.push(txt(pad, y + 8, line, { size: 14, bold: !!mine })); y += 19; }
      y += 6;
      body.push(txt(pad, y + 8, comp.boss ? K.t("Now running {company}: {boss}", { company: obs.company, boss: comp.boss.name }) :
        K.t("{company} has no boss", { company: obs.company }),
        { size: 12.5, fill: MUTED }));
      y += 26;
      const n = obs.available_bosses.length;
      const gap = 8;
      const cw = (inner - gap * (n - 1)) / Math.max(1, n);
      const bh = bossHeight(cw);
      obs.available_bosses.forEach((boss, i) => {
        const action = ctx.proposals.get(boss.name);
        const card = bossCard(boss, cw, { glow: !!action, badge: action ? K.t("propose") : null,
          run: action ? () => ui.act(action) : null, data: { "data-propose": action ? boss.name : null } });
        body.push(at(pad + i * (cw + gap), y + 6, card.node));
      });
      y += bh + 14;
      if (ctx.pass) {
        const b = svgButton(pad, y, K.t("Pass: keep the boss"), () => ui.act(ctx.pass), { data: { "data-pass": "1" } });
        body.push(b.node);
        y += b.h + 10;
      }
    } else if (phase === "vote" && obs.proposal) {
      const pr = obs.proposal;
      title = K.t("Vote · {company}", { company: obs.company });
      right = K.t("{n} yes needed", { n: obs.vote_threshold });
      const comp = obs.companies.find((c) => c.name === obs.company);
      body.push(txt(pad, y + 8, K.t("{player} proposes {boss}; one vote per share.", { player: shortName(view, pr.proposer), boss: pr.boss.name }),
        { size: 14, bold: true, max: inner }));
      y += 20;
      const gap = 10;
      const cw = (inner - gap) / 2;
      const bh = bossHeight(cw);
      body.push(txt(pad, y + 10, K.t("PROPOSED"), { size: 11, bold: true, fill: MUTED, spacing: 0.6 }));
      body.push(txt(pad + cw + gap, y + 10, K.t("NOW"), { size: 11, bold: true, fill: MUTED, spacing: 0.6 }));
      y += 16;
      body.push(at(pad, y, bossCard(pr.boss, cw, { stroke: "#8d6a12", data: { "data-proposed": pr.boss.name } }).node));
      if (comp.boss) body.push(at(pad + cw + gap, y, bossCard(comp.boss, cw).node));
      else {
        body.push(rect(pad + cw + gap, y, cw, bh, { fill: PAPER_DARK, stroke: PAPER_LINE, dash: "5 4", r: 9 }));
        body.push(txt(pad + cw + gap + cw / 2, y + bh / 2 + 5, K.t("no boss"), { size: 13, anchor: "middle", fill: MUTED }));
      }
      y += bh + 12;
      const voters = Object.keys(pr.voters).map(Number);
      const chips = playerChips(view, obs, inner, voters, (s) => {
        const n = pr.voters[String(s)];
        const votes = n === 1 ? K.t("{n} vote", { n }) : K.t("{n} votes", { n });
        return {
          state: obs.committed.includes(s) ? "done" : obs.pending.includes(s) ? "wait" : "",
          text: obs.committed.includes(s) ? `${votes} ✓` : votes,
        };
      });
      body.push(at(pad, y, chips.node));
      y += chips.h + 8;
      const mine = obs.my_commitment && obs.my_commitment.type === "vote" ? obs.my_commitment.yes : null;
      if (ctx.votes.yes || ctx.votes.no) {
        const bw = (inner - 10) / 2;
        const yes = svgButton(pad, y, K.t("Vote yes"), () => ui.act(ctx.votes.yes),
          { w: bw, h: 44, size: 16, fill: "#d8efd9", stroke: GOOD, ink: "#1b5e20", data: { "data-vote": "yes" } });
        const no = svgButton(pad + bw + 10, y, K.t("Vote no"), () => ui.act(ctx.votes.no),
          { w: bw, h: 44, size: 16, fill: "#f8dcd9", stroke: BAD, ink: "#8c1d18", data: { "data-vote": "no" } });
        body.push(yes.node, no.node);
        y += 54;
      } else if (mine !== null) {
        body.push(S("g", { "data-my-vote": mine ? "yes" : "no" },
          lock(pad, y + 1, 14, MUTED),
          txt(pad + 22, y + 14, mine ? K.t("Your vote: yes (hidden until everyone has voted)") :
            K.t("Your vote: no (hidden until everyone has voted)"),
            { size: 13.5, bold: true, max: inner - 22 })));
        y += 26;
      }
    } else if (phase === "over") {
      title = K.t("Final ranking");
      right = obs.options && obs.options.cash_only ? K.t("cash only") : K.t("cash + shares");
      (obs.ranking || []).forEach((group, place) => {
        for (const seat of group) {
          body.push(S("g", { "data-rank": place + 1, "data-seat": seat },
            txt(pad, y + 14, `${place + 1}.`, { size: 16, bold: true, serif: true }),
            coin(pad + 40, y + 9, 12, seat, { me: seat === view.seat }),
            txt(pad + 60, y + 14, shortName(view, seat), { size: 15, bold: place === 0, max: inner - 140 }),
            txt(w - pad, y + 14, `$${Math.round(obs.scores[seat])}`, { size: 16, bold: true, anchor: "end" })));
          y += 30;
        }
      });
      y += 4;
    } else {
      title = K.t("Waiting");
      body.push(txt(pad, y + 8, asking(view, obs), { size: 14 }));
      y += 24;
    }
    if (obs.last_vote && (phase === "propose" || phase === "vote" || phase === "over")) {
      const lv = obs.last_vote;
      const ayes = lv.voted_yes.map((s) => shortName(view, s)).join(", ") || K.t("nobody");
      const said = { boss: lv.boss, yes: lv.yes, players: ayes };
      const line = lv.passed ? K.t("Last vote: {boss}, {yes} yes ({players}) · passed", said) :
        K.t("Last vote: {boss}, {yes} yes ({players}) · failed", said);
      for (const l of wrap(line, 12.5, inner)) { body.push(txt(pad, y + 10, l, { size: 12.5, fill: MUTED })); y += 17; }
      y += 2;
    }
    if (phase !== "over") {
      const rev = lastReveal(view, obs, inner, 12.5);
      body.push(at(pad, y - 2, rev.node));
      y += rev.h;
    }
    y += 8;
    const h = y;
    return { node: S("g", { "data-section": "decision", "data-phase": phase },
      ...panel(w, h, title, { right, band, bandInk, bandMuted: bandInk }), ...body), h };
  }

  // ----------------------------------------------------------------- informations
  function infoCard(view, info, w, h, mine) {
    const kids = [];
    const up = info.percentage !== undefined;
    const seen = info.seen_by || [];
    if (up) {
      kids.push(rect(0, 0, w, h, { fill: "#fffdf6", stroke: mine ? GOLD : PAPER_LINE, sw: mine ? 2.5 : 1.5, r: 10 }));
      kids.push(rect(8, 8, w - 16, 34, { fill: "#2b2112", r: 7 }));
      kids.push(txt(w / 2, 33, `${info.percentage} %`, { size: 21, bold: true, serif: true, anchor: "middle", fill: "#f6e7bd",
        data: { "data-percentage-card": info.percentage } }));
      const halves = [info.left, info.right];
      const hh = (h - 50 - 30) / 2;
      halves.forEach((label, i) => {
        const k = eventKind(label);
        const y0 = 48 + i * (hh + 2);
        kids.push(rect(8, y0, w - 16, hh, { fill: "#ffffff", stroke: k.c, sw: 1.3, r: 6 }));
        kids.push(rect(8, y0, 6, hh, { fill: k.c, r: 3 }));
        const lines = wrap(eventWords(label), 12.5, w - 28, { bold: true }).slice(0, 2);
        lines.forEach((line, j) => kids.push(txt(19, y0 + hh / 2 + 5 - (lines.length - 1) * 7.5 + j * 15, line,
          { size: 12.5, bold: true, fill: k.c, max: w - 28, data: { "data-event-label": label } })));
      });
    } else {
      kids.push(rect(0, 0, w, h, { fill: "url(#gw-back)", stroke: "#8c7442", sw: 1.5, r: 10 }));
      kids.push(rect(6, 6, w - 12, h - 12, { fill: "none", stroke: "rgba(246,231,189,.5)", sw: 1, r: 7 }));
      kids.push(S("circle", { cx: w / 2, cy: h / 2 - 14, r: 22, fill: "#2b2112", stroke: "#c8b27a", "stroke-width": 1.5 }));
      kids.push(txt(w / 2, h / 2 - 5, "?", { size: 26, bold: true, serif: true, anchor: "middle", fill: "#f6e7bd" }));
      kids.push(txt(w / 2, h / 2 + 26, K.t("face down"), { size: 11.5, anchor: "middle", fill: "#f6e7bd" }));
    }
    // who may look at it
    const label = `#${info.space + 1}`;
    kids.push(txt(10, h - 10, label, { size: 12, bold: true, fill: up ? MUTED : "#f6e7bd" }));
    seen.forEach((s, i) => kids.push(coin(w - 14 - i * 21, h - 15, 9, s, { me: s === view.seat })));
    if (mine) {
      kids.push(rect(w / 2 - 18, -9, 36, 18, { fill: GOLD, stroke: "#8d6a12", r: 9 }));
      kids.push(txt(w / 2, 4.5, K.t("you"), { size: 12, bold: true, anchor: "middle" }));
    }
    const number = info.space + 1;
    const title = up ? K.t("Information {number}: {percentage} % · {left} / {right}",
      { number, percentage: info.percentage, left: K.t(info.left), right: K.t(info.right) }) :
      seen.length ? K.t("Information {number}: face down (seen by {players})",
        { number, players: seen.map((s) => shortName(view, s)).join(", ") }) :
        K.t("Information {number}: face down", { number });
    return S("g", { "data-info-space": info.space, "data-face": up ? "up" : "down",
      "data-percentage": up ? info.percentage : null, "data-card": up ? info.card : null },
    S("title", {}, title), ...kids);
  }

  function revealedList(view, obs, w, narrow) {
    const pairs = (obs.revealed || []).slice().sort((a, b) => b.percentage - a.percentage);
    const year = obs.over ? obs.year : obs.year - 1;
    const kids = [];
    let y = 0;
    y = 24;
    if (!pairs.length) {
      kids.push(txt(0, 14, K.t("EVENTS"), { size: 12.5, bold: true, fill: MUTED, spacing: 0.8 }));
      const none = K.t("None yet: the events of {year} are played at the end of the year, from the highest percentage down.",
        { year: obs.year });
      for (const line of wrap(none, 12.5, w)) {
        kids.push(txt(0, y + 12, line, { size: 12.5, fill: MUTED, italic: true }));
        y += 17;
      }
      return { node: S("g", { "data-section": "revealed" }, ...kids), h: y + 4 };
    }
    kids.push(txt(0, 14, K.t("EVENTS OF {year}", { year }), { size: 12.5, bold: true, fill: MUTED, spacing: 0.8 }));
    kids.push(txt(w, 14, K.t("played from the highest %"), { size: 12, anchor: "end", fill: MUTED }));
    const rowH = narrow ? 44 : 24;
    pairs.forEach((p, i) => {
      const dropped = i === pairs.length - 1;
      const yy = y + i * rowH;
      const row = [];
      row.push(rect(0, yy, 48, 20, { fill: dropped ? "none" : "#2b2112", stroke: dropped ? "#b5a98c" : null, r: 5 }));
      row.push(txt(24, yy + 15, `${p.percentage} %`, { size: 12.5, bold: true, anchor: "middle",
        fill: dropped ? MUTED : "#f6e7bd" }));
      const halves = [p.left, p.right];
      if (narrow) {
        halves.forEach((label, j) => {
          const k = eventKind(label);
          row.push(txt(58, yy + 14 + j * 18, `${j + 1}. ${eventWords(label)}`, { size: 12.5, bold: !dropped,
            fill: dropped ? MUTED : k.c, strike: dropped, max: w - 60 }));
        });
      } else {
        const hw = (w - 58 - (dropped ? 70 : 0)) / 2;
        halves.forEach((label, j) => {
          const k = eventKind(label);
          row.push(txt(58 + j * hw, yy + 15, `${j + 1}. ${eventWords(label)}`, { size: 12.5, bold: !dropped,
            fill: dropped ? MUTED : k.c, strike: dropped, max: hw - 8 }));
        });
      }
      if (dropped) row.push(txt(w, yy + 15, narrow ? "" : K.t("dropped"), { size: 12, anchor: "end", fill: MUTED, italic: true }));
      const said = { percentage: p.percentage, left: K.t(p.left), right: K.t(p.right) };
      kids.push(S("g", { "data-revealed-space": p.space, "data-percentage": p.percentage,
        "data-dropped": dropped ? "true" : null },
      S("title", {}, dropped ? K.t("{percentage} %: {left}, then {right} (lowest: dropped, not played)", said) :
        K.t("{percentage} %: {left}, then {right}", said)), ...row));
    });
    if (narrow) kids.push(txt(0, y + pairs.length * rowH + 6, K.t("the lowest % is dropped"), { size: 12, fill: MUTED, italic: true }));
    return { node: S("g", { "data-section": "revealed" }, ...kids), h: y + pairs.length * rowH + (narrow ? 12 : 0) };
  }

  function infoPanel(view, obs, w, narrow) {
    const pad = 12;
    const inner = w - 2 * pad;
    const mineSpaces = obs.my_information || [];
    const spaces = obs.information || [];
    const right = obs.over ? "" : view.seat === null || view.seat === undefined ? K.t("all face down for spectators") :
      K.t("you may look at {spaces}", { spaces: andList(mineSpaces.map((s) => `#${s + 1}`)) });
    const body = [];
    let y = 52;
    const title = obs.over ? K.t("Information cards") : K.t("Information cards of {year}", { year: obs.year });
    if (right && measure(title.toUpperCase(), 13, { bold: true }) + 0.8 * title.length + measure(right, 12.5) + 36 > w) {
      body.push(txt(pad, y - 2, right[0].toUpperCase() + right.slice(1), { size: 12.5, fill: MUTED, max: inner }));
      y += 18;
    }
    if (spaces.length) {
      const cols = narrow ? 2 : 4;
      const gap = 10;
      const cw = (inner - gap * (cols - 1)) / cols;
      const ch = narrow ? 168 : 176;
      spaces.forEach((info, i) => {
        const x = pad + (i % cols) * (cw + gap);
        const yy = y + Math.floor(i / cols) * (ch + gap + 6);
        body.push(at(x, yy, infoCard(view, info, cw, ch, mineSpaces.includes(info.space))));
      });
      y += Math.ceil(spaces.length / cols) * (ch + gap + 6) + 4;
    } else {
      body.push(txt(pad, y + 4, obs.over ? K.t("The game is over.") : K.t("No information cards on the board."), { size: 13, fill: MUTED }));
      y += 20;
    }
    const rev = revealedList(view, obs, inner, narrow);
    body.push(at(pad, y, rev.node));
    y += rev.h + 12;
    return { node: S("g", { "data-section": "information" }, ...panel(w, y, title, { right }), ...body), h: y };
  }

  // ------------------------------------------------------------------- companies
  function marketBar(view, obs, w) {
    const kids = [sectionTitle(0, 14, K.t("Market shares"), K.t("always 100 % in all"), w)];
    const y = 24;
    const h = 30;
    let x = 0;
    kids.push(rect(0, y, w, h, { fill: "rgba(0,0,0,.25)", r: 6 }));
    for (const c of obs.companies) {
      const st = companyStyle(c.name);
      const sw = (w * c.market_share) / 100;
      const label = sw > measure(`${c.name} ${c.market_share} %`, 13, { bold: true }) + 10 ? `${c.name} ${c.market_share} %` :
        sw > measure(`${c.market_share}%`, 12, { bold: true }) + 6 ? `${c.market_share}%` : "";
      kids.push(S("g", { "data-market-bar": c.name, "data-pct": c.market_share },
        S("title", {}, `${c.name}: ${c.market_share} %`),
        rect(x, y, sw, h, { fill: st.c, stroke: "rgba(255,255,255,.5)", sw: 1, r: 5 }),
        label ? txt(x + sw / 2, y + 20, label, { size: label.includes(" ") ? 13 : 12, bold: true, anchor: "middle", fill: st.ink }) : null));
      x += sw;
    }
    for (let t = 10; t < 100; t += 10) {
      kids.push(S("line", { x1: (w * t) / 100, x2: (w * t) / 100, y1: y + h, y2: y + h + (t % 50 ? 4 : 7),
        stroke: FELT_MUTED, "stroke-width": 1 }));
    }
    return { node: S("g", { "data-section": "market" }, ...kids), h: y + h + 8 };
  }

  function companyPanel(view, obs, comp, w, ctx, minH) {
    const st = companyStyle(comp.name);
    const pad = 10;
    const inner = w - 2 * pad;
    const under = obs.company === comp.name && !obs.over;
    const kids = [];
    let y = 0;
    // head band
    kids.push(S("path", { d: `M0 12 A12 12 0 0 1 12 0 H${w - 12} A12 12 0 0 1 ${w} 12 V40 H0 Z`, fill: st.c }));
    kids.push(txt(12, 27, comp.name.toUpperCase(), { size: 18, bold: true, serif: true, fill: st.ink, spacing: 1.5 }));
    const tag = comp.bankrupt ? K.t("BANKRUPT") : under ? (w < 250 ? K.t("NOW") : K.t("UNDER REVIEW")) : "";
    if (tag) {
      const tw = measure(tag, 11, { bold: true }) + 14;
      kids.push(rect(w - tw - 10, 10, tw, 20, { fill: comp.bankrupt ? BAD : HILITE, r: 10 }));
      kids.push(txt(w - 10 - tw / 2, 24, tag, { size: 11, bold: true, anchor: "middle", fill: comp.bankrupt ? "#fff" : INK }));
    }
    y = 50;
    // capital, share value, market share
    const cw = inner / 3;
    const stats = [[K.t("CAPITAL"), `$${comp.capital}`, "data-capital", comp.capital],
      [w < 250 ? K.t("SHARE") : K.t("A SHARE"), `$${comp.share_value}`, "data-share-value", comp.share_value],
      [K.t("MARKET"), `${comp.market_share} %`, "data-market", comp.market_share]];
    stats.forEach(([label, value, attr, raw], i) => {
      kids.push(txt(pad + i * cw, y + 10, label, { size: 11, bold: true, fill: MUTED, spacing: 0.6 }));
      kids.push(txt(pad + i * cw, y + 35, value, { size: 22, bold: true, serif: true, fill: INK, max: cw - 6,
        data: { [attr]: raw } }));
    });
    y += 46;
    kids.push(rect(pad, y, inner, 9, { fill: "#e7dcc2", r: 4.5 }));
    kids.push(rect(pad, y, (inner * comp.market_share) / 100, 9, { fill: st.c, r: 4.5 }));
    y += 20;
    // resources
    const res = Object.entries(comp.resources);
    kids.push(txt(pad, y + 10, K.t("RESOURCES"), { size: 11, bold: true, fill: MUTED, spacing: 0.6 }));
    kids.push(txt(w - pad, y + 10, K.t("cost ${cost} a year", { cost: comp.resource_cost }), { size: 12, anchor: "end", fill: MUTED }));
    y += 18;
    let tx = pad;
    const tr = 13;
    let count = 0;
    for (const [name, k] of res) {
      for (let i = 0; i < k; i++) {
        if (tx + 2 * tr > w - pad) break;
        kids.push(token(name, tx + tr, y + tr, tr, { data: { "data-token": name }, title: K.t(name) }));
        tx += 2 * tr + 5;
        count++;
      }
      if (k) tx += 4;
    }
    if (!count) kids.push(txt(pad, y + 18, K.t("no resources"), { size: 12.5, fill: MUTED, italic: true }));
    const words = res.filter(([, k]) => k).map(([n, k]) => `${k} ${K.t(n)}`).join(" · ");
    if (words && tx + measure(words, 12) + 8 < w - pad) kids.push(txt(w - pad, y + 18, words, { size: 12, anchor: "end", fill: INK }));
    y += 2 * tr + 10;
    // the result if the year ended now
    if (!comp.bankrupt && !obs.over) {
      const salary = comp.boss ? comp.boss.salary : 0;
      const result = comp.market_share - comp.resource_cost - salary;
      const money = `${result >= 0 ? "+" : "−"}$${Math.abs(result)}`;
      let line = K.t("Result now: {market} − {resources} − {salary} = {result}",
        { market: comp.market_share, resources: comp.resource_cost, salary, result: money });
      if (measure(line, 12.5, { bold: true }) > inner) line = K.t("Result now: {result}", { result: money });
      kids.push(S("g", { "data-result": result },
        S("title", {}, K.t("market share − resource prices − the boss's salary, at today's prices")),
        txt(pad, y + 10, line, { size: 12.5, bold: true, fill: result >= 0 ? GOOD : BAD, max: inner })));
      y += 20;
    }
    // the boss
    kids.push(txt(pad, y + 10, K.t("BOSS"), { size: 11, bold: true, fill: MUTED, spacing: 0.6 }));
    y += 16;
    if (comp.boss) {
      const card = bossCard(comp.boss, inner, { data: { "data-company-boss": comp.name } });
      kids.push(at(pad, y, card.node));
      y += card.h + 10;
    } else {
      const bh = bossHeight(inner);
      kids.push(rect(pad, y, inner, bh, { fill: PAPER_DARK, stroke: PAPER_LINE, dash: "5 4", r: 9 }));
      kids.push(txt(pad + inner / 2, y + bh / 2 + 5, comp.bankrupt ? K.t("out of business") : K.t("no boss: the shareholders may vote one in"),
        { size: 12.5, anchor: "middle", fill: MUTED, italic: true, max: inner - 16 }));
      y += bh + 10;
    }
    // shareholders
    const holders = obs.players.map((p, s) => [p.shares[comp.name], s]).filter(([k]) => k > 0);
    const held = holders.reduce((a, [k]) => a + k, 0);
    kids.push(txt(pad, y + 10, K.t("SHARES · {held} of {count} held", { held, count: comp.shares }),
      { size: 11, bold: true, fill: MUTED, spacing: 0.6 }));
    y += 18;
    let hx = pad;
    let hy = y;
    for (const [k, s] of holders) {
      const label = `${k}`;
      const iw = 24 + measure(label, 13, { bold: true }) + 10;
      if (hx + iw > w - pad) { hx = pad; hy += 26; }
      kids.push(S("g", { "data-holder": s, "data-count": k },
        S("title", {}, k === 1 ? K.t("{player}: {n} {company} share", { player: shortName(view, s), n: k, company: comp.name }) :
          K.t("{player}: {n} {company} shares", { player: shortName(view, s), n: k, company: comp.name })),
        coin(hx + 10, hy + 10, 10, s, { me: s === view.seat }),
        txt(hx + 24, hy + 15, label, { size: 13, bold: true })));
      hx += iw;
    }
    if (!holders.length) kids.push(txt(pad, y + 14, K.t("nobody"), { size: 12.5, fill: MUTED, italic: true }));
    y = hy + 28;
    const h = Math.max(y, minH || 0);
    const frame = [
      under ? rect(-4, -4, w + 8, h + 8, { stroke: HILITE, sw: 3.5, r: 15 }) : null,
      rect(0, 0, w, h, { fill: comp.bankrupt ? "#e9e4da" : PAPER, stroke: st.dark, sw: 2, r: 12 }),
    ];
    const out = [...frame, ...kids];
    if (comp.bankrupt) {
      out.push(S("line", { x1: 16, y1: h - 16, x2: w - 16, y2: 56, stroke: "rgba(179,38,30,.35)", "stroke-width": 6 }));
    }
    return {
      node: S("g", { "data-company": comp.name, "data-bankrupt": comp.bankrupt ? "true" : "false",
        "data-under-review": under ? "true" : null }, ...out),
      h,
    };
  }

  function companiesSection(view, obs, w, narrow, ctx) {
    const cols = narrow ? 1 : 3;
    const gap = narrow ? 14 : 12;
    const cw = (w - gap * (cols - 1)) / cols;
    const cards = obs.companies.map((c) => companyPanel(view, obs, c, cw, ctx));
    const kids = [];
    let y = 0;
    let rowH = 0;
    cards.forEach((card, i) => {
      const col = i % cols;
      if (col === 0 && i) { y += rowH + gap; rowH = 0; }
      rowH = Math.max(rowH, card.h);
      kids.push(at(col * (cw + gap), y, card.node));
    });
    // equal heights in a row: draw them again as tall as the tallest
    if (cols > 1 && cards.some((c) => c.h < rowH)) {
      kids.length = 0;
      obs.companies.forEach((c, i) => kids.push(at(i * (cw + gap), 0, companyPanel(view, obs, c, cw, ctx, rowH).node)));
    }
    y += rowH;
    return { node: S("g", { "data-section": "companies" }, ...kids), h: y };
  }

  // --------------------------------------------------------------------- players
  function playersPanel(view, obs, w, narrow, ctx, ui) {
    const pad = 12;
    const inner = w - 2 * pad;
    const values = Object.fromEntries(obs.companies.map((c) => [c.name, c.share_value]));
    const cashOnly = obs.options && obs.options.cash_only;
    const last = obs.last_transaction;
    // columns, from the right: last price, worth, three companies' shares, cash; the name
    // takes what is left
    const colW = narrow ? { price: 0, worth: 54, share: 31, cash: 46 } : { price: 78, worth: 72, share: 62, cash: 66 };
    const right = pad + inner;
    const xPrice = right;
    const xWorth = xPrice - colW.price;
    const xShares = xWorth - colW.worth - 3 * colW.share;
    const xCash = xShares - 6;
    const nameW = xCash - colW.cash - pad - 30;
    const body = [];
    let y = 48;
    const head = (x, label, anchor) => body.push(txt(x, y + 4, label, { size: 11, bold: true, fill: MUTED, anchor, spacing: 0.4 }));
    head(pad, K.t("PLAYER"));
    head(xCash - 2, K.t("CASH"), "end");
    obs.companies.forEach((c, i) => {
      const st = companyStyle(c.name);
      const x = xShares + i * colW.share;
      const label = colW.share > measure(c.name, 11, { bold: true }) + 10 ? c.name : c.name[0];
      body.push(rect(x + 2, y - 9, colW.share - 4, 18, { fill: st.c, r: 9 }));
      body.push(txt(x + colW.share / 2, y + 4, label, { size: 11, bold: true, anchor: "middle", fill: st.ink }));
    });
    head(xWorth - 4, K.t("WORTH"), "end");
    if (!narrow) head(xPrice - 2, K.t("LAST PRICE"), "end");
    y += 14;
    const rowH = 42;
    obs.players.forEach((p, s) => {
      const me = s === view.seat;
      const worth = p.cash + (cashOnly ? 0 : obs.companies.reduce((a, c) => a + p.shares[c.name] * values[c.name], 0));
      const committed = obs.committed.includes(s);
      const pending = obs.pending.includes(s);
      const action = ctx.partners.get(s);
      const candidate = obs.partner_choice && obs.partner_choice.candidates.includes(s);
      const mid = rowH / 2 - 2;
      const row = [];
      if (action) row.push(rect(pad - 6, -2, inner + 12, rowH, { stroke: HILITE, sw: 3.5, r: 9, cls: "gw-glow" }));
      row.push(rect(pad - 4, 0, inner + 8, rowH - 4, { fill: me ? "#fbeab5" : candidate ? "#fff6d6" : s % 2 ? "#f6efdc" : "#fffaf0",
        stroke: me ? GOLD : null, sw: me ? 1.5 : null, r: 7, cls: "gw-face" }));
      row.push(coin(pad + 12, mid, 11, s, { me }));
      // status: deciding / decided, under the name
      let status = me && !narrow ? K.t("you") : "";
      let statusFill = MUTED;
      let strong = false;
      const add = (t) => { status = status ? `${status} · ${t}` : t; };
      if (committed) { add(obs.phase === "vote" ? K.t("✓ voted") : K.t("✓ price set")); statusFill = GOOD; strong = true; }
      else if (pending) add(obs.phase === "partner" ? K.t("choosing…") : obs.phase === "propose" ? K.t("proposing…") : K.t("deciding…"));
      if (action) { status = K.t("click to choose"); statusFill = "#8d6a12"; strong = true; }
      const name = shortName(view, s);
      let revealed = null;
      if (last) {
        const price = last.prices[s];
        const bought = last.trades.filter(([b]) => b === s).length;
        const sold = last.trades.filter(([, sl]) => sl === s).length;
        revealed = { price, mark: bought ? "▲" : sold ? "▼" : "", bought, sold };
      }
      if (narrow && !status && revealed) {
        const named = K.t("named ${price}", { price: revealed.price });
        status = revealed.mark ? `${named} ${revealed.mark}` : named;
        statusFill = revealed.bought ? GOOD : revealed.sold ? BAD : MUTED;
      }
      if (status) {
        row.push(txt(pad + 30, mid - 2, name, { size: 13.5, bold: true, max: nameW }));
        row.push(txt(pad + 30, mid + 12, status, { size: 11, bold: strong, fill: statusFill, max: nameW }));
      } else {
        row.push(txt(pad + 30, mid + 5, name, { size: 13.5, bold: true, max: nameW }));
      }
      row.push(txt(xCash - 2, mid + 5, `$${p.cash}`, { size: 14, bold: true, anchor: "end", data: { "data-cash": p.cash } }));
      obs.companies.forEach((c, i) => {
        const k = p.shares[c.name];
        row.push(txt(xShares + i * colW.share + colW.share / 2, mid + 5, k, { size: 14, bold: k > 0, anchor: "middle",
          fill: k ? INK : "#b5a98c" }));
      });
      row.push(txt(xWorth - 4, mid + 5, `$${worth}`, { size: 14, bold: true, anchor: "end", fill: "#3a2c17",
        data: { "data-worth": worth } }));
      if (revealed) {
        const { price, mark, bought, sold } = revealed;
        row.push(S("g", { "data-revealed-price": s, "data-price": price },
          S("title", {}, bought ? K.t("{player} named ${price} at the last reveal and bought", { player: name, price }) :
            sold ? K.t("{player} named ${price} at the last reveal and sold", { player: name, price }) :
              K.t("{player} named ${price} at the last reveal", { player: name, price })),
          narrow ? null : txt(xPrice - 15, mid + 5, `$${price}`, { size: 13.5, anchor: "end" }),
          mark && !narrow ? txt(xPrice - 1, mid + 5, mark, { size: 11, anchor: "end", fill: bought ? GOOD : BAD }) : null));
      }
      const attrs = { "data-player": s, "data-shares": obs.companies.map((c) => p.shares[c.name]).join(","),
        "data-committed": committed ? "true" : null, "data-me": me ? "true" : null };
      const node = action
        ? clickable(S("g", { ...attrs, "data-partner": s, class: "gw-target", "aria-label": K.t("choose {player}", { player: name }) },
          ...row), () => ui.act(action))
        : S("g", attrs, ...row);
      body.push(at(0, y, node));
      y += rowH;
    });
    if (last) {
      body.push(txt(pad, y + 10, narrow ? K.t("named: the price at the last reveal (▲ bought, ▼ sold)") :
        K.t("last price: ▲ bought, ▼ sold"), { size: 11.5, fill: MUTED, max: inner }));
      y += 18;
    }
    y += 8;
    const note = cashOnly ? K.t("worth: cash only") : K.t("worth: cash + shares at book value");
    return { node: S("g", { "data-section": "players" }, ...panel(w, y, K.t("Players"), { right: note }), ...body), h: y };
  }

  // ------------------------------------------------------------- resource prices
  function pricesPanel(view, obs, w) {
    const pad = 12;
    const inner = w - 2 * pad;
    const body = [];
    let y = 46;
    const labelW = 92;
    // the price board in its steps of 5, between the table's lowest and highest price
    const spaces = [];
    for (let v = obs.design.price_min; v <= obs.design.price_max; v += 5) spaces.push(v);
    const sw = (inner - labelW) / spaces.length;
    for (const [name, price] of Object.entries(obs.resource_prices)) {
      const row = [];
      row.push(token(name, pad + 13, y + 13, 13));
      row.push(txt(pad + 32, y + 18, K.t(name), { size: 13.5, bold: true }));
      spaces.forEach((v, i) => {
        const x = pad + labelW + i * sw;
        const on = v === price;
        row.push(rect(x + 1, y, sw - 2, 26, { fill: on ? "#fff" : i % 2 ? "#efe4c8" : "#f6eedb", stroke: on ? resourceColour(name) : "#d6c59c",
          sw: on ? 2.5 : 1, r: 5 }));
        if (on) row.push(token(name, x + sw / 2, y + 13, 11));
        else row.push(txt(x + sw / 2, y + 18, `$${v}`, { size: Math.min(12, sw / 3), anchor: "middle", fill: MUTED }));
      });
      body.push(S("g", { "data-resource-price": name, "data-price": price },
        S("title", {}, `${K.t(name)}: $${price}`), ...row));
      if (!spaces.includes(price)) body.push(txt(w - pad, y + 18, `$${price}`, { size: 12, anchor: "end" }));
      y += 34;
    }
    body.push(txt(pad, y + 8, K.t("Each token costs its price every year."), { size: 11.5, fill: MUTED, max: inner }));
    y += 20;
    return { node: S("g", { "data-section": "prices" }, ...panel(w, y, K.t("Resource prices")), ...body), h: y };
  }

  // ------------------------------------------------------------- available bosses
  function bossesPanel(view, obs, w, narrow, ctx, ui) {
    const pad = 12;
    const inner = w - 2 * pad;
    const n = Math.max(1, obs.available_bosses.length);
    const gap = 10;
    const cw = Math.min(narrow ? inner : 300, (inner - gap * (n - 1)) / n);
    const bh = bossHeight(cw);
    const body = [];
    let y = 46;
    obs.available_bosses.forEach((boss, i) => {
      const action = ctx.proposals.get(boss.name);
      const card = bossCard(boss, cw, { glow: !!action, badge: action ? K.t("propose") : null,
        run: action ? () => ui.act(action) : null, data: { "data-available-boss": boss.name } });
      body.push(at(pad + i * (cw + gap), y, card.node));
    });
    if (!obs.available_bosses.length) body.push(txt(pad, y + 14, K.t("none"), { size: 13, fill: MUTED }));
    y += (obs.available_bosses.length ? bh : 20) + 12;
    const deck = obs.boss_deck || { cards: 0, known_bottom: [] };
    const said = { n: deck.cards, bosses: deck.known_bottom.join(", ") };
    const line = deck.known_bottom.length
      ? deck.cards === 1 ? K.t("Boss deck: {n} card · known at the bottom: {bosses}", said) :
        K.t("Boss deck: {n} cards · known at the bottom: {bosses}", said)
      : deck.cards === 1 ? K.t("Boss deck: {n} card", said) : K.t("Boss deck: {n} cards", said);
    for (const l of wrap(line, 12.5, inner)) {
      body.push(txt(pad, y + 6, l, { size: 12.5, fill: MUTED, data: { "data-boss-deck": deck.cards } }));
      y += 17;
    }
    y += 6;
    return { node: S("g", { "data-section": "bosses" }, ...panel(w, y, K.t("Available bosses"),
      { right: ctx.proposals.size ? K.t("click one to propose it") : "" }), ...body), h: y };
  }

  // --------------------------------------------------------------- custom controls
  function fillControls(view, ui, ctx) {
    const box = ui.controls;
    priceControls = { range: null, out: null, button: null };
    if (!box) return;
    box.replaceChildren();
    if (!ctx.any) return;
    const wrapBox = E("div", { class: "gw-controls" });
    if (ctx.prices.size) {
      wrapBox.append(E("p", { class: "gw-hint" },
        K.t("Pick your secret price on the wheel (or here) and set it; nobody sees it until everyone has set theirs.")));
      const out = E("output", { id: "gw-price-out" }, `$${sel.price}`);
      const range = E("input", { id: "gw-price-range", type: "range", min: 0, max: MAX_PRICE, step: 1,
        value: sel.price, "aria-label": K.t("secret price") });
      range.addEventListener("input", () => {
        setPrice(Number(range.value), true);
      });
      const set = E("button", { id: "gw-price-set", class: "primary", "data-gw": "set-price",
        onclick: () => sendPrice(ctx, ui) }, K.t("Set secret price ${price}", { price: sel.price }));
      priceControls = { range, out, button: set };
      wrapBox.append(E("div", { class: "gw-row" }, range, out), E("div", { class: "gw-row" }, set));
    } else if (ctx.partners.size) {
      wrapBox.append(E("p", { class: "gw-hint" }, K.t("Click a highlighted player on the board to choose your partner.")));
    } else if (ctx.proposals.size || ctx.pass) {
      wrapBox.append(E("p", { class: "gw-hint" }, K.t("Click an available boss on the board to propose it, or pass.")));
    } else if (ctx.votes.yes || ctx.votes.no) {
      wrapBox.append(E("p", { class: "gw-hint" }, K.t("Vote on the board: your vote stays hidden until every shareholder has voted.")));
    }
    box.append(wrapBox);
  }

  // ------------------------------------------------------------------------- draw
  // The drawing's width (its viewBox): laptop, tablet or phone, from the board's width.
  function pickWidth(ui) {
    const px = K.room(ui).width - 34;
    if (px < 540) return 360;
    if (px < 780) return 660;
    return 900;
  }

  /** @param {View} view @param {RendererUi} ui @param {{ keepControls?: boolean }} [opts] @returns {Element} */
  function draw(view, ui, opts = {}) {
    const obs = view.observation;
    const ctx = analyse(view);
    const key = selectionKey(view);
    if (sel.key !== key) sel = { key, price: defaultPrice(obs) };
    if (!ctx.prices.has(sel.price) && ctx.prices.size) sel.price = defaultPrice(obs);
    current = { view, ui, root: null, W: 0 };
    const W = pickWidth(ui);
    const narrow = W < 600;
    const pad = narrow ? 10 : 14;
    const inner = W - 2 * pad;
    const gap = narrow ? 14 : 16;
    const parts = [];
    let y = pad;
    const place = (sec, x = pad) => { parts.push(at(x, y, sec.node)); y += sec.h + gap; };
    place(header(view, obs, inner, narrow));
    if (narrow || W < 800) {
      place(decisionPanel(view, obs, inner, narrow, ctx, ui));
      place(infoPanel(view, obs, inner, narrow));
    } else {
      const dw = 372;
      const iw = inner - dw - 14;
      const dec = decisionPanel(view, obs, dw, narrow, ctx, ui);
      const info = infoPanel(view, obs, iw, narrow);
      const h = Math.max(dec.h, info.h);
      for (const sec of [dec, info]) {
        if (sec.h < h) sec.node.firstElementChild.setAttribute("height", String(h));
      }
      parts.push(at(pad, y, dec.node), at(pad + dw + 14, y, info.node));
      y += h + gap;
    }
    place(marketBar(view, obs, inner));
    y -= 6;
    place(companiesSection(view, obs, inner, narrow, ctx));
    if (W < 800) {
      place(playersPanel(view, obs, inner, narrow, ctx, ui));
      place(pricesPanel(view, obs, inner));
    } else {
      const pw = Math.round(inner * 0.64);
      const rw = inner - pw - 14;
      const players = playersPanel(view, obs, pw, narrow, ctx, ui);
      const prices = pricesPanel(view, obs, rw);
      const h = Math.max(players.h, prices.h);
      for (const sec of [players, prices]) {
        if (sec.h < h) sec.node.firstElementChild.setAttribute("height", String(h));
      }
      parts.push(at(pad, y, players.node), at(pad + pw + 14, y, prices.node));
      y += h + gap;
    }
    place(bossesPanel(view, obs, inner, narrow, ctx, ui));
    const H = Math.ceil(y - gap + pad);
    const svg = S("svg", {
      viewBox: `0 0 ${W} ${H}`, xmlns: "http://www.w3.org/2000/svg", "data-game": "goodwill",
      "data-layout": narrow ? "phone" : W < 800 ? "medium" : "wide", "font-family": K.theme.font,
      "data-move": view.move_count, "data-phase": obs.phase, "data-year": obs.year,
      "data-review": obs.company || "", "data-transaction": obs.transaction || "",
      "data-seat": view.seat === null || view.seat === undefined ? "" : view.seat,
      role: "img", "aria-label": K.t("Goodwill table"),
    },
    S("defs", {},
      S("linearGradient", { id: "gw-bg", x1: 0, y1: 0, x2: 0, y2: 1 },
        S("stop", { offset: "0", "stop-color": "#1f3d2f" }),
        S("stop", { offset: "1", "stop-color": "#142a20" })),
      S("pattern", { id: "gw-back", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        S("rect", { x: 0, y: 0, width: 12, height: 12, fill: "#6e1f24" }),
        S("rect", { x: 0, y: 0, width: 6, height: 12, fill: "#7f2a2f" }))),
    rect(0, 0, W, H, { fill: "url(#gw-bg)", r: 12 }),
    ...parts);
    const root = E("div", { class: "gw-root", "data-width": W }, svg);
    current.root = root;
    current.W = W;
    if (!opts.keepControls) fillControls(view, ui, ctx);
    return root;
  }

  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (current && pickWidth(current.ui) !== current.W) redraw();
    }, 150);
  });

  // The end screen's why: worth = cash + each company's shares x its share value.
  /** @param {View} view @returns {string[]} */
  function explainEnd(view) {
    const obs = view.observation;
    const value = Object.fromEntries((obs.companies || []).map((c) =>
      [c.name, c.bankrupt ? 0 : c.share_value]));
    return (obs.players || []).map((p, s) => {
      const parts = [K.t("${cash} cash", { cash: p.cash })];
      for (const [company, k] of Object.entries(p.shares || {})) {
        if (k) parts.push(`${company} ${k} × $${value[company]} = $${k * value[company]}`);
      }
      return `${view.names[s]}: ${parts.join(" + ")} = $${obs.scores[s]}`;
    });
  }

  // The kinds of move this board offers itself: the page lists none of them again.
  const COVERS = ["price", "partner", "propose", "pass", "vote"];
  M.renderers.goodwill = { draw, explainEnd, covers: COVERS };
})();
