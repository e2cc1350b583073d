/**
 * {@link LangSmithClient}: one object bundling the HTTP client and the
 * endpoint senders, bound to one pair of base URLs and one set of
 * credentials. The kinds declare their endpoints and send them through
 * `resources`, `originResources` or `controlPlane`.
 */
import { type Clock, systemClock } from "./clock";
import { normalizeApiUrl, normalizeControlPlaneUrl } from "./hosts";
import { HttpClient } from "./http";
import { ResourcesApi } from "./resources";
import { type ClientOptions, DEFAULT_TIMEOUT_MS } from "./options";

/** The settings that choose the control plane's URL, as a connection error names them. */
export const CONTROL_PLANE_SETTING = "langsmith:controlPlaneUrl or LANGSMITH_CONTROL_PLANE_URL";
/** The settings that choose the REST API's URL, as a connection error names them. */
export const API_SETTING = "langsmith:apiUrl or LANGSMITH_ENDPOINT";

/** Typed client of the control plane API and the REST API. */
export class LangSmithClient {
  /** Normalized control plane base URL. */
  readonly controlPlaneUrl: string;
  /** Normalized REST API base URL (ends with `/api/v1`). */
  readonly apiUrl: string;
  /** The control plane's endpoints (`/v2/deployments`, `/v2/auth`, ...), paths below `controlPlaneUrl`. */
  readonly controlPlane: ResourcesApi;
  /** The REST API's endpoints (workspaces, roles, tags, bulk exports, ...), paths below `<apiUrl>` (`.../api/v1`). */
  readonly resources: ResourcesApi;
  /** The same for the REST API's paths at its origin, outside `/api/v1` (`/v1/platform/...`, `/commits/...`). */
  readonly originResources: ResourcesApi;
  /** The clock waits use by default (the system clock unless `options.clock` was given). */
  readonly clock: Clock;
  /** Timeout of one request, in milliseconds; default 30 000. Waits use it for their poll requests. */
  readonly timeoutMs: number;

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
    this.controlPlane = new ResourcesApi(http, this.controlPlaneUrl, CONTROL_PLANE_SETTING);
    this.resources = new ResourcesApi(http, this.apiUrl, API_SETTING);
    this.originResources = new ResourcesApi(http, this.apiUrl.replace(/\/api\/v1$/, ""), API_SETTING);
  }
}
