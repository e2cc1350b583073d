// The contract tier: a real emulator (FAST timings, port 0, 127.0.0.1) and a
// real S3 server, driven through every operation of both published OpenAPI
// documents. Each request must conform to the contract (or break it on
// purpose for a 422), and each answer must validate against the schema
// declared for its status with every declared property present; statuses the
// documents do not declare are allowed only from KNOWN_UNDECLARED_STATUSES.
// The last tests fail when an operation of the contract was not exercised.
import { createEmulator, FAST_TIMINGS } from "../../packages/emulator/src";
import { contractOperations } from "../helpers/contract";
import { startVersitygw } from "../helpers/versitygw";
import { ContractHarness, NOT_IMPLEMENTED_IN_EMULATOR, operationKey } from "./harness";
import { describeAccess } from "./suites/access";
import { describeAdditions } from "./suites/additions";
import { describeChartAdditions } from "./suites/chartAdditions";
import { describeDatasetAdditions } from "./suites/datasetAdditions";
import { describeHubAdditions } from "./suites/hubAdditions";
import { describeBulkExports } from "./suites/bulkExports";
import { describeDeployments } from "./suites/deployments";
import { describeDeploymentSources } from "./suites/deploymentSources";
import { CONTRACT_BUCKET, describeDestinations } from "./suites/destinations";
import type { ContractEnv } from "./suites/env";
import { describeOAuth } from "./suites/oauth";
import { describeOrganization } from "./suites/organization";
import { describePrompts } from "./suites/prompts";
import { describeSdkRoutes } from "./suites/sdkRoutes";
import { describeSettings } from "./suites/settings";
import { describeSettingsKinds } from "./suites/settingsKinds";
import { describeTracing } from "./suites/tracing";
import { describeTracingInsights } from "./suites/tracingInsights";

/**
 * Declared error statuses the emulator never answers, with the reason. Every
 * other declared 400/404/422 must be exercised.
 */
const DECLARED_BUT_NOT_PRODUCED: readonly { method: string; template: string; status: number; reason: string }[] = [
  {
    method: "GET",
    template: "/api/v1/orgs/current/personal-access-tokens",
    status: 422,
    reason: "the list takes no parameter and no body: nothing in the request can be malformed",
  },
  {
    method: "GET",
    template: "/api/v2/sandboxes/snapshots/{snapshot_id}",
    status: 400,
    reason: "any text names a snapshot (its id, `name:tag` or a bare name): one that names none is a 404",
  },
  {
    method: "DELETE",
    template: "/api/v2/sandboxes/snapshots/{snapshot_id}",
    status: 400,
    reason: "any text names a snapshot (its id, `name:tag` or a bare name): one that names none is a 404",
  },
  {
    method: "GET",
    template: "/v1/agent-builder/integrations",
    status: 400,
    reason: "the read takes no parameter and no body: nothing in the request can be malformed",
  },
  {
    method: "GET",
    template: "/v1/agent-builder/integrations",
    status: 404,
    reason: "every workspace has the document: before any write the read answers its defaults",
  },
  {
    method: "PUT",
    template: "/v1/agent-builder/integrations",
    status: 404,
    reason: "every workspace has the document: a write replaces it, whether or not one was written before",
  },
  {
    method: "GET",
    template: "/api/v1/platform/issues-agent",
    status: 400,
    reason: "the list takes no parameter and no body: nothing in the request can be malformed",
  },
  {
    method: "GET",
    template: "/api/v1/orgs/current/data-planes",
    status: 400,
    reason: "the list takes no parameter and no body: nothing in the request can be malformed",
  },
  {
    method: "GET",
    template: "/api/v1/hub/environments",
    status: 400,
    reason: "the read takes no parameter and no body: nothing in the request can be malformed (a workspace without environments answers 404)",
  },
  {
    method: "GET",
    template: "/api/v1/platform/tools/{handle}",
    status: 400,
    reason: "the handle is any string in the path and the read takes nothing else: an unknown handle answers 404",
  },
  {
    method: "GET",
    template: "/api/v1/platform/hub/repos/{owner}/{repo}/directories",
    status: 400,
    reason: "commit is any string (a hash, a tag or latest) and the read takes nothing else: an unknown one answers 404",
  },
  {
    method: "POST",
    template: "/v2/deployments",
    status: 400,
    reason: "no create-time condition is known to answer 400; a taken name answers 409",
  },
  {
    method: "POST",
    template: "/v2/deployments/{deployment_id}/revisions/{revision_id}/redeploy",
    status: 400,
    reason: "no redeploy condition is known to answer 400; a deployment being deleted answers 409",
  },
  {
    method: "GET",
    template: "/api/v1/playground-settings/{playground_settings_id}",
    status: 422,
    reason: "the id is any string in the path and the operation takes nothing else: an unknown id answers 404",
  },
  {
    method: "DELETE",
    template: "/api/v1/playground-settings/{playground_settings_id}",
    status: 422,
    reason: "the id is any string in the path and the operation takes nothing else: an unknown id answers 404",
  },
  {
    method: "GET",
    template: "/api/v1/repos/{owner}/{repo}",
    status: 422,
    reason: "its parameters are unconstrained strings in the path and it takes no query or body: FastAPI has nothing to refuse (an unknown prompt or tag answers 404)",
  },
  {
    method: "DELETE",
    template: "/api/v1/repos/{owner}/{repo}",
    status: 422,
    reason: "its parameters are unconstrained strings in the path and it takes no query or body: FastAPI has nothing to refuse (an unknown prompt or tag answers 404)",
  },
  {
    method: "GET",
    template: "/api/v1/repos/{owner}/{repo}/tags",
    status: 422,
    reason: "its parameters are unconstrained strings in the path and it takes no query or body: FastAPI has nothing to refuse (an unknown prompt or tag answers 404)",
  },
  {
    method: "GET",
    template: "/api/v1/repos/{owner}/{repo}/tags/{tag_name}",
    status: 422,
    reason: "its parameters are unconstrained strings in the path and it takes no query or body: FastAPI has nothing to refuse (an unknown prompt or tag answers 404)",
  },
  {
    method: "GET",
    template: "/api/v1/repos/{owner}/{repo}/owners",
    status: 422,
    reason: "its parameters are unconstrained strings in the path and it takes no query or body: FastAPI has nothing to refuse (an unknown prompt answers 404)",
  },
  {
    method: "DELETE",
    template: "/api/v1/repos/{owner}/{repo}/tags/{tag_name}",
    status: 422,
    reason: "its parameters are unconstrained strings in the path and it takes no query or body: FastAPI has nothing to refuse (an unknown prompt or tag answers 404)",
  },
];

