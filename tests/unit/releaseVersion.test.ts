/**
 * The version comes from one place, package.json: the emulator package, the
 * changelog and the README's install lines must agree with it, and the
 * plugin's download address (package.json `pulumi.server`) is what the
 * schema gives every SDK.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../../provider/native/schema";

const root = join(__dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  pulumi: { resource: boolean; name: string; server: string };
};
const version = manifest.version;

describe("one version, one download address", () => {
  it("the emulator package has the root package's version", () => {
    const emulator = JSON.parse(readFileSync(join(root, "packages", "emulator", "package.json"), "utf8")) as { version: string };
    expect(emulator.version).toBe(version);
  });

  it("the changelog has a section for the version", () => {
    const headings = readFileSync(join(root, "CHANGELOG.md"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("## "));
    expect(headings).toContainEqual(
      expect.stringMatching(new RegExp(`^## (${version.replace(/\./g, "\\.")}\\b|Unreleased \\(${version.replace(/\./g, "\\.")}\\))`)),
    );
  });

  it("every version the README's install section names is the package's", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("\n## ", readme.indexOf("## Install") + 1));
    const named = [...install.matchAll(/(?:@v|langsmith-)(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThanOrEqual(2);
    expect(new Set(named)).toEqual(new Set([version]));
  });

  it("package.json declares the plugin, and the schema carries its download address", () => {
    expect(manifest.pulumi).toEqual({ resource: true, name: "langsmith", server: expect.stringMatching(/^github:\/\/api\.github\.com\/[^/]+\/[^/]+$/) });
    const schema = packageSchema(version);
    expect(schema.pluginDownloadURL).toBe(manifest.pulumi.server);
    expect(packageSchema(version, "https://mirror.example.com/langsmith").pluginDownloadURL).toBe("https://mirror.example.com/langsmith");
  });
});
