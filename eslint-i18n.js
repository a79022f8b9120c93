// An ESLint rule of our own (eslint.config.js): words a person reads must go through the
// catalog (`t("…")`, static/i18n.js), so a page in German shows no stray English.  It looks
// where the pages put text: an element's `text`/`title`/`placeholder`/`aria-label`/`alt`/
// `label` attribute, an assignment to `.textContent`/`.title`/`.placeholder`, the
// children of `el(…)` and the drawing kit's texts (`txt`, `svgButton`, `wrap`, `clip`).  A string with no two letters in a row (a "×", a "·", a number) is
// not words.  tests/web/test_i18n.py checks that every t("…") has its translation.
const WORDS = /\p{L}{2,}/u;
const ATTRIBUTES = new Set(["text", "title", "placeholder", "aria-label", "alt", "label"]);
const PROPERTIES = new Set(["textContent", "innerText", "title", "placeholder", "alt"]);

function words(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string" && WORDS.test(node.value)) {
    return node.value;
  }
  if (node.type === "TemplateLiteral" && node.quasis.some((q) => WORDS.test(q.value.cooked || ""))) {
    return node.quasis.map((q) => q.value.cooked).join("…");
  }
  if (node.type === "ConditionalExpression") return words(node.consequent) || words(node.alternate);
  if (node.type === "LogicalExpression") return words(node.left) || words(node.right);
  if (node.type === "BinaryExpression" && node.operator === "+") return words(node.left) || words(node.right);
  return null;
}

function calleeName(callee) {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed) return callee.property.name;
  return null;
}

module.exports = {
  rules: {
    "no-untranslated-text": {
      meta: {
        type: "problem",
        messages: { words: "words a person reads go through t() (the catalog): {{text}}" },
        schema: [],
      },
      create(context) {
        const report = (node) => {
          const text = words(node);
          if (text) context.report({ node, messageId: "words", data: { text: text.slice(0, 40) } });
        };
        return {
          Property(node) {
            const key = node.key.type === "Identifier" ? node.key.name : node.key.value;
            if (ATTRIBUTES.has(key)) report(node.value);
          },
          AssignmentExpression(node) {
            const left = node.left;
            if (left.type === "MemberExpression" && !left.computed && PROPERTIES.has(left.property.name)) {
              report(node.right);
            }
          },
          CallExpression(node) {
            const name = calleeName(node.callee);
            if (name === "el") node.arguments.slice(2).forEach(report);
            // the drawing kit's texts (kit.js): txt(x, y, text), svgButton(x, y, label),
            // wrap(text, ...) and clip(text, ...)
            if (name === "txt" || name === "svgButton") report(node.arguments[2]);
            if (name === "wrap" || name === "clip") report(node.arguments[0]);
          },
        };
      },
    },
  },
};
