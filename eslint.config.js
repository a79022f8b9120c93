// ESLint for the browser scripts (`make lint`): the recommended rules, browser globals.
// The scripts are classic scripts (no modules), each wrapped in its own function or, for
// the dashboard, a page of its own; tsc checks their types (tsconfig.json).
const js = require("@eslint/js");
const globals = require("globals");
const i18n = require("./eslint-i18n.js");

// The pages whose words all go through the catalog (static/i18n.js).  The rest are being
// moved over (docs/web.md, languages); tests/web/test_i18n.py keeps the same list.
const TRANSLATED = ["src/motherlode/web/static/rules.js", "src/motherlode/web/static/i18n.js", "src/motherlode/web/static/dashboard.js", "src/motherlode/games/yukon/web/render.js", "src/motherlode/games/gonza/web/render.js", "src/motherlode/games/goldfix/web/render.js", "src/motherlode/games/carcassonne/web/render.js", "src/motherlode/games/goodwill/web/render.js", "src/motherlode/web/static/lobby.js", "src/motherlode/web/static/table.js", "src/motherlode/web/static/chat.js", "src/motherlode/web/static/notify.js", "src/motherlode/web/static/profile.js", "src/motherlode/web/static/leaderboard.js"];

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
