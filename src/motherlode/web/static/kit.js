// @ts-check
// The drawing kit every game renderer shares (Motherlode.kit), so that the boards look and
// behave alike and a fix lands once: one theme (font stack, ink, player palette), text
// measured on a canvas with the fonts the page has (it decides wraps, cuts and squeezes),
// rectangles, player coins, shapes that a click or the keyboard (Enter, Space) activates,
// buttons drawn in SVG, each game's stylesheet linked once, and the room the page gives the
// board (ui.width...) with a fallback for a page that builds a smaller `ui`.
//
// A renderer starts with `const K = Motherlode.kit.forGame("mygame", "mg")`: it links
// /games/mygame/style.css (the page waits for it before the first drawing) and gives the
// game's clickable shapes the class "mg-click" and its SVG buttons' faces "mg-face", for
// the game's stylesheet to style.
(function () {
  "use strict";
  const M = window.Motherlode;
  const S = M.svg;

  /** @type {MotherlodeTheme} */
  const theme = {
    font: "'DejaVu Sans', Verdana, 'Segoe UI', system-ui, sans-serif",
    serif: "'DejaVu Serif', Georgia, 'Times New Roman', serif",
    ink: "#221c14",
    gold: "#d9ac2b",
    palette: M.palette,
    colour: M.colour,
    // the text on a seat's colour: dark on the yellow seat, white on the others
    inkOn: (seat) => (seat % M.palette.length === 3 ? theme.ink : "#ffffff"),
  };

  // ------------------------------------------------------------------------- text
  /** @type {CanvasRenderingContext2D | null | undefined} */
  let pen;
  /** The width of `text` in px at `size`, measured with the page's fonts (guessed where
   * the browser has no canvas). */
  function measure(text, size, o = {}) {
    if (pen === undefined) {
      try { pen = document.createElement("canvas").getContext("2d"); } catch { pen = null; }
    }
    const s = String(text);
    const bold = o.bold || (o.weight || 400) >= 600;
    const spacing = (o.spacing || 0) * s.length;
    if (!pen) return s.length * size * (bold ? 0.66 : 0.6) + spacing;
    pen.font = `${o.italic ? "italic " : ""}${bold ? "bold " : ""}${size}px ` +
      `${o.serif ? theme.serif : theme.font}`;
    return pen.measureText(s).width + spacing;
  }

  /** An SVG text.  With `max`, a text wider than that is set a little smaller (down to
   * 82 %), then squeezed to fit.  Texts let clicks through to the shape under them, except
   * one with a `title` (its tooltip needs the pointer). */
  function txt(x, y, s, o = {}) {
    const text = String(s);
    let size = o.size || 14;
    let squeeze = false;
    if (o.max) {
      const full = measure(text, size, o);
      if (full > o.max) {
        size = Math.max(size * 0.82, (size * o.max) / full);
        squeeze = measure(text, size, o) > o.max;
      }
    }
    /** @type {Record<string, unknown>} */
    const attrs = {
      x, y, "font-size": size, "font-family": o.serif ? theme.serif : theme.font,
      fill: o.fill || theme.ink, "font-weight": o.weight || (o.bold ? 700 : null),
      "font-style": o.italic ? "italic" : null, "text-anchor": o.anchor || null,
      "dominant-baseline": o.baseline || null, "letter-spacing": o.spacing || null,
      "text-decoration": o.strike ? "line-through" : null, class: o.cls || null,
      opacity: o.opacity, "pointer-events": o.title ? null : "none",
    };
    if (squeeze && o.max) {
      attrs.textLength = Math.max(8, Math.floor(o.max));
      attrs.lengthAdjust = "spacingAndGlyphs";
    }
    return S("text", { ...attrs, ...(o.data || {}) }, o.title ? S("title", {}, o.title) : null, text);
  }

  /** `s` cut into lines no wider than `maxW` (a word longer than that has a line of its
   * own); at most `o.lines` lines. */
  function wrap(s, size, maxW, o = {}) {
    const lines = [];
    let line = "";
    for (const word of String(s).split(/\s+/)) {
      if (!line) line = word;
      else if (measure(line + " " + word, size, o) <= maxW) line += " " + word;
      else { lines.push(line); line = word; }
    }
    if (line) lines.push(line);
    return o.lines ? lines.slice(0, o.lines) : lines;
  }

  /** `s`, or as much of it as fits `maxW` with "…" after it. */
  function clip(s, size, maxW, o = {}) {
    const text = String(s);
    if (measure(text, size, o) <= maxW) return text;
    let k = text.length - 1;
    while (k > 0 && measure(text.slice(0, k) + "…", size, o) > maxW) k--;
    return text.slice(0, k) + "…";
  }

  // ----------------------------------------------------------------------- shapes
  const at = (x, y, ...kids) => S("g", { transform: `translate(${x},${y})` }, ...kids);

  function rect(x, y, w, h, o = {}) {
    return S("rect", {
      x, y, width: Math.max(0, w), height: Math.max(0, h), rx: o.r === undefined ? 8 : o.r,
      fill: o.fill || "none", stroke: o.stroke || null, "stroke-width": o.sw || null,
      class: o.cls || null, opacity: o.opacity, "stroke-dasharray": o.dash || null,
    });
  }

  /** A player's coin: a disc in the seat's colour with a label (the seat's number unless
   * `o.label` says otherwise; null: none); `o.me` rings it in gold. */
  function coin(cx, cy, r, seat, o = {}) {
    const label = o.label === undefined ? seat + 1 : o.label;
    return S("g", { class: o.cls || null, ...(o.data || {}) },
      o.title ? S("title", {}, o.title) : null,
      o.me ? S("circle", { cx, cy, r: r + 3, fill: "none", stroke: theme.gold, "stroke-width": 2.5 }) : null,
      S("circle", { cx, cy, r, fill: theme.colour(seat), stroke: "rgba(0,0,0,.45)", "stroke-width": 1.2 }),
      S("circle", { cx, cy, r: r * 0.74, fill: "none", stroke: "rgba(255,255,255,.4)", "stroke-width": 1 }),
      label === null ? null : txt(cx, cy + r * 0.38, label,
        { size: r * 1.05, bold: true, anchor: "middle", fill: theme.inkOn(seat) }));
  }

  // ------------------------------------------------------------------ interaction
  /** The kit's shapes that act, with the game's class names (see forGame). */
  function acting(prefix) {
    /** `node` made a button: a click or Enter / Space runs `run` (the click goes no
     * further); `o.label` names it for screen readers and as its tooltip. */
    function clickable(node, run, o = {}) {
      const classes = [prefix ? `${prefix}-click` : "", o.cls || ""].join(" ").split(/\s+/);
      node.classList.add(...classes.filter(Boolean));
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      if (o.label) {
        node.setAttribute("aria-label", o.label);
        node.prepend(S("title", {}, o.label));
      }
      node.addEventListener("click", (e) => { e.stopPropagation(); run(); });
      node.addEventListener("keydown", (e) => {
        const key = /** @type {KeyboardEvent} */ (e).key;
        if (key === "Enter" || key === " ") { e.preventDefault(); run(); }
      });
      return node;
    }

    /** A button drawn in SVG at (x, y): its width fits the label unless `o.w` sets it. */
    function svgButton(x, y, label, run, o = {}) {
      const size = o.size || 15;
      const h = o.h || 38;
      const w = o.w || buttonWidth(label, o);
      const fill = o.fill || (o.primary ? theme.gold : "#f3e7c4");
      const node = clickable(S("g", { "aria-label": o.aria || label, transform: `translate(${x},${y})`,
        ...(o.data || {}) },
      rect(0, 0, w, h, { fill, stroke: o.stroke || (o.primary ? "#8d6a12" : "#b89a52"), sw: 1.6, r: 9,
        cls: prefix ? `${prefix}-face` : null }),
      txt(w / 2, h / 2 + size * 0.36, label, { size, bold: true, anchor: "middle", fill: o.ink || theme.ink })),
      run);
      return { node, w, h };
    }
    return { clickable, svgButton };
  }

  /** The width svgButton gives `label` (for laying buttons out in rows). */
  function buttonWidth(label, o = {}) {
    return Math.ceil(measure(label, o.size || 15, { bold: true })) + 28;
  }

  // ------------------------------------------------------------------ page and style
  /** @type {Record<string, Promise<void>>} */
  const styles = {};
  /** Link the game's stylesheet, /games/<id>/style.css, once; the promise settles when it
   * has loaded (or failed to). */
  function useStyle(gameId) {
    if (!styles[gameId]) {
      styles[gameId] = new Promise((resolve) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = `/games/${encodeURIComponent(gameId)}/style.css`;
        link.dataset.game = gameId;
        link.onload = () => resolve();
        link.onerror = () => resolve();
        document.head.append(link);
      });
    }
    return styles[gameId];
  }

  /** Settles when the game's stylesheet has loaded, or at once for a game without one: the
   * pages wait for it before the first drawing, so a board never shows unstyled. */
  function styled(gameId) {
    return styles[gameId] || Promise.resolve();
  }

  /** The room the page gives the board: `ui.width` (px), `ui.height` (the window's height)
   * and `ui.narrow` (a phone-sized window), from the window where `ui` lacks them. */
  function room(ui) {
    const u = ui || {};
    return {
      width: typeof u.width === "number" && u.width > 0 ? u.width : window.innerWidth - 30,
      height: typeof u.height === "number" && u.height > 0 ? u.height : window.innerHeight,
      narrow: typeof u.narrow === "boolean" ? u.narrow : window.innerWidth < 700,
    };
  }

  /** Words in the page's language (static/i18n.js, where the page loads it; else English
   * with the `{name}` places filled): a renderer writes `K.t("Pass")`, never a bare "Pass".
   * @param {string} text @param {Record<string, unknown>} [params] @returns {string} */
  function t(text, params) {
    if (M.i18n) return M.i18n.t(text, params);
    return params ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole)) : text;
  }

  const shared = { theme, measure, txt, wrap, clip, at, rect, coin, buttonWidth, useStyle, styled, room, t };

  /** The kit for one game: its stylesheet linked, its class names on what acts. */
  function forGame(gameId, prefix) {
    useStyle(gameId);
    return { ...shared, ...acting(prefix), prefix };
  }

  M.kit = { ...shared, ...acting(null), prefix: null, forGame };
})();
