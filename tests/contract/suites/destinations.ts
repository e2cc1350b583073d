/**
 * Contract tier: the bulk-export destination operations, with real test
 * writes to versitygw; and the DELETE the contract lacks (405).
 *
 * @packageDocumentation
 */
import { DESTINATIONS_PATH } from "../../../packages/emulator/src/exports/destinationRoutes";
import type { S3Credentials } from "../../helpers/versitygw";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Bucket the destination suites write to (created in the test file's beforeAll). */
export const CONTRACT_BUCKET = "contract-exports";

function credentials(c: S3Credentials): Json {
  return { access_key_id: c.accessKeyId, secret_access_key: c.secretAccessKey, session_token: null };
}

/** A destination create body on versitygw, path-style. */
export function destinationBody(env: ContractEnv, prefix: string, user: S3Credentials = env.gw.users.full): Json {
  return {
    destination_type: "s3",
    display_name: `Contract ${prefix}`,
    config: {
      bucket_name: CONTRACT_BUCKET,
      prefix,
      endpoint_url: env.gw.endpoint,
      region: env.gw.region,
      include_bucket_in_prefix: true,
      config_kwargs_s3: { addressing_style: "path", payload_signing_enabled: null },
      aws_role_arn: null,
      s3_additional_kwargs: { ACL: "bucket-owner-full-control" },
    },
    credentials: credentials(user),
  };
}

/** Defines the destination suite. */
export function describeDestinations(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> =>
    env.harness.call(...args);

  describe("REST API: bulk-export destinations", () => {
    test("POST: 200 after a real test write, 422 outside the contract, 400 when the write is denied", async () => {
      const created = await call("POST", DESTINATIONS_PATH, { body: destinationBody(env, "contract-create"), expect: 200 });
      expect(created.body).toMatchObject({ destination_type: "s3", credentials_keys: ["access_key_id", "secret_access_key"] });
      expect(await env.gw.listObjects(CONTRACT_BUCKET, "contract-create/")).toEqual([]);
      const shortBucket = destinationBody(env, "short");
      (shortBucket["config"] as Json)["bucket_name"] = "ab";
      await call("POST", DESTINATIONS_PATH, { body: shortBucket, expect: 422, request: "invalid" });
      await call("POST", DESTINATIONS_PATH, { body: { ...destinationBody(env, "bad"), display_name: "a/b" }, expect: 422, request: "invalid" });
      await call("POST", DESTINATIONS_PATH, { body: destinationBody(env, "denied", env.gw.users.readOnly), expect: 400 });
    });

    test("GET list and GET one: 200; 404 unknown; 422 malformed id", async () => {
      const created = await call("POST", DESTINATIONS_PATH, { body: destinationBody(env, "contract-get"), expect: 200 });
      const id = String((created.body as Json)["id"]);
      const list = await call("GET", DESTINATIONS_PATH, { expect: 200 });
      expect((list.body as Json[]).map((d) => d["id"])).toContain(id);
      const one = await call("GET", `${DESTINATIONS_PATH}/${id}`, { expect: 200 });
      expect(one.body).toEqual(created.body);
      await call("GET", `${DESTINATIONS_PATH}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${DESTINATIONS_PATH}/not-a-uuid`, { expect: 422, request: "invalid" });
    });

    test("PATCH: 200 full destination after a test write with the new credentials, 400 when denied, 404, 422", async () => {
      const created = await call("POST", DESTINATIONS_PATH, { body: destinationBody(env, "contract-rotate"), expect: 200 });
      const id = String((created.body as Json)["id"]);
      const rotated = await call("PATCH", `${DESTINATIONS_PATH}/${id}`, { body: { credentials: credentials(env.gw.users.noDelete) }, expect: 200 });
      expect(rotated.body).toEqual({ ...(created.body as Json), updated_at: expect.any(String) });
      await call("PATCH", `${DESTINATIONS_PATH}/${id}`, { body: { credentials: credentials(env.gw.users.readOnly) }, expect: 400 });
      await call("PATCH", `${DESTINATIONS_PATH}/${UNKNOWN_ID}`, { body: { credentials: credentials(env.gw.users.full) }, expect: 404 });
      await call("PATCH", `${DESTINATIONS_PATH}/${id}`, { body: {}, expect: 422, request: "invalid" });
      await call("PATCH", `${DESTINATIONS_PATH}/${id}`, { body: { credentials: { access_key_id: "" } }, expect: 422, request: "invalid" });
    });

    test("DELETE, which the contract lacks, answers FastAPI's 405 with Allow: GET, PATCH", async () => {
      const created = await call("POST", DESTINATIONS_PATH, { body: destinationBody(env, "contract-405"), expect: 200 });
      const response = await fetch(`${env.emulator.url}${DESTINATIONS_PATH}/${String((created.body as Json)["id"])}`, { method: "DELETE" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, PATCH");
      expect(await response.json()).toEqual({ detail: "Method Not Allowed" });
    });
  });
}
