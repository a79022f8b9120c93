// @ts-check
// Gold am Yukon: the table drawn as SVG from the seat's observation only.
//
// The board: 37 claims on a hexagonal patch (axial q, r from the observation), each with
// its nugget value and its ring of 12 spaces at the hours of a clock face; the odd hours
// face the neighbours and are shared (drawn once, a little larger: the junctions).  Start
// spaces (from the observation while placing; derived from the claims afterwards, as the
// unshared spaces of the outer edge) carry a small "s".  The teams' chains are
// player-coloured stones joined by a line of their colour, the leading end marked by an
// arrow; a staked claim holds its owner's guard stone.  The panel: the throw (dice, extra
// throws added), pips left, the direction of the turn, and per team the nuggets, claims,
// stones on and off the board, guards and status.  Laptop: panel beside the board; phone:
// below it, with larger text.
//
// Controls: click a glowing start space to place the first stone, a glowing space to enter
// or move there, a glowing claim to stake it; "Pass" (and a hint) in ui.controls.  Each
// sends the matching entry of ui.legal; the generic buttons remain below.
(function () {
  "use strict";
  const M = window.Motherlode;
  const S = M.svg;
  const E = M.el;
  const K = M.kit.forGame("yukon", "yk");
  const { txt, wrap, clip, clickable } = K;
  const t = K.t;

  // Words the rules wrote (the observation's `words`: {t: template, p: {place: value}}, a
  // value that is words itself in the same form), in the page's language.
  function say(words) {
    if (words === null || words === undefined || typeof words !== "object") return words;
    /** @type {Record<string, unknown>} */
    const params = {};
    for (const [name, value] of Object.entries(words.p || {})) params[name] = say(value);
    return t(words.t, params);
  }

  const D = 100; // distance between neighbouring claim centres
  const R = D / 2; // ring radius: neighbouring rings touch at the shared space
  const SQ3 = Math.sqrt(3) / 2;
  const INK = K.theme.ink;
  const NUGGET_FILL = { 1: "#efe3c2", 2: "#e6cf8e", 4: "#e0b445", 6: "#f2c21b" };
  const NEIGHBOUR = { 3: [1, 0], 1: [1, -1], 11: [0, -1], 9: [-1, 0], 7: [-1, 1], 5: [0, 1] };

  // The layout, from the board's width: the panel beside the board, or under it.
  const isWide = (ui) => K.room(ui).width >= 640;
  let lastWide = null;
  let lastUi = null;
  window.addEventListener("resize", () => {
    if (lastUi && lastWide !== null && isWide(lastUi) !== lastWide) lastUi.redraw();
  });

  // ---------------------------------------------------------------- geometry
  function centre(q, r) { return [D * (q + r / 2), D * r * SQ3]; }
  function hourPoint(c, hour, radius) {
    const a = (hour % 12) * Math.PI / 6;
    return [c[0] + radius * Math.sin(a), c[1] - radius * Math.cos(a)];
  }
  const f1 = (x) => Math.round(x * 10) / 10;

  function geometry(obs) {
    const claims = new Map(); // number -> {n, q, r, nuggets, owner, c}
    const at = new Map(); // "q,r" -> number
    for (const [n, q, r, nuggets, owner] of obs.claims) {
      claims.set(n, { n, q, r, nuggets, owner, c: centre(q, r) });
      at.set(`${q},${r}`, n);
    }
    const spaces = new Map(); // position key -> {x, y, names: [labels], shared, start}
    const byLabel = new Map(); // any "claim:hour" -> space
    for (const cl of claims.values()) {
      for (let h = 1; h <= 12; h++) {
        const [x, y] = hourPoint(cl.c, h, R);
        const key = `${Math.round(x)},${Math.round(y)}`;
        let sp = spaces.get(key);
        if (!sp) { sp = { x, y, names: [], rings: [] }; spaces.set(key, sp); }
        sp.names.push(`${cl.n}:${h}`);
        sp.rings.push(cl.n);
        byLabel.set(`${cl.n}:${h}`, sp);
      }
    }
    for (const sp of spaces.values()) {
      sp.shared = sp.rings.length > 1;
      sp.label = sp.names.slice().sort((a, b) => parseInt(a) - parseInt(b))[0];
    }
    // start spaces on the outer edge (the same rule as the board module)
    const faces = (cl, h) => at.has(`${cl.q + NEIGHBOUR[h][0]},${cl.r + NEIGHBOUR[h][1]}`);
    const derivedStart = new Set();
    for (const cl of claims.values()) {
      for (let h = 1; h <= 12; h++) {
        const odd = h % 2 === 1;
        const start = odd ? !faces(cl, h)
          : !faces(cl, h === 12 ? 11 : h - 1) || !faces(cl, h === 11 ? 12 : (h + 1) % 12 || 12);
        if (start) derivedStart.add(byLabel.get(`${cl.n}:${h}`));
      }
    }
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const sp of spaces.values()) {
      minX = Math.min(minX, sp.x); maxX = Math.max(maxX, sp.x);
      minY = Math.min(minY, sp.y); maxY = Math.max(maxY, sp.y);
    }
    return { claims, spaces, byLabel, derivedStart, box: [minX, minY, maxX, maxY] };
  }

  // ---------------------------------------------------------------- pieces
  function stone(x, y, colour, attrs, r) {
    r = r || 11.5;
    return S("g", attrs,
      S("circle", { cx: f1(x + 1.5), cy: f1(y + 2), r, fill: "rgba(0,0,0,.35)" }),
      S("circle", { cx: f1(x), cy: f1(y), r, fill: colour, stroke: "#111", "stroke-width": 1.6 }),
      S("circle", { cx: f1(x - r * .3), cy: f1(y - r * .35), r: r * .3, fill: "rgba(255,255,255,.45)" }));
  }

  function die(x, y, size, value, attrs) {
    const spots = {
      1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
      4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
      6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
    }[value] || [];
    const h = size / 2, o = size * .27;
    return S("g", { class: "yk-die", "data-value": value, ...attrs },
      S("rect", { x: x - h, y: y - h, width: size, height: size, rx: size * .16, fill: "#fffdf6",
        stroke: INK, "stroke-width": 2 }),
      ...spots.map(([dx, dy]) => S("circle", { cx: f1(x + dx * o), cy: f1(y + dy * o),
        r: size * .09, fill: value === 1 ? "#b3261e" : INK })));
  }

  // ---------------------------------------------------------------- the board
  function drawBoard(view, ui, g, mover) {
    const obs = view.observation;
    const out = [];
    const [minX, minY, maxX, maxY] = g.box;
    const pad = 18;
    // the land: a hexagon-ish patch behind the rings
    out.push(S("rect", { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad,
      height: maxY - minY + 2 * pad, rx: 28, fill: "#5d7a4a", stroke: "#3b4f2e", "stroke-width": 4 }));
    const placeable = new Map(), enterable = new Map(), stakeable = new Map();
    for (const l of ui.legal) {
      const a = l.action;
      if (a.type === "place") placeable.set(`${a.claim}:${a.hour}`, l);
      else if (a.type === "enter" || a.type === "move") enterable.set(`${a.claim}:${a.hour}`, l);
      else if (a.type === "stake") stakeable.set(a.claim, l);
    }
    const hiColour = mover === null ? "#ffd23f" : M.colour(mover);
    // rings
    for (const cl of g.claims.values()) {
      out.push(S("circle", { cx: f1(cl.c[0]), cy: f1(cl.c[1]), r: R, fill: "none",
        stroke: "#c9b98a", "stroke-width": 2.2, "stroke-opacity": .8 }));
    }
    // claims
    for (const cl of g.claims.values()) {
      const [x, y] = cl.c;
      const owned = cl.owner !== null && cl.owner !== undefined;
      const action = stakeable.get(cl.n);
      const kids = [];
      if (action) {
        kids.push(S("circle", { class: "yk-glow", cx: f1(x), cy: f1(y), r: 34, fill: "none",
          stroke: "#ffe14d", "stroke-width": 7 }));
      }
      kids.push(S("circle", { cx: f1(x), cy: f1(y), r: 30,
        fill: owned ? "#d9d2c0" : NUGGET_FILL[cl.nuggets] || "#e6cf8e",
        stroke: cl.nuggets >= 4 ? "#8a6212" : "#7a6a45", "stroke-width": cl.nuggets >= 4 ? 3 : 2 }));
      kids.push(txt(f1(x), f1(y - 13), `#${cl.n}`, { size: 17, anchor: "middle", fill: "#5a4a2a" }));
      if (owned) {
        kids.push(stone(x, y + 2, M.colour(cl.owner), { class: "yk-guard", "data-seat": cl.owner,
          "data-claim": cl.n }, 14));
        kids.push(txt(f1(x), f1(y + 27), `◆${cl.nuggets}`, { size: 13, anchor: "middle", bold: true }));
      } else {
        kids.push(txt(f1(x), f1(y + 14), `◆${cl.nuggets}`, { size: 26, anchor: "middle", bold: true,
          fill: cl.nuggets >= 4 ? "#6b4300" : INK }));
      }
      const attrs = { class: "yk-claim" + (action ? " yk-target" : ""), "data-claim": cl.n,
        "data-nuggets": cl.nuggets, "data-owner": owned ? cl.owner : "" };
      if (action) {
        attrs["data-action"] = action.text;
        kids.push(S("title", {}, t("{move}: stake claim {claim} ({nuggets} nuggets)",
          { move: action.text, claim: cl.n, nuggets: cl.nuggets })));
        out.push(clickable(S("g", attrs, ...kids), () => ui.act(action.action)));
      } else {
        out.push(S("g", attrs, ...kids));
      }
    }
    // spaces
    const placing = obs.phase === "placing";
    const starts = placing ? new Set(obs.start_spaces.map((l) => g.byLabel.get(l))) : g.derivedStart;
    for (const sp of g.spaces.values()) {
      const start = starts.has(sp);
      out.push(S("circle", { class: "yk-space" + (start ? " yk-start" : ""), "data-space": sp.label,
        cx: f1(sp.x), cy: f1(sp.y), r: sp.shared ? 9 : 7,
        fill: sp.shared ? "#f4ead0" : start && placing ? "#fff7dc" : "#e8dcb8",
        stroke: sp.shared ? "#3b2f1a" : "#6e5f3c", "stroke-width": sp.shared ? 2 : 1.3 }));
      if (start && placing) {
        const cl = g.claims.get(sp.rings[0]);
        const dx = sp.x - cl.c[0], dy = sp.y - cl.c[1], len = Math.hypot(dx, dy) || 1;
        out.push(txt(f1(sp.x + dx / len * 16), f1(sp.y + dy / len * 16 + 4), "s",
          { size: 12, anchor: "middle", fill: "#fff2b8", bold: true }));
      }
    }
    // chains
    const teams = obs.teams || [];
    teams.forEach((team, seat) => {
      const pts = team.chain.map((l) => g.byLabel.get(l)).filter(Boolean);
      const colour = M.colour(seat);
      if (pts.length > 1) {
        const d = pts.map((p, i) => `${i ? "L" : "M"}${f1(p.x)},${f1(p.y)}`).join(" ");
        out.push(S("path", { d, fill: "none", stroke: "#111", "stroke-width": 9,
          "stroke-linejoin": "round", "stroke-linecap": "round", "stroke-opacity": .55 }));
        out.push(S("path", { class: "yk-chain", "data-seat": seat, d, fill: "none", stroke: colour,
          "stroke-width": 6, "stroke-linejoin": "round", "stroke-linecap": "round" }));
      }
      pts.forEach((p, i) => {
        out.push(stone(p.x, p.y, colour, { class: "yk-stone", "data-seat": seat,
          "data-space": team.chain[i] }));
      });
      const front = team.front ? g.byLabel.get(team.front) : null;
      if (front && pts.length) {
        // the leading end: an arrow pointing away from the rest of the team
        const idx = pts.indexOf(front);
        const other = pts.length > 1 ? pts[idx === 0 ? 1 : idx - 1] : null;
        let ux, uy;
        if (other) { ux = front.x - other.x; uy = front.y - other.y; } else {
          const cl = g.claims.get(front.rings[0]);
          ux = -(front.y - cl.c[1]); uy = front.x - cl.c[0];
        }
        const len = Math.hypot(ux, uy) || 1; ux /= len; uy /= len;
        const tipX = front.x + ux * 25, tipY = front.y + uy * 25;
        const bx = front.x + ux * 13, by = front.y + uy * 13;
        out.push(S("path", { class: "yk-front", "data-seat": seat, "data-space": team.front,
          d: `M${f1(tipX)},${f1(tipY)} L${f1(bx - uy * 8)},${f1(by + ux * 8)} ` +
            `L${f1(bx + uy * 8)},${f1(by - ux * 8)} Z`,
          fill: colour, stroke: "#fff", "stroke-width": 2 }));
      }
    });
    // targets: place, enter, move
    const targets = placing ? placeable : enterable;
    for (const [label, l] of targets) {
      const sp = g.byLabel.get(label);
      if (!sp) continue;
      out.push(clickable(S("g", { class: "yk-target yk-dest", "data-action": l.text, "data-space": label },
        S("title", {}, l.text),
        S("circle", { cx: f1(sp.x), cy: f1(sp.y), r: 13, fill: "transparent" }),
        S("circle", { class: "yk-glow", cx: f1(sp.x), cy: f1(sp.y), r: 11, fill: "#fff7c2",
          stroke: "#ffd000", "stroke-width": 4.5 }),
        S("circle", { cx: f1(sp.x), cy: f1(sp.y), r: 5, fill: hiColour, stroke: "#111",
          "stroke-width": 1 })), () => ui.act(l.action)));
    }
    return out;
  }

  // ---------------------------------------------------------------- the panel
  function drawThrow(view, x, y, w, big, mover) {
    const obs = view.observation;
    const out = [];
    const fs = big ? 30 : 20;
    const names = view.names;
    let title;
    if (obs.phase === "over") title = t("The game is over");
    else if (obs.phase === "placing") title = t("{player} places a first stone", { player: names[obs.turn] });
    else title = t("{player}'s turn", { player: names[obs.turn] });
    // The title and the hint wrap to the panel's width (a German sentence is longer than
    // the English one the panel was sized for); a word wider than the panel is squeezed.
    const titleLines = wrap(title, fs + 2, w, { bold: true, lines: 3 });
    titleLines.forEach((line, i) => out.push(txt(f1(x), f1(y + fs + i * (fs + 6)), line,
      { size: fs + 2, bold: true, cls: "yk-title", max: w })));
    let cy = y + fs + 14 + (titleLines.length - 1) * (fs + 6);
    const throws = obs.throws || [];
    if (obs.phase === "playing" && throws.length) {
      const size = big ? 60 : 46;
      throws.forEach((v, i) => {
        out.push(die(x + size / 2 + i * (size + 14), cy + size / 2, size, v,
          { "data-index": i }));
        if (i < throws.length - 1) {
          out.push(txt(f1(x + size + i * (size + 14) + 7), f1(cy + size / 2 + 7), "+",
            { size: fs, anchor: "middle", bold: true }));
        }
      });
      const total = throws.reduce((a, b) => a + b, 0);
      const tx = x + throws.length * (size + 14) + 4;
      out.push(txt(f1(tx), f1(cy + size / 2 - 2), `= ${total}`, { size: fs + 4, bold: true }));
      const left = obs.pips === 1 ? t("1 pip left") : t("{pips} pips left", { pips: obs.pips });
      out.push(txt(f1(tx), f1(cy + size / 2 + fs), left,
        { size: fs - 2, cls: "yk-pips", fill: "#7a4f01", bold: true, data: { "data-pips": obs.pips } }));
      cy += size + 10;
      if (throws.length > 1) {
        out.push(txt(f1(x), f1(cy + fs - 4), throws.length > 2
          ? t("{extra} extra throws (a 1 throws again)", { extra: throws.length - 1 })
          : t("1 extra throw (a 1 throws again)"),
          { size: fs - 4, fill: "#6b6b73" }));
        cy += fs + 2;
      }
      const team = mover === null ? null : obs.teams[mover];
      const end = { end: (team && team.front) || "" };
      let dir = obs.steered ? t("direction chosen: leading end {end}", end)
        : t("direction not yet chosen; leading end {end}", end);
      if (obs.turned_back) dir = t("{direction} (turned back)", { direction: dir });
      for (const line of wrap(dir, fs - 4, w, { lines: 4 })) {
        out.push(txt(f1(x), f1(cy + fs - 2), line, { size: fs - 4, cls: "yk-direction", fill: INK }));
        cy += fs;
      }
      cy += 4;
      const words = obs.words && obs.words.this_turn;
      const story = words ? say(words) : (obs.this_turn || []).join(", ");
      if (story) {
        for (const line of wrap(story, fs - 5, w, { lines: 4 })) {
          out.push(txt(f1(x), f1(cy + fs - 4), line, { size: fs - 5, fill: "#6b6b73", cls: "yk-story" }));
          cy += fs;
        }
      }
    } else if (obs.phase === "placing") {
      for (const line of wrap(t("Click a glowing start space (s)"), fs - 3, w, { lines: 3 })) {
        out.push(txt(f1(x), f1(cy + fs), line, { size: fs - 3, fill: "#6b6b73", max: w }));
        cy += fs + 2;
      }
      cy += 8;
    } else if (obs.end_reason) {
      const reason = (obs.words && say(obs.words.end_reason)) || obs.end_reason;
      for (const line of wrap(reason, fs - 3, w, { lines: 4 })) {
        out.push(txt(f1(x), f1(cy + fs - 2), line, { size: fs - 3, fill: "#6b6b73" }));
        cy += fs + 2;
      }
    }
    return { nodes: out, bottom: cy + 6 };
  }

  function teamHeight(big) { return big ? 104 : 78; }

  function drawTeams(view, x, y, w, big) {
    const obs = view.observation;
    const out = [];
    const rowH = teamHeight(big);
    const fs = big ? 29 : 19;
    const small = big ? 24 : 15;
    (obs.teams || []).forEach((team, seat) => {
      const ry = y + seat * (rowH + 6);
      const me = seat === view.seat;
      const turn = obs.turn === seat && obs.phase !== "over";
      const colour = M.colour(seat);
      const parts = [t("{stones} on board", { stones: team.chain.length }),
        t("{stones} off board", { stones: team.waiting })];
      if (team.guards) parts.push(t("{stones} guarding", { stones: team.guards }));
      if (team.retired) parts.push(t("retired"));
      else if (team.walled) parts.push(t("walled in {turns}×", { turns: team.walled }));
      const claims = team.claims.length
        ? t("claims {claims}", { claims: team.claims.map((c) => "#" + c).join(" ") }) : t("no claim yet");
      out.push(S("g", { class: "yk-team", "data-team": seat, "data-nuggets": team.nuggets,
        "data-waiting": team.waiting, "data-on-board": team.chain.length },
        S("rect", { x, y: ry, width: w, height: rowH, rx: 10,
          fill: turn ? "#fff2c2" : "#fffdf6", stroke: me ? "#c9a227" : turn ? "#d9b23a" : "#d8ccaa",
          "stroke-width": me ? 4 : 2 }),
        S("rect", { x, y: ry, width: 10, height: rowH, rx: 4, fill: colour }),
        stone(x + (big ? 36 : 30), ry + fs * .75 + 4, colour, {}, big ? 15 : 11),
        turn ? txt(f1(x + (big ? 36 : 30)), f1(ry + rowH - 10), "▶",
          { size: small, anchor: "middle", fill: "#b3261e" }) : null,
        txt(f1(x + (big ? 62 : 50)), f1(ry + fs + 4),
          me ? t("{player} (you)", { player: view.names[seat] }) : view.names[seat],
          { size: fs, bold: true, cls: "yk-name" }),
        txt(f1(x + w - 12), f1(ry + fs + 4), `◆ ${team.nuggets}`,
          { size: fs + 2, anchor: "end", bold: true, fill: "#7a4f01", cls: "yk-nuggets" }),
        txt(f1(x + (big ? 62 : 50)), f1(ry + fs + small + 10), clip(parts.join(" · "), small, w - 70),
          { size: small, fill: "#4a4338", cls: "yk-line" }),
        txt(f1(x + (big ? 62 : 50)), f1(ry + fs + 2 * small + 16), clip(claims, small, w - 70),
          { size: small, fill: "#4a4338", cls: "yk-claims" })));
    });
    return out;
  }

  // ---------------------------------------------------------------- controls
  function drawControls(view, ui) {
    const box = ui.controls;
    if (!box) return;
    const legal = ui.legal;
    if (!legal.length) return;
    const types = new Set(legal.map((l) => l.action.type));
    const hints = [];
    if (types.has("place")) hints.push(t("Click a glowing start space to place your first gold-digger."));
    if (types.has("enter")) hints.push(t("Click a glowing space to bring a gold-digger on."));
    if (types.has("move")) {
      hints.push(t("Click a glowing space: the rear stone moves there (the first move chooses the direction)."));
    }
    if (types.has("stake")) hints.push(t("Click a glowing claim to stake it with your rear stone."));
    /** @type {HTMLElement[]} */
    const kids = hints.map((h) => E("p", {}, h));
    // Staking scores; passing throws the pips away: when a claim can be staked, staking is
    // the main button and Pass a plain one (a newcomer once passed instead of staking).
    const nuggets = new Map((view.observation.claims || []).map((c) => [c[0], c[3]]));
    for (const l of legal.filter((x) => x.action.type === "stake")) {
      const n = nuggets.get(l.action.claim);
      kids.push(E("button", { class: "primary yk-stake", "data-yukon": "stake",
        "data-claim": l.action.claim, onclick: () => ui.act(l.action) },
        n === undefined ? t("Stake claim {claim}", { claim: l.action.claim })
          : n === 1 ? t("Stake claim {claim} (1 nugget)", { claim: l.action.claim })
            : t("Stake claim {claim} ({nuggets} nuggets)", { claim: l.action.claim, nuggets: n })));
    }
    const pass = legal.find((l) => l.action.type === "pass");
    if (pass) {
      kids.push(E("button", { class: (types.has("stake") ? "" : "primary ") + "yk-pass",
        "data-yukon": "pass", onclick: () => ui.act(pass.action) }, t("Pass (lose the pips)")));
    }
    box.append(E("div", { class: "yk-controls" }, ...kids));
  }

  // ---------------------------------------------------------------- draw
  /** @param {View} view @param {RendererUi} ui @returns {Element} */
  function draw(view, ui) {
    lastUi = ui;
    const obs = view.observation;
    const g = geometry(obs);
    const wide = isWide(ui);
    lastWide = wide;
    const mover = obs.turn === null || obs.turn === undefined ? null : obs.turn;
    const board = drawBoard(view, ui, g, mover);
    const [minX, minY, maxX, maxY] = g.box;
    const m = 22;
    const bx0 = minX - m, by0 = minY - m, bw = maxX - minX + 2 * m, bh = maxY - minY + 2 * m;
    let vb, panel;
    if (wide) {
      const pw = 330, px = bx0 + bw + 16;
      const th = drawThrow(view, px, by0 + 6, pw, false, mover);
      const teams = drawTeams(view, px, th.bottom + 8, pw, false);
      const n = (obs.teams || []).length;
      const bottom = Math.max(by0 + bh, th.bottom + 8 + n * (teamHeight(false) + 6));
      vb = [bx0, by0, bw + pw + 22, bottom - by0 + 6];
      panel = [...th.nodes, ...teams];
    } else {
      const pw = bw - 20, px = bx0 + 10;
      const th = drawThrow(view, px, by0 + bh + 8, pw, true, mover);
      const teams = drawTeams(view, px, th.bottom + 6, pw, true);
      const n = (obs.teams || []).length;
      vb = [bx0, by0, bw, th.bottom + 6 + n * (teamHeight(true) + 6) - by0 + 4];
      panel = [...th.nodes, ...teams];
    }
    const root = S("svg", { viewBox: vb.map(f1).join(" "), "data-game": "yukon",
      "data-move": view.move_count, "data-layout": wide ? "wide" : "narrow",
      role: "img", "aria-label": t("Gold am Yukon board") },
    S("rect", { x: vb[0], y: vb[1], width: vb[2], height: vb[3], fill: "#f6efdd" }),
    ...board, ...panel);
    drawControls(view, ui);
    return E("div", { class: "yk-root", "data-move": view.move_count }, root);
  }

  // The end screen's why: each team's nuggets, claim by claim.
  /** @param {View} view @returns {string[]} */
  function explainEnd(view) {
    const obs = view.observation;
    const nuggets = new Map((obs.claims || []).map((c) => [c[0], c[3]]));
    return (obs.teams || []).map((team, s) => {
      const player = view.names[s];
      const claims = (team.claims || []).map((c) => t("claim {claim}: {nuggets}", { claim: c, nuggets: nuggets.get(c) }))
        .join(" + ");
      if (!claims) return t("{player}: no claim staked", { player });
      if (team.nuggets === 1) return t("{player}: {claims} = 1 nugget", { player, claims });
      return t("{player}: {claims} = {nuggets} nuggets", { player, claims, nuggets: team.nuggets });
    });
  }

  // The kinds of move this board offers itself: the page lists none of them again.
  const COVERS = ["place", "enter", "move", "stake", "pass"];
  M.renderers.yukon = { draw, explainEnd, covers: COVERS };
})();
