// ESLint for the browser scripts (`make lint`): the recommended rules, browser globals.
// The scripts are classic scripts (no modules), each wrapped in its own function or, for
// the dashboard, a page of its own; tsc checks their types (tsconfig.json).
const js = require("@eslint/js");
const globals = require("globals");

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
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
