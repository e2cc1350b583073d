/**
 * Checks every request our client sends to an emulator in this process
 * against the published contract (`validateRequest`): integration and e2e
 * suites install it from their setup files, so each test fails when one of
 * its requests (from the test process or from a Pulumi provider process)
 * breaks the wire contract.
 */
import { type ApiExchange, observeExchanges } from "../../packages/emulator/src";
import { validatePathParams, validateRequest } from "./contract";

/** The `User-Agent` prefix of our client; other senders (raw `fetch` in emulator tests) are not checked. */
export const CLIENT_USER_AGENT_PREFIX = "pulumi-langsmith/";

/** A request the client sends on purpose although the contract lacks it. */
export interface DeliberateExtension {
  /** HTTP method in upper case. */
  readonly method: string;
  /** URL path pattern. */
  readonly path: RegExp;
  /** Why it is sent. */
  readonly why: string;
}

/** The requests outside the contract that the client sends on purpose, each with its reason. */
export const DELIBERATE_EXTENSIONS: readonly DeliberateExtension[] = [
  {
    method: "DELETE",
    path: /^\/api\/v1\/bulk-exports\/destinations\/[^/]+$/,
    why: "destroy tries DELETE first: a service that supports it deletes, a 405 means the destination stays (docs/resources.md, destination deletion)",
  },
];

/**
 * Where the emulator serves a data plane's API (a data plane's `api_url` is
 * `<emulator>/data-planes/<id>/api/v1`): a request there is checked as the
 * same request to the API (`/api/v1/...`), which is what a data plane serves.
 */
const DATA_PLANE_MOUNT = /^\/data-planes\/[0-9a-f-]{36}(?=\/api\/v1\/)/;

/**
 * A self-hosted install's control plane, at its origin's `/api-host` (where
 * the provider finds it from the API URL alone, as langgraph-cli does): a
 * request there is checked as the same request to the control plane (`/v2/...`,
 * and its v1 routes, the build and deploy logs, `/v1/...`).
 */
const SELF_HOSTED_CONTROL_PLANE = /^\/api-host(?=\/v[12]\/)/;

/**
 * The emulator's signed upload URLs (`PUT /source-uploads/...`): no operation
 * of either API, but the address the control plane's upload-url answer gave,
 * whose signature the emulator checks itself.
 */
const SIGNED_UPLOAD = /^\/source-uploads\//;

/** Faults injected before the request body was read: the body is not known, so it is not checked. */
const BODYLESS_FAULTS = new Set(["status", "rate-limit", "drop"]);

/** Problems with one exchange, [] when it conforms (or is not ours to check). */
export function contractViolations(exchange: ApiExchange): string[] {
  if (!exchange.userAgent?.startsWith(CLIENT_USER_AGENT_PREFIX)) return [];
  if (exchange.fault !== undefined && BODYLESS_FAULTS.has(exchange.fault)) return [];
  const method = exchange.method.toUpperCase();
  if (SIGNED_UPLOAD.test(exchange.path)) return [];
  const path = exchange.path.replace(DATA_PLANE_MOUNT, "").replace(SELF_HOSTED_CONTROL_PLANE, "");
  if (DELIBERATE_EXTENSIONS.some((extension) => extension.method === method && extension.path.test(path))) return [];
  return [...validateRequest(method, path, exchange.query, exchange.requestBody), ...validatePathParams(method, path)];
}

/** A running watch over the client's requests. */
export interface ClientRequestWatch {
  /** The violations seen since the last call (and forgets them). */
  takeViolations(): string[];
  /** How many client requests were checked since the watch started. */
  checkedCount(): number;
  /** Stops watching. */
  stop(): void;
}

/** Watches started by tests themselves; while one runs, the suite-wide watch leaves the requests to it. */
let testWatches = 0;

/**
 * Starts checking every request our client sends to an emulator in this
 * process. A watch started by a test takes the requests over from the
 * suite-wide one (see {@link failTestsOnContractViolations}) until it stops.
 */
export function watchClientRequests(options: { suiteWide?: boolean } = {}): ClientRequestWatch {
  const suiteWide = options.suiteWide ?? false;
  let violations: string[] = [];
  let checked = 0;
  if (!suiteWide) testWatches += 1;
  const unsubscribe = observeExchanges((exchange) => {
    if (!exchange.userAgent?.startsWith(CLIENT_USER_AGENT_PREFIX)) return;
    if (suiteWide && testWatches > 0) return;
    checked += 1;
    violations.push(...contractViolations(exchange));
  });
  let stopped = false;
  return {
    takeViolations: () => {
      const taken = violations;
      violations = [];
      return taken;
    },
    checkedCount: () => checked,
    stop: () => {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (!suiteWide) testWatches -= 1;
    },
  };
}

/**
 * For a jest setup file: fails the test during which the client sent a
 * request that breaks the contract, naming method, path and the schema error.
 */
export function failTestsOnContractViolations(): void {
  const watch = watchClientRequests({ suiteWide: true });
  afterEach(() => {
    const found = watch.takeViolations();
    if (found.length > 0) throw new Error(`the client sent requests that break the published contract:\n${found.join("\n")}`);
  });
  afterAll(() => watch.stop());
}
