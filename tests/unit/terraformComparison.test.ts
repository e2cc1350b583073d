// The comparison with the Terraform providers comes from data (issue 33):
// every resource, data source and attribute of both providers
// (docs/terraform-facts.json) has an entry in docs/terraform-mapping.json
// naming our counterpart, a reason there is none, or a gap; every name an
// entry gives is in our schema; docs/terraform.md is what they generate.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../../provider/native/schema";
import { comparison } from "../../scripts/lib/terraformComparison.cjs";

const root = join(__dirname, "..", "..");
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(root, "docs", name), "utf8"));
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
const facts = readJson("terraform-facts.json") as {
  providers: Record<string, { repository: string; commit: string; resources: Record<string, unknown>; dataSources: Record<string, unknown> }>;
};
const result = comparison(facts, readJson("terraform-mapping.json"), packageSchema(version));

describe("the comparison with the Terraform providers", () => {
  it("reads both providers at a named commit", () => {
    for (const provider of ["official", "community"]) {
      expect(facts.providers[provider]?.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(Object.keys(facts.providers[provider]?.resources ?? {}).length).toBeGreaterThan(20);
    }
  });

  it("has an entry for every resource, data source and attribute, each naming what our schema has (a property, or a reason, or a gap)", () => {
    expect(result.problems).toEqual([]);
  });

  it("is what docs/terraform.md holds (regenerate with npm run docs:reference)", () => {
    expect(readFileSync(join(root, "docs", "terraform.md"), "utf8")).toBe(result.markdown);
  });

  it("finds a missing entry, and a name our schema does not have", () => {
    const broken = JSON.parse(readFileSync(join(root, "docs", "terraform-mapping.json"), "utf8")) as {
      official: { resources: Record<string, { attributes: Record<string, unknown> }> };
    };
    const workspace = broken.official.resources["langsmith_workspace"] as { attributes: Record<string, unknown> };
    delete workspace.attributes["display_name"];
    workspace.attributes["tenant_handle"] = "noSuchProperty";
    const problems = comparison(facts, broken, packageSchema(version)).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("langsmith_workspace.display_name: no entry"),
        expect.stringContaining("langsmith_workspace.tenant_handle: Workspace has no property noSuchProperty"),
      ]),
    );
  });
});
