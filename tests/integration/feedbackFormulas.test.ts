// FeedbackFormula (issue 46; deprecated by the service, live for v1
// workspaces), in-process against the emulator as the native provider calls
// it: create for a dataset and for a project, refresh (drift), the key, the
// aggregation and the parts changed in place by one PUT of all three, another
// dataset replacing, import by id, the list function with its filters, and
// delete; the refusals a user meets (neither or both of dataset and project; a
// key the dataset already has); and, with the emulator's workspace on
// composite feedback v2, the delete's 410 as an error naming the deprecation
// and the replacement.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { BadRequestError, ConflictError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as project } from "../../provider/tracing/project";
import { FeedbackFormulaDeprecatedError, resource as feedbackFormula } from "../../provider/tracing/insights/feedbackFormula";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

type Json = Record<string, unknown>;

describe("FeedbackFormula against the emulator", () => {
  let emulator: Emulator;
  let datasetId: string;
  let projectId: string;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  const puts = () => emulator.control.requestLog().filter((entry) => entry.method === "PUT" && entry.path.startsWith("/api/v1/feedback/formulas/"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    datasetId = (await create(dataset, { name: "graded-cases" })).id;
    projectId = (await create(project, { name: "support-bot" })).id;
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, refresh, drift, one PUT of all three fields, replace, import, list, delete", async () => {
    const inputs = { datasetId, feedbackKey: "overall", aggregationType: "avg", formulaParts: [{ key: "correctness", weight: 1 }] };
    const made = await create(feedbackFormula, inputs);
    expect(made.outs).toMatchObject({ ...inputs, tenantId: DEFAULT_WORKSPACE_ID, createdAt: expect.any(String), modifiedAt: expect.any(String) });
    const stored = (await call("GET", `/api/v1/feedback/formulas/${made.id}`)).body;
    expect(stored["formula_parts"]).toEqual([{ part_type: "weighted_key", key: "correctness", weight: 1 }]);

    const read = await feedbackFormula.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject(inputs);
    expect(feedbackFormula.diff(read?.props ?? {}, feedbackFormula.check(made.outs, inputs).inputs).changes).toBe(false);

    // A part changed outside Pulumi is drift.
    const outside = { feedback_key: "overall", aggregation_type: "sum", formula_parts: [{ part_type: "weighted_key", key: "correctness", weight: 2 }] };
    expect((await call("PUT", `/api/v1/feedback/formulas/${made.id}`, outside)).status).toBe(200);
    const drifted = await feedbackFormula.read(operation(), made.id, made.outs);
    expect(drifted?.props).toMatchObject({ aggregationType: "sum", formulaParts: [{ key: "correctness", weight: 2 }] });
    expect(feedbackFormula.diff(drifted?.props ?? {}, feedbackFormula.check(made.outs, inputs).inputs)).toMatchObject({ changes: true, replaces: [] });

    // A change of one field is one PUT of all three.
    emulator.control.clearRequestLog();
    const parts = [
      { key: "correctness", weight: 0.7 },
      { key: "helpfulness", weight: 0.3 },
    ];
    const changed = await update(feedbackFormula, made.id, drifted?.props ?? made.outs, { ...inputs, formulaParts: parts });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(puts()).toHaveLength(1);
    expect((await call("GET", `/api/v1/feedback/formulas/${made.id}`)).body).toMatchObject({
      feedback_key: "overall",
      aggregation_type: "avg",
      dataset_id: datasetId,
    });
    expect(changed.outs).toMatchObject({ formulaParts: parts, aggregationType: "avg" });

    // Another dataset, or a project instead, replaces it.
    const moved = feedbackFormula.diff(changed.outs, feedbackFormula.check(changed.outs, { ...inputs, datasetId: undefined, projectId }).inputs);
    expect(moved.replaces).toEqual(expect.arrayContaining(["datasetId", "projectId"]));

    const imported = await feedbackFormula.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ datasetId, feedbackKey: "overall", aggregationType: "avg", formulaParts: parts });
    expect(imported?.inputs["projectId"]).toBeUndefined();

    // One for the project too; the list function filters by dataset and by project.
    const forProject = await create(feedbackFormula, {
      projectId,
      feedbackKey: "overall",
      aggregationType: "sum",
      formulaParts: [{ key: "latency", weight: -1 }],
    });
    const context = operation();
    const fn = nativeFunction("langsmith:index:getFeedbackFormulas");
    const byDataset = (await fn?.run(await context.client(), { datasetId }, context))?.["feedbackFormulas"] as Json[];
    const byProject = (await fn?.run(await context.client(), { projectId }, context))?.["feedbackFormulas"] as Json[];
    expect(byDataset.map((one) => one["id"])).toEqual([made.id]);
    expect(byProject.map((one) => [one["id"], one["projectId"]])).toEqual([[forProject.id, projectId]]);

    await feedbackFormula.delete(operation(), made.id, changed.outs);
    expect((await call("GET", `/api/v1/feedback/formulas/${made.id}`)).status).toBe(404);
    expect(await feedbackFormula.read(operation(), made.id, changed.outs)).toBeUndefined();
    await feedbackFormula.delete(operation(), made.id, changed.outs);
    await feedbackFormula.delete(operation(), forProject.id, forProject.outs);
  });

  test("neither dataset nor project is refused by check, both by the service; a key the dataset has is refused", async () => {
    const neither = feedbackFormula.check({}, { feedbackKey: "x", aggregationType: "sum", formulaParts: [{ key: "a", weight: 1 }] });
    expect(neither.failures.map((failure) => failure.property).sort()).toEqual(["datasetId", "projectId"]);
    const both = feedbackFormula.create(
      operation(),
      feedbackFormula.check({}, { datasetId, projectId, feedbackKey: "x", aggregationType: "sum", formulaParts: [{ key: "a", weight: 1 }] }).inputs,
    );
    await expect(both).rejects.toThrow(BadRequestError);
    await expect(both).rejects.toThrow(/creating feedback formula "x".*exactly one of dataset_id and session_id/s);

    const first = await create(feedbackFormula, { datasetId, feedbackKey: "taken", aggregationType: "sum", formulaParts: [{ key: "a", weight: 1 }] });
    const again = feedbackFormula.create(operation(), feedbackFormula.check({}, { ...first.inputs }).inputs);
    await expect(again).rejects.toThrow(ConflictError);
    await feedbackFormula.delete(operation(), first.id, first.outs);
  });

  test("on composite feedback v2 the delete's 410 names the deprecation and the replacement", async () => {
    const made = await create(feedbackFormula, { datasetId, feedbackKey: "legacy", aggregationType: "avg", formulaParts: [{ key: "a", weight: 1 }] });
    emulator.control.setFeatures({ compositeFeedbackV2: true });
    try {
      const refused = feedbackFormula.delete(operation(), made.id, made.outs);
      await expect(refused).rejects.toThrow(FeedbackFormulaDeprecatedError);
      await expect(refused).rejects.toThrow(
        /deleting feedback formula "legacy": the service answered 410 Gone: feedback formulas are deprecated.*composite feedback v2.*code evaluator.*run rule/s,
      );
      expect((await call("GET", `/api/v1/feedback/formulas/${made.id}`)).status).toBe(200);
    } finally {
      emulator.control.setFeatures({ compositeFeedbackV2: false });
    }
    await feedbackFormula.delete(operation(), made.id, made.outs);
  });
});
