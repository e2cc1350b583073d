/**
 * Canary secrets for the client's error tests: values sent in requests or
 * echoed by a scripted server that no rendering of an error may contain, and
 * the steps that check it.
 */
import { inspect } from "node:util";
import { createClient, type LangSmithClient, LangSmithError } from "../../provider/client";
import { FakeClock } from "./scriptedServer";

/** The API key the canary client sends. */
export const CANARY_KEY = "CANARY-APIKEY-7f3a91";
/** A bearer token no error may contain. */
export const CANARY_BEARER = "CANARY-BEARER-0c55e2";
/** Sent as X-Tenant-Id; not a secret (issue 32): an error may name it, so it is no canary. */
export const CANARY_WORKSPACE = "CANARY-WORKSPACE-91ab";
/** A secret value sent in a request body. */
export const CANARY_REQ_SECRET = "CANARY-REQ-SECRET-5d1e";
/** A secret value in a response body. */
export const CANARY_RESP_SECRET = "CANARY-RESP-SECRET-a8c4";
/** An S3 secret access key sent as a destination's credentials. */
export const CANARY_S3_SECRET = "CANARY-S3-SECRET-b7f0";
/** An S3 access key id sent as a destination's credentials. */
export const CANARY_S3_KEYID = "CANARY-S3-KEYID-4e21";
/** Body text of a response that no error may repeat. */
export const CANARY_BODY = "CANARY-BODY-TEXT-33aa";
/** Every canary no rendering of an error may contain (the workspace id is not one). */
export const ALL_CANARIES = [CANARY_KEY, CANARY_BEARER, CANARY_REQ_SECRET, CANARY_RESP_SECRET, CANARY_S3_SECRET, CANARY_S3_KEYID, CANARY_BODY];

/** Every way an error can be printed. */
export function renderings(err: unknown): string[] {
  const e = err as Error;
  return [String(e.message), String(e.stack), JSON.stringify(e), inspect(e, { depth: null, showHidden: true }), inspect(e, { depth: null }), String(e)];
}

/** Expects `err` to be a LangSmithError none of whose renderings contains a canary or the User-Agent. */
export function expectNoCanary(err: unknown): void {
  expect(err).toBeInstanceOf(LangSmithError);
  for (const text of renderings(err)) {
    for (const canary of ALL_CANARIES) expect(text).not.toContain(canary);
    expect(text).not.toContain("pulumi-langsmith/"); // the User-Agent header value
  }
}

/** The LangSmithError `promise` rejects with; throws if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<LangSmithError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof LangSmithError) return err;
    throw err;
  }
  throw new Error("expected a rejection");
}

/** A client of `url` (control plane and API) sending {@link CANARY_KEY} and {@link CANARY_WORKSPACE}, with no retries and a fake clock. */
export function canaryClient(url: string): LangSmithClient {
  return createClient({
    apiKey: CANARY_KEY,
    workspaceId: CANARY_WORKSPACE,
    controlPlaneUrl: url,
    apiUrl: url,
    maxRetries: 0,
    clock: new FakeClock(),
  });
}
