import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";

// The engine smoke test: the real Pulumi CLI runs a program that uses a
// dynamic resource of this package, installed from its npm tarball. The
// provider process must load the implementation by package name.
describe("engine smoke test", () => {
  let project: PulumiProject;

  beforeAll(async () => {
    project = await createPulumiProject({
      name: "smoke",
      program: [
        'import { NoopResource } from "pulumi-langsmith/dynamic";',
        'const probe = new NoopResource("probe", { value: "first" });',
        "export const value = probe.value;",
        "export const probeId = probe.id;",
      ].join("\n"),
    });
  });

  afterAll(() => project?.cleanup());

  it("creates, shows no changes on a second preview, updates, and destroys", async () => {
    const up = await project.up();
    expect(up.output).toContain("2 created");
    expect(up.code).toBe(0);

    const state = await project.exportStack();
    const probe = state.deployment.resources?.find((r) => r.type === "pulumi-nodejs:dynamic/langsmith:NoopResource");
    expect(probe?.outputs?.["value"]).toBe("first");
    expect(typeof probe?.id).toBe("string");

    const preview = await project.preview(["--expect-no-changes"]);
    expect(preview.code).toBe(0);

    project.writeProgram(
      ['import { NoopResource } from "pulumi-langsmith/dynamic";', 'export const value = new NoopResource("probe", { value: "second" }).value;'].join("\n"),
    );
    const update = await project.up();
    expect(update.code).toBe(0);
    expect(update.output).toContain("1 updated");

    const destroy = await project.destroy();
    expect(destroy.code).toBe(0);
    const after = await project.exportStack();
    expect(after.deployment.resources ?? []).toHaveLength(0);
  });
});
