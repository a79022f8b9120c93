// @ts-check
// The site's languages in the page (web/i18n.py): `t("English text", {name: value})` gives
// the text in the page's language from the catalog /i18n/messages.js loaded just before
// this script (window.MOTHERLODE_I18N), English where it has no entry.  The pages' HTML marks
// its own words with `data-i18n` (the element's text) and `data-i18n-attr="title ..."`
// (those attributes' values), translated here once the page is parsed; the switch
// (`languageSwitch()`) remembers a choice in a cookie and reloads the page in it.
(function () {
  "use strict";
  /** @type {{lang: string, languages: Record<string, string>, messages: Record<string, string>}} */
  const data = window.MOTHERLODE_I18N || { lang: "en", languages: { en: "English" }, messages: {} };
  const M = (window.Motherlode = window.Motherlode || /** @type {any} */ ({}));

  /** A message in the page's language, its `{name}` places filled from `params`.
   * @param {string} text @param {Record<string, unknown>} [params] @returns {string} */
  function t(text, params) {
    const out = Object.prototype.hasOwnProperty.call(data.messages, text) ? data.messages[text] : text;
    if (!params) return out;
    return out.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
  }

  /** A seat's name as the page shows it: the name the server gives a seat that was given
   * none ("Player 2", "Open seat 3", kept so in the table's record) in the page's language;
   * any other name as its player wrote it.
   * @param {string} name @param {number} seat @returns {string} */
  function seatName(name, seat) {
    if (name === `Player ${seat + 1}`) return t("Player {number}", { number: seat + 1 });
    if (name === `Open seat ${seat + 1}`) return t("Open seat {number}", { number: seat + 1 });
    return name;
  }

  /** Translate what the HTML marked, under `root`.  @param {ParentNode} root */
  function translatePage(root) {
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
      const id = node.dataset.i18nId || (node.dataset.i18nId = node.textContent.replace(/\s+/g, " ").trim());
      if (id && node.children.length === 0) node.textContent = t(id);
    }
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-attr]"))) {
      for (const name of (node.dataset.i18nAttr || "").split(/\s+/).filter(Boolean)) {
        const key = `i18n${name.replace(/(^|-)(\w)/g, (_, _dash, c) => c.toUpperCase())}`;
        const id = node.dataset[key] || (node.dataset[key] = node.getAttribute(name) || "");
        if (id) node.setAttribute(name, t(id));
      }
    }
  }

  /** A <select> of the site's languages; choosing one remembers it and reloads the page. */
  function languageSwitch() {
    const select = document.createElement("select");
    select.id = "language";
    select.setAttribute("aria-label", t("Language"));
    for (const [code, name] of Object.entries(data.languages)) {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = name;
      option.lang = code;
      option.selected = code === data.lang;
      select.append(option);
    }
    select.addEventListener("change", async () => {
      const response = await fetch("/api/language", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ lang: select.value }),
      });
      if (response.ok) location.reload();
    });
    return select;
  }

  document.documentElement.lang = data.lang;
  M.i18n = { t, lang: data.lang, languages: data.languages, seatName, translatePage, languageSwitch };
  const run = () => {
    translatePage(document);
    // every page's header gets the switch (where the page has a header)
    const top = document.querySelector("header.top");
    if (top && !document.getElementById("language")) top.append(languageSwitch());
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
