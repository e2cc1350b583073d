// Automatic plugin acquisition, as for every published Pulumi provider: the
// schema's pluginDownloadURL (package.json `pulumi.server`, carried into each
// generated SDK) tells the engine where `pulumi-resource-langsmith` lives; on
// the first `pulumi preview` of a project with an empty PULUMI_HOME the
// engine downloads and installs it with no manual step. The release archives
// are served by a local HTTP server, reached through the engine's own
// override variable (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES), which rewrites
// the GitHub address the SDKs name to the local one. A TypeScript program on
// the npm package, a Python program on the wheel (its pulumi-plugin.json names
// the plugin and the address) and a YAML program with the release's package
// declaration each preview and then `up` against the emulator; a corrupted
// archive and a missing one each fail the preview with a message naming the
// plugin.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { buildPluginArchives, pluginDownloadUrl, pluginVersion, yamlPackageDeclaration } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { providerWheel } from "../helpers/pythonSdk";
import { type ReleaseServer, startReleaseServer } from "../helpers/releaseServer";
import { toolPaths } from "../helpers/tools";
import { TEST_INTEGRATION_ID, yamlGithubDeployment } from "../helpers/yamlPrograms";

const typeScriptProgram = `
import * as langsmith from "pulumi-langsmith";
const agent = new langsmith.Deployment("agent", {
  name: "fetched-agent",
  source: "github",
  sourceConfig: { integrationId: "${TEST_INTEGRATION_ID}", repoUrl: "https://github.com/acme/agent", deploymentType: "dev", buildOnPush: false },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
});
export const revisionStatus = agent.latestRevisionStatus;
`;

const pythonProgram = `
import pulumi
import pulumi_langsmith as langsmith

agent = langsmith.Deployment(
    "agent",
    name="fetched-python-agent",
    source=langsmith.DeploymentSource.GITHUB,
    source_config=langsmith.DeploymentSourceConfigArgs(integration_id="${TEST_INTEGRATION_ID}", repo_url="https://github.com/acme/agent", deployment_type="dev", build_on_push=False),
    source_revision_config=langsmith.DeploymentSourceRevisionConfigArgs(repo_ref="main", graph_config_path="langgraph.json"),
)
pulumi.export("revisionStatus", agent.latest_revision_status)
`;

const yamlProgram = `resources:
  agent:
${yamlGithubDeployment("fetched-yaml-agent")}outputs:
  revisionStatus: \${agent.latestRevisionStatus}
`;

/** The regular expression the override variable matches: exactly the address the SDKs name. */
const downloadUrlPattern = (): string => `^${pluginDownloadUrl().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`;

