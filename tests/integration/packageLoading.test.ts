/**
 * What loading the package costs a Pulumi program and a provider process:
 * importing the SDK, and loading a provider for a preview (check and diff),
 * load no HTTP client; the first API call does. Runs the built package
 * (`npm test` builds it first) in a fresh Node.js process.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

/** Packages (node_modules/<name>) loaded once `code`, the body of an async function, has finished in a fresh process. */
function loadedPackages(code: string): string[] {
  const dump = `const names = new Set(Object.keys(require.cache).map((k) => /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(k)?.[1]).filter(Boolean));\nconsole.log(JSON.stringify([...names].sort()));`;
  const script = `(async () => {\n${code}\n})().then(() => {\n${dump}\n});`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" })) as string[];
}

describe("package loading", () => {
  it("importing the SDK loads neither the HTTP client nor zod", () => {
    const loaded = loadedPackages('require("./dist/sdk/dynamic");');
    expect(loaded).toContain("@pulumi/pulumi");
    expect(loaded).not.toContain("axios");
    expect(loaded).not.toContain("zod");
  });

  it("the plugin's server, up to its first answer, loads neither the HTTP client nor zod", () => {
    const loaded = loadedPackages('require("./dist/provider/native/serve"); require("./dist/provider/client/version");');
    expect(loaded).toContain("@grpc/grpc-js");
    expect(loaded).not.toContain("axios");
    expect(loaded).not.toContain("zod");
  });

  it("a provider's check and diff (all a preview runs) load no HTTP client", () => {
    const loaded = loadedPackages(`
      const { provider } = require("./dist/provider/dynamic/deployment");
      const news = { name: "agent", source: "github", sourceRevisionConfig: { repoRef: "main" } };
      await provider.check({}, news);
      await provider.diff("id", { ...news, stateVersion: 2 }, news);
      const destination = require("./dist/provider/dynamic/destination").provider;
      const inputs = { displayName: "exports", config: { bucketName: "exports", prefix: "", region: "us-east-1" } };
      await destination.diff("id", { ...inputs, stateVersion: 2 }, inputs);
    `);
    expect(loaded).not.toContain("axios");
  });
});
