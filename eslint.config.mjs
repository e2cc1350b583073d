import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "sdk/native/", "packages/*/dist/", "node_modules/", "examples/**/node_modules/", "coverage/", "**/*.js", "**/*.mjs", "**/*.cjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // A double cast hides a type mismatch the compiler would report: hand-written provider and SDK code reads values by type instead.
    files: ["provider/**/*.ts", "sdk/**/*.ts"],
    ignores: ["provider/client/wire/**", "provider/registry/generated.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message: "No `as unknown as` in hand-written code: read the value by its type (a parser, a type guard, or a generic) instead.",
        },
      ],
    },
  },
);
