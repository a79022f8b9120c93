// @ts-check
// Carcassonne with The Goldmines: the map of land tiles with its followers and gold bars,
// the drawn tile, the bag and the players, drawn as SVG from the seat's observation only.
// The turn's decisions are clicks on the map: an open square (then turn the previewed tile
// and confirm), a feature of the new tile for a follower (or "No follower"), a highlighted
// tile for the second gold bar or for taking a bar.  Every click sends one of ui.legal.
(function () {
  "use strict";
  const M = window.Motherlode;
  const { svg, el } = M;
  const K = M.kit.forGame("carcassonne", "cc");
  const { txt } = K;

  // ------------------------------------------------------------------ the tile set
  // The tiles the engine plays, sent by the server (/games/carcassonne/data.json, from
  // data/tiles.toml and web/tile_art.json): per tile its edges N E S W, its features in the
  // file's order (a follower's number is its index: kind, sides, halves, pennant, and `at`,
  // where the feature is shown, tile north up, 0..100), gold, and drawing hints: stop (where
  // a dead-end road ends), junction (a crossroads house), tight (a smaller city corner next
  // to a cloister).  The page waits for them (`ready`) before the first drawing.
  const SIDES = "NESW"; // the names of edges and half-edges, as the engine names them
  const HALVES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
  /** The follower on a feature of this kind, in words. @param {string} kind */
  function role(kind) {
    if (kind === "road") return K.t("thief");
    if (kind === "city") return K.t("knight");
    if (kind === "field") return K.t("farmer");
    if (kind === "cloister") return K.t("monk");
    return K.t("follower");
  }

  /** A kind of feature (or of score: the tally's farm and gold) in words. @param {string} kind */
  function kindWord(kind) {
    if (kind === "road") return K.t("road");
    if (kind === "city") return K.t("city");
    if (kind === "field") return K.t("field");
    if (kind === "cloister") return K.t("cloister");
    if (kind === "farm") return K.t("farm");
    if (kind === "gold") return K.t("gold");
    return kind;
  }

  /** Place a follower on a feature, its kind's follower named. */
  function placeRole(kind, feature) {
    if (kind === "road") return K.t("place a thief on the {feature}", { feature });
    if (kind === "city") return K.t("place a knight on the {feature}", { feature });
    if (kind === "field") return K.t("place a farmer on the {feature}", { feature });
    return K.t("place a monk on the {feature}", { feature });
  }

  /** The drawn tile's name in the page's language (the catalog lists the built-in tiles'),
   * or `none` when the observation names none. */
  function tileName(obs, none) {
    return obs.tile_name ? K.t(obs.tile_name) : none;
  }

  const landTile = () => K.t("a land tile");
  /** A seat the table has not named. @param {number} seat */
  const playerNumber = (seat) => K.t("Player {number}", { number: seat + 1 });
  const drawnTileWords = () => K.t("the drawn tile");

  /** Players' names as one: "A and B and C". @param {string[]} names */
  function together(names) {
    return names.reduce((earlier, then) => K.t("{earlier} and {then}", { earlier, then }));
  }
  /** @type {Record<string, any>} */
  const TILES = {};
  const ready = fetch("/games/carcassonne/data.json")
    .then((response) => response.json())
    .then((data) => { Object.assign(TILES, data.tiles); });

  // ------------------------------------------------------------------ colours and shapes
  const C = {
    table: "#e7dcc2", field: "#a5c96e", fieldEdge: "#86ad52", grass: "#8fb85a",
    city: "#d9a45f", cityDark: "#b98043", wall: "#6e4520", road: "#f4ecd8", roadEdge: "#7d6a4a",
    roof: "#b4463a", chapel: "#f3e9d2", shield: "#2f5fa8", gold: "#f2c12e", goldDark: "#8a6400",
  };
  const MEEPLE = "M0-13C3.6-13 5.6-10.4 5.6-7.6C5.6-6.2 5.1-5 4.4-4.2L11.5-2.2C13.6-1.6 " +
    "13.6 2.6 11.2 3L6.2 3.6L10.6 11.2C11.2 12.4 10.6 13 9.6 13L3 13L0 8.4L-3 13L-9.6 13C-10.6 " +
    "13-11.2 12.4-10.6 11.2L-6.2 3.6L-11.2 3C-13.6 2.6-13.6-1.6-11.5-2.2L-4.4-4.2C-5.1-5-5.6" +
    "-6.2-5.6-7.6C-5.6-10.4-3.6-13 0-13Z";
  const MID = [[50, 0], [100, 50], [50, 100], [0, 50]];
  const INWARD = [[0, 1], [-1, 0], [0, -1], [1, 0]];

  /** A point of a tile (north up, 0..100) on the tile turned r quarter turns clockwise.
   * @param {number[]} point @param {number} r */
  function turn([x, y], r) {
    for (let i = 0; i < r; i++) [x, y] = [100 - y, x];
    return [x, y];
  }

  function cityShape(sides, tight) {
    const s = [...sides].sort();
    if (s.length === 4) return { k: 0, fill: "M0 0H100V100H0Z", walls: [] };
    if (s.length === 3) {
      const missing = [0, 1, 2, 3].find((x) => !s.includes(x));
      const wall = "M100 100Q50 32 0 100";
      return { k: (missing + 2) % 4, fill: "M0 0H100V100Q50 32 0 100Z", walls: [wall] };
    }
    if (s.length === 2 && (s[0] + 2) % 4 === s[1]) {
      const a = "M0 0Q50 52 100 0", b = "M100 100Q50 48 0 100";
      return { k: s[0] === 1 ? 0 : 1, fill: "M0 0Q50 52 100 0V100Q50 48 0 100Z", walls: [a, b] };
    }
    if (s.length === 2) {
      const first = s.find((x) => s.includes((x + 1) % 4));
      const c = tight ? 14 : 27;
      return { k: (first + 1) % 4, fill: `M0 0H100Q${c} ${c} 0 100Z`,
        walls: [`M100 0Q${c} ${c} 0 100`] };
    }
    return { k: s[0], fill: "M0 0H100C75 30 25 30 0 0Z", walls: ["M100 0C75 30 25 30 0 0"] };
  }

  /** Where a city's pennant is shown (tile north up). */
  function pennantSpot(sides, tile) {
    const s = [...sides].sort();
    const shape = cityShape(s, tile.tight);
    const canonical = s.length === 4 ? [27, 25] : s.length === 3 ? [80, 19] :
      s.length === 2 && (s[0] + 2) % 4 === s[1] ? [80, 50] : [47, 12];
    return turn(canonical, shape.k);
  }

  function roadPath(sides, stop) {
    const [a, b] = sides;
    const [ax, ay] = MID[a];
    if (sides.length === 1) {
      const [sx, sy] = stop || [50, 50];
      return `M${ax} ${ay}L${sx} ${sy}`;
    }
    const [bx, by] = MID[b];
    if ((a + 2) % 4 === b) return `M${ax} ${ay}L${bx} ${by}`;
    const k = 27.6;
    return `M${ax} ${ay}C${ax + k * INWARD[a][0]} ${ay + k * INWARD[a][1]} ` +
      `${bx + k * INWARD[b][0]} ${by + k * INWARD[b][1]} ${bx} ${by}`;
  }

  function chapel(x, y, scale) {
    return svg("g", { transform: `translate(${x} ${y}) scale(${scale})`, class: "cc-chapel" },
      svg("path", { d: "M-13-2L0-15L13-2Z", fill: C.roof, stroke: "#5a2018", "stroke-width": 1.5,
        "stroke-linejoin": "round" }),
      svg("rect", { x: -10, y: -2, width: 20, height: 16, fill: C.chapel, stroke: "#5a4a30",
        "stroke-width": 1.5 }),
      svg("path", { d: "M0-22V-12M-3.5-18.5H3.5", stroke: "#5a2018", "stroke-width": 2 }),
      svg("path", { d: "M-3 14V7A3 3 0 0 1 3 7V14", fill: "#6b4a2a" }));
  }

  function shield(x, y) {
    return svg("g", { transform: `translate(${x} ${y})`, class: "cc-pennant" },
      svg("path", { d: "M-7-8H7V0C7 5 3 8 0 10C-3 8-7 5-7 0Z", fill: C.shield,
        stroke: "#fff", "stroke-width": 1.6 }),
      svg("path", { d: "M0-5V6M-4-1H4", stroke: "#fff", "stroke-width": 1.6 }));
  }

  function meeple(colour, { farmer = false, scale = 1, ghost = false } = {}) {
    const t = `scale(${scale})${farmer ? " rotate(-90)" : ""}`;
    return svg("g", { transform: t },
      svg("path", { d: MEEPLE, fill: "none", stroke: ghost ? "none" : "#fff", "stroke-width": 4,
        "stroke-linejoin": "round" }),
      svg("path", { d: MEEPLE, fill: colour, stroke: ghost ? colour : "#1b1b1b",
        "stroke-width": 1.6, "stroke-linejoin": "round", "fill-opacity": ghost ? 0.35 : 1 }));
  }

  function ingot(x, y, scale = 1) {
    return svg("g", { transform: `translate(${x} ${y}) scale(${scale})`, class: "cc-ingot" },
      svg("path", { d: "M-11 5H11L7.5-4H-7.5Z", fill: C.gold, stroke: C.goldDark,
        "stroke-width": 1.6, "stroke-linejoin": "round" }),
      svg("path", { d: "M-5-1.5H5", stroke: "#fff6c4", "stroke-width": 1.6,
        "stroke-linecap": "round" }));
  }

  function goldStack(x, y, bars) {
    const g = svg("g", { class: "cc-gold" });
    for (let i = 0; i < Math.min(bars, 3); i++) g.append(ingot(x, y - 9 * i, 1.3));
    if (bars > 1) {
      g.append(txt(x + 16, y + 7, bars, { size: 18, bold: true, fill: "#3b2a00",
        data: { stroke: "#fff8d8", "stroke-width": 3, "paint-order": "stroke" } }));
    }
    return g;
  }

  /** A tile's picture in its own 0..100 square, turned r quarter turns clockwise. */
  function tileArt(id, r) {
    const tile = TILES[id];
    const g = svg("g", { class: "cc-art" });
    if (!tile) {
      g.append(svg("rect", { width: 100, height: 100, fill: "#ccc" }),
        txt(50, 56, id, { size: 16, anchor: "middle" }));
      return g;
    }
    const land = svg("g", { transform: `rotate(${r * 90} 50 50)` },
      svg("rect", { width: 100, height: 100, fill: C.field }),
      svg("path", { d: "M14 30l3-6 2 6M70 20l3-6 2 6M80 72l3-6 2 6M28 84l3-6 2 6M55 60l3-6 2 6",
        stroke: C.grass, "stroke-width": 1.6, fill: "none", "stroke-linecap": "round" }));
    for (const f of tile.features) {
      if (f.kind !== "city") continue;
      const shape = cityShape(f.sides, tile.tight);
      land.append(svg("g", { transform: `rotate(${shape.k * 90} 50 50)` },
        svg("path", { d: shape.fill, fill: C.city }),
        svg("path", { d: shape.fill, fill: "url(#cc-roofs)", opacity: 0.5 }),
        ...shape.walls.map((d) => svg("path", { d, fill: "none", stroke: C.wall,
          "stroke-width": 4, "stroke-linecap": "round" }))));
    }
    const roads = tile.features.filter((f) => f.kind === "road")
      .map((f) => roadPath(f.sides, tile.stop));
    for (const d of roads) {
      land.append(svg("path", { d, stroke: C.roadEdge, "stroke-width": 13, fill: "none" }),
        svg("path", { d, stroke: C.road, "stroke-width": 9, fill: "none" }));
    }
    g.append(land);
    if (tile.junction) {
      g.append(svg("g", {}, svg("rect", { x: 42, y: 42, width: 16, height: 16, rx: 2,
        fill: C.roof, stroke: "#4a1c14", "stroke-width": 1.5 })));
    }
    const busy = tile.features.filter((f) => f.kind !== "field").length > 2;
    tile.features.forEach((f) => {
      if (f.kind === "cloister") {
        const [x, y] = turn(f.at, r);
        g.append(chapel(x, y + 2, busy || tile.tight ? 0.8 : 1));
      } else if (f.pennant) {
        const [x, y] = turn(pennantSpot(f.sides, tile), r);
        g.append(shield(x, y));
      }
    });
    if (tile.gold) { // the printed gold symbol, in a corner away from cities
      const [cx, cy] = goldCorner(tile, r);
      g.append(svg("g", { transform: `translate(${cx} ${cy})`, class: "cc-gold-symbol" },
        svg("circle", { r: 8.5, fill: "#3b2a10", stroke: C.gold, "stroke-width": 1.5 }),
        svg("path", { d: "M-5 2L-2-4L3-4L5 1L1 4Z", fill: C.gold })));
    }
    g.append(svg("rect", { width: 100, height: 100, fill: "none", stroke: "rgba(40,30,10,.35)",
      "stroke-width": 1 }));
    return g;
  }

  /** The corner of a gold tile (turned r) that shows its gold symbol: one with no city. */
  function goldCorner(tile, r) {
    const edges = [0, 1, 2, 3].map((s) => tile.edges[(s - r + 4) % 4]);
    const corners = [[88, 12, 0, 1], [88, 88, 1, 2], [12, 88, 2, 3], [12, 12, 3, 0]];
    return corners.find(([, , a, b]) => edges[a] !== "C" && edges[b] !== "C") || corners[0];
  }

  /** The pattern of little roofs inside cities, defined once for the whole page. */
  let defs = null;
  function defsOnce() {
    if (defs && defs.isConnected) return;
    defs = svg("svg", { id: "cc-defs", width: 0, height: 0, "aria-hidden": "true",
      style: "position:absolute;width:0;height:0;overflow:hidden" }, svg("defs", {},
      svg("pattern", { id: "cc-roofs", width: 18, height: 16, patternUnits: "userSpaceOnUse" },
        svg("path", { d: "M2 12L6 7L10 12Z", fill: C.roof, opacity: 0.55 }),
        svg("path", { d: "M11 5L14 1.5L17 5Z", fill: C.cityDark }))));
    document.body.append(defs);
  }

  /** "city N-W (pennant)", as the feature lies on the map (like Feature.describe). */
  function describe(f, r) {
    const codes = [];
    if (f.sides.length) {
      codes.push(f.sides.map((s) => (s + r) % 4).sort().map((s) => SIDES[s]).join("-"));
    }
    if (f.halves.length) {
      const touched = new Set(f.halves.map((h) => (h + 2 * r) % 8));
      const parts = [];
      for (let side = 0; side < 4; side++) {
        const hs = [2 * side, 2 * side + 1].filter((h) => touched.has(h));
        if (hs.length === 2) parts.push(SIDES[side]);
        else parts.push(...hs.map((h) => HALVES[h]));
      }
      codes.push(parts.join("-"));
    }
    const kind = kindWord(f.kind);
    const text = codes.length ? K.t("{kind} {where}", { kind, where: codes.join(" ") }) : kind;
    return f.pennant ? K.t("{feature} (pennant)", { feature: text }) : text;
  }

  // ------------------------------------------------------------------ page-local state
  const local = { table: null, move: -1, sel: null, zoom: null, centre: null, sentAt: -1,
    sentTime: 0, bagOpen: false, current: null };

  // ------------------------------------------------------------------ legal actions
  function legalIndex(ui) {
    const out = { place: [], gold: [], follower: [], pass: null, take: [] };
    for (const item of ui.legal || []) {
      const a = item.action;
      if (!a || typeof a !== "object") continue;
      if (a.type === "place") out.place.push(a);
      else if (a.type === "gold") out.gold.push(a);
      else if (a.type === "follower") out.follower.push(a);
      else if (a.type === "pass") out.pass = a;
      else if (a.type === "take") out.take.push(a);
    }
    return out;
  }

  function send(view, ui, action) {
    const now = Date.now();
    if (local.sentAt === view.move_count && now - local.sentTime < 2500) return;
    local.sentAt = view.move_count;
    local.sentTime = now;
    ui.act(action);
  }

  // A shape that acts, named `label`: the page's .clickable (dimmed while a move is on its way).
  const clickable = (node, label, fn) => K.clickable(node, fn, { label, cls: "clickable" });

  function redraw() {
    const cur = local.current;
    if (!cur || !cur.root.isConnected) return;
    const fresh = draw(cur.view, cur.ui);
    cur.root.replaceWith(fresh);
  }

  // ------------------------------------------------------------------ the renderer
  /** @param {View} view @param {RendererUi} ui @returns {Element} */
  function draw(view, ui) {
    defsOnce();
    const obs = view.observation;
    if (local.table !== view.table) {
      Object.assign(local, { table: view.table, sel: null, zoom: null, centre: null });
    }
    const legal = legalIndex(ui);
    const mine = view.seat !== null && view.seat !== undefined && (ui.legal || []).length > 0;
    // a decision on the new tile: zoom in close enough to tap its features on a phone
    local.focus = mine && !legal.place.length;
    const looking = lookingAt(); // where a zoomed map is scrolled to, kept across redraws
    if (looking) local.centre = looking;
    if (local.move !== view.move_count) {
      local.move = view.move_count;
      local.sel = null;
      if (local.focus && obs.last) local.centre = [obs.last[0] * 100 + 50, obs.last[1] * 100 + 50];
    }
    const me = view.seat === null || view.seat === undefined ? null : view.seat;
    const names = view.names || [];
    const name = (s) => names[s] || playerNumber(s);
    if (local.sel && !legal.place.some((a) => a.x === local.sel.x && a.y === local.sel.y)) {
      local.sel = null;
    }

    const root = el("div", { class: "cc", "data-phase": obs.phase, "data-move": view.move_count,
      "data-mine": mine ? "yes" : "no" });
    local.current = { view, ui, root };
    root.append(el("div", { class: "cc-top" },
      el("div", { class: "cc-drawn" }, drawnTile(obs, view, legal)),
      el("div", { class: "cc-players" },
        ...names.map((_, s) => playerCard(obs, view, s, name)))));
    if (obs.over) root.append(scoreSheet(obs, name));
    root.append(tray(obs, view, legal, mine, name));
    root.append(mapBox(obs, view, ui, legal, me));
    root.append(bagList(obs));
    if (ui.controls) {
      ui.controls.replaceChildren();
      const box = controls(obs, view, ui, legal, mine);
      if (box) ui.controls.append(box);
    }
    return root;
  }

  // ----- the drawn tile and the bag
  function drawnTile(obs, view, legal) {
    const box = svg("svg", { viewBox: "0 0 240 110", class: "cc-drawn-svg",
      role: "img", "aria-label": obs.tile ? K.t("drawn tile: {tile}", { tile: tileName(obs, landTile()) })
        : K.t("no tile drawn") });
    box.append(svg("rect", { x: 0.5, y: 0.5, width: 239, height: 109, rx: 10, fill: "#fffdf6",
      stroke: "#e4ddcc" }));
    if (obs.tile) {
      const rot = local.sel && legal.place.length ? local.sel.rot : 0;
      box.append(svg("g", { transform: "translate(6 6) scale(.98)", "data-drawn": obs.tile,
        "data-rotation": rot }, tileArt(obs.tile, rot)));
    } else {
      box.append(svg("rect", { x: 8, y: 8, width: 94, height: 94, rx: 4, fill: "none",
        stroke: "#b9ad8c", "stroke-width": 2, "stroke-dasharray": "6 5" }),
      txt(55, 60, obs.over ? K.t("game over") : K.t("placed"), { size: 13, anchor: "middle", fill: "#8a8068" }));
    }
    box.append(
      txt(116, 26, obs.tile ? K.t("Drawn tile") : K.t("The bag"), { size: 15, bold: true, fill: "#6b6b73" }),
      txt(116, 68, obs.bag, { size: 40, weight: 800, fill: "#1d1d1f", data: { "data-bag": obs.bag } }),
      txt(116, 90, obs.bag === 1 ? K.t("tile in the bag") : K.t("tiles in the bag"), { size: 16, fill: "#4a4a50" }));
    if ((obs.discarded || []).length) {
      box.append(txt(116, 106, K.t("{tiles} set aside", { tiles: obs.discarded.length }), { size: 13, fill: "#8a5a00" }));
    }
    return box;
  }

  // ----- one player's card: score, followers in supply, gold bars
  function playerCard(obs, view, s, name) {
    const colour = M.colour(s);
    const active = !obs.over && (obs.pending || []).includes(s);
    const isMe = view.seat === s;
    const card = svg("svg", { viewBox: "0 0 200 96", class: "cc-player", "data-player": s,
      "data-points": obs.points[s], "data-supply": obs.supply[s],
      "data-bars": obs.bars ? obs.bars[s] : null, role: "img",
      "aria-label": obs.bars
        ? K.t("{player}: {points} points, {followers} followers, {bars} gold bars",
          { player: name(s), points: obs.points[s], followers: obs.supply[s], bars: obs.bars[s] })
        : K.t("{player}: {points} points, {followers} followers",
          { player: name(s), points: obs.points[s], followers: obs.supply[s] }) });
    card.append(svg("rect", { x: 2, y: 2, width: 196, height: 92, rx: 12,
      fill: isMe ? "#fff8e0" : "#fff", stroke: active ? colour : "#d9d0bb",
      "stroke-width": active ? 4 : 1.5 }));
    card.append(svg("g", { transform: "translate(20 27)" }, meeple(colour, { scale: 0.95 })));
    // the name keeps clear of the points: smaller type when long, cut (with its full text as a
    // tooltip) when even that does not fit the room the points leave
    const room = 188 - K.measure(obs.points[s], 32, { weight: 800 }) - 12 - 38;
    const size = K.measure(name(s), 18, { bold: true }) > room ? 15 : 18;
    card.append(txt(38, 33, K.clip(name(s), size, room, { bold: true }),
      { size, bold: true, fill: "#1d1d1f", cls: "cc-name", title: name(s) }));
    card.append(txt(188, 40, obs.points[s], { size: 32, anchor: "end", cls: "cc-points", weight: 800,
      fill: colour === "#f2b705" ? "#8a6500" : colour }));
    card.append(txt(188, 56, K.t("points"), { size: 14, anchor: "end", fill: "#6b6b73" }));
    // the table's followers (seven in the rulebook): those placed are drawn faded; room for
    // seven at the usual size, more drawn closer together
    const shown = obs.design.followers;
    const step = Math.min(13, 91 / Math.max(1, shown));
    for (let i = 0; i < shown; i++) {
      const g = svg("g", { transform: `translate(${14 + i * step} 60)`,
        opacity: i < obs.supply[s] ? 1 : 0.22 }, meeple(colour, { scale: 0.48 }));
      card.append(g);
    }
    if (obs.bars) {
      card.append(ingot(118, 60, 0.85), txt(131, 66, obs.bars[s], { size: 16, bold: true, fill: "#5a4300" }));
    }
    const tags = [];
    if (isMe) tags.push(K.t("you"));
    if (active) tags.push(obs.phase === "take" ? K.t("taking gold") : K.t("to play"));
    const agent = (view.agents || [])[s];
    if (agent && agent !== "human") tags.push(K.t("{agent} bot", { agent }));
    if (obs.over && obs.ranking) {
      const place = obs.ranking.findIndex((g) => g.includes(s));
      tags.unshift([K.t("1st"), K.t("2nd"), K.t("3rd"), K.t("4th"), K.t("5th")][place] ||
        K.t("{place}th", { place: place + 1 }));
    }
    card.append(txt(12, 87, tags.join(" · "), { size: 15, fill: isMe ? "#7a4f01" : "#6b6b73",
      weight: isMe ? 700 : 400 }));
    return card;
  }

  // ----- the end of the game: where the points came from
  function scoreSheet(obs, name) {
    const kinds = Object.keys(obs.tally || {});
    const n = obs.num_players;
    const col = (i) => 170 + 58 * i;
    const w = col(kinds.length) + 34;
    const h = 52 + 30 * n;
    const sheet = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "cc-sheet-svg",
      role: "img", "aria-label": K.t("final scores") });
    sheet.append(svg("rect", { x: 0.5, y: 0.5, width: w - 1, height: h - 1, rx: 10,
      fill: "#fffdf6", stroke: "#e4ddcc" }));
    [...kinds.map(kindWord), K.t("total")].forEach((k, i) => sheet.append(txt(col(i), 28, k,
      { size: 14, anchor: "middle", bold: true, fill: "#6b6b73" })));
    const order = (obs.ranking || []).flat();
    order.forEach((s, row) => {
      const y = 62 + 30 * row;
      const winner = obs.ranking[0].includes(s);
      // the name, cut where it would reach the first column of points
      sheet.append(txt(12, y, K.clip(`${winner ? "★ " : ""}${name(s)}`, 17, col(0) - 40, { bold: true }),
        { size: 17, bold: true, fill: M.colour(s), title: name(s) }));
      kinds.forEach((k, i) => sheet.append(txt(col(i), y, obs.tally[k][s], { size: 17, anchor: "middle" })));
      sheet.append(txt(col(kinds.length), y, obs.points[s],
        { size: 18, anchor: "middle", weight: 800, data: { "data-total": s } }));
    });
    return el("div", { class: "cc-sheet" }, sheet);
  }

  // ----- what is happening, and the zoom buttons
  function tray(obs, view, legal, mine, name) {
    let text;
    const who = name(obs.active);
    if (obs.over) {
      const first = (obs.ranking || [[]])[0];
      const winners = first.length ? together(first.map(name)) : "";
      text = first.length === 1 ? K.t("Game over: {player} wins", { player: winners })
        : K.t("Game over: {players} win", { players: winners });
    } else if (mine && legal.place.length) {
      const ways = local.sel ? legal.place.filter((a) => a.x === local.sel.x &&
        a.y === local.sel.y).length : 0;
      text = !local.sel ? K.t("Your turn: tap a highlighted square to put the drawn tile there.") :
        ways > 1 ? K.t("Tap the tile or ⟳ to turn it, then ✓ to place it here.") :
          K.t("The tile fits here one way only: tap ✓ to place it.");
    } else if (mine && legal.gold.length) {
      text = K.t("Gold! Tap a highlighted tile to put the second gold bar on it.");
    } else if (mine && (legal.follower.length || legal.pass)) {
      text = K.t("Tap a circle on your new tile to place a follower there, or “No follower”.");
    } else if (mine && legal.take.length) {
      text = K.t("Tap a highlighted tile to take one of its gold bars.");
    } else if (obs.phase === "place") {
      text = K.t("{player} is placing a tile ({tile})…", { player: who, tile: tileName(obs, landTile()) });
    } else if (obs.phase === "gold") {
      text = K.t("{player} is putting the second gold bar…", { player: who });
    } else if (obs.phase === "follower") {
      text = K.t("{player} may place a follower…", { player: who });
    } else if (obs.phase === "take") {
      text = K.t("{player} is taking a gold bar…", { player: name(obs.gold_turn) });
    } else {
      text = "";
    }
    const zoomTo = (z) => { local.zoom = z; redraw(); };
    const current = () => local.zoomNow || 1;
    return el("div", { class: "cc-tray" },
      el("span", { class: "cc-status", "data-status": "" }, text),
      el("span", { class: "cc-zoom" },
        el("button", { title: K.t("zoom out"), "aria-label": K.t("zoom out"), "data-zoom": "out",
          onclick: () => zoomTo(Math.max(1, current() / 1.4)) }, "−"),
        el("button", { title: K.t("fit the whole map"), "data-zoom": "fit",
          onclick: () => zoomTo(1) }, K.t("Fit")),
        el("button", { title: K.t("zoom in"), "aria-label": K.t("zoom in"), "data-zoom": "in",
          onclick: () => zoomTo(Math.min(6, current() * 1.4)) }, "+")));
  }

  // ----- the map
  function mapBox(obs, view, ui, legal, me) {
    const board = obs.board || [];
    const at = new Map(board.map(([x, y, id, r]) => [`${x},${y}`, { x, y, id, r }]));
    const spots = new Map();
    for (const [x, y] of obs.placements || []) spots.set(`${x},${y}`, [x, y]);
    const xs = [...board.map((t) => t[0]), ...[...spots.values()].map((p) => p[0])];
    const ys = [...board.map((t) => t[1]), ...[...spots.values()].map((p) => p[1])];
    const pad = 0.3;
    // room above and below for the "No follower" pill, drawn beside the new tile
    const padY = legal && legal.pass ? 0.45 : pad;
    const x0 = Math.min(...xs, 0) - pad, x1 = Math.max(...xs, 0) + 1 + pad;
    const y0 = Math.min(...ys, 0) - padY, y1 = Math.max(...ys, 0) + 1 + padY;
    const vb = [x0 * 100, y0 * 100, (x1 - x0) * 100, (y1 - y0) * 100];

    // fit: the whole map within the card's width and about 72% of the window's height
    const space = K.room(ui);
    const cw = Math.max(200, space.width - 34);
    const ch = Math.max(240, space.height * 0.72);
    const fitPx = Math.min(cw / (x1 - x0), ch / (y1 - y0), 120);
    let zoom = local.zoom;
    const minPx = local.focus ? (space.narrow ? 74 : 60) : 46;
    if (zoom === null) zoom = fitPx < minPx ? Math.min(5, (minPx + 6) / fitPx) : 1;
    local.zoomNow = zoom;
    const widthPct = (zoom * fitPx * (x1 - x0)) / cw * 100;

    const map = svg("svg", { viewBox: vb.join(" "), class: "cc-map", role: "img",
      "aria-label": K.t("map of {tiles} tiles", { tiles: board.length }), "data-tiles": board.length,
      style: `width:${widthPct.toFixed(2)}%` });
    map.append(svg("rect", { x: vb[0], y: vb[1], width: vb[2], height: vb[3], fill: C.table }));

    const tiles = svg("g", { class: "cc-tiles" });
    for (const t of board) {
      tiles.append(svg("g", { transform: `translate(${t[0] * 100} ${t[1] * 100})`,
        "data-tile": `${t[0]},${t[1]}`, "data-id": t[2], "data-rot": t[3] },
      svg("title", {}, K.t("{tile} at ({x}, {y})", { tile: t[2], x: t[0], y: t[1] })), tileArt(t[2], t[3])));
    }
    map.append(tiles);

    const over = svg("g", { class: "cc-overlay" });
    map.append(over);
    const last = obs.last;
    if (last && at.has(`${last[0]},${last[1]}`) && board.length > 1) {
      over.append(svg("rect", { x: last[0] * 100 + 1.5, y: last[1] * 100 + 1.5, width: 97,
        height: 97, fill: "none", stroke: "#fff", "stroke-width": 3.5, "stroke-dasharray": "9 5",
        "data-last": `${last[0]},${last[1]}`, "pointer-events": "none" }));
    }

    // gold bars lying on tiles (drawn under the followers, away from them)
    const onTile = new Map();
    for (const [x, y, f, s] of obs.followers || []) {
      const key = `${x},${y}`;
      if (!onTile.has(key)) onTile.set(key, []);
      onTile.get(key).push([f, s]);
    }
    const pieces = svg("g", { class: "cc-pieces" });
    for (const [x, y, bars] of obs.gold || []) {
      const t = at.get(`${x},${y}`);
      const spot = t ? goldSpot(t, onTile.get(`${x},${y}`) || []) : [50, 50];
      const g = goldStack(x * 100 + spot[0], y * 100 + spot[1], bars);
      g.setAttribute("data-gold-on", `${x},${y}`);
      g.setAttribute("data-count", bars);
      g.append(svg("title", {}, bars > 1 ? K.t("{bars} gold bars on ({x}, {y})", { bars, x, y })
        : K.t("1 gold bar on ({x}, {y})", { x, y })));
      pieces.append(g);
    }
    for (const [x, y, f, s] of obs.followers || []) {
      const t = at.get(`${x},${y}`);
      const feat = t && TILES[t.id] ? TILES[t.id].features[f] : null;
      const [px, py] = feat ? turn(feat.at, t.r) : [50, 50];
      pieces.append(svg("g", { transform: `translate(${x * 100 + px} ${y * 100 + py})`,
        class: "cc-follower", "data-follower": `${x},${y},${f}`, "data-seat": s },
      svg("title", {}, K.t("{player}: {role}", { player: (view.names || [])[s] || playerNumber(s),
        role: role(feat ? feat.kind : "") })),
      meeple(M.colour(s), { farmer: feat && feat.kind === "field", scale: 1.05 })));
    }
    map.append(pieces);

    const act = svg("g", { class: "cc-actions" });
    map.append(act);
    const myColour = me === null ? "#fff" : M.colour(me);

    // placements: open squares, the previewed tile, turn and confirm buttons
    if (legal.place.length) {
      const rotations = (x, y) => legal.place.filter((a) => a.x === x && a.y === y)
        .map((a) => a.rotation).sort((a, b) => a - b);
      const select = (x, y) => {
        const rots = rotations(x, y);
        if (local.sel && local.sel.x === x && local.sel.y === y) {
          const i = rots.indexOf(local.sel.rot);
          local.sel.rot = rots[(i + 1) % rots.length];
        } else {
          const keep = local.sel && rots.includes(local.sel.rot) ? local.sel.rot : rots[0];
          local.sel = { x, y, rot: keep };
        }
        redraw();
      };
      for (const [x, y] of spots.values()) {
        if (local.sel && local.sel.x === x && local.sel.y === y) continue;
        act.append(clickable(svg("g", { class: "cc-spot", "data-place": `${x},${y}` },
          svg("rect", { x: x * 100 + 5, y: y * 100 + 5, width: 90, height: 90, rx: 8,
            class: "cc-fill", fill: "#fff", "fill-opacity": 0.28 }),
          svg("rect", { x: x * 100 + 5, y: y * 100 + 5, width: 90, height: 90, rx: 8,
            class: "cc-ring", fill: "none", stroke: myColour, "stroke-width": 4,
            "stroke-dasharray": "12 7" }),
          svg("path", { d: `M${x * 100 + 50} ${y * 100 + 36}v28M${x * 100 + 36} ${y * 100 + 50}h28`,
            stroke: "#fff", "stroke-width": 6, "stroke-linecap": "round" })),
        K.t("place the tile on ({x}, {y})", { x, y }), () => select(x, y)));
      }
      if (local.sel) {
        const { x, y, rot } = local.sel;
        const rots = rotations(x, y);
        const action = legal.place.find((a) => a.x === x && a.y === y && a.rotation === rot);
        act.append(clickable(svg("g", { class: "cc-preview", "data-preview": `${x},${y},${rot}`,
          transform: `translate(${x * 100} ${y * 100})` },
        svg("g", { opacity: 0.93 }, tileArt(obs.tile, rot)),
        svg("rect", { x: 1.5, y: 1.5, width: 97, height: 97, fill: "none", stroke: myColour,
          "stroke-width": 5, class: "cc-ring" })),
        rots.length > 1 ? K.t("turn the tile ({ways} ways fit here)", { ways: rots.length })
          : K.t("the tile fits one way"),
        () => select(x, y)));
        if (rots.length > 1) {
          act.append(roundButton(x * 100 + 100, y * 100, "⟳", K.t("turn the tile"), "data-rotate",
            () => select(x, y)));
        }
        act.append(roundButton(x * 100 + 100, y * 100 + 100, "✓", K.t("place the tile here"),
          "data-confirm", () => send(view, ui, action), "#2e7d32"));
      }
    } else if (spots.size) { // someone else is placing: show where the tile may go
      for (const [x, y] of spots.values()) {
        act.append(svg("rect", { x: x * 100 + 8, y: y * 100 + 8, width: 84, height: 84, rx: 8,
          fill: "#fff", "fill-opacity": 0.18, stroke: "#fff", "stroke-opacity": 0.8,
          "stroke-width": 2, "stroke-dasharray": "6 6", "data-open": `${x},${y}`,
          "pointer-events": "none" }));
      }
    }

    // the second gold bar, or taking a bar: highlighted tiles
    const tileTargets = (list, kind, label, ghost) => {
      for (const a of list) {
        act.append(clickable(svg("g", { class: "cc-spot", [`data-${kind}`]: `${a.x},${a.y}` },
          svg("rect", { x: a.x * 100 + 3, y: a.y * 100 + 3, width: 94, height: 94, rx: 6,
            class: "cc-fill", fill: C.gold, "fill-opacity": 0.25 }),
          svg("rect", { x: a.x * 100 + 3, y: a.y * 100 + 3, width: 94, height: 94, rx: 6,
            class: "cc-ring", fill: "none", stroke: C.gold, "stroke-width": 6 }),
          ghost ? svg("g", { opacity: 0.6 }, ingot(a.x * 100 + 50, a.y * 100 + 50, 1.6)) : null),
        label(a), () => send(view, ui, a)));
      }
    };
    tileTargets(legal.gold, "gold", (a) => K.t("put the second gold bar on ({x}, {y})", { x: a.x, y: a.y }), true);
    tileTargets(legal.take, "take", (a) => K.t("take a gold bar from ({x}, {y})", { x: a.x, y: a.y }), false);
    if (!legal.take.length && obs.claims) { // others share gold: who may take from where
      for (const [x, y, seats] of obs.claims) {
        act.append(svg("rect", { x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, rx: 6,
          fill: "none", stroke: C.gold, "stroke-width": 4, "stroke-dasharray": "8 5",
          "data-claim": `${x},${y}`, "pointer-events": "none" }));
        seats.forEach((s, i) => act.append(svg("circle", { cx: x * 100 + 14 + 14 * i,
          cy: y * 100 + 14, r: 6, fill: M.colour(s), stroke: "#fff", "stroke-width": 2 })));
      }
    }
    if (!legal.gold.length && obs.gold_targets) {
      for (const [x, y] of obs.gold_targets) {
        act.append(svg("rect", { x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, rx: 6,
          fill: "none", stroke: C.gold, "stroke-width": 4, "stroke-dasharray": "8 5",
          "pointer-events": "none" }));
      }
    }

    // a follower on a feature of the new tile, or none
    if ((legal.follower.length || legal.pass) && last) {
      const t = at.get(`${last[0]},${last[1]}`);
      const tile = t && TILES[t.id];
      const bx = last[0] * 100, by = last[1] * 100;
      act.append(svg("rect", { x: bx + 1.5, y: by + 1.5, width: 97, height: 97, fill: "none",
        stroke: myColour, "stroke-width": 5, "pointer-events": "none" }));
      for (const a of legal.follower) {
        const f = tile ? tile.features[a.feature] : null;
        const [px, py] = f ? turn(f.at, t.r) : [50, 50];
        const label = f ? placeRole(f.kind, describe(f, t.r)) :
          K.t("follower {number}", { number: a.feature });
        act.append(clickable(svg("g", { class: "cc-spot", "data-feature": a.feature,
          transform: `translate(${bx + px} ${by + py})` },
        svg("circle", { r: 15, class: "cc-fill", fill: myColour, "fill-opacity": 0.2 }),
        svg("circle", { r: 15, class: "cc-ring", fill: "none", stroke: "#fff",
          "stroke-width": 4 }),
        meeple(myColour, { ghost: true, scale: 0.8, farmer: f && f.kind === "field" })),
        label, () => send(view, ui, a)));
      }
      if (legal.pass) {
        const below = at.has(`${last[0]},${last[1] + 1}`) && !at.has(`${last[0]},${last[1] - 1}`);
        const py = below ? by - 30 : by + 104;
        act.append(clickable(svg("g", { class: "cc-pass", "data-pass": "" },
          svg("rect", { x: bx - 6, y: py, width: 112, height: 28, rx: 14, fill: "#fffdf6",
            stroke: "#5a4a30", "stroke-width": 2 }),
          txt(bx + 50, py + 19, K.t("No follower"), { size: 14, anchor: "middle", bold: true, fill: "#1d1d1f" })),
        K.t("place no follower"), () => send(view, ui, legal.pass)));
      }
    }

    const box = el("div", { class: "cc-mapbox" + (zoom > 1.001 ? " zoomed" : ""),
      "data-zoom": zoom.toFixed(2) }, map);
    if (zoom > 1.001) {
      panning(box);
      const centre = local.centre || (last ? [last[0] * 100 + 50, last[1] * 100 + 50] : [50, 50]);
      const place = () => {
        const scale = map.clientWidth / vb[2];
        if (!scale) return;
        let [cx, cy] = centre;
        if (local.sel) { // keep the previewed tile in sight
          const hw = box.clientWidth / scale / 2, hh = box.clientHeight / scale / 2;
          const [sx, sy] = [local.sel.x * 100 + 50, local.sel.y * 100 + 50];
          if (Math.abs(sx - cx) > hw - 60) cx = sx;
          if (Math.abs(sy - cy) > hh - 60) cy = sy;
        }
        box.scrollLeft = (cx - vb[0]) * scale - box.clientWidth / 2;
        box.scrollTop = (cy - vb[1]) * scale - box.clientHeight / 2;
      };
      queueMicrotask(() => (box.isConnected ? place() : requestAnimationFrame(place)));
    } else {
      local.centre = null;
    }
    return box;
  }

  /** The map point at the middle of the zoomed map on the page, if it is zoomed. */
  function lookingAt() {
    const root = local.current && local.current.root;
    const box = root && root.isConnected ? root.querySelector(".cc-mapbox.zoomed") : null;
    const map = box && box.querySelector("svg.cc-map");
    if (!map || !map.viewBox || !map.viewBox.baseVal) return null;
    const vb = map.viewBox.baseVal;
    const scale = map.clientWidth / vb.width;
    if (!scale) return null;
    return [vb.x + (box.scrollLeft + box.clientWidth / 2) / scale,
      vb.y + (box.scrollTop + box.clientHeight / 2) / scale];
  }

  function roundButton(cx, cy, glyph, label, attr, fn, fill = "#1d4e89") {
    return clickable(svg("g", { class: "cc-round", [attr]: "" },
      svg("circle", { cx, cy, r: 17, fill, stroke: "#fff", "stroke-width": 3 }),
      txt(cx, cy + 7.5, glyph, { size: 22, anchor: "middle", weight: 800, fill: "#fff" })), label, fn);
  }

  /** Drag the zoomed map with the mouse (touch scrolls natively); a drag is not a click. */
  function panning(box) {
    let start = null, moved = false;
    box.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "mouse" || e.button !== 0) return;
      start = { x: e.clientX, y: e.clientY, left: box.scrollLeft, top: box.scrollTop };
      moved = false;
    });
    box.addEventListener("pointermove", (e) => {
      if (!start) return;
      const dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (!moved && Math.hypot(dx, dy) < 6) return;
      moved = true;
      box.classList.add("dragging");
      box.scrollLeft = start.left - dx;
      box.scrollTop = start.top - dy;
    });
    const end = () => { start = null; box.classList.remove("dragging"); };
    box.addEventListener("pointerup", end);
    box.addEventListener("pointerleave", end);
    box.addEventListener("click", (e) => {
      if (moved) { e.stopPropagation(); e.preventDefault(); moved = false; }
    }, true);
  }

  /** Where gold bars lie on a tile: the free spot farthest from its followers and pieces. */
  function goldSpot(t, followers) {
    const tile = TILES[t.id];
    const taken = followers.map(([f]) => turn(tile.features[f].at, t.r));
    for (const f of tile.features) {
      if (f.kind === "cloister") taken.push(turn(f.at, t.r));
      if (f.pennant) taken.push(turn(pennantSpot(f.sides, tile), t.r));
    }
    if (tile.gold) taken.push(goldCorner(tile, t.r));
    const spots = [[78, 80], [22, 80], [78, 24], [22, 24], [50, 80], [50, 24]];
    let best = spots[0], bestD = -1;
    for (const p of spots) {
      const d = Math.min(99, ...taken.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])));
      if (d > bestD + 4) { best = p; bestD = d; }
    }
    return best;
  }

  // ----- the bag's contents by tile type (public: every tile on the map can be counted)
  function bagList(obs) {
    const remaining = obs.remaining || {};
    const details = el("details", { class: "cc-bag" });
    details.open = local.bagOpen;
    details.addEventListener("toggle", () => { local.bagOpen = details.open; });
    details.append(el("summary", {}, K.t("What is left in the bag ({tiles} tiles)", { tiles: obs.bag })));
    const grid = el("div", { class: "cc-bag-grid" });
    for (const [id, count] of Object.entries(remaining)) {
      grid.append(el("figure", { "data-remaining": id },
        svg("svg", { viewBox: "-2 -2 104 104", role: "img", "aria-label": id },
          tileArt(id, 0)),
        el("figcaption", {}, `×${count}`)));
    }
    details.append(grid);
    return details;
  }

  // ----- the controls under the prompt
  function controls(obs, view, ui, legal, mine) {
    if (!mine) return null;
    const box = el("div", { class: "cc-controls" });
    if (legal.place.length) {
      if (!local.sel) {
        box.append(el("p", { class: "cc-hint" },
          K.t("Choose a highlighted square on the map for your tile ({tile}) ({squares} squares fit).",
            { tile: tileName(obs, drawnTileWords()),
              squares: new Set(legal.place.map((a) => `${a.x},${a.y}`)).size })));
        return box;
      }
      const { x, y, rot } = local.sel;
      const options = legal.place.filter((a) => a.x === x && a.y === y)
        .sort((a, b) => a.rotation - b.rotation);
      box.append(el("p", { class: "cc-hint" }, K.t("Square ({x}, {y}): choose how the tile turns", { x, y })));
      box.append(el("div", { class: "cc-row" }, ...options.map((a) => el("button", {
        class: "cc-rot" + (a.rotation === rot ? " chosen" : ""), "data-rotation": a.rotation,
        title: a.rotation === 1 ? K.t("turned 1 quarter turn clockwise")
          : K.t("turned {quarters} quarter turns clockwise", { quarters: a.rotation }),
        onclick: () => { local.sel = { x, y, rot: a.rotation }; redraw(); },
      }, svg("svg", { viewBox: "-2 -2 104 104" }, tileArt(obs.tile, a.rotation))))));
      const chosen = options.find((a) => a.rotation === rot);
      box.append(el("div", { class: "cc-row" },
        el("button", { class: "primary", "data-confirm-button": "",
          onclick: () => send(view, ui, chosen) }, K.t("✓ Place the tile")),
        el("button", { onclick: () => { local.sel = null; redraw(); } }, K.t("Cancel"))));
      return box;
    }
    if (legal.follower.length || legal.pass) {
      const t = (obs.board || []).find((b) => obs.last && b[0] === obs.last[0] &&
        b[1] === obs.last[1]);
      const tile = t && TILES[t[2]];
      box.append(el("p", { class: "cc-hint" },
        K.t("Place one of your {followers} followers on the new tile, or none:",
          { followers: obs.supply[view.seat] })));
      const row = el("div", { class: "cc-row" });
      for (const a of legal.follower) {
        const f = tile ? tile.features[a.feature] : null;
        const text = f ? `${role(f.kind)} · ${describe(f, t[3])}` : K.t("follower {number}", { number: a.feature });
        const hot = (on) => local.current.root.querySelectorAll(`[data-feature="${a.feature}"]`)
          .forEach((n) => n.classList.toggle("cc-hot", on));
        row.append(el("button", { "data-feature-button": a.feature,
          onclick: () => send(view, ui, a), onmouseenter: () => hot(true),
          onmouseleave: () => hot(false) }, text));
      }
      if (legal.pass) {
        row.append(el("button", { "data-pass-button": "", onclick: () => send(view, ui, legal.pass) },
          K.t("No follower")));
      }
      box.append(row);
      return box;
    }
    if (legal.gold.length) {
      box.append(el("p", { class: "cc-hint" },
        K.t("Your gold tile: tap one of the highlighted tiles around it for the second gold bar.")));
      return box;
    }
    if (legal.take.length) {
      box.append(el("p", { class: "cc-hint" },
        K.t("Gold is shared one bar at a time: tap a highlighted tile to take a bar from it.")));
      return box;
    }
    return null;
  }

  // The end screen's why (the score sheet on the board has it too): points by kind.
  /** @param {View} view @returns {string[]} */
  function explainEnd(view) {
    const obs = view.observation;
    const kinds = Object.keys(obs.tally || {});
    return (obs.points || []).map((total, s) => K.t("{player}: {parts} = {points} points", {
      player: view.names[s], points: total,
      parts: kinds.filter((k) => obs.tally[k][s]).map((k) => `${kindWord(k)} ${obs.tally[k][s]}`).join(" + "),
    }));
  }

  // The kinds of move this board offers itself: the page lists none of them again.
  const COVERS = ["place", "follower", "pass", "gold", "take"];
  M.renderers.carcassonne = { draw, tiles: TILES, describe, explainEnd, covers: COVERS, ready };
})();
