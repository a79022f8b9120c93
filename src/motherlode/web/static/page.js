// @ts-check
// What the site's plain pages share (Motherlode.page): the profile and the leaderboard
// (web/profiles.py) write their words, build their elements, show their figures, read their
// address and load their data the same way, so a fix lands once.  Loaded after i18n.js and
// before the page's own script, which starts with
// `const { t, $, el, … } = Motherlode.page`.
(function () {
  "use strict";
  const M = (window.Motherlode = window.Motherlode || /** @type {any} */ ({}));
  const fill = (text, params) => text.replace(/\{(\w+)\}/g, (whole, k) => (params && k in params ? String(params[k]) : whole));
  /** A message in the page's language (English where the catalog has none): every word
   * a page writes is a literal `t("…")`, for the catalogs' extraction.
   * @param {string} text @param {Record<string, unknown>} [params] */
  const t = (text, params) => (M.i18n ? M.i18n.t(text, params) : fill(text, params || {}));
  /** @param {string} id @returns {any} */
  const $ = (id) => document.getElementById(id);
  /** An element: attributes (`text` is its text), then children. */
  function el(tag, attrs, ...kids) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") n.textContent = v; else n.setAttribute(k, v === true ? "" : String(v));
    }
    n.append(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
    return n;
  }
  const lang = M.i18n ? M.i18n.lang : undefined;
  /** A rating's figure, to one decimal in the page's language. */
  const number = (x) => Number(x).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  /** Whom or what the page is about: the name after its first part (/u/<name>, /leaderboard/<game>). */
  const subject = decodeURIComponent(location.pathname.split("/")[2] || "");
  /** The page of a long list the address asks for (?page=), 1 to 1000. */
  const pageAsked = Math.max(1, Math.min(1000, parseInt(new URLSearchParams(location.search).get("page") || "1", 10) || 1));

  /** The page says why it shows nothing, with the way back to the lobby. */
  function fail(text) {
    $("error").replaceChildren(el("p", { text }), el("p", {}, el("a", { href: "/", text: t("Back to the lobby") })));
    $("error").classList.remove("hidden");
    document.body.dataset.ready = "true";
  }

  /** The JSON at `url`, or null once the page has said why not: `missing` where there is no
   * such name (404, 422), `failed(status)` otherwise ("offline" where no answer came). */
  async function load(url, missing, failed) {
    let response;
    try {
      response = await fetch(url);
    } catch {
      fail(failed("offline"));
      return null;
    }
    if (response.status === 404 || response.status === 422) { fail(missing); return null; }
    if (!response.ok) { fail(failed(response.status)); return null; }
    return response.json();
  }

  /** The site's games ({id, title, …}), or null where they could not be had: the links to
   * their leaderboards are an extra the page stands without. */
  async function siteGames() {
    try {
      const response = await fetch("/api/games");
      const list = response.ok ? (await response.json()).games : null;
      return Array.isArray(list) ? list : null;
    } catch {
      return null;
    }
  }

  M.page = { t, $, el, lang, number, subject, pageAsked, fail, load, siteGames };
})();
