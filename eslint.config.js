// ESLint for the browser scripts (`make lint`): the recommended rules, browser globals.
// The scripts are classic scripts (no modules), each wrapped in its own function or, for
// the dashboard, a page of its own; tsc checks their types (tsconfig.json).
const js = require("@eslint/js");
const globals = require("globals");
const i18n = require("./eslint-i18n.js");

// Every browser script's words go through the catalog (static/i18n.js): the rule below holds
// each of them to it, a new one included (tests/web/test_i18n.py reads this list).
const TRANSLATED = ["src/motherlode/web/static/*.js", "src/motherlode/games/*/web/*.js"];

module.exports = [
  // what the tools and the runs leave in the checkout is not ours to lint
  { ignores: [".venv/", "node_modules/", "out/", "runs/", "records/", "build/", "dist/"] },
  {
    files: [
      "src/motherlode/web/static/*.js",
      "src/motherlode/games/*/web/*.js",
      "examples/*/*/web/*.js",
    ],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser },
    },
  },
  {
    files: TRANSLATED,
    plugins: { motherlode: i18n },
    rules: { "motherlode/no-untranslated-text": "error" },
  },
  {
    files: ["eslint.config.js", "eslint-i18n.js"],
    ...js.configs.recommended,
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
