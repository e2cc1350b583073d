// `pulumi refresh` of a stack of many small objects through the real CLI and
// the native plugin (a YAML program), against the emulator: the engine's
// reads of one kind reach the plugin together and are answered through the
// kind's list (provider/engine/reads/readBatch.ts), so 40 projects and 40 tag keys
// take a handful of requests, not 80 GETs; a project renamed and a tag key
// deleted outside Pulumi are still seen as renamed and gone.
import type { EmulatorStack } from "../helpers/emulatorStack";
import type { PulumiProject } from "../helpers/pulumiProject";
import { outcome, startYamlProject, stopYamlProject } from "../helpers/yamlProject";
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";

const COUNT = 40;

function program(): string {
  const lines = ["resources:"];
  for (let i = 0; i < COUNT; i += 1) {
    lines.push(`  project${i}:`, "    type: langsmith:index:Project", "    properties:", `      name: refresh-project-${i}`);
    lines.push(`  key${i}:`, "    type: langsmith:index:TagKey", "    properties:", `      key: refresh-key-${i}`);
  }
  return lines.join("\n");
}

describe("pulumi refresh of many objects (native plugin, YAML program)", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    ({ stack, project } = await startYamlProject("refresh-batched", program()));
  }, 300_000);

  afterAll(() => stopYamlProject({ stack, project }));

  it("reads 80 objects in a few list requests and sees a rename and a delete made outside Pulumi", async () => {
    expect(outcome(await project.up())).toEqual({ code: 0, tail: "" });
    const resources = (await project.exportStack()).deployment.resources ?? [];
    const idOf = (name: string) => resources.find((r) => r.urn.endsWith(`::${name}`))?.id as string;
    const headers = { "X-API-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" };
    const url = stack.emulator.url;
    expect(
      (await fetch(`${url}/api/v1/sessions/${idOf("project7")}`, { method: "PATCH", headers, body: JSON.stringify({ name: "renamed-outside" }) })).status,
    ).toBe(200);
    expect((await fetch(`${url}/api/v1/workspaces/current/tag-keys/${idOf("key3")}`, { method: "DELETE", headers })).status).toBeLessThan(300);

    stack.emulator.control.clearRequestLog();
    const refresh = await project.refresh();
    expect(outcome(refresh)).toEqual({ code: 0, tail: "" });
    const gets = stack.emulator.control.requestLog().filter((entry) => entry.method === "GET");
    const byPath = (prefix: string) => gets.filter((entry) => entry.path.startsWith(prefix)).length;
    // 80 reads by id would be 80 GETs. The engine's reads arrive together; a read that arrives on its own is one GET.
    if (gets.length > 12) {
      const start = Date.parse(gets[0]?.time ?? "");
      throw new Error(`${gets.length} GETs for 80 reads:\n${gets.map((g) => `+${Date.parse(g.time) - start} ms ${g.path}`).join("\n")}`);
    }
    expect(byPath("/api/v1/sessions")).toBeLessThanOrEqual(6);
    expect(byPath("/api/v1/workspaces/current/tag-keys")).toBeLessThanOrEqual(6);

    const after = (await project.exportStack()).deployment.resources ?? [];
    const outputsOf = (name: string) => after.find((r) => r.urn.endsWith(`::${name}`))?.outputs;
    expect(outputsOf("project7")?.["name"]).toBe("renamed-outside");
    expect(outputsOf("project8")?.["name"]).toBe("refresh-project-8");
    expect(outputsOf("key3")).toBeUndefined();
    expect(outputsOf("key4")?.["key"]).toBe("refresh-key-4");
    expect(after.filter((r) => r.type === "langsmith:index:Project")).toHaveLength(COUNT);
    expect(after.filter((r) => r.type === "langsmith:index:TagKey")).toHaveLength(COUNT - 1);
  }, 600_000);
});
