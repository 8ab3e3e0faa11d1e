import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { readdirSync } from "node:fs";

const featureFolders = () =>
  readdirSync(new URL("./app/features/", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["build/", "dist/", "app/paraglide/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The browser bundle may use domain/ but never server code; loaders (*.server.ts) reach the server
    // through the load context, and fallback content lives in domain/.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**"], message: "app/ reaches the server through loaders' context and the API only" }] },
      ],
    },
  },
  // A feature stands alone: what two features share moves to app/lib/ (logic) or app/components/ (UI);
  // routes and app/layout/ put features together.
  ...featureFolders().map((feature) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "app/ reaches the server through loaders' context and the API only" },
            {
              // ../other/… from a feature's own folder, or any path through features/ to another feature.
              regex: `^(\\.\\./(?!\\.\\./)|.*/features/)(?!${feature}/)[^/]+/`,
              message: `app/features/${feature} may not import another feature: move what they share to app/lib/ or app/components/`,
            },
          ],
        },
      ],
    },
  })),
  {
    // Loaders and services log through pino (ADR 0071); the browser shows failures, never the console (ADR 0036).
    // Only the start-up's own terminal lines are written by hand.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "domain/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "server/start.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Modules (the shop's resources) use plugins (what every route shares); a plugin never reaches into a
    // module, at run time: it learns what it needs from a route option or an argument (ADR 0015).
    files: ["server/plugins/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/modules/**", "**/services"],
              allowTypeImports: true,
              message: "server/plugins must not import server/modules: modules import plugins, not the other way round",
            },
          ],
        },
      ],
    },
  },
);
