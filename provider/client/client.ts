/**
 * {@link LangSmithClient}: one object bundling the HTTP client, the endpoint
 * groups and the waits, bound to one pair of base URLs and one set of
 * credentials.
 */
import { type Clock, systemClock } from "./clock";
import { DeploymentsApi } from "./deployments";
import { BulkExportsApi } from "./bulkExports";
import { DestinationsApi } from "./destinations";
import { normalizeApiUrl, normalizeControlPlaneUrl } from "./hosts";
import { HttpClient } from "./http";
import { OAuthApi } from "./oauth";
import { ResourcesApi } from "./resources";
import { type ClientOptions, DEFAULT_TIMEOUT_MS } from "./options";
import {
  type WaitForDeletionOptions,
  type WaitForRevisionOptions,
  type WaitForRevisionResult,
  waitForDeletion,
  waitForRevision,
} from "./wait";


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
  /** `/bulk-exports` (export jobs and their runs). */
  readonly bulkExports: BulkExportsApi;
  /** The REST API's declared objects (workspaces, roles, tags, ...), each resource's endpoints; paths below `<apiUrl>` (`.../api/v1`). */
  readonly resources: ResourcesApi;
  /** The same for the REST API's paths at its origin, outside `/api/v1` (`/v1/platform/...`, `/commits/...`). */
  readonly originResources: ResourcesApi;
  private readonly clock: Clock;
  private readonly timeoutMs: number;

  /**
   * @param options base URLs (normalized again here), credentials and settings (see {@link ClientOptions})
   * @throws ConfigurationError when a URL or credential value is unusable.
   */
  constructor(options: ClientOptions) {
    const { controlPlaneUrl, apiUrl, ...transport } = options;
    this.controlPlaneUrl = normalizeControlPlaneUrl(controlPlaneUrl);
    this.apiUrl = normalizeApiUrl(apiUrl);
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const http = new HttpClient({ ...transport, clock: this.clock });
    this.deployments = new DeploymentsApi(http, this.controlPlaneUrl);
    this.oauth = new OAuthApi(http, this.controlPlaneUrl);
    this.destinations = new DestinationsApi(http, this.apiUrl);
    this.bulkExports = new BulkExportsApi(http, this.apiUrl);
    this.resources = new ResourcesApi(http, this.apiUrl);
    this.originResources = new ResourcesApi(http, this.apiUrl.replace(/\/api\/v1$/, ""));
  }

  /**
   * {@link waitForRevision} using this client, its clock (unless `options.clock` is given) and its
   * `timeoutMs` as the poll requests' `requestTimeoutMs` (unless given).
   */
  waitForRevision(options: WaitForRevisionOptions): Promise<WaitForRevisionResult> {
    return waitForRevision(this.deployments, { clock: this.clock, requestTimeoutMs: this.timeoutMs, ...options });
  }

  /**
   * {@link waitForDeletion} using this client, its clock (unless `options.clock` is given) and its
   * `timeoutMs` as the poll requests' `requestTimeoutMs` (unless given).
   */
  waitForDeletion(options: WaitForDeletionOptions): Promise<{ elapsedMs: number }> {
    return waitForDeletion(this.deployments, { clock: this.clock, requestTimeoutMs: this.timeoutMs, ...options });
  }
}
