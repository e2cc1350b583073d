// The Registry's sections in the schema's descriptions, made from the
// registry with no tool: every resource and invoke has an Example Usage with
// five language tabs and every resource an Import section with one command per
// id form its kind takes (Go only where its rendering builds); the committed renderings were made from today's
// example programs (a field table's change that alters an example fails here
// until `node scripts/generate-examples.mjs` renders it again).
import { allNativeFunctions } from "../../provider/native/functions";
import { examplePrograms } from "../../provider/native/examples/programs";
import { EXAMPLE_LANGUAGES, RENDERED_EXAMPLES, withoutRegistrySections } from "../../provider/native/examples/sections";
import { packageSchema } from "../../provider/native/schema";
import { loadAllKinds, loadKind } from "../../provider/registry";

const schema = packageSchema("0.0.0");
const resources = Object.entries(schema.resources);
const functions = Object.entries(schema.functions);

describe("the Registry's sections of the schema", () => {
  it("the committed renderings were made from today's example programs, one per resource and invoke", () => {
    const programs = examplePrograms(loadAllKinds(), allNativeFunctions(), loadKind);
    const stale = Object.keys(programs).filter((token) => RENDERED_EXAMPLES[token]?.pcl !== programs[token]);
    expect(stale).toEqual([]);
    expect(Object.keys(RENDERED_EXAMPLES).sort()).toEqual(Object.keys(programs).sort());
    expect(Object.keys(programs).length).toBe(resources.length + functions.length);
  });

  it.each([...resources, ...functions])("%s has an Example Usage with a tab per language", (token, spec) => {
    const sections = spec.description.slice(withoutRegistrySections(spec.description).length);
    const usage = sections.split("\n\n## Import\n")[0] ?? "";
    expect(usage).toMatch(/\n\n\{\{% examples %\}\}\n## Example Usage\n\{\{% example %\}\}\n### .+\n\n```typescript\n/);
    const example = RENDERED_EXAMPLES[token];
    // Every language, but Go where the Go program generator's rendering does not build (recorded with its error).
    const expected = EXAMPLE_LANGUAGES.filter((language) => language !== "go" || example?.goBuilds === true);
    expect([...usage.matchAll(/^```(\w+)$/gm)].map((match) => match[1])).toEqual(expected);
    if (example?.goBuilds === false) expect(example.goBuildError).toMatch(/\S/);
    expect(usage).toContain("{{% /example %}}\n{{% /examples %}}");
  });

  it.each(resources)("%s has an Import section with a command per id form", (token, spec) => {
    const kind = loadKind(token);
    const commands = [...spec.description.matchAll(/^\$ pulumi import (\S+) (\S+) (\S+)$/gm)];
    expect(commands.map((match) => match[3])).toEqual(kind?.importForms);
    expect(commands.every((match) => match[1] === token)).toBe(true);
    expect(spec.description).toMatch(/\n\n## Import\n\n/);
  });

  it("the Deployment's page, as the Registry shows it", () => {
    const description = schema.resources["langsmith:index:Deployment"]?.description ?? "";
    expect(description).toContain('const deployment = new langsmith.Deployment("deployment", {');
    expect(description).toContain('import * as langsmith from "pulumi-langsmith";');
    expect(description).toContain("$ pulumi import langsmith:index:Deployment deployment <workspaceId>/<id>");
  });
});