// Node 20 is the project's runtime; the S3 SDK's notice about Node 22 is noise here.
process.env["AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED"] ??= "true";

const env = {} as ContractEnv;
const harness = new ContractHarness(() => env.emulator.url);
env.harness = harness;

beforeAll(async () => {
  env.gw = await startVersitygw();
  await env.gw.createBucket(CONTRACT_BUCKET);
  env.emulator = await createEmulator({ port: 0, host: "127.0.0.1", timings: FAST_TIMINGS });
}, 120_000);

afterAll(async () => {
  await env.emulator?.close();
  await env.gw?.stop();
});

describeDeployments(env);
describeDeploymentSources(env);
describeOAuth(env);
describeDestinations(env);
describeBulkExports(env);
describeOrganization(env);
describeAccess(env);
describeSettings(env);
describePrompts(env);
describeTracing(env);
describeAdditions(env);
describeDatasetAdditions(env);
describeChartAdditions(env);
describeHubAdditions(env);
describeSettingsKinds(env);
describeTracingInsights(env);
describeSdkRoutes(env);

describe("coverage of the contract", () => {
  test("every operation of both documents was exercised", () => {
    const missing = harness.unexercised().map((op) => `${operationKey(op.method, op.template)} (${op.api})`);
    expect(missing).toEqual([]);
  });

  test("every declared 2xx, 404 and 422 (and 400 where the emulator has one) was seen", () => {
    const unseen: string[] = [];
    for (const op of contractOperations()) {
      const key = operationKey(op.method, op.template);
      if (NOT_IMPLEMENTED_IN_EMULATOR.some((n) => operationKey(n.method, n.template) === key)) continue;
      const seen = harness.exercised.get(key) ?? new Set<number>();
      for (const status of op.statuses.filter((s) => s < 300 || [400, 404, 422].includes(s))) {
        const exempt = DECLARED_BUT_NOT_PRODUCED.some((d) => operationKey(d.method, d.template) === key && d.status === status);
        if (!seen.has(status) && !exempt) unseen.push(`${key} ${status}`);
      }
    }
    expect(unseen).toEqual([]);
  });

  test("operations not implemented in the emulator (listed explicitly) answer 501, and no other does", () => {
    for (const [key, statuses] of harness.exercised) {
      const listed = NOT_IMPLEMENTED_IN_EMULATOR.some((n) => operationKey(n.method, n.template) === key);
      if (listed) expect({ key, statuses: [...statuses] }).toEqual({ key, statuses: [501] });
      else expect({ key, has501: statuses.has(501) }).toEqual({ key, has501: false });
    }
  });
});
