// Refresh reads that arrive together go through the kind's list endpoint
// (provider/engine/reads/readBatch.ts, crud.ts `batchRead`), in-process against the
// emulator as the native provider calls them: a batch answers exactly what
// reading each object by id answers, in far fewer requests, and an object
// changed or deleted on the service while the list's pages are read is still
// seen as changed or gone.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { resource as annotationQueue } from "../../provider/tracing/annotationQueue";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as deployment } from "../../provider/deployments/deployment/resource";
import { resource as example } from "../../provider/tracing/example";
import { resource as playgroundSettings } from "../../provider/tracing/playgroundSettings";
import { resource as project } from "../../provider/tracing/project";
import { resource as prompt } from "../../provider/tracing/prompt";
import { resource as promptWebhook } from "../../provider/tracing/promptWebhook";
import { resource as tagKey } from "../../provider/organization/tagKey";
import { resource as tagValue } from "../../provider/organization/tagValue";
import { resource as workspaceSecret } from "../../provider/organization/workspaceSecret";
import { configureWith, operation } from "../helpers/providerConfig";
import type { LangSmithResource, Properties } from "../../provider/engine/resource";
import { createChecked as create } from "../helpers/kindSteps";

/** A proxy in front of the emulator that runs `before` (once) ahead of forwarding the first request it matches. */
interface Proxy {
  readonly url: string;
  hold(match: (path: string) => boolean, before: () => Promise<void>): void;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<Proxy> {
  let pending: { match: (path: string) => boolean; before: () => Promise<void> } | undefined;
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const hook = pending !== undefined && pending.match(req.url ?? "") ? pending : undefined;
      if (hook !== undefined) pending = undefined;
      void (hook?.before() ?? Promise.resolve()).then(() => {
        const forwarded = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forwarded.end(Buffer.concat(chunks));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(match, before) {
      pending = { match, before };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("refresh reads that arrive together", () => {
  let emulator: Emulator;
  let proxy: Proxy;

  const configure = (apiUrl: string) => {
    const values: Record<string, string> = {
      "langsmith:apiUrl": apiUrl,
      "langsmith:controlPlaneUrl": apiUrl,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    configureWith(values);
  };

  /** Reads every object at once (one batch), then each on its own; returns both and the requests the batch sent. */
  async function readBoth(resource: LangSmithResource, made: readonly { id: string; outs: Properties }[]) {
    emulator.control.clearRequestLog();
    const together = await Promise.all(made.map((m) => resource.read(operation(), m.id, m.outs)));
    const batchRequests = emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`);
    configure(emulator.url); // a new operation: nothing read above serves the reads below
    const alone: unknown[] = [];
    for (const m of made) alone.push(await resource.read(operation(), m.id, m.outs));
    return { together, alone, batchRequests };
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator({ control: true });
    proxy = await startProxy(emulator.url);
    configure(emulator.url);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await proxy?.close();
    await emulator?.close();
  });

  test("each batched kind answers exactly what its reads one by one answer, in one list request", async () => {
    const ds = await create(dataset, { name: "batch-ds-0" });
    const key = await create(tagKey, { key: "batch-env" });
    const cases: [LangSmithResource, Properties[]][] = [
      [project, [0, 1, 2].map((i) => ({ name: `batch-project-${i}`, description: `d${i}` }))],
      [dataset, [1, 2, 3].map((i) => ({ name: `batch-ds-${i}`, description: `d${i}` }))],
      [example, [0, 1, 2].map((i) => ({ datasetId: ds.id, inputs: { question: `q${i}` } }))],
      [tagKey, [0, 1, 2].map((i) => ({ key: `batch-key-${i}`, description: `d${i}` }))],
      [tagValue, [0, 1, 2].map((i) => ({ tagKeyId: key.id, value: `v${i}` }))],
      [prompt, [0, 1, 2].map((i) => ({ handle: `batch-prompt-${i}`, description: `d${i}` }))],
      [promptWebhook, [0, 1, 2].map((i) => ({ url: `https://hooks.example.com/${i}`, triggers: ["commit"] }))],
      [playgroundSettings, [0, 1, 2].map((i) => ({ name: `batch-settings-${i}`, settings: { model: "gpt-4o", temperature: i } }))],
      [workspaceSecret, [0, 1, 2].map((i) => ({ key: `BATCH_SECRET_${i}`, value: `secret-value-${i}` }))],
      [annotationQueue, [0, 1, 2].map((i) => ({ name: `batch-queue-${i}`, description: `d${i}`, reviewersPerItem: i + 1 }))],
    ];
    for (const [resource, inputs] of cases) {
      const made: { id: string; outs: Properties }[] = [];
      for (const news of inputs) made.push(await create(resource, news));
      const { together, alone, batchRequests } = await readBoth(resource, made);
      expect({ kind: resource.token, reads: together }).toEqual({ kind: resource.token, reads: alone });
      expect({ kind: resource.token, found: together.every((read) => read !== undefined) }).toEqual({ kind: resource.token, found: true });
      expect({ kind: resource.token, requests: batchRequests.length }).toEqual({ kind: resource.token, requests: 1 });
    }
  });

  test("250 projects refresh in 3 list pages; one deleted and one renamed after the first page are seen gone and renamed", async () => {
    const made: { id: string; outs: Properties }[] = [];
    for (let i = 0; i < 250; i += 1) made.push(await create(project, { name: `estate-project-${i}` }));
    const headers = { "X-API-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" };
    // Which projects the first page holds, in the list's own order (the same request the provider sends first).
    const firstPage = (await (await fetch(`${emulator.url}/api/v1/sessions?limit=100&offset=0`, { headers })).json()) as { id: string }[];
    const later = made.filter((m) => !firstPage.some((p) => p.id === m.id));
    expect(later.length).toBeGreaterThanOrEqual(150);
    const deleted = later[0] as { id: string; outs: Properties };
    const renamed = later[later.length - 1] as { id: string; outs: Properties };
    configure(proxy.url);
    try {
      let listRequests = 0;
      // Ahead of the second page: the first is answered, then the writes, then the rest.
      proxy.hold(
        (path) => path.startsWith("/api/v1/sessions?") && (listRequests += 1) === 2,
        async () => {
          expect((await fetch(`${emulator.url}/api/v1/sessions/${deleted.id}`, { method: "DELETE", headers })).status).toBe(200);
          expect(
            (await fetch(`${emulator.url}/api/v1/sessions/${renamed.id}`, { method: "PATCH", headers, body: JSON.stringify({ name: "renamed-mid-refresh" }) }))
              .status,
          ).toBe(200);
        },
      );
      emulator.control.clearRequestLog();
      const reads = await Promise.all(made.map((m) => project.read(operation(), m.id, m.outs)));
      const gets = emulator.control.requestLog().filter((entry) => entry.method === "GET");
      // 3 pages, then the ids the pages did not hold (the deleted one, and the renamed one if the rename moved it): one filtered list or a GET.
      expect(gets.length).toBeLessThanOrEqual(5);
      const readOf = (id: string) => reads[made.findIndex((m) => m.id === id)];
      expect(readOf(deleted.id)).toBeUndefined();
      expect(readOf(renamed.id)?.props["name"]).toBe("renamed-mid-refresh");
      expect(reads.filter((read) => read === undefined)).toHaveLength(1);
    } finally {
      configure(emulator.url);
    }
  });

  test("pages read in one operation serve its later reads; a write of the kind, or a new operation, sends the next read to the service", async () => {
    configure(emulator.url);
    const made: { id: string; outs: Properties }[] = [];
    for (let i = 0; i < 6; i += 1) made.push(await create(tagKey, { key: `snapshot-key-${i}` }));
    const headers = { "X-API-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" };
    const first = made[0] as { id: string; outs: Properties };
    emulator.control.clearRequestLog();
    // Two waves of reads, as the engine sends them a few at a time: one list for both.
    await Promise.all(made.slice(0, 3).map((m) => tagKey.read(operation(), m.id, m.outs)));
    await Promise.all(made.slice(3).map((m) => tagKey.read(operation(), m.id, m.outs)));
    expect(emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`)).toEqual(["GET /api/v1/workspaces/current/tag-keys"]);
    // Within the operation a change made elsewhere is not seen again (it is as if it came after this read)...
    await fetch(`${emulator.url}/api/v1/workspaces/current/tag-keys/${first.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ key: "renamed-elsewhere" }),
    });
    expect((await tagKey.read(operation(), first.id, first.outs))?.props["key"]).toBe("snapshot-key-0");
    // ...but a write of the kind by this provider drops the pages: the next read goes to the service.
    const updated = await tagKey.update(
      operation(),
      made[1]?.id as string,
      made[1]?.outs as Properties,
      tagKey.check(made[1]?.outs as Properties, { key: "snapshot-key-1", description: "changed" }).inputs,
    );
    expect(updated.outs).toBeDefined();
    expect((await tagKey.read(operation(), first.id, first.outs))?.props["key"]).toBe("renamed-elsewhere");
    // And a new operation (the engine configures the provider) starts from nothing.
    await fetch(`${emulator.url}/api/v1/workspaces/current/tag-keys/${first.id}`, { method: "PATCH", headers, body: JSON.stringify({ key: "renamed-again" }) });
    configure(emulator.url);
    expect((await tagKey.read(operation(), first.id, first.outs))?.props["key"]).toBe("renamed-again");
  });

  test("prompts read page by page: one changed (re-sorted to the first page) or pushed across pages by a delete is still seen; one deleted is gone", async () => {
    const made: { id: string; outs: Properties }[] = [];
    for (let i = 0; i < 250; i += 1) made.push(await create(prompt, { handle: `paged-prompt-${i}`, description: "v1" }));
    // The list is newest first: page 1 (offset 0) holds prompts 249..150, page 2 149..50, page 3 49..0.
    const pageOf = (i: number) => Math.floor((249 - i) / 100) + 1;
    expect([pageOf(249), pageOf(150), pageOf(149), pageOf(0)]).toEqual([1, 1, 2, 3]);
    configure(proxy.url);
    try {
      const headers = { "X-API-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" };
      const patch = (i: number, description: string) =>
        fetch(`${emulator.url}/api/v1/repos/-/paged-prompt-${i}`, { method: "PATCH", headers, body: JSON.stringify({ description }) });
      const remove = (i: number) => fetch(`${emulator.url}/api/v1/repos/-/paged-prompt-${i}`, { method: "DELETE", headers });
      // Between page 1 and page 2: prompts 200 and 199 (read on page 1) are deleted and prompt 100 (page 2, not read yet)
      // changes and moves to the front (page 1, already read): one place fewer before page 2, so 149 slides onto page 1 and
      // is never listed; prompt 20 (page 3) is deleted.
      proxy.hold(
        (path) => path.startsWith("/api/v1/repos?") && path.includes("offset=100"),
        async () => {
          expect((await remove(200)).status).toBeLessThan(300);
          expect((await remove(199)).status).toBeLessThan(300);
          expect((await patch(100, "changed mid-refresh")).status).toBe(200);
          expect((await remove(20)).status).toBeLessThan(300);
        },
      );
      emulator.control.clearRequestLog();
      const reads = await Promise.all(made.map((m) => prompt.read(operation(), m.id, m.outs)));
      const gets = emulator.control.requestLog().filter((entry) => entry.method === "GET");
      expect(reads[149]?.props["description"]).toBe("v1");
      expect(reads[100]?.props["description"]).toBe("changed mid-refresh");
      expect(reads[20]).toBeUndefined();
      expect(reads[200]?.props["description"]).toBe("v1"); // read on page 1, before it was deleted
      expect(reads[199]?.props["description"]).toBe("v1");
      expect(reads.filter((read) => read === undefined)).toHaveLength(1);
      // 3 pages, then one GET each for 149 and 100 (not listed after the writes) and 20 (gone: 404).
      expect(gets.map((entry) => entry.path.replace(/\?.*/, "")).sort()).toEqual([
        "/api/v1/repos",
        "/api/v1/repos",
        "/api/v1/repos",
        "/api/v1/repos/-/paged-prompt-100",
        "/api/v1/repos/-/paged-prompt-149",
        "/api/v1/repos/-/paged-prompt-20",
      ]);
    } finally {
      configure(emulator.url);
    }
  });

  test("annotation queues with a rubric (which the list leaves out) are read by GET; the others through the list", async () => {
    configure(emulator.url);
    const plain = [];
    for (let i = 0; i < 3; i += 1) plain.push(await create(annotationQueue, { name: `plain-queue-${i}` }));
    const rubric = await create(annotationQueue, { name: "rubric-queue", rubricInstructions: "be kind", rubricItems: [{ feedbackKey: "correctness" }] });
    emulator.control.clearRequestLog();
    const reads = await Promise.all([...plain, rubric].map((m) => annotationQueue.read(operation(), m.id, m.outs)));
    expect(reads[3]?.props).toMatchObject({ rubricInstructions: "be kind", rubricItems: [{ feedbackKey: "correctness" }] });
    expect(
      emulator.control
        .requestLog()
        .map((entry) => `${entry.method} ${entry.path}`)
        .sort(),
    ).toEqual([`GET /api/v1/annotation-queues`, `GET /api/v1/annotation-queues/${rubric.id}`]);
  });

  test("a read on its own is one GET", async () => {
    configure(emulator.url);
    const made = await create(project, { name: "alone-project" });
    emulator.control.clearRequestLog();
    expect((await project.read(operation(), made.id, made.outs))?.props["name"]).toBe("alone-project");
    expect(emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`)).toEqual([`GET /api/v1/sessions/${made.id}`]);
    const first = project.read(operation(), made.id, made.outs);
    const second = project.read(operation(), made.id, made.outs); // joins the batch
    await Promise.all([first, second]);
    const headers = { "X-API-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" };
    await fetch(`${emulator.url}/api/v1/sessions/${made.id}`, { method: "PATCH", headers, body: JSON.stringify({ name: "renamed-after" }) });
    expect((await project.read(operation(), made.id, made.outs))?.props["name"]).toBe("renamed-after");
  });

  test("deployments read together through their list: one page for all; one deleted is gone, one changed is seen changed", async () => {
    // Short revision polls: the emulator's fast timings deploy in about 120 ms.
    const saved = { min: process.env["LANGSMITH_POLL_MIN_INTERVAL_MS"], max: process.env["LANGSMITH_POLL_MAX_INTERVAL_MS"] };
    process.env["LANGSMITH_POLL_MIN_INTERVAL_MS"] = "20";
    process.env["LANGSMITH_POLL_MAX_INTERVAL_MS"] = "100";
    try {
      await deploymentsReadTogether();
    } finally {
      for (const [key, value] of [
        ["LANGSMITH_POLL_MIN_INTERVAL_MS", saved.min],
        ["LANGSMITH_POLL_MAX_INTERVAL_MS", saved.max],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  async function deploymentsReadTogether(): Promise<void> {
    configure(emulator.url);
    const made: { id: string; outs: Properties }[] = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(
        await create(deployment, {
          name: `batch-deployment-${i}`,
          source: "github",
          sourceConfig: {
            integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
            repoUrl: "https://github.com/acme/agent",
            deploymentType: "dev",
            buildOnPush: false,
          },
          sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
        }),
      );
    }
    // One by one first: what each read answers (a GET of the deployment and one of its latest revision).
    configure(emulator.url);
    emulator.control.clearRequestLog();
    const alone: unknown[] = [];
    for (const m of made) alone.push(await deployment.read(operation(), m.id, m.outs));
    expect(emulator.control.requestLog()).toHaveLength(12);
    // Together, in a new operation: one page of the list instead of six GETs; the revisions are still read by id.
    configure(emulator.url);
    emulator.control.clearRequestLog();
    const together = await Promise.all(made.map((m) => deployment.read(operation(), m.id, m.outs)));
    expect(together).toEqual(alone);
    const log = emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`);
    expect(log.filter((line) => line === "GET /v2/deployments")).toHaveLength(1);
    expect(log.filter((line) => /^GET \/v2\/deployments\/[^/]+$/.test(line))).toEqual([]);
    expect(log.filter((line) => line.includes("/revisions/"))).toHaveLength(6);

    // A later wave of the same operation: one deployment deleted and one changed elsewhere after the page was read.
    // The page serves the wave (nothing older than the operation); a new operation sees both.
    const headers = { "X-API-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" };
    const [gone, changed] = made as [{ id: string; outs: Properties }, { id: string; outs: Properties }];
    expect((await fetch(`${emulator.url}/v2/deployments/${gone.id}`, { method: "DELETE", headers })).status).toBeLessThan(300);
    expect(
      (
        await fetch(`${emulator.url}/v2/deployments/${changed.id}`, {
          method: "PATCH",
          headers,
          body: JSON.stringify({ source_config: { build_on_push: true } }),
        })
      ).status,
    ).toBe(200);
    // The service deletes asynchronously (50 ms with the emulator's fast timings): wait, bounded, until its GET is a 404.
    for (let i = 0; i < 100 && (await fetch(`${emulator.url}/v2/deployments/${gone.id}`, { headers })).status !== 404; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    configure(emulator.url);
    emulator.control.clearRequestLog();
    const after = await Promise.all(made.map((m) => deployment.read(operation(), m.id, m.outs)));
    expect(after.filter((read) => read === undefined)).toHaveLength(1);
    expect(after[0]).toBeUndefined();
    expect(after[1]?.props["sourceConfig"]).toMatchObject({ buildOnPush: true });
    // The page did not hold the deleted one: a single id missing is read by GET (its 404 says gone), not by the filtered list.
    const afterLog = emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`);
    expect(afterLog.filter((line) => line === "GET /v2/deployments")).toHaveLength(1);
    expect(afterLog).toContain(`GET /v2/deployments/${gone.id}`);
  }
});
