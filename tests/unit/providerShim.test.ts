import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "../../sdk/dynamic/providerShim";

// DESIGN rule 1: the serialized provider text in state holds no credential and
// is the same for every release of the package.
describe("providerShim serialization", () => {
  const serialize = async (): Promise<string> => {
    const shim = providerShim("deployment");
    const result = await pulumi.runtime.serializeFunction(() => shim, { isFactoryFunction: true, allowSecrets: false });
    return result.text;
  };

  it("captures nothing but the module name: no credential, no client, no version", async () => {
    process.env["LANGSMITH_API_KEY"] = "canary-api-key-in-env";
    try {
      const text = await serialize();
      expect(text).toContain('moduleName: "deployment"');
      expect(text).toContain('require("pulumi-langsmith/provider/" + moduleName)');
      expect(text).not.toContain("canary-api-key-in-env");
      expect(text).not.toMatch(/axios|X-Api-Key|0\.1\.0/i);
    } finally {
      delete process.env["LANGSMITH_API_KEY"];
    }
  });

  it("is byte-identical across calls and does not depend on the package version", async () => {
    const first = await serialize();
    // The shim must not read the version; change the cached package.json to prove it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pkg = require("../../package.json") as { version: string };
    const saved = pkg.version;
    pkg.version = "99.0.0";
    try {
      expect(await serialize()).toBe(first);
    } finally {
      pkg.version = saved;
    }
  });
});
