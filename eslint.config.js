// ESLint (flat config): typescript-eslint's recommended rules, React hooks, and one import order.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Browser-bound modules reach the contract's schemas (zod, the endpoint table) only through the server's module. */
const contractImports = {
  group: ["**/lib/contract", "**/lib/contract.js", "**/lib/contract/*"],
  allowTypeImports: true,
  message: "Import the endpoint table from app/lib/endpoints.server.ts; the contract's types with import type.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "server-build/",
      "node_modules/",
      "data/",
      "test-results/",
      // Stryker's sandbox (npm run mutation), left behind when a run is stopped
      ".stryker-tmp/",
      ".cache/",
      "tests/fixtures/",
      // Written by kysely-codegen (npm run db:types)
      "backend/db/generated.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    // Our modules are TypeScript imported as ".js" (or without an ending in app/): resolved as such, so that the
    // import rules below see every file.
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
          extensionAlias: { ".js": [".ts", ".tsx", ".js"] },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Node builtins, packages, then our own modules; each group alphabetical.
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", ["parent", "sibling", "index"]],
          alphabetize: { order: "asc", caseInsensitive: true },
          "newlines-between": "never",
        },
      ],
      "import-x/no-duplicates": "error",
      // No run-time import cycle (type-only imports do not count): a cycle makes load order decide what is defined.
      // The portal reaches the API only through the contract and its transport (server.ts hands both over); the
      // API never knows the portal (DESIGN §5).
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app",
              from: "./backend",
              message: "The portal reaches the API through lib/contract and the load context.",
            },
            { target: "./backend", from: "./app", message: "The API never imports the portal." },
          ],
        },
      ],
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "\\?"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Route modules and components are bundled for the browser: the contract's schemas (zod, the endpoint table)
    // reach them through app/lib/endpoints.server.ts, which the browser build leaves out; types are free.
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [contractImports],
        },
      ],
    },
  },
  {
    // Route modules also take what the root loads on every page from app/lib/every-page.ts, so that the browser's
    // build keeps those modules in one script file instead of one file each (the module says why). A room's own
    // components (`__name.tsx`) are components, not route modules.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/**/__*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            contractImports,
            {
              group: [
                "**/lib/days",
                "**/lib/i18n/languages",
                "**/lib/messages",
                "**/components/ui/error-page",
                "**/components/ui/toasts",
                "**/lib/kinds",
                "**/lib/lang",
                "**/lib/meta",
                "**/lib/paths",
                "**/lib/words",
                "remix-utils/csrf/react",
              ],
              message: "Import it from app/lib/every-page.ts: the root loads it on every page (see that module).",
            },
          ],
        },
      ],
    },
  },
  {
    // No promise may float (issue 21, point 2): an unhandled rejection ends the process. Type-aware, so for the
    // server's and the portal's TypeScript; tests await what they start.
    files: ["**/*.{ts,tsx}"],
    ignores: ["tests/**"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    // Tests and scripts poke at raw rows and third-party shapes; migrations use Kysely<any>, as Kysely advises,
    // so that they never depend on today's schema types.
    files: ["tests/**", "scripts/**", "backend/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
