// The comparison with the Terraform providers comes from data (issue 33):
// every resource, data source and attribute of both providers
// (docs/terraform-facts.json) has an entry in docs/terraform-mapping.json
// naming our counterpart, a reason there is none, or a gap; every name an
// entry gives is in our schema; docs/terraform.md is what they generate.
// Gaps are allowed (they are the work still to do), but none can hide
// (issue 44): a mapped attribute is checked against the property it names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../../provider/native/schema";
import { comparison } from "../../scripts/lib/terraformComparison.cjs";

const root = join(__dirname, "..", "..");
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(root, "docs", name), "utf8"));
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
type FactEntry = { commit?: string | null; notRead?: string };
const facts = readJson("terraform-facts.json") as {
  providers: Record<
    string,
    { repository: string; commit: string; version: string; resources: Record<string, FactEntry>; dataSources: Record<string, FactEntry> }
  >;
};
const result = comparison(facts, readJson("terraform-mapping.json"), packageSchema(version));

describe("the comparison with the Terraform providers", () => {
  it("reads both providers at a named release and commit, and names the commit of each file read", () => {
    for (const provider of ["official", "community"]) {
      const read = facts.providers[provider];
      expect(read?.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(read?.version).toMatch(/^v\d+\.\d+\.\d+$/);
      expect(Object.keys(read?.resources ?? {}).length).toBeGreaterThan(19);
      const entries = [...Object.values(read?.resources ?? {}), ...Object.values(read?.dataSources ?? {})];
      const unread = entries.filter((entry) => entry.notRead !== undefined);
      for (const entry of entries.filter((entry) => !unread.includes(entry) && entry.commit !== undefined)) expect(entry.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(unread.length).toBeLessThan(2);
    }
  });

  it("has an entry for every resource, data source and attribute, each naming what our schema has (a property, or a reason, or a gap)", () => {
    expect(result.problems).toEqual([]);
  });

  it("is what docs/terraform.md holds (regenerate with npm run docs:reference)", () => {
    expect(readFileSync(join(root, "docs", "terraform.md"), "utf8")).toBe(result.markdown);
  });

  it("reports the gaps as data: counted in the summary and listed; none left once deploying from source (issue 45) and the configuration kinds (issue 46) landed", () => {
    expect(result.gaps["official"]).toEqual([]);
    expect(result.gaps["community"]).toEqual([]);
    expect(result.markdown).toContain("| `source_revision_config.source_tarball_path` | `sourceRevisionConfig.sourceTarballPath`");
    // The four the rules found hidden (issue 44) are closed: each is mapped to its property, and the rules find nothing behind it.
    for (const row of [
      "| `config.model_access` | `config` (",
      "| `subject_matchers.key` | `subjectMatchers.key` (",
      "| `scope` | `scope` (",
      "| `resource_type` | `resourceType` |",
    ])
      expect(result.markdown).toContain(row);
    for (const [provider, title] of [
      ["official", "Terraform (official)"],
      ["community", "Terraform (community)"],
    ] as const) {
      const tally = result.counts[provider];
      const gaps = (tally?.resources.gap ?? 0) + (tally?.dataSources.gap ?? 0) + (tally?.attributes.gap ?? 0);
      expect(gaps).toBe(result.gaps[provider]?.length);
      expect(result.markdown).toContain(`### ${title}: ${gaps} ${gaps === 1 ? "gap" : "gaps"}`);
    }
  });

  it("lists the organization charts the service retired as impossible, not as gaps, their data sources too", () => {
    const community = result.counts["community"];
    expect(community?.resources.impossible).toBe(2);
    expect(community?.dataSources.impossible).toBe(3);
    for (const name of ["langsmith_org_chart", "langsmith_org_chart_section", "langsmith_org_chart_preview"]) {
      expect(result.gaps["community"]?.some((gap) => gap.startsWith(`\`${name}\``))).toBe(false);
      expect(result.markdown).toContain(`| \`${name}\` (data source) | — (impossible) | — |`);
    }
    expect(result.markdown).toMatch(/#### `langsmith_org_chart`\n\nImpossible here: the service retired organization usage charts/);
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

describe("the rules a mapped attribute is checked by (small hand-made facts, mapping and schema)", () => {
  // Our resource Thing: color (an enum of red and blue), size (replaces), label (in place), status (an output only).
  const schema = {
    resources: {
      "langsmith:index:Thing": {
        inputProperties: { color: { $ref: "#/types/langsmith:index:ThingColor" }, size: { type: "string", replaceOnChanges: true }, label: { type: "string" } },
        properties: {
          color: { $ref: "#/types/langsmith:index:ThingColor" },
          size: { type: "string", replaceOnChanges: true },
          label: { type: "string" },
          status: { type: "string" },
        },
      },
    },
    functions: {},
    types: { "langsmith:index:ThingColor": { type: "string", enum: [{ value: "red" }, { value: "blue" }] } },
  };
  type Fact = { mode: string; type: string; oneOf?: string[]; forceNew?: boolean };
  const compare = (fact: Fact, entry: unknown) =>
    comparison(
      {
        providers: {
          official: { repository: "example/terraform", commit: "0".repeat(40), resources: { tf_thing: { attributes: { attr: fact } } }, dataSources: {} },
          community: { repository: "example/other", commit: "1".repeat(40), resources: {}, dataSources: {} },
        },
      },
      { official: { resources: { tf_thing: { ours: "Thing", attributes: { attr: entry } } }, dataSources: {} }, community: { resources: {}, dataSources: {} } },
      schema,
    );
  const kindOf = (fact: Fact, entry: unknown) => {
    const { attributes } = compare(fact, entry).counts["official"] ?? { attributes: { mapped: 0, reason: 0, gap: 0 } };
    return attributes.gap === 1 ? "gap" : attributes.reason === 1 ? "reason" : attributes.mapped === 1 ? "mapped" : "none";
  };

  it("counts a value Terraform accepts that our enum refuses as a gap", () => {
    expect(kindOf({ mode: "required", type: "string", oneOf: ["red", "blue"] }, "color")).toBe("mapped");
    expect(kindOf({ mode: "required", type: "string", oneOf: ["red", "green"] }, "color")).toBe("gap");
    expect(compare({ mode: "required", type: "string", oneOf: ["red", "green"] }, "color").gaps["official"]).toEqual([
      expect.stringContaining("Terraform accepts `green`, which `color` refuses"),
    ]);
    // a free string accepts every value
    expect(kindOf({ mode: "required", type: "string", oneOf: ["red", "green"] }, "label")).toBe("mapped");
  });

  it("counts an input Terraform takes that ours only outputs as a gap", () => {
    expect(kindOf({ mode: "computed", type: "string" }, "status")).toBe("mapped");
    expect(kindOf({ mode: "optional", type: "string" }, "status")).toBe("gap");
    expect(kindOf({ mode: "optional+computed", type: "string" }, "status")).toBe("gap");
    expect(compare({ mode: "required", type: "string" }, "status").gaps["official"]).toEqual([expect.stringContaining("ours only outputs `status`")]);
  });

  it("counts a replace on one side and an update in place on the other as a gap, either way round", () => {
    expect(kindOf({ mode: "required", type: "string", forceNew: true }, "size")).toBe("mapped");
    expect(kindOf({ mode: "required", type: "string" }, "label")).toBe("mapped");
    expect(kindOf({ mode: "required", type: "string" }, "size")).toBe("gap");
    expect(kindOf({ mode: "required", type: "string", forceNew: true }, "label")).toBe("gap");
  });

  it("counts a scope or variant the entry says ours lacks as a gap, even beside a property", () => {
    expect(kindOf({ mode: "optional", type: "string" }, { ours: "label", missing: "scope", gap: "no organization scope" })).toBe("gap");
    expect(compare({ mode: "optional", type: "string" }, { ours: "label", missing: "scope", gap: "no organization scope" }).gaps["official"]).toEqual([
      expect.stringContaining("(missing scope): no organization scope"),
    ]);
    expect(compare({ mode: "optional", type: "string" }, { missing: "variant" }).problems).toEqual([
      expect.stringContaining("a missing variant needs its gap text"),
    ]);
  });

  it("makes a found difference a reasoned one when the entry says why, and refuses a reason for a difference the rules do not find", () => {
    expect(kindOf({ mode: "required", type: "string" }, { ours: "size", difference: "the service cannot change it" })).toBe("reason");
    expect(compare({ mode: "required", type: "string" }, { ours: "size", difference: "the service cannot change it" }).gaps["official"]).toEqual([]);
    expect(compare({ mode: "required", type: "string" }, { ours: "label", difference: "nothing to explain" }).problems).toEqual([
      expect.stringContaining("a difference is given, but the rules find none"),
    ]);
  });

  it("counts a resource the service makes impossible apart from the gaps and the reasons, and refuses one that is also something else", () => {
    const facts = (resources: Record<string, unknown>) => ({
      providers: {
        official: { repository: "example/terraform", commit: "0".repeat(40), version: "v0.0.1", resources, dataSources: {} },
        community: { repository: "example/other", commit: "1".repeat(40), resources: {}, dataSources: {} },
      },
    });
    const mapping = (entry: unknown) => ({ official: { resources: { tf_gone: entry }, dataSources: {} }, community: { resources: {}, dataSources: {} } });
    const retired = comparison(
      facts({ tf_gone: { attributes: { attr: { mode: "required", type: "string" } } } }),
      mapping({ impossible: "the service retired it (410)" }),
      schema,
    );
    expect(retired.problems).toEqual([]);
    expect(retired.counts["official"]?.resources).toEqual({ mapped: 0, gap: 0, reason: 0, impossible: 1 });
    expect(retired.gaps["official"]).toEqual([]);
    expect(retired.markdown).toContain("Impossible here: the service retired it (410)");
    expect(retired.markdown).toContain("0 of 1 (0 gaps, 1 impossible)");
    const both = comparison(facts({ tf_gone: { attributes: {} } }), mapping({ impossible: "retired", gap: "issue 46" }), schema);
    expect(both.problems).toEqual([expect.stringContaining("tf_gone: an impossible entry has no counterpart, gap or reason besides")]);
  });

  it("leaves an explicit gap a gap, with what the rules find beside its text", () => {
    const answer = compare({ mode: "required", type: "string", oneOf: ["red", "green"] }, { ours: "color", gap: "pending: green" });
    expect(answer.counts["official"]?.attributes.gap).toBe(1);
    expect(answer.gaps["official"]).toEqual([expect.stringMatching(/pending: green.*`green`, which `color` refuses/)]);
  });

  it("checks an attribute inside a mapped block against our property of the same name", () => {
    const nestedSchema = {
      ...schema,
      resources: {
        "langsmith:index:Thing": {
          inputProperties: { spec: { $ref: "#/types/langsmith:index:ThingSpec" } },
          properties: { spec: { $ref: "#/types/langsmith:index:ThingSpec" } },
        },
      },
      types: { ...schema.types, "langsmith:index:ThingSpec": { type: "object", properties: { color: { $ref: "#/types/langsmith:index:ThingColor" } } } },
    };
    const answer = comparison(
      {
        providers: {
          official: {
            repository: "example/terraform",
            commit: "0".repeat(40),
            resources: {
              tf_thing: {
                attributes: { spec: { mode: "required", type: "object", nested: { color: { mode: "required", type: "string", oneOf: ["green"] } } } },
              },
            },
            dataSources: {},
          },
          community: { repository: "example/other", commit: "1".repeat(40), resources: {}, dataSources: {} },
        },
      },
      {
        official: { resources: { tf_thing: { ours: "Thing", attributes: { spec: "spec" } } }, dataSources: {} },
        community: { resources: {}, dataSources: {} },
      },
      nestedSchema,
    );
    expect(answer.gaps["official"]).toEqual([expect.stringContaining("tf_thing.spec.color")]);
  });
});
