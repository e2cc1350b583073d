import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCli, DEFAULT_CLI_PORT } from "../../packages/emulator/src/cli";
import { optionsFromConfig, readConfigFile } from "../../packages/emulator/src/core/config";
import { FAST_TIMINGS, REALISTIC_TIMINGS } from "../../packages/emulator/src";

describe("emulator CLI and config file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "emulator-config-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test("defaults: port, loopback host, realistic timings, default seed, no control", () => {
    const options = parseCli([]);
    expect(options).toMatchObject({ port: DEFAULT_CLI_PORT, host: "127.0.0.1", control: false, timings: REALISTIC_TIMINGS });
    expect(options.seed).toBeUndefined();
  });

  test("flags", () => {
    const options = parseCli([
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--data-dir",
      "/tmp/x",
      "--control",
      "--timings",
      "fast",
      "--s3-endpoint-override",
      "http://127.0.0.1:7070",
      "--secret-key",
      "k",
      "--rate-limit",
      "5",
      "--self-hosted",
      "--destination-delete",
    ]);
    expect(options).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      dataDir: "/tmp/x",
      control: true,
      timings: FAST_TIMINGS,
      s3EndpointOverride: "http://127.0.0.1:7070",
      secretKey: "k",
      rateLimitPerSecond: 5,
      selfHosted: true,
      destinationDelete: true,
    });
    expect(parseCli([]).destinationDelete).toBeUndefined();
  });

  test("a config file gives keys, workspaces, OAuth providers and timings", () => {
    const file = join(dir, "config.json");
    writeFileSync(
      file,
      JSON.stringify({
        organizations: [{ id: "org", workspaces: [{ id: "ws" }], oauthProviders: [{ provider_id: "github", has_token: true }] }],
        apiKeys: [{ key: "k1", organizationId: "org", workspaceId: "ws" }],
        timings: { preset: "fast", stepDurationsMs: { BUILDING: 500 }, deleteDurationMs: 7, exportRunMs: 300, snapshotBuildMs: 900 },
        exportRowsPerFile: 50,
        traceRuns: [{ sessionId: "3c9d2e1f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", runs: [{ name: "agent", startTime: "2026-10-01T00:00:00Z" }] }],
      }),
    );
    const options = parseCli(["--config", file]);
    expect(options.seed?.apiKeys).toEqual([{ key: "k1", organizationId: "org", workspaceId: "ws" }]);
    expect(options.timings).toEqual({
      stepDurationsMs: { ...FAST_TIMINGS.stepDurationsMs, BUILDING: 500 },
      deleteDurationMs: 7,
      exportRunMs: 300,
      dataPlaneStepMs: FAST_TIMINGS.dataPlaneStepMs,
      exportHourMs: FAST_TIMINGS.exportHourMs,
      snapshotBuildMs: 900,
    });
    expect(options.exportRowsPerFile).toBe(50);
    expect(options.traceRuns?.[0]?.runs).toEqual([expect.objectContaining({ name: "agent", startTime: "2026-10-01T00:00:00Z", runType: "chain" })]);
    // --timings beats the file's preset.
    expect(parseCli(["--config", file, "--timings", "realistic"]).timings?.stepDurationsMs?.CREATING).toBe(REALISTIC_TIMINGS.stepDurationsMs.CREATING);
  });

  test("an invalid config file names the problem", () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ apiKeys: [{ key: 1 }] }));
    expect(() => readConfigFile(file)).toThrow(/invalid emulator config .*apiKeys/);
    expect(() => readConfigFile(join(dir, "missing.json"))).toThrow(/cannot read emulator config/);
  });

  test("a config without seed fields keeps the default seed", () => {
    expect(optionsFromConfig({ selfHosted: true }, "fast")).toMatchObject({ selfHosted: true, timings: FAST_TIMINGS });
    expect(optionsFromConfig({}, "fast").seed).toBeUndefined();
    expect(optionsFromConfig({ destinationDelete: true }, "fast")).toMatchObject({ destinationDelete: true });
  });
});
