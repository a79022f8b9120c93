// @ts-check
// GOLDFIX: the table drawn as SVG from the seat's observation only.
//
// The 40-square board is a ring (clockwise from the BANK at the top left): every square
// with its kind, the 18 mines A-R with their names, the lease owner's colour, headgear
// built, and the cocopans standing there.  Inside the ring: the GOLDFIX ladder joined with
// the price table (minimum bids and the headgear price, the current row marked), the tax
// table (HIGH / LOW), the dice, the decks and the decision being asked (the auction lot and
// who has decided, the bullion market's broker and commission).  Below: each player's books.
// Laptop widths draw an 11 x 11 ring; phone widths a 6 x 16 ring, so squares stay readable.
//
// Controls: click a highlighted square to move there (one die or the sum), click one's own
// mine to build its headgear, click a highlighted mine to nominate it at the MERCHANT BANK,
// click a percentage chip in the market panel to sell or set the commission.  Under the
// prompt (ui.controls): the sealed-bid form (legal amounts only, pass), the pre-roll steps
// (roll, repay, trade, liquidate, HOLD cards, flash sale) and every yes / no question.
// While a deal is drafted or proposed, the deal panel shows its terms to every viewer, and
// gives the drafter and the player asked to answer their controls (see dealPanel).  Each
// control sends the matching entry of ui.legal.
(function () {
  "use strict";
  const M = window.Motherlode;
  const S = M.svg;
  const E = M.el;
  const K = M.kit.forGame("goldfix", "gf");
  const { txt, wrap, clickable } = K;
  const t = K.t;
  // texts stand centred on their point's height; MID centres them across too
  /** @type {TxtOptions} */
  const MID = { anchor: "middle", baseline: "middle" };
  /** @type {TxtOptions} */
  const LEFT = { anchor: "start", baseline: "middle" };
  /** @type {TxtOptions} */
  const RIGHT = { anchor: "end", baseline: "middle" };

  const INK = K.theme.ink;
  const MUTED = "#6b6257";
  const FELT = "#1f3b2c";
  const PAPER = "#fbf6e8";
  const GOLD = "#e2b53b";
  const HILITE = "#ffd23f";

  const KIND = {
    "BANK": { fill: "#f3d36b", label: ["BANK", "start"] },
    "GOLDFIX +$100": { fill: "#fff0b3", label: ["GOLDFIX"] },
    "MINE LEASE AUCTION": { fill: "#e6d3b3", label: ["MINE LEASE", "AUCTION"] },
    "DRILL REPORT AUCTION": { fill: "#d9e4ef", label: ["DRILL", "REPORT", "AUCTION"] },
    "RISK": { fill: "#f6c9b5", label: ["RISK"] },
    "BULLION TAX": { fill: "#e7d6e6", label: ["BULLION", "TAX"] },
    "BULLION MARKET": { fill: "#cfe8cf", label: ["BULLION", "MARKET"] },
    "TAX BUDGET DAY": { fill: "#e7d6e6", label: ["TAX", "BUDGET", "DAY"] },
    "GOLDFIX CORNER": { fill: "#f7e08a", label: ["GOLDFIX", "CORNER"] },
    "MERCHANT BANK": { fill: "#d8d0ef", label: ["MERCHANT", "BANK"] },
    "CORPORATION TAX": { fill: "#e7d6e6", label: ["CORP.", "TAX"] },
  };

  // the numbers a square prints, the table's own (a designer's variant has its own)
  const squareFigures = (name, obs) => name === "GOLDFIX +$100" ? [`+${dollars(obs.design.goldfix_rise)}`]
    : name === "GOLDFIX CORNER" ? [`${obs.design.corner_commission}% −${dollars(obs.design.corner_drop)}`] : [];
  const money = (n) => `${n < 0 ? "−" : ""}$${Math.abs(n).toLocaleString("en-US")}M`;
  const dollars = (n) => `$${n.toLocaleString("en-US")}`;
  const letter = (m) => String.fromCharCode(65 + m);
  const bullionValue = (koz, gf) => Math.round((koz * gf) / 1000);
  const signed = (n) => (n > 0 ? `+${money(n)}` : money(n));

  // ------------------------------------------------------------- words (issue 32)
  // The decision asked, the end's reason and a deal's terms in the page's language: the
  // observation's `text` and `end` are the server's English, so each is written again here
  // from the observation's fields, sentence by sentence as rules.py words it (the same
  // English where the page has no translation).
  const ASSET = { ML: "MINE LEASE", DR: "DRILL REPORT" };

  /** "1 or 2 or 3": each "or" a sentence of its own. @param {string[]} items */
  function either(items) {
    return items.slice(1).reduce((first, second) => t("{first} or {second}", { first, second }), items[0]);
  }

  /** The commissions a broker may set: "any whole % from 1% to 20%", "0% or 25%". */
  function describeRates(rates) {
    if (rates.length > 2 && rates.every((r, i) => r === rates[0] + i)) {
      return t("any whole % from {low}% to {high}%", { low: rates[0], high: rates[rates.length - 1] });
    }
    const words = rates.map((r) => `${r}%`);
    if (words.length === 1) return words[0];
    return t("{first} or {second}", { first: words.slice(0, -1).join(", "), second: words[words.length - 1] });
  }

  /** What one side of a deal hands over ("the MINE LEASE of Fox + 30 kOz"), or "nothing". */
  function sideWords(obs, side) {
    const parts = side.mine_leases.map((mine) => obs.mines.headgear[obs.mines.names.indexOf(mine)]
      ? t("the MINE LEASE of {mine} (with HEADGEAR)", { mine }) : t("the MINE LEASE of {mine}", { mine }));
    for (const mine of side.drill_reports) parts.push(t("a DRILL REPORT of {mine}", { mine }));
    if (side.bullion) parts.push(`${side.bullion} kOz`);
    if (side.cash) parts.push(`$${side.cash}M`);
    if (side.notes === 1) parts.push(t("{notes} LOAN NOTE", { notes: 1 }));
    else if (side.notes) parts.push(t("{notes} LOAN NOTES", { notes: side.notes }));
    return parts.length ? parts.join(" + ") : t("nothing");
  }

  /** A deal's terms, each side's net worth change at the GOLDFIX (rules.py's deal_words). */
  function dealWords(obs, deal) {
    const name = (s) => obs.players[s].name;
    return t("{drafter} gives {gives}; {partner} gives {gets} (at GOLDFIX ${goldfix}: " +
      "{drafter} {drafter_gain}, {partner} {partner_gain})", {
      drafter: name(deal.drafter), partner: name(deal.partner),
      gives: sideWords(obs, deal.gives), gets: sideWords(obs, deal.gets),
      goldfix: obs.goldfix.toLocaleString("en-US"),
      drafter_gain: signed(deal.gives.gain), partner_gain: signed(deal.gets.gain),
    });
  }

  /** What the asked player(s) must decide now (rules.py's decision_words); the server's
   * English where the decision is one this page does not know. */
  function decisionText(obs) {
    const d = obs.decision;
    const asked = [...new Set([...(obs.pending || []), ...(obs.committed || [])])].sort((a, b) => a - b);
    const who = asked.map((s) => obs.players[s].name).join(", ") || t("nobody");
    const deal = d.deal;
    switch (d.kind) {
      case "pre-roll": return t("{who} may trade, liquidate, repay, buy headgear, play HOLD cards or roll", { who });
      case "negotiate":
        if (!deal) break;
        return t("{who} drafts a deal with {partner}: {deal}; then propose (or withdraw)",
          { who, partner: obs.players[deal.partner].name, deal: dealWords(obs, deal) });
      case "respond": {
        if (!deal) break;
        const said = { who, drafter: obs.players[deal.drafter].name, deal: dealWords(obs, deal) };
        return deal.proposals < deal.rounds
          ? t("{who} accepts, declines or counters {drafter}'s proposal: {deal}", said)
          : t("{who} accepts, declines {drafter}'s proposal: {deal}", said);
      }
      case "move": {
        if (!obs.dice) break;
        const [a, b] = obs.dice;
        const choices = [...new Set([a, b, a + b])].sort((x, y) => x - y).map(String);
        return t("{who} moves {choices}", { who, choices: either(choices) });
      }
      case "loan": return t("{who} takes the ${amount}M loan or not (loan yes / loan no)", { who, amount: d.amount });
      case "bid": return t("{who} bid on the {lot} or pass", { who, lot: d.lots[0] });
      case "want": return t("{who} want a {asset} at ${price}M or pass", { who, asset: ASSET[d.asset], price: d.minimum_bid });
      case "commission": return t("{who} sets the broker's commission ({rates})", { who, rates: describeRates(d.rates) });
      case "cover": return t("{who} owes ${owed}M more than his cash: liquidate to the Bank or draw overdraft loans", { who, owed: d.owed });
      case "sell": return t("{who} choose how much bullion to sell (sell 0/25/50/75/100)", { who });
      case "reshuffle": return t("{who} may reshuffle the RISK deck (reshuffle yes / no)", { who });
      case "draw": return t("{who} draws a RISK card or not (draw yes / no)", { who });
      case "answer": return t("{who} answers the RISK card: {question}", { who, question: t(d.question) });
      case "nominate": return t("{who} nominates a mine for a MERCHANT BANK takeover (or 'nominate -')", { who });
      case "counter": return t("{who} may counter the takeover of {mine}", { who, mine: d.mine });
    }
    return d.text;
  }

  /** Why the game ended (core.py's reasons, read back from the server's English). */
  function endText(obs) {
    const end = obs.end || "";
    let m;
    if (end === "every other player is bankrupt") return t("every other player is bankrupt");
    if ((m = /^the (\d+)-minute time limit is up$/.exec(end))) return t("the {minutes}-minute time limit is up", { minutes: m[1] });
    if ((m = /^the (\d+)-circuit limit is reached$/.exec(end))) return t("the {limit}-circuit limit is reached", { limit: m[1] });
    if ((m = /^(.+) has \$([\d,]+)M and no loan notes$/.exec(end))) return t("{player} has ${cash}M and no loan notes", { player: m[1], cash: m[2] });
    return end;
  }

  /** The decision's kind as the panel's heading names it. */
  function kindWord(kind) {
    const words = {
      "pre-roll": t("PRE-ROLL"), negotiate: t("NEGOTIATE"), respond: t("RESPOND"), move: t("MOVE"),
      loan: t("LOAN"), bid: t("BID"), want: t("WANT"), commission: t("COMMISSION"), sell: t("SELL"),
      reshuffle: t("RESHUFFLE"), draw: t("DRAW"), answer: t("ANSWER"), nominate: t("NOMINATE"),
      counter: t("COUNTER"), cover: t("COVER"),
    };
    return words[kind] || kind.toUpperCase();
  }

  // ------------------------------------------------------------------ ring geometry
  function ringCells(cols, rows) {
    const cells = [];
    for (let x = 0; x < cols; x++) cells.push([x, 0]);
    for (let y = 1; y < rows; y++) cells.push([cols - 1, y]);
    for (let x = cols - 2; x >= 0; x--) cells.push([x, rows - 1]);
    for (let y = rows - 2; y >= 1; y--) cells.push([0, y]);
    return cells;
  }

  // --------------------------------------------------------------------- the squares
  function drawSquare(ctx, index, x, y, w, h) {
    const { obs, fs } = ctx;
    const name = obs.board[index];
    const mine = ctx.mineAt[index];
    const g = S("g", { class: "gf-square", "data-square": index, "data-name": name });
    const kind = KIND[name];
    g.append(S("rect", { x, y, width: w, height: h, fill: kind ? kind.fill : "#f4ecd6",
      stroke: "#5c4a2a", "stroke-width": 1.2 }));
    if (mine !== undefined) {
      const owner = obs.mines.lease[mine];
      const band = h * 0.3;
      g.setAttribute("class", "gf-square gf-mine");
      g.setAttribute("data-mine", obs.mines.names[mine]);
      g.setAttribute("data-owner", owner);
      g.append(S("rect", { x: x + 1, y: y + 1, width: w - 2, height: band,
        fill: owner >= 0 ? M.colour(owner) : "#d7cdb6" }));
      g.append(txt(x + 12 * fs, y + band / 2 + 1, letter(mine),
        { size: 15 * fs, ...MID, bold: true, fill: owner >= 0 ? "#fff" : INK }));
      if (obs.mines.headgear[mine]) g.append(headgearIcon(x + w - 14 * fs, y + band / 2, fs, owner));
      g.append(txt(x + w / 2, y + band + 13 * fs, obs.mines.names[mine],
        { size: 12.5 * fs, ...MID, weight: 600 }));
      const reports = [obs.mines.drill_reports[2 * mine], obs.mines.drill_reports[2 * mine + 1]];
      reports.forEach((r, i) => {
        if (r >= 0) g.append(S("rect", { class: "gf-dr", "data-owner": r,
          x: x + w - (10 + 9 * i) * fs, y: y + band + 3, width: 7 * fs, height: 9 * fs,
          fill: M.colour(r), stroke: "#fff", "stroke-width": 0.8 }));
      });
    } else if (kind) {
      // the square's words, a size smaller where the longest line would not fit
      const lines = [...kind.label.map((l) => (l === "start" ? t("start") : l)), ...squareFigures(name, obs)];
      const base = (lines.length > 2 ? 10.5 : 11.5) * fs;
      const longest = Math.max(...lines.map((l) => K.measure(l, base, { bold: true })));
      const size = Math.min(base, (base * (w - 8)) / longest);
      lines.forEach((line, i) => g.append(txt(x + w / 2, y + 13 * fs + i * size * 1.15, line,
        { size: i === 2 && name === "GOLDFIX CORNER" ? size * 0.85 : size, ...MID, bold: true })));
    } else {
      g.append(txt(x + w / 2, y + 14 * fs, name, { size: 11 * fs, ...MID, bold: true }));
    }
    g.append(txt(x + 6 * fs, y + h - 7 * fs, String(index), { size: 9 * fs, ...LEFT, fill: MUTED }));
    // cocopans
    const here = obs.players.filter((p) => p.active && p.position === index);
    const r = Math.min(w / 8.5, 11 * fs);
    here.forEach((p, i) => {
      const per = 3;
      const cx = x + w / 2 + ((i % per) - (Math.min(here.length, per) - 1) / 2) * (2.15 * r);
      const cy = y + h - r - 4 - Math.floor(i / per) * (2.1 * r) - (here.length > per ? 0 : 2);
      const ring = p.seat === ctx.view.seat ? { stroke: HILITE, "stroke-width": 3 } :
        { stroke: "#fff", "stroke-width": 1.5 };
      g.append(S("g", { class: "gf-cocopan", "data-seat": p.seat },
        S("circle", Object.assign({ cx, cy, r, fill: M.colour(p.seat) }, ring)),
        txt(cx, cy + 1, String(p.seat + 1), { size: r * 1.1, ...MID, fill: "#fff", bold: true })));
    });
    return g;
  }

  function headgearIcon(cx, cy, fs, owner) {
    const s = 8 * fs;
    const colour = owner >= 0 ? "#fff" : INK;
    return S("g", { class: "gf-headgear" },
      S("path", { d: `M${cx - s} ${cy + s} L${cx} ${cy - s} L${cx + s} ${cy + s} M${cx - s * 0.55} ${cy + s * 0.1} L${cx + s * 0.55} ${cy + s * 0.1}`,
        stroke: colour, "stroke-width": 2, fill: "none" }),
      S("circle", { cx, cy: cy - s + 2, r: 2.6, fill: colour }));
  }

  // Overlays on squares for the legal actions that are played on the board.
  function overlay(ctx, g, index, x, y, w, h, label, item, cls) {
    const badge = clickable(S("g", { class: cls, "data-square": index },
      S("rect", { x: x + 2, y: y + 2, width: w - 4, height: h - 4, fill: "rgba(255,210,63,.28)",
        stroke: HILITE, "stroke-width": 5, class: "gf-pulse", rx: 4 }),
      S("rect", { x: x + w / 2 - 30 * ctx.fs, y: y + h * 0.62 - 9 * ctx.fs, width: 60 * ctx.fs,
        height: 18 * ctx.fs, rx: 9 * ctx.fs, fill: INK }),
      txt(x + w / 2, y + h * 0.62 + 1, label, { size: 11 * ctx.fs, ...MID, fill: HILITE, bold: true }),
      S("title", {}, item.text)), () => ctx.ui.act(item.action));
    g.append(badge);
  }

  // ----------------------------------------------------------- ladder + price table
  function priceTable(ctx, x, y, w) {
    const { obs, pf: fs } = ctx;
    const rowH = 22 * fs;
    /** @type {[string, number][]} */
    const cols = [["GOLDFIX", 0.28], ["LEASE", 0.24], ["H'GEAR", 0.25], ["DRILL", 0.23]];
    const g = S("g", { class: "gf-ladder" });
    g.append(txt(x, y + 10 * fs, ctx.phone ? t("LADDER & PRICES ($M)") : t("GOLDFIX LADDER & PRICE TABLE ($M)"),
      { size: 13 * fs, ...LEFT, bold: true, fill: "#f6e7b8" }));
    let cx = x;
    const top = y + 26 * fs;
    cols.forEach(([label, f]) => {
      g.append(txt(cx + (w * f) / 2, top + 8 * fs, label, { size: 10 * fs, ...MID, fill: "#d8cfae", bold: true }));
      cx += w * f;
    });
    // the table's own numbers (a designer's variant has its own): top rung first
    const ladder = [...obs.design.price_table].reverse();
    ladder.forEach(([gf, ml, hg, dr], i) => {
      const ry = top + 18 * fs + i * rowH;
      const current = gf === obs.goldfix;
      const row = S("g", { class: `gf-rung${current ? " current" : ""}`, "data-goldfix": gf });
      row.append(S("rect", { x, y: ry, width: w, height: rowH - 2, rx: 3,
        fill: current ? GOLD : i % 2 ? "#2b4a39" : "#325541",
        stroke: current ? "#fff3c4" : "none", "stroke-width": 2 }));
      const cells = [dollars(gf), ml, hg, dr];
      let px = x;
      cells.forEach((c, k) => {
        row.append(txt(px + (w * cols[k][1]) / 2, ry + rowH / 2, String(c),
          { size: 12 * fs, ...MID, fill: current ? INK : "#f3ecd8", weight: current || k === 0 ? 700 : 400 }));
        px += w * cols[k][1];
      });
      if (current) row.append(txt(x - 4, ry + rowH / 2, "▶", { size: 14 * fs, ...RIGHT, fill: HILITE }));
      g.append(row);
    });
    g.append(txt(x, top + 26 * fs + ladder.length * rowH, ctx.phone ? t("LEASE, DRILL: min bids · H'GEAR: price") :
      t("LEASE and DRILL: minimum bids · H'GEAR: headgear price"), { size: 10 * fs, ...LEFT, fill: "#d8cfae" }));
    return { node: g, h: 36 * fs + 18 * fs + ladder.length * rowH };
  }

  function taxTable(ctx, x, y, w) {
    const { obs, pf: fs } = ctx;
    const g = S("g", { class: "gf-taxes" });
    g.append(txt(x, y + 10 * fs, t("TAX RATE"), { size: 13 * fs, ...LEFT, bold: true, fill: "#f6e7b8" }));
    const bw = (w - 6) / 2;
    const rates = obs.design.tax_rates;
    [["HIGH", rates.HIGH], ["LOW", rates.LOW]].forEach(([name, pct], i) => {
      const current = obs.tax === name;
      const bx = x + i * (bw + 6);
      g.append(S("g", { class: `gf-tax${current ? " current" : ""}`, "data-tax": name },
        S("rect", { x: bx, y: y + 22 * fs, width: bw, height: 34 * fs, rx: 5,
          fill: current ? (name === "HIGH" ? "#c0392b" : GOLD) : "#2b4a39",
          stroke: current ? "#fff3c4" : "#4c6b58", "stroke-width": 2 }),
        txt(bx + bw / 2, y + 39 * fs, `${name} ${pct}%`,
          { size: 13 * fs, ...MID, fill: current ? "#fff" : "#cfd8c9", bold: true })));
    });
    g.append(txt(x, y + 70 * fs, t("Loan interest {amount} per note", { amount: money(obs.interest_per_note) }),
      { size: 11 * fs, ...LEFT, fill: "#d8cfae" }));
    return { node: g, h: 80 * fs };
  }

  function die(x, y, s, value, cls) {
    const g = S("g", { class: cls || "gf-die", "data-value": value });
    g.append(S("rect", { x, y, width: s, height: s, rx: s * 0.18, fill: "#fffdf5", stroke: INK, "stroke-width": 1.5 }));
    const p = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
      4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
      6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[value] || [];
    for (const [i, j] of p) g.append(S("circle", { cx: x + s * (0.25 + 0.25 * i), cy: y + s * (0.25 + 0.25 * j), r: s * 0.09, fill: INK }));
    return g;
  }

  function diceBox(ctx, x, y) {
    const { obs, pf: fs } = ctx;
    const g = S("g", { class: "gf-dice" });
    g.append(txt(x, y + 10 * fs, t("DICE"), { size: 13 * fs, ...LEFT, bold: true, fill: "#f6e7b8" }));
    const s = 40 * fs;
    if (obs.dice) {
      obs.dice.forEach((v, i) => g.append(die(x + i * (s + 10), y + 22 * fs, s, v)));
      g.append(txt(x + 2 * s + 24, y + 22 * fs + s / 2, `= ${obs.dice[0] + obs.dice[1]}`,
        { size: 15 * fs, ...LEFT, fill: "#fff", bold: true }));
    } else {
      g.append(txt(x, y + 22 * fs + s / 2, t("not rolled yet"), { size: 12 * fs, ...LEFT, fill: "#cfd8c9" }));
    }
    const d = obs.decks;
    g.append(txt(x, y + 34 * fs + s, t("Decks: leases {leases} · reports {reports} · RISK {risk}",
      { leases: d.mine_leases, reports: d.drill_reports, risk: d.risk }),
      { size: 10.5 * fs, ...LEFT, fill: "#d8cfae" }));
    const target = obs.circuit_limit
      ? t("WINNER: {cash} cash, no notes · limit {circuits} circuits", { cash: money(obs.winner_cash), circuits: obs.circuit_limit })
      : t("WINNER: {cash} cash, no notes", { cash: money(obs.winner_cash) });
    g.append(txt(x, y + 50 * fs + s, target, { size: 10.5 * fs, ...LEFT, fill: "#d8cfae" }));
    // TIME LIMIT: the game clock (from the table's settings), ticking between frames
    gameDeadline = obs.time_up || obs.over ? null : (ctx.view.settings || {}).game_deadline || null;
    let clock = null;
    if (obs.time_limit) {
      clock = txt(x, y + 64 * fs + s, gameClockText(obs), { size: 11 * fs, ...LEFT,
        fill: obs.time_up ? "#ffb4a2" : "#f4d35e", bold: true, data: { id: "gf-game-clock" } });
      g.append(clock);
    }
    clearInterval(gameClockTimer);
    if (gameDeadline && clock) gameClockTimer = setInterval(() => {
      clock.textContent = gameClockText(null);
    }, 1000);
    return { node: g, h: (obs.time_limit ? 72 : 58) * fs + s };
  }

  let gameDeadline = null;
  let gameClockTimer = null;
  function gameClockText(obs) {
    if (obs && obs.time_up) return t("TIME LIMIT is up: this round is the last");
    if (!gameDeadline) return obs && obs.over ? "" : t("TIME LIMIT");
    const left = Math.max(0, Math.round(gameDeadline - Date.now() / 1000));
    const m = Math.floor(left / 60);
    const sec = String(left % 60).padStart(2, "0");
    return t("TIME LIMIT: {minutes}:{seconds} left", { minutes: m, seconds: sec });
  }

  function chip(ctx, x, y, w, h, label, item, cls) {
    const fs = ctx.pf;
    return clickable(S("g", { class: `gf-chip ${cls || ""}`, "data-label": label },
      S("rect", { x, y, width: w, height: h, rx: h / 2, fill: HILITE, stroke: "#8a6a10", "stroke-width": 1.5 }),
      txt(x + w / 2, y + h / 2 + 1, label, { size: 12.5 * fs, ...MID, bold: true }),
      S("title", {}, item.text)), () => ctx.ui.act(item.action));
  }

  // The decision panel: what is being asked, the lot or market, who has decided.
  function decisionPanel(ctx, x, y, w) {
    const { obs, view, pf: fs } = ctx;
    const d = obs.decision;
    const g = S("g", { class: "gf-decision", "data-kind": d ? d.kind : "none" });
    let cy = y;
    // a paragraph of the panel, wrapped to its width; `o` as the kit's txt takes it
    const line = (str, o = {}) => {
      const size = o.size || 12 * fs;
      for (const part of wrap(str, size, w - 24, o)) {
        g.append(txt(x + 12, cy + size * 0.8, part, { ...o, size, ...LEFT }));
        cy += size * 1.3;
      }
    };
    const bg = S("rect", { x, y, width: w, height: 10, rx: 8, fill: PAPER, stroke: GOLD, "stroke-width": 2 });
    g.append(bg);
    cy += 10;
    if (!d) {
      line(obs.over ? t("The game is over") : "", { size: 14 * fs, bold: true });
      if (obs.end) line(endText(obs));
    } else {
      const turn = obs.players[obs.turn];
      line(t("{player}'s turn · {phase}", { player: view.names[obs.turn] || turn.name, phase: kindWord(d.kind) }),
        { size: 11 * fs, fill: MUTED, bold: true });
      line(decisionText(obs), { size: 13.5 * fs, bold: true });
      if (d.kind === "bid" || d.kind === "want") {
        const lot = { lot: d.lots[0], bid: money(d.minimum_bid), tie: money(d.tie_bid || 0) };
        line(d.tie_bid ? t("Lot: {lot}   ·   minimum bid {bid}   ·   re-bid above {tie}", lot)
          : t("Lot: {lot}   ·   minimum bid {bid}", lot), { size: 13 * fs, cls: "gf-lot" });
        if (d.lots.length > 1) line(t("Still to come: {lots}", { lots: d.lots.slice(1).join(", ") }), { size: 11 * fs, fill: MUTED });
        if (d.broker !== null && d.broker !== undefined && d.broker >= 0) line(t("Broker: {broker} (auction commission)", { broker: view.names[d.broker] }), { size: 11 * fs, fill: MUTED });
        line(t("Bids are sealed until everyone has decided."), { size: 11 * fs, fill: MUTED });
      } else if (d.kind === "commission" || d.kind === "sell") {
        const broker = d.broker >= 0 ? view.names[d.broker] : t("the Bank");
        line(t("Broker: {broker} · GOLDFIX falls {drop} if any bullion is sold", { broker, drop: dollars(d.drop) }), { size: 12 * fs });
        if (d.rate !== null && d.rate !== undefined) line(t("Commission {rate}% · GOLDFIX {goldfix}/oz", { rate: d.rate, goldfix: dollars(obs.goldfix) }), { size: 13 * fs, bold: true });
      } else if (d.deal) {
        line(dealStatus(d.deal, view.names), { size: 12 * fs, fill: MUTED, cls: "gf-deal-round" });
      } else if (d.kind === "answer") {
        line(`${t(d.title)}: ${t(d.question)}`, { size: 13 * fs, bold: true });
      } else if (d.kind === "counter") {
        line(t("Takeover of {mine} by {bidder} · red die {red}", { mine: d.mine, bidder: view.names[d.bidder], red: d.red }), { size: 13 * fs });
      } else if (d.kind === "loan") {
        line(t("Loan on offer: {amount} (one {note} note)", { amount: money(d.amount), note: money(obs.design.loan_note) }), { size: 13 * fs });
      } else if (d.kind === "pre-roll" && d.offers_left !== undefined) {
        line(t("Step {step} of the turn · trade offers left {offers}", { step: d.step, offers: d.offers_left }), { size: 11 * fs, fill: MUTED });
      }
      // who has decided (simultaneous decisions): never what
      if (obs.simultaneous) {
        const asked = new Set([...(obs.pending || []), ...(obs.committed || [])]);
        let px = x + 12;
        cy += 4;
        const ch = 22 * fs;
        for (const s of [...asked].sort((a, b) => a - b)) {
          const done = (obs.committed || []).includes(s);
          const label = done ? t("{player} ✓ decided", { player: view.names[s] }) : t("{player} … deciding", { player: view.names[s] });
          const cw = K.measure(label, 11.5 * fs) + 16;
          if (px + cw > x + w - 8) { px = x + 12; cy += ch + 6; }
          g.append(S("g", { class: "gf-decided", "data-seat": s, "data-state": done ? "decided" : "deciding" },
            S("rect", { x: px, y: cy, width: cw, height: ch, rx: ch / 2, fill: done ? "#e4f3e5" : "#fff2c2",
              stroke: M.colour(s), "stroke-width": 2 }),
            txt(px + cw / 2, cy + ch / 2 + 1, label, { size: 11.5 * fs, ...MID })));
          px += cw + 6;
        }
        cy += ch + 8;
      }
      // percentage chips on the board: the market's sale and the broker's commission
      const sells = quickPicks(ctx.ui.find((a) => a.type === "sell" || a.type === "commission"));
      if (sells.length) {
        const type = sells[0].action.type;
        line(type === "sell" ? t("Sell from your vault:") : t("Set the broker's commission:"), { size: 12 * fs, bold: true });
        let px = x + 12;
        const cw = 62 * fs;
        const ch = 28 * fs;
        for (const item of sells) {
          const pct = item.action.percent;
          if (px + cw > x + w - 8) { px = x + 12; cy += ch + 6; }
          g.append(chip(ctx, px, cy, cw, ch, `${pct}%`, item, `gf-${type}`));
          px += cw + 8;
        }
        cy += ch + 10;
      }
    }
    bg.setAttribute("height", String(Math.max(40, cy - y + 6)));
    return { node: g, h: cy - y + 6 };
  }

  // ----------------------------------------------------------------- players' books
  function books(ctx, x, y, w) {
    const { obs, view, pf: fs } = ctx;
    const n = obs.players.length;
    const per = ctx.phone ? 1 : 3;
    const gap = 12;
    const cw = (w - gap * (per - 1)) / per;
    const g = S("g", { class: "gf-books" });
    const size = 12.5 * fs;
    const lh = size * 1.4;
    const heights = [];
    const cards = obs.players.map((p) => {
      const c = S("g", { class: `gf-book${p.seat === view.seat ? " me" : ""}`, "data-seat": p.seat,
        "data-cash": p.cash, "data-notes": p.notes, "data-bullion": p.bullion, "data-worth": p.net_worth });
      const rows = [];
      const leases = [];
      const reports = [];
      obs.mines.names.forEach((name, m) => {
        if (obs.mines.lease[m] === p.seat) {
          leases.push(obs.mines.headgear[m] ? t("{letter} {mine} + headgear", { letter: letter(m), mine: name }) : `${letter(m)} ${name}`);
        }
        const k = [obs.mines.drill_reports[2 * m], obs.mines.drill_reports[2 * m + 1]].filter((o) => o === p.seat).length;
        if (k) reports.push(`${name}${k > 1 ? ` ×${k}` : ""}`);
      });
      // each row: its text and how the kit's txt sets it
      const lines = (str, cls) => wrap(str, size, cw - 20).forEach((l) => rows.push([l, { cls }]));
      if (!p.active) rows.push(["BANKRUPT", { bold: true, fill: "#b3261e" }]);
      rows.push([t("Cash {cash}   ·   Loan notes {notes}", { cash: money(p.cash), notes: p.notes }), { bold: true, cls: "gf-cash" }]);
      rows.push([t("Vault {koz} kOz ({value})", { koz: p.bullion, value: money(bullionValue(p.bullion, obs.goldfix)) }), { cls: "gf-bullion" }]);
      rows.push([t("Net worth {worth}", { worth: money(p.net_worth) }), { bold: true, cls: "gf-worth" }]);
      const held = leases.length ? leases.join(", ") : t("none");
      lines(t("Mine leases: {leases}", { leases: held }), "gf-leases");
      if (reports.length) lines(t("Drill reports: {reports}", { reports: reports.join(", ") }), "gf-reports");
      if (p.holds.length) lines(t("RISK cards held: {cards}", { cards: p.holds.join(", ") }), "gf-holds");
      rows.push([t("On {square} · circuits {circuits}", { square: p.square || "—", circuits: p.circuits }), { fill: MUTED }]);
      const head = 30 * fs;
      const h = head + rows.length * lh + 8;
      heights.push(h);
      return { c, rows, head, p };
    });
    cards.forEach(({ c, rows, head, p }, i) => {
      const col = i % per;
      const row = Math.floor(i / per);
      let rowTop = y;
      for (let r = 0; r < row; r++) rowTop += Math.max(...heights.slice(r * per, r * per + per)) + gap;
      const bx = x + col * (cw + gap);
      const h = Math.max(...heights.slice(row * per, row * per + per));
      const me = p.seat === view.seat;
      c.append(S("rect", { x: bx, y: rowTop, width: cw, height: h, rx: 8, fill: PAPER,
        stroke: me ? HILITE : "#5c4a2a", "stroke-width": me ? 4 : 1.2 }));
      c.append(S("rect", { x: bx, y: rowTop, width: cw, height: head, rx: 8, fill: M.colour(p.seat), opacity: p.active ? 1 : 0.45 }));
      let title = view.names[p.seat] || p.name;
      if (me) title = t("{player} (you)", { player: title });
      if (obs.turn === p.seat && !obs.over) title = t("{player}  ◀ turn", { player: title });
      c.append(txt(bx + 10, rowTop + head / 2 + 1, title,
        { size: 14 * fs, ...LEFT, fill: "#fff", bold: true, cls: "gf-name" }));
      rows.forEach(([str, o], k) => c.append(txt(bx + 10, rowTop + head + lh * (k + 0.6), str,
        { ...o, size, ...LEFT })));
      g.append(c);
    });
    let total = 0;
    for (let r = 0; r * per < n; r++) total += Math.max(...heights.slice(r * per, r * per + per)) + gap;
    return { node: g, h: total };
  }

  // ------------------------------------------------------------- HTML controls
  /** An asset's code (``DR-Fox``) in words: "drill report Fox", "50% of vault". */
  function ASSET_WORD(a) {
    const [, kind, rest] = /^(ML|HG|DR|bullion)-(.*)$/.exec(a) || [];
    if (kind === "ML") return t("lease {mine}", { mine: rest });
    if (kind === "HG") return t("headgear {mine}", { mine: rest });
    if (kind === "DR") return t("drill report {mine}", { mine: rest });
    if (kind === "bullion" && /^\d+/.test(rest)) {
      const [, share, tail] = /^(\d+)(.*)$/.exec(rest);
      return t("{share}% of vault", { share }) + tail;
    }
    return a;
  }

  function label(ctx, item) {
    const a = item.action;
    const names = ctx.view.names;
    switch (a.type) {
      case "roll": return t("Roll the dice");
      case "repay": return t("Repay a {note} loan note", { note: money(ctx.view.observation.design.loan_note) });
      case "negotiate": return t("Propose a trade to {player}", { player: names[a.seat] });
      case "withdraw": return t("Withdraw (no offer)");
      case "respond": return a.accept ? t("Accept the offer") : t("Decline the offer");
      case "loan": return a.take ? t("Take the loan") : t("No loan");
      case "draw": return a.yes ? t("Draw a RISK card") : t("Don't draw");
      case "reshuffle": return a.yes ? t("Reshuffle the RISK deck") : t("Don't reshuffle");
      case "answer": return a.yes ? t("Answer YES") : t("Answer NO");
      case "counter": return a.yes ? t("Counter-takeover ($10M)") : t("No counter");
      case "nominate": return a.mine ? t("Nominate {mine}", { mine: a.mine }) : t("No takeover bid");
      case "play": return t("Play HOLD card {card}", { card: a.card });
      case "flash": return a.deal === "sell" ? t("Flash sale: sell {share}%", { share: a.amount }) : t("Flash sale: buy {koz} kOz", { koz: a.amount });
      case "headgear": return t("Build headgear on {mine}", { mine: a.mine });
      case "pass": return t("Pass");
      case "overdraft": return item.text === "overdraft" ? t("overdraft") : item.text;
      default: return item.text;
    }
  }

  // The kinds whose consequence (the game's label: dollars, an overdraft warning) is added to
  // their button's words; a negotiation's button already names the other player.
  const SAYS_MORE = new Set(["headgear", "repay", "loan", "flash", "overdraft", "commission"]);

  // A run of every whole % (a broker's commission) shows the DASHBOARD's quick picks (0, 10,
  // 15, 20 and the corner's 25) among those offered; short lists show as they are.
  const QUICK = [0, 10, 15, 20, 25];
  function quickPicks(items) {
    if (items.length <= 6) return items;
    return items.filter((i) => QUICK.includes(i.action.percent));
  }

  function button(ctx, item, primary) {
    return E("button", { class: primary ? "primary" : "", "data-gf": item.action.type,
      "data-action-text": item.text, onclick: () => ctx.ui.act(item.action) },
      label(ctx, item) + (item.label && SAYS_MORE.has(item.action.type) ? ` · ${item.label}` : ""));
  }

  function controls(ctx) {
    const { ui } = ctx;
    const box = ui.controls;
    if (!box) return;
    const deal = ctx.obs.decision && ctx.obs.decision.deal;
    if (!deal) planNote = "";
    const panel = deal ? dealPanel(ctx, deal) : null;
    if (!ui.legal.length) {
      if (panel) box.append(panel); // spectators and the players not asked: the terms only
      return;
    }
    const wrapBox = E("div", { class: "gf-controls", id: "gf-controls" });
    const row = () => E("div", { class: "gf-row" });
    const byType = (t) => ui.legal.filter((l) => l.action.type === t);
    const done = new Set();
    if (panel) {
      wrapBox.append(panel);
      for (const t of DEAL_TYPES) done.add(t);
    }
    // the sealed bid form
    const bids = byType("bid");
    if (bids.length) {
      done.add("bid").add("pass");
      const select = E("select", { id: "gf-bid-amount", "aria-label": t("bid amount") },
        ...bids.map((b) => E("option", { value: b.action.amount }, money(b.action.amount))));
      const r = row();
      r.append(E("span", { class: "gf-title" }, t("Sealed bid")), select,
        E("button", { class: "primary", id: "gf-bid", onclick: () => {
          const item = bids.find((b) => String(b.action.amount) === select.value);
          if (item) ui.act(item.action);
        } }, t("Place bid")));
      for (const p of byType("pass")) r.append(E("button", { id: "gf-pass", "data-gf": "pass", onclick: () => ui.act(p.action) }, t("Pass")));
      wrapBox.append(r, E("div", { class: "gf-note" }, t("Nobody sees your bid until everyone has decided.")));
    }
    // sell / commission: chips on the board, buttons here as well for small screens; a
    // commission is any whole % from 0 to 20: quick picks, and a box for the others
    for (const kind of ["sell", "commission"]) {
      const items = byType(kind);
      if (!items.length) continue;
      done.add(kind);
      const r = row();
      r.append(E("span", { class: "gf-title" }, kind === "sell" ? t("Sell bullion") : t("Commission")));
      for (const item of quickPicks(items)) r.append(E("button", { "data-gf": kind, "data-percent": item.action.percent,
        title: item.label || null, onclick: () => ui.act(item.action) },
        `${item.action.percent}%` + (kind === "sell" && item.label ? ` · ${item.label}` : "")));
      if (kind === "commission" && items.length > quickPicks(items).length) {
        const pcts = items.map((i) => i.action.percent).filter((p) => p <= 20);
        const input = E("input", { id: "gf-commission", type: "number", min: Math.min(...pcts), max: Math.max(...pcts),
          step: 1, value: 10, "aria-label": t("commission in %"), style: "width:4.5em" });
        r.append(input, E("button", { id: "gf-commission-set", onclick: () => {
          const item = items.find((i) => String(i.action.percent) === String(Number(input.value)));
          input.setCustomValidity(item ? "" : t("The commission here is a whole % from {low} to {high}.",
            { low: Math.min(...pcts), high: Math.max(...pcts) }));
          if (item) ui.act(item.action); else input.reportValidity();
        } }, t("Set %")));
      }
      wrapBox.append(r);
    }
    // quick trade offers (deal, asset, percent), where no deal panel shows them
    const offers = byType("offer");
    if (offers.length && !done.has("offer")) {
      done.add("offer");
      wrapBox.append(quickOffers(ctx, offers));
    }
    // liquidation to the Bank
    const liqs = byType("liquidate");
    if (liqs.length) {
      done.add("liquidate");
      const s = E("select", { id: "gf-liquidate" }, ...liqs.map((l, i) => E("option", { value: i },
        t("{asset} at {discount}% off", { asset: ASSET_WORD(l.action.asset), discount: l.action.discount }) +
        (l.label ? `: ${l.label}` : ""))));
      const r = row();
      r.append(E("span", { class: "gf-title" }, t("Liquidate")), s,
        E("button", { id: "gf-liquidate-go", onclick: () => ui.act(liqs[Number(s.value)].action) }, t("Sell to the Bank")));
      wrapBox.append(r);
    }
    // everything else with a yes/no or a single meaning: clear buttons, roll first
    const order = ["roll", "repay", "headgear", "negotiate", "play", "flash", "withdraw", "respond",
      "loan", "draw", "reshuffle", "answer", "nominate", "counter", "overdraft", "pass"];
    const r = row();
    for (const kind of order) {
      if (done.has(kind)) continue;
      for (const item of byType(kind)) r.append(button(ctx, item, kind === "roll" || (item.action.accept === true)));
    }
    if (r.childNodes.length) wrapBox.append(r);
    if (byType("move").length) {
      wrapBox.append(E("div", { class: "gf-note" }, t("Click a highlighted square on the board to move there:")));
      for (const m of byType("move")) wrapBox.append(E("div", { class: "gf-note", "data-gf-move": m.action.steps },
        `${m.action.steps}: ${m.label || m.text}`));
    }
    if (byType("overdraft").length) {
      const owed = (ctx.obs.decision || {}).owed;
      wrapBox.insertBefore(E("div", { class: "gf-note", id: "gf-cover" },
        t("You owe ${owed}M more than your cash: sell to the Bank (liquidate) or draw overdraft loans.", { owed })), wrapBox.firstChild);
    }
    if (byType("headgear").length) wrapBox.append(E("div", { class: "gf-note" }, t("Or click your mine on the board to build its headgear.")));
    if (byType("nominate").some((i) => i.action.mine)) wrapBox.append(E("div", { class: "gf-note" }, t("Click a highlighted mine to nominate it.")));
    if (wrapBox.childNodes.length) box.append(wrapBox);
  }

  // Quick one-asset proposals: sell or buy, the asset, the % of its GOLDFIX valuation.
  function quickOffers(ctx, offers) {
    const deals = [...new Set(offers.map((o) => o.action.deal))];
    const assets = [...new Set(offers.map((o) => o.action.asset))];
    const pcts = [...new Set(offers.map((o) => o.action.percent))];
    const dealWord = (d) => (d === "sell" ? t("sell") : d === "buy" ? t("buy") : d);
    const sDeal = E("select", { id: "gf-offer-deal", "aria-label": t("sell or buy") }, ...deals.map((d) => E("option", { value: d }, dealWord(d))));
    const sAsset = E("select", { id: "gf-offer-asset", "aria-label": t("asset") }, ...assets.map((a) => E("option", { value: a }, ASSET_WORD(a))));
    const sPct = E("select", { id: "gf-offer-percent", "aria-label": t("price") }, ...pcts.map((p) => E("option", { value: p }, t("{percent}% of value", { percent: p }))));
    const r = E("div", { class: "gf-row gf-quick" });
    r.append(E("span", { class: "gf-title" }, t("Quick offer")), sDeal, sAsset, sPct,
      E("button", { id: "gf-offer", onclick: () => {
        const item = offers.find((o) => o.action.deal === sDeal.value && o.action.asset === sAsset.value && String(o.action.percent) === sPct.value);
        if (item) ctx.ui.act(item.action); else ctx.ui.act(offers[0].action);
      } }, t("Offer")));
    return r;
  }

  // ------------------------------------------------------------------ the deal panel
  // Whenever a deal is drafted or proposed, everyone sees its terms: what each side hands
  // over, its worth at the GOLDFIX, each player's net worth change and the overdrafts a
  // payer draws, the round.  The turn player's side is on the left through every counter.
  // The drafter adds and takes off items (only those his legal moves allow) and types cash
  // and bullion amounts, which are reached by the legal +/-1, 10, 100 steps, one step per
  // frame; the player asked to answer accepts, declines or counters.
  const DEAL_TYPES = ["give", "get", "propose", "withdraw", "respond", "counter-offer", "offer"];
  const num = (str) => E("span", { class: "gf-deal-num" }, str);

  function dealStatus(deal, names) {
    const round = t("proposal {n} of at most {rounds}", { n: deal.proposed ? deal.proposals : deal.proposals + 1, rounds: deal.rounds });
    const said = { drafter: names[deal.drafter], partner: names[deal.partner], round };
    if (deal.proposed) {
      const status = deal.countering ? t("Counter-offer by {drafter} · {round} · {partner} to answer", said)
        : t("Proposal by {drafter} · {round} · {partner} to answer", said);
      return deal.proposals >= deal.rounds ? t("{status} · the last: accept or decline", { status }) : status;
    }
    return deal.countering ? t("Counter-offer by {drafter}, not proposed yet · {round}", said)
      : t("Draft by {drafter}, not proposed yet · {round}", said);
  }

  function sideItems(obs, side) {
    const items = [];
    for (const name of side.mine_leases) {
      const m = obs.mines.names.indexOf(name);
      items.push({ item: `ML-${name}`, text: obs.mines.headgear[m] ? t("{mine} lease + headgear", { mine: name }) : t("{mine} lease", { mine: name }), kind: "lease" });
    }
    for (const name of side.drill_reports) items.push({ item: `DR-${name}`, text: t("{mine} drill report", { mine: name }), kind: "report" });
    if (side.bullion) items.push({ item: "bullion", text: t("{koz} kOz bullion ({value})", { koz: side.bullion.toLocaleString("en-US"), value: money(bullionValue(side.bullion, obs.goldfix)) }), kind: "amount" });
    if (side.cash) items.push({ item: "cash", text: t("{amount} cash", { amount: money(side.cash) }), kind: "amount" });
    if (side.notes) {
      const debt = money(obs.design.loan_note * side.notes);
      items.push({ item: "notes", text: side.notes > 1 ? t("{notes} loan notes ({debt} debt)", { notes: side.notes, debt })
        : t("{notes} loan note ({debt} debt)", { notes: side.notes, debt }), kind: "notes" });
    }
    return items;
  }

  /** A deal item's code in words: "Fox lease", "Fox drill report"; others as they are. */
  function ITEM_WORD(item) {
    const [, kind, mine] = /^(ML|DR)-(.*)$/.exec(item) || [];
    if (kind === "ML") return t("{mine} lease", { mine });
    if (kind === "DR") return t("{mine} drill report", { mine });
    return item;
  }

  function dealPanel(ctx, deal) {
    const { obs, view, ui } = ctx;
    const d = obs.decision;
    const names = view.names;
    const asked = ui.legal.length > 0;
    const editing = asked && d.kind === "negotiate" && deal.drafter === view.seat;
    const answering = asked && d.kind === "respond" && deal.partner === view.seat;
    const legal = (type, item, amount) => ui.legal.find((l) => l.action.type === type &&
      (item === undefined || l.action.item === item) && (amount === undefined || l.action.amount === amount));
    const sides = [{ verb: "give", data: deal.gives }, { verb: "get", data: deal.gets }];
    if (deal.gets.seat === obs.turn) sides.reverse();
    const panel = E("div", { class: "gf-deal", id: "gf-deal", "data-state": deal.proposed ? "proposal" : "draft",
      "data-proposals": deal.proposals, "data-drafter": deal.drafter, "data-partner": deal.partner,
      "data-plan": plan ? "running" : "idle", "data-move": view.move_count });
    panel.append(E("div", { class: "gf-deal-head" },
      E("span", { class: "gf-deal-title" }, t("Deal at GOLDFIX {goldfix}", { goldfix: dollars(obs.goldfix) })),
      E("span", { class: `gf-deal-badge ${deal.proposed ? "proposed" : "draft"}` },
        deal.proposed ? (deal.countering ? t("counter-offer") : t("proposal")) : t("draft"))),
      E("div", { class: "gf-deal-status" }, dealStatus(deal, names)));
    const cols = E("div", { class: "gf-deal-cols" });
    for (const { verb, data } of sides) {
      const seat = data.seat;
      const col = E("div", { class: "gf-deal-side", "data-seat": seat, "data-verb": verb,
        "data-value": data.value, "data-gain": data.gain, "data-overdrafts": data.overdrafts,
        style: `border-top-color:${M.colour(seat)}` });
      col.append(E("div", { class: "gf-deal-who" }, E("span", { style: `color:${M.colour(seat)}` }, "● "),
        t("{player} gives", { player: names[seat] }),
        seat === deal.drafter ? E("span", { class: "gf-deal-tag" }, deal.proposed ? t("proposes") : t("drafts")) : null));
      const list = E("ul", { class: "gf-deal-items" });
      const items = sideItems(obs, data);
      if (!items.length) list.append(E("li", { class: "gf-deal-none" }, t("nothing")));
      for (const it of items) {
        const off = editing && it.kind !== "amount" ? legal(verb, it.item, -1) : null;
        list.append(E("li", { "data-item": it.item }, E("span", {}, it.text),
          off ? E("button", { class: "gf-deal-x", "data-deal-remove": it.item, title: off.label || off.text,
            "aria-label": t("take off {item}", { item: ITEM_WORD(it.item) }), onclick: () => ui.act(off.action) }, "✕") : null));
      }
      col.append(list);
      col.append(E("div", { class: "gf-deal-value" }, t("Worth {value}", { value: money(data.value) })));
      col.append(E("div", { class: `gf-deal-gain ${data.gain > 0 ? "up" : data.gain < 0 ? "down" : ""}` },
        t("{player}'s net worth", { player: names[seat] }), " ", num(signed(data.gain))));
      if (data.overdrafts) {
        const od = { loans: data.overdrafts, loan: money(obs.design.overdraft_loan) };
        col.append(E("div", { class: "gf-deal-od" }, data.overdrafts > 1
          ? t("draws {loans} overdraft loans ({loan} and a LOAN NOTE each)", od)
          : t("draws {loans} overdraft loan ({loan} and a LOAN NOTE each)", od)));
      }
      if (editing) col.append(sideControls(ctx, deal, verb, data, legal));
      cols.append(col);
    }
    panel.append(cols);
    if (editing) {
      if (planNote) panel.append(E("div", { class: "gf-deal-note", id: "gf-deal-plan-note" }, planNote));
      const row = E("div", { class: "gf-deal-actions" });
      const propose = legal("propose");
      if (propose) row.append(E("button", { class: "primary", "data-deal": "propose", onclick: () => ui.act(propose.action) },
        deal.countering ? t("Propose the counter-offer") : t("Propose")));
      const withdraw = legal("withdraw");
      if (withdraw) row.append(E("button", { "data-deal": "withdraw", onclick: () => ui.act(withdraw.action) },
        deal.proposals ? t("Withdraw: no deal") : t("Withdraw")));
      panel.append(row);
      const notes = [];
      if (!propose && deal.countering) notes.push(t("Change the terms to make a counter-offer."));
      else if (!propose) notes.push(t("Add what each side gives, then propose."));
      notes.push(deal.edits_left === 1 ? t("{n} change left to this draft.", { n: 1 })
        : t("{n} changes left to this draft.", { n: deal.edits_left }));
      panel.append(E("div", { class: "gf-deal-note" }, notes.join(" ")));
      const offers = ui.legal.filter((l) => l.action.type === "offer");
      if (offers.length) panel.append(quickOffers(ctx, offers));
    } else if (answering) {
      const row = E("div", { class: "gf-deal-actions" });
      const yes = ui.legal.find((l) => l.action.type === "respond" && l.action.accept);
      const no = ui.legal.find((l) => l.action.type === "respond" && !l.action.accept);
      const counter = legal("counter-offer");
      const mine = deal.gets.seat === view.seat ? deal.gets : deal.gives;
      if (yes) row.append(E("button", { class: "primary", "data-deal": "accept", title: yes.label || null,
        onclick: () => ui.act(yes.action) }, t("Accept · your net worth"), " ", num(signed(mine.gain))));
      if (no) row.append(E("button", { "data-deal": "decline", onclick: () => ui.act(no.action) }, t("Decline")));
      if (counter) row.append(E("button", { "data-deal": "counter", title: counter.label || null,
        onclick: () => ui.act(counter.action) }, t("Counter-offer")));
      panel.append(row);
      if (yes && yes.label && mine.overdrafts) panel.append(E("div", { class: "gf-deal-note" }, t("Accepting: {consequence}.", { consequence: yes.label })));
    }
    return panel;
  }

  // The drafter's controls for one side: add its owner's leases and drill reports, type its
  // cash and bullion, its LOAN NOTES up or down.
  function sideControls(ctx, deal, verb, data, legal) {
    const { ui } = ctx;
    const box = E("div", { class: "gf-deal-edit" });
    const adds = ui.legal.filter((l) => l.action.type === verb && l.action.amount === 1 && /^(ML|DR)-/.test(l.action.item));
    if (adds.length) {
      const row = E("div", { class: "gf-deal-adds" });
      for (const a of adds) row.append(E("button", { class: "gf-deal-add", "data-deal-add": a.action.item, title: a.label || a.text,
        onclick: () => ui.act(a.action) }, `+ ${ITEM_WORD(a.action.item)}`));
      box.append(row);
    }
    for (const [item, word] of [["cash", t("Cash $M")], ["bullion", t("Bullion kOz")]]) {
      const steps = ui.legal.filter((l) => l.action.type === verb && l.action.item === item);
      const other = verb === "give" ? deal.gets : deal.gives;
      // cash and bullion go one way: typing on this side first clears the other's
      const canRaise = steps.some((l) => l.action.amount > 0) || (other[item] > 0 && ui.legal.some(
        (l) => l.action.type !== verb && l.action.item === item && l.action.amount < 0));
      if (!steps.length && !canRaise) continue;
      const input = E("input", { type: "number", min: 0, step: 1, value: data[item], inputmode: "numeric",
        class: "gf-deal-amount", "data-deal-amount": item,
        "aria-label": verb === "give" ? t("{what} given", { what: word }) : t("{what} asked for", { what: word }) });
      const set = () => {
        const target = Number(input.value);
        if (!Number.isInteger(target) || target < 0) {
          input.setCustomValidity(t("a whole amount, 0 or more"));
          input.reportValidity();
          return;
        }
        input.setCustomValidity("");
        startPlan(ctx, verb, item, target);
      };
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); set(); } });
      box.append(E("div", { class: "gf-deal-field" }, E("span", { class: "gf-deal-label" }, word), input,
        E("button", { class: "gf-deal-set", "data-deal-set": item, onclick: set }, t("Set"))));
    }
    const up = legal(verb, "notes", 1);
    const down = legal(verb, "notes", -1);
    if (up || down) {
      box.append(E("div", { class: "gf-deal-field" }, E("span", { class: "gf-deal-label" }, t("Loan notes {notes}", { notes: data.notes })),
        E("button", { class: "gf-deal-step", "data-deal-notes": "-1", disabled: !down, "aria-label": t("one loan note less"),
          onclick: () => down && ui.act(down.action) }, "−"),
        E("button", { class: "gf-deal-step", "data-deal-notes": "1", disabled: !up, "aria-label": t("one loan note more"),
          title: up ? up.label : null, onclick: () => up && ui.act(up.action) }, "+")));
    }
    return box;
  }

  // A typed amount is reached by legal steps (+/-1, 10, 100), one a frame: each step is
  // chosen from the frame on screen and sent with its move count, and the next waits for the
  // frame after it, so a stale page (the server refuses its move) or a redraw never sends
  // twice.  Any other move, a refusal or 10 s without a frame ends the plan.
  let plan = null;
  let planNote = "";
  let planTimer = null;

  function amountOf(deal, verb, item) {
    return (verb === "give" ? deal.gives : deal.gets)[item];
  }

  function stepCost(delta) {
    const d = Math.abs(delta);
    const tens = (r) => { const t = Math.floor(r / 10); const u = r % 10; return Math.min(t + u, t + 1 + 10 - u); };
    const h = Math.floor(d / 100);
    const r = d % 100;
    return Math.min(h + tens(r), h + 1 + tens(100 - r));
  }

  function startPlan(ctx, verb, item, target) {
    const deal = ctx.obs.decision.deal;
    const other = verb === "give" ? "get" : "give";
    const steps = [];
    if (target > 0 && amountOf(deal, other, item) > 0) steps.push({ verb: other, item, target: 0 });
    steps.push({ verb, item, target });
    plan = { seat: ctx.view.seat, steps, sentAt: null, deadline: 0 };
    planNote = "";
    advancePlan(ctx);
    ctx.ui.redraw();
  }

  function stopPlan(ctx, note) {
    plan = null;
    planNote = note || "";
    clearTimeout(planTimer);
  }

  function advancePlan(ctx) {
    if (!plan) return;
    const { view, ui } = ctx;
    const d = ctx.obs.decision;
    const deal = d && d.deal;
    if (!deal || d.kind !== "negotiate" || deal.drafter !== view.seat || view.seat !== plan.seat) return stopPlan(ctx);
    if (plan.sentAt !== null) {
      if (view.move_count <= plan.sentAt) return; // the frame the last step was sent from
      if (view.move_count !== plan.sentAt + 1 || Date.now() > plan.deadline) return stopPlan(ctx);
    }
    while (plan.steps.length) {
      const { verb, item, target } = plan.steps[0];
      const delta = target - amountOf(deal, verb, item);
      if (delta === 0) { plan.steps.shift(); continue; }
      let best = null;
      for (const l of ui.legal) {
        const a = l.action;
        if (a.type !== verb || a.item !== item || Math.abs(delta - a.amount) >= Math.abs(delta)) continue;
        const key = [stepCost(delta - a.amount), -Math.abs(a.amount)];
        if (!best || key[0] < best.key[0] || (key[0] === best.key[0] && key[1] < best.key[1])) best = { key, action: a };
      }
      if (!best) {
        const word = item === "cash" ? money(amountOf(deal, verb, item)) : `${amountOf(deal, verb, item)} kOz`;
        const who = view.names[(verb === "give" ? deal.gives : deal.gets).seat];
        return stopPlan(ctx, item === "cash"
          ? t("{player}'s cash stopped at {amount}: the deal allows no more (what {player} holds, six loan notes at most, or no changes left).", { player: who, amount: word })
          : t("{player}'s bullion stopped at {amount}: the deal allows no more (what {player} holds, six loan notes at most, or no changes left).", { player: who, amount: word }));
      }
      plan.sentAt = view.move_count;
      plan.deadline = Date.now() + 10000;
      clearTimeout(planTimer);
      planTimer = setTimeout(() => { if (plan && Date.now() > plan.deadline) { stopPlan(ctx); ui.redraw(); } }, 10500);
      ui.act(best.action);
      return;
    }
    stopPlan(ctx);
  }

  // --------------------------------------------------------------------- the table
  /** @param {View} view @param {RendererUi} ui @returns {Element} */
  function draw(view, ui) {
    const obs = view.observation;
    const width = K.room(ui).width;
    const phone = width < 620;
    const fs = phone ? 1.45 : 1;
    const pf = phone ? 1.45 : 1.2;
    const W = phone ? 600 : 1000;
    const cols = phone ? 6 : 11;
    const rows = phone ? 16 : 11;
    const cw = W / cols;
    const mineAt = {};
    obs.mines.squares.forEach((sq, m) => { mineAt[sq] = m; });
    const ctx = { view, ui, obs, fs, pf, phone, mineAt };
    const svg = S("svg", { "data-game": "goldfix", "data-move": view.move_count, role: "img",
      "aria-label": t("GOLDFIX table"), xmlns: "http://www.w3.org/2000/svg" });
    // the middle of the ring, laid out first so that the ring can grow around it
    const pad = phone ? 12 : 20;
    const iw = W - 2 * cw - 2 * pad;
    const ix = cw + pad;
    const mid = S("g", { class: "gf-middle" });
    mid.append(txt(W / 2, 16 * pf, "G O L D F I X",
      { size: 26 * pf, ...MID, fill: GOLD, weight: 800, spacing: 2 }));
    let y = 40 * pf;
    if (phone) {
      const lad = priceTable(ctx, ix + 14, y, iw - 14); mid.append(lad.node); y += lad.h + 12;
      const tax = taxTable(ctx, ix, y, iw); mid.append(tax.node); y += tax.h + 6;
      const dice = diceBox(ctx, ix, y); mid.append(dice.node); y += dice.h + 6;
      const dec = decisionPanel(ctx, ix, y, iw); mid.append(dec.node); y += dec.h;
    } else {
      const leftW = 400;
      const lad = priceTable(ctx, ix + 16, y, leftW - 16);
      mid.append(lad.node);
      const rx = ix + leftW + 28;
      const rw = iw - leftW - 28;
      let ry = y;
      const tax = taxTable(ctx, rx, ry, rw); mid.append(tax.node); ry += tax.h + 10;
      const dice = diceBox(ctx, rx, ry); mid.append(dice.node); ry += dice.h;
      y = Math.max(y + lad.h, ry) + 12;
      const dec = decisionPanel(ctx, ix, y, iw); mid.append(dec.node); y += dec.h;
    }
    const ch = Math.max(phone ? 84 : cw, (y + 2 * pad) / (rows - 2));
    mid.setAttribute("transform", `translate(0 ${ch + pad})`);
    const ringH = rows * ch;
    svg.append(S("rect", { x: 0, y: 0, width: W, height: ringH, fill: FELT, rx: 6 }));
    const cells = ringCells(cols, rows);
    const board = S("g", { class: "gf-board" });
    const moves = ui.find((a) => a.type === "move");
    const hg = ui.find((a) => a.type === "headgear");
    const noms = ui.find((a) => a.type === "nominate" && a.mine);
    const mover = obs.players[obs.turn];
    const overlays = S("g", { class: "gf-overlays" });
    obs.board.forEach((_, i) => {
      const [cx, cy] = cells[i];
      const x = cx * cw;
      const sy = cy * ch;
      board.append(drawSquare(ctx, i, x, sy, cw, ch));
      for (const item of moves) {
        if (mover && (mover.position + item.action.steps) % obs.board.length === i) {
          overlay(ctx, overlays, i, x, sy, cw, ch, t("move {steps}", { steps: item.action.steps }), item, "gf-dest");
        }
      }
      const mine = mineAt[i];
      if (mine !== undefined) {
        const name = obs.mines.names[mine];
        const h = hg.find((l) => l.action.mine === name);
        if (h) overlay(ctx, overlays, i, x, sy, cw, ch, `HG ${money(obs.prices.headgear)}`, h, "gf-buy-hg");
        const n = noms.find((l) => l.action.mine === name);
        if (n) overlay(ctx, overlays, i, x, sy, cw, ch, t("nominate"), n, "gf-nominate");
      }
    });
    svg.append(board, mid, overlays);
    const booksTop = ringH + 14;
    const bk = books(ctx, 0, booksTop, W);
    svg.append(bk.node);
    const H = booksTop + bk.h;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    advancePlan(ctx);
    controls(ctx);
    const root = E("div", { class: "gf-root", "data-move": view.move_count, "data-layout": phone ? "phone" : "laptop" }, svg);
    return root;
  }

  // The end: how each net worth adds up, as the rulebook's ranking table does (CASH + MINE
  // ASSETS + BULLION − LOAN NOTES × the note); the mine assets are what the rest leaves.
  /** @param {View} view @returns {string[]} */
  function explainEnd(view) {
    const obs = view.observation;
    const usd = (n) => (n < 0 ? `−$${-n}M` : `$${n}M`);
    return (obs.players || []).map((p, s) => {
      if (!p.active) return t("{player}: bankrupt (net worth {worth} when he fell)", { player: view.names[s], worth: usd(p.net_worth) });
      const bullion = bullionValue(p.bullion, obs.goldfix);
      const note = obs.design.loan_note;
      const assets = p.net_worth - p.cash - bullion + note * p.notes;
      const sum = { player: view.names[s], cash: usd(p.cash), assets: usd(assets), bullion: usd(bullion),
        notes: p.notes, note: usd(note), worth: usd(p.net_worth) };
      return obs.winner === s
        ? t("{player}: cash {cash} + mine assets {assets} + bullion {bullion} − {notes} notes × {note} = {worth} (the WINNER: the target cash, no notes)", sum)
        : t("{player}: cash {cash} + mine assets {assets} + bullion {bullion} − {notes} notes × {note} = {worth}", sum);
    });
  }

  // The kinds of move this board offers itself: the page lists none of them again.
  const COVERS = ["negotiate", "offer", "give", "get", "propose", "withdraw", "respond", "counter-offer", "liquidate", "repay", "headgear", "flash", "play", "roll", "move", "loan", "bid", "pass", "commission", "sell", "reshuffle", "draw", "answer", "nominate", "counter", "overdraft"];
  M.renderers.goldfix = { draw, explainEnd, covers: COVERS, decisionText, endText };
})();
