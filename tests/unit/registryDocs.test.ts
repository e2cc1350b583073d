// The Pulumi Registry's two pages (docs/_index.md, docs/installation-configuration.md)
// are rendered from the package schema: the committed files must be what the
// schema renders, the example may only name types and inputs the schema has,
// and every config key and its environment fallback must be on the page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { registryInstallation, registryOverview } from "../../provider/native/registryDocs";
import { packageSchema } from "../../provider/native/schema";
import { CONFIG_KEYS } from "../../provider/engine/context/settings";

const root = join(__dirname, "..", "..");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

describe("Registry pages, rendered from the schema", () => {
  it("are what docs/ holds (regenerate with npm run docs:reference)", () => {
    expect(readFileSync(join(root, "docs", "_index.md"), "utf8")).toBe(registryOverview(version));
    expect(readFileSync(join(root, "docs", "installation-configuration.md"), "utf8")).toBe(registryInstallation(version));
  });

  it("show the example in every language, on types the schema has", () => {
    const page = registryOverview(version);
    for (const language of ["typescript", "python", "go", "csharp", "yaml"]) expect(page).toContain(`\`\`\`${language}\n`);
    expect(page).toContain('new langsmith.TagKey("env", { workspaceId: workspace.id, key: "env" })');
    expect(page).toContain("workspace_id=workspace.id");
    expect(packageSchema(version).resources["langsmith:index:TagKey"]?.inputProperties["workspaceId"]).toBeDefined();
  });

  it("list every config key with its environment fallback", () => {
    const page = registryInstallation(version);
    for (const spec of Object.values(CONFIG_KEYS)) {
      expect(page).toContain(`\`${spec.key}\``);
      if ("env" in spec && typeof spec.env === "string") expect(page).toContain(spec.env);
    }
    expect(page).toContain("LANGSMITH_POLL_MIN_INTERVAL_MS");
    expect(page).toContain("LANGSMITH_ALLOW_SERVICE_CHANGE");
  });
});
