import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { EmulatorControl } from "./control";
import { detailError } from "../http/errors";
import { faultRuleInputSchema } from "./faults";
import { TIMING_PRESETS } from "../core/options";
import { seedInputSchema } from "../core/seed";
import { traceRunSeedSchema } from "../core/traceRuns";
import { REVISION_FAILURE_STATUSES, REVISION_STEPS } from "../core/types";
import { parseBody } from "../http/validation";

/** Path prefix of the control routes. */
export const CONTROL_PREFIX = "/__emulator";

const stepDurationsSchema = z.object(
  Object.fromEntries(REVISION_STEPS.map((s) => [s, z.number().nonnegative().optional()])) as Record<
    (typeof REVISION_STEPS)[number],
    z.ZodOptional<z.ZodNumber>
  >,
);

const timingsSchema = z.object({
  preset: z.enum(["fast", "realistic"]).optional(),
  stepDurationsMs: stepDurationsSchema.optional(),
  deleteDurationMs: z.number().nonnegative().optional(),
  exportRunMs: z.number().nonnegative().optional(),
  exportHourMs: z.number().positive().optional(),
  dataPlaneStepMs: z.number().nonnegative().optional(),
  snapshotBuildMs: z.number().nonnegative().optional(),
});

const snapshotFailureSchema = z.strictObject({ name: z.string().min(1), message: z.string().min(1).optional() });

const exportRunFaultSchema = z.strictObject({ sessionId: z.uuid(), status: z.enum(["Failed", "TimedOut"]) });

const revisionFailureSchema = z
  .object({
    deploymentId: z.string().min(1).optional(),
    deploymentName: z.string().min(1).optional(),
    status: z.enum(REVISION_FAILURE_STATUSES),
    atStep: z.enum(REVISION_STEPS).optional(),
  })
  .refine((b) => (b.deploymentId === undefined) !== (b.deploymentName === undefined), {
    message: "give exactly one of deploymentId and deploymentName",
  });

const exportRunSchema = z.object({
  destinationId: z.string().min(1),
  durationMs: z.number().nonnegative().optional(),
  intervalMs: z.number().positive().optional(),
});

const finishRevisionsSchema = z.strictObject({ withinMs: z.number().nonnegative().optional() });

const rateLimitSchema = z.object({ requestsPerSecond: z.number().positive().nullable() });

const featuresSchema = z.strictObject({
  destinationDelete: z.boolean().optional(),
  acceptInvitations: z.boolean().optional(),
  compositeFeedbackV2: z.boolean().optional(),
});

/** Registers the `/__emulator/` control routes (only when control is enabled). */
export function registerControlRoutes(app: FastifyInstance, control: EmulatorControl): void {
  const p = CONTROL_PREFIX;

  app.post(`${p}/reset`, async (_request, reply) => {
    control.reset();
    return reply.code(204).send();
  });

  app.post(`${p}/seed`, async (request, reply) => {
    control.seed(parseBody(seedInputSchema, request.body));
    return reply.code(204).send();
  });

  app.get(`${p}/faults`, async () => control.listFaults());
  app.post(`${p}/faults`, async (request, reply) => reply.code(201).send(control.injectFault(parseBody(faultRuleInputSchema, request.body))));
  app.delete(`${p}/faults`, async (_request, reply) => {
    control.clearFaults();
    return reply.code(204).send();
  });

  app.get(`${p}/requests`, async () => control.requestLog());
  app.delete(`${p}/requests`, async (_request, reply) => {
    control.clearRequestLog();
    return reply.code(204).send();
  });

  app.get(`${p}/state`, async () => control.dumpState());

  app.post(`${p}/revision-failures`, async (request, reply) => {
    const body = parseBody(revisionFailureSchema, request.body);
    const failure = { status: body.status, ...(body.atStep ? { atStep: body.atStep } : {}) };
    try {
      if (body.deploymentId !== undefined) control.failNextRevision({ deploymentId: body.deploymentId }, failure);
      else control.failNextRevision({ deploymentName: body.deploymentName ?? "" }, failure);
    } catch (error) {
      throw detailError(404, (error as Error).message);
    }
    return reply.code(204).send();
  });

  app.post(`${p}/snapshot-failures`, async (request, reply) => {
    const body = parseBody(snapshotFailureSchema, request.body);
    control.failNextSnapshotBuild(body.name, body.message);
    return reply.code(204).send();
  });

  app.post(`${p}/revisions/finish`, async (request) => ({
    finished: control.finishRevisionsWithin(parseBody(finishRevisionsSchema, request.body ?? {}).withinMs),
  }));

  app.get(`${p}/timings`, async () => control.timings());
  app.put(`${p}/timings`, async (request) => {
    const body = parseBody(timingsSchema, request.body);
    if (body.preset) control.setTimings(TIMING_PRESETS[body.preset]);
    return control.setTimings({
      ...(body.stepDurationsMs ? { stepDurationsMs: body.stepDurationsMs } : {}),
      ...(body.deleteDurationMs !== undefined ? { deleteDurationMs: body.deleteDurationMs } : {}),
      ...(body.exportRunMs !== undefined ? { exportRunMs: body.exportRunMs } : {}),
      ...(body.exportHourMs !== undefined ? { exportHourMs: body.exportHourMs } : {}),
      ...(body.dataPlaneStepMs !== undefined ? { dataPlaneStepMs: body.dataPlaneStepMs } : {}),
      ...(body.snapshotBuildMs !== undefined ? { snapshotBuildMs: body.snapshotBuildMs } : {}),
    });
  });

  app.put(`${p}/rate-limit`, async (request, reply) => {
    control.setRateLimit(parseBody(rateLimitSchema, request.body).requestsPerSecond);
    return reply.code(204).send();
  });

  app.get(`${p}/features`, async () => control.features());
  app.put(`${p}/features`, async (request) => control.setFeatures(parseBody(featuresSchema, request.body)));

  app.post(`${p}/export-runs`, async (request, reply) => {
    const body = parseBody(exportRunSchema, request.body);
    try {
      const run = control.startExportRun(body.destinationId, {
        ...(body.durationMs !== undefined ? { durationMs: body.durationMs } : {}),
        ...(body.intervalMs !== undefined ? { intervalMs: body.intervalMs } : {}),
      });
      return reply.code(201).send(run);
    } catch (error) {
      throw detailError(404, (error as Error).message);
    }
  });

  app.post(`${p}/trace-runs`, async (request, reply) => {
    const body = parseBody(traceRunSeedSchema, request.body);
    return reply.code(201).send(control.seedTraceRuns(body.sessionId, body.runs));
  });

  app.post(`${p}/invites/:identity_id/accept`, async (request) => {
    const identityId = (request.params as Record<string, string>)["identity_id"] ?? "";
    try {
      return control.acceptInvite(identityId);
    } catch (error) {
      throw detailError(404, (error as Error).message);
    }
  });

  app.post(`${p}/export-run-faults`, async (request, reply) => {
    const body = parseBody(exportRunFaultSchema, request.body);
    control.failNextExportRun(body.sessionId, body.status);
    return reply.code(204).send();
  });

  app.get(`${p}/export-runs/:run_id`, async (request) => {
    const runId = (request.params as Record<string, string>)["run_id"] ?? "";
    const wait = (request.query as Record<string, unknown> | undefined)?.["wait"] === "true";
    const run = wait && control.exportRun(runId) ? await control.waitForExportRun(runId) : control.exportRun(runId);
    if (!run) throw detailError(404, `unknown export run ${runId}`);
    return run;
  });
}
