// Four projects: fast unit tests, integration tests against real local
// servers (emulator, versitygw), contract tests that drive every operation of
// the published OpenAPI documents against the emulator, and end-to-end tests
// that drive the real Pulumi CLI (see scripts/test.sh for what `npm test` runs).
// hyparquet and hyparquet-writer (the emulator's Parquet writer) are ES
// modules only; jest's CommonJS runtime needs them transformed (plain Node
// loads them through require(esm)).
const ESM_ONLY = ["hyparquet", "hyparquet-writer"];
/** @type {import('ts-jest').JestConfigWithTsJest} */
const tsJest = {
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
    [`/node_modules/(${ESM_ONLY.join("|")})/.+\\.js$`]: [
      "ts-jest",
      { tsconfig: { allowJs: true, module: "commonjs", target: "ES2022", esModuleInterop: true }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join("|")})/)`],
  modulePathIgnorePatterns: ["<rootDir>/dist-plugin/"],
  testEnvironment: "node",
};

module.exports = {
  projects: [
    { ...tsJest, displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts"] },
    {
      ...tsJest,
      displayName: "integration",
      testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
    },
    {
      ...tsJest,
      displayName: "contract",
      testMatch: ["<rootDir>/tests/contract/**/*.test.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
    },
    {
      ...tsJest,
      displayName: "e2e",
      testMatch: ["<rootDir>/tests/e2e/**/*.test.ts"],
      globalSetup: "<rootDir>/tests/e2e/globalSetup.ts",
      globalTeardown: "<rootDir>/tests/e2e/globalTeardown.ts",
      setupFilesAfterEnv: ["<rootDir>/tests/e2e/setup.ts"],
    },
  ],
};
