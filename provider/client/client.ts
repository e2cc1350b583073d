/**
 * {@link LangSmithClient}: one object bundling the HTTP client, the endpoint
 * groups and the waits, bound to one pair of base URLs and one set of
 * credentials.
 */
import type { Credentials } from "./auth";
import { type Clock, systemClock } from "./clock";
import { DeploymentsApi } from "./deployments";
import { DestinationsApi } from "./destinations";
import { normalizeApiUrl, normalizeControlPlaneUrl } from "./hosts";
import { HttpClient } from "./http";
import { OAuthApi } from "./oauth";
import {
  type WaitForDeletionOptions,
  type WaitForRevisionOptions,
  type WaitForRevisionResult,
  waitForDeletion,
  waitForRevision,
} from "./wait";

/** Options of {@link LangSmithClient}. */
export interface LangSmithClientOptions {
  /** Control plane base URL (normalized again here), e.g. `https://api.host.langchain.com`. */
  readonly controlPlaneUrl: string;
  /** REST API base URL, with or without `/api/v1`, e.g. `https://api.smith.langchain.com`. */
  readonly apiUrl: string;
  /** API key / bearer token / workspace; may be empty until the first call. */
  readonly credentials?: Credentials;
  /** Per-attempt timeout, in milliseconds; default 30 000. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt; default 4; 0 disables retries. */
  readonly maxRetries?: number;
  /** Cap on a server-requested `Retry-After`, in milliseconds; default 60 000. */
  readonly maxRetryAfterMs?: number;
  /** `User-Agent`; default `pulumi-langsmith/<version>`. */
  readonly userAgent?: string;
  /** Clock for backoff and waits; default real time (tests inject a fake one). */
  readonly clock?: Clock;
  /** Random source in [0, 1) for backoff jitter; default `Math.random`. */
  readonly random?: () => number;
}

/** Typed client of the control plane API and the bulk-export destinations API. */
export class LangSmithClient {
  /** Normalized control plane base URL. */
  readonly controlPlaneUrl: string;
  /** Normalized REST API base URL (ends with `/api/v1`). */
  readonly apiUrl: string;
  /** `/v2/deployments` and revisions. */
  readonly deployments: DeploymentsApi;
  /** `/v2/auth`: OAuth providers and the token check. */
  readonly oauth: OAuthApi;
  /** `/bulk-exports/destinations`. */
  readonly destinations: DestinationsApi;
  private readonly clock: Clock;

  /** @throws ConfigurationError when a URL or credential value is unusable. */
  constructor(options: LangSmithClientOptions) {
    this.controlPlaneUrl = normalizeControlPlaneUrl(options.controlPlaneUrl);
    this.apiUrl = normalizeApiUrl(options.apiUrl);
    this.clock = options.clock ?? systemClock;
    const http = new HttpClient({
      ...(options.credentials !== undefined ? { credentials: options.credentials } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: options.maxRetryAfterMs } : {}),
      ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
      ...(options.random !== undefined ? { random: options.random } : {}),
      clock: this.clock,
    });
    this.deployments = new DeploymentsApi(http, this.controlPlaneUrl);
    this.oauth = new OAuthApi(http, this.controlPlaneUrl);
    this.destinations = new DestinationsApi(http, this.apiUrl);
  }

  /** {@link waitForRevision} using this client (and its clock unless `options.clock` is given). */
  waitForRevision(options: WaitForRevisionOptions): Promise<WaitForRevisionResult> {
    return waitForRevision(this.deployments, { clock: this.clock, ...options });
  }

  /** {@link waitForDeletion} using this client (and its clock unless `options.clock` is given). */
  waitForDeletion(options: WaitForDeletionOptions): Promise<{ elapsedMs: number }> {
    return waitForDeletion(this.deployments, { clock: this.clock, ...options });
  }
}