describe("automatic plugin acquisition from the release downloads", () => {
  let stack: EmulatorStack;
  let server: ReleaseServer;
  let archiveDir: string;
  const projects: PulumiProject[] = [];
  const archiveName = () => `pulumi-resource-langsmith-v${pluginVersion()}-linux-amd64.tar.gz`;

  /** A project with an empty PULUMI_HOME, automatic acquisition on, and downloads going to `prefix` of the local server. */
  async function project(name: string, runtime: "nodejs" | "yaml" | "python", prefix: string): Promise<PulumiProject> {
    const created = await createPulumiProject({
      name,
      ...(runtime === "nodejs" ? {} : { runtime }),
      ...(runtime === "python" ? { pythonWheels: [providerWheel()] } : {}),
      program: { yaml: yamlProgram, python: pythonProgram, nodejs: typeScriptProgram }[runtime],
      config: stack.config,
      env: {
        ...stack.env,
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `${downloadUrlPattern()}=${server.url}/${prefix}`,
      },
    });
    if (runtime === "yaml") writeFileSync(join(created.dir, `langsmith-${pluginVersion()}.yaml`), yamlPackageDeclaration());
    projects.push(created);
    return created;
  }

  const installedPlugins = (p: PulumiProject): string[] => {
    const dir = join(p.env["PULUMI_HOME"] as string, "plugins");
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith("resource-langsmith") && !name.endsWith(".lock")) : [];
  };
  /** The langsmith plugins `pulumi plugin ls` reports as installed (an interrupted install is not one). */
  const listedPlugins = async (p: PulumiProject): Promise<string[]> => {
    const listed = JSON.parse((await p.runOk(["plugin", "ls", "--json"])).stdout) as Array<{ name: string; version: string }>;
    return listed.filter((plugin) => plugin.name === "langsmith").map((plugin) => plugin.version);
  };
  const downloads = (prefix: string) => server.requests.filter((r) => r.path === `/${prefix}/${archiveName()}`);

  beforeAll(async () => {
    if (toolPaths().yamlBinDir === undefined) throw new Error("the YAML language host is not recorded by the tools bootstrap: run npm run tools");
    archiveDir = mkdtempSync(join(tmpdir(), "pulumi-langsmith-release-"));
    buildPluginArchives(archiveDir, ["linux-amd64"]);
    server = await startReleaseServer(archiveDir);
    stack = await startEmulatorStack();
  }, 300_000);

  afterAll(async () => {
    for (const p of projects) p.cleanup();
    await stack?.emulator.close();
    await server?.close();
    if (archiveDir) rmSync(archiveDir, { recursive: true, force: true });
  });

  it.each<"nodejs" | "yaml" | "python">(["nodejs", "yaml", "python"])(
    "a %s program: preview installs the plugin with no manual step, up deploys on it",
    async (runtime) => {
      const before = downloads("releases").length;
      const p = await project(`fetch-${runtime}`, runtime, "releases");
      expect(installedPlugins(p)).toEqual([]);

      const preview = await p.preview();
      expect({ code: preview.code, tail: preview.code === 0 ? "" : preview.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
      expect(preview.output).toContain(`Downloading plugin langsmith-${pluginVersion()}: done`);
      expect(preview.output).toMatch(/\+ +langsmith:index:Deployment agent create/);
      expect(installedPlugins(p)).toEqual([`resource-langsmith-v${pluginVersion()}`]);
      expect(await listedPlugins(p)).toEqual([pluginVersion()]);
      expect(downloads("releases").length - before).toBe(1);

      const up = await p.up();
      expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
      const outputs = JSON.parse((await p.runOk(["stack", "output", "--json", "--stack", p.stack])).stdout) as Record<string, unknown>;
      expect(outputs).toEqual({ revisionStatus: "DEPLOYED" });
      // Installed once: the up downloads nothing more.
      expect(downloads("releases").length - before).toBe(1);
      expect((await p.destroy()).code).toBe(0);
    },
    600_000,
  );

  it("a corrupted archive fails the preview with a message naming the plugin, and installs nothing", async () => {
    const p = await project("fetch-corrupt", "nodejs", "corrupt");
    const preview = await p.preview();
    expect(preview.code).not.toBe(0);
    expect(downloads("corrupt").length).toBeGreaterThanOrEqual(1);
    expect(preview.output).toContain(`Could not automatically download and install resource plugin 'pulumi-resource-langsmith' at version v${pluginVersion()}`);
    expect(preview.output).toMatch(/error installing provider langsmith: uncompressing: gzip: invalid header/);
    // The message gives the manual way, with the address the SDKs name.
    expect(preview.output).toContain(`pulumi plugin install resource langsmith v${pluginVersion()} --server ${pluginDownloadUrl()}`);
    expect(await listedPlugins(p)).toEqual([]);
  }, 300_000);

  it("a missing archive fails the preview with a message naming the plugin and the 404", async () => {
    const p = await project("fetch-missing", "nodejs", "empty");
    const preview = await p.preview();
    expect(preview.code).not.toBe(0);
    expect(server.requests.some((r) => r.path === `/empty/${archiveName()}` && r.status === 404)).toBe(true);
    expect(preview.output).toContain(`Could not automatically download and install resource plugin 'pulumi-resource-langsmith' at version v${pluginVersion()}`);
    expect(preview.output).toContain(`404 HTTP error fetching plugin from ${server.url}/empty/${archiveName()}`);
    expect(await listedPlugins(p)).toEqual([]);
  }, 300_000);
});
