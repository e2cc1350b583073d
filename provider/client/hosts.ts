/**
 * Host resolution: which base URLs the control plane and the REST API live at.
 *
 * Normalized forms (what {@link resolveHosts} returns):
 * - control plane base: no trailing slash, no trailing `/v2`
 *   (e.g. `https://api.host.langchain.com`, `https://ls.example.com/api-host`);
 *   endpoint paths such as `/v2/deployments` are appended to it.
 * - REST API base: always ends with `/api/v1`
 *   (e.g. `https://api.smith.langchain.com/api/v1`); endpoint paths such as
 *   `/bulk-exports/destinations` are appended to it.
 */
import { ConfigurationError } from "./errors";

/** Cloud regions with preset hosts. */
export const REGIONS = ["us", "eu", "apac", "aws-us"] as const;
/** A cloud region: `us` (GCP US, the default), `eu`, `apac` or `aws-us`. */
export type Region = (typeof REGIONS)[number];

/** Preset base URLs per region (control plane, REST API), already normalized. */
export const REGION_HOSTS: Readonly<Record<Region, ResolvedHosts>> = {
  us: { controlPlaneUrl: "https://api.host.langchain.com", apiUrl: "https://api.smith.langchain.com/api/v1" },
  eu: { controlPlaneUrl: "https://eu.api.host.langchain.com", apiUrl: "https://eu.api.smith.langchain.com/api/v1" },
  apac: { controlPlaneUrl: "https://apac.api.host.langchain.com", apiUrl: "https://apac.api.smith.langchain.com/api/v1" },
  "aws-us": { controlPlaneUrl: "https://aws.api.host.langchain.com", apiUrl: "https://aws.api.smith.langchain.com/api/v1" },
};

/** Where the hosts come from. Empty or whitespace-only strings count as unset. */
export interface HostOptions {
  /** Cloud region preset; default `us` when nothing else is set. Cannot be combined with `selfHostedUrl`. */
  readonly region?: string;
  /** Origin of a self-hosted install: control plane at `<origin>/api-host`, REST API at `<origin>/api/v1`. */
  readonly selfHostedUrl?: string;
  /** Explicit control plane base URL; wins over `region` and `selfHostedUrl`. */
  readonly controlPlaneUrl?: string;
  /** Explicit REST API base URL (with or without `/api/v1`); wins over `region` and `selfHostedUrl`. */
  readonly apiUrl?: string;
}

/** Normalized base URLs of both APIs. */
export interface ResolvedHosts {
  /** Control plane base, e.g. `https://api.host.langchain.com`. */
  readonly controlPlaneUrl: string;
  /** REST API base ending in `/api/v1`, e.g. `https://api.smith.langchain.com/api/v1`. */
  readonly apiUrl: string;
}

/** True when `value` is one of {@link REGIONS}. */
export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}

function present(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * Parse and check a URL: http(s) only, no user/password, no query, no
 * fragment. Error messages never repeat the URL (it may hold a credential);
 * they name the setting instead. Returns the URL without trailing slashes.
 */
export function validateBaseUrl(raw: string, setting: string): string {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`${setting} is not a valid URL (expected e.g. https://langsmith.example.com)`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(`${setting} must use http or https, not "${url.protocol.replace(/:$/, "").slice(0, 20)}"`);
  }
  if (url.username !== "" || url.password !== "" || /^[a-z]+:\/\/[^/]*@/i.test(value)) {
    throw new ConfigurationError(`${setting} must not contain credentials (user:password@); set langsmith:apiKey or langsmith:bearerToken instead`);
  }
  if (url.search !== "" || value.includes("?")) {
    throw new ConfigurationError(`${setting} must not contain a query string ("?...")`);
  }
  if (url.hash !== "" || value.includes("#")) {
    throw new ConfigurationError(`${setting} must not contain a fragment ("#...")`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Normalize a control plane base URL: validated, no trailing slash, no trailing `/v2`. */
export function normalizeControlPlaneUrl(raw: string, setting = "controlPlaneUrl"): string {
  return validateBaseUrl(raw, setting).replace(/\/v2$/, "");
}

/**
 * Normalize a REST API base URL so it ends with exactly one `/api/v1`:
 * `https://h`, `https://h/`, `https://h/api`, `https://h/api/v1/` all become `https://h/api/v1`.
 */
export function normalizeApiUrl(raw: string, setting = "apiUrl"): string {
  const base = validateBaseUrl(raw, setting).replace(/\/api(\/v1)?$/, "");
  return `${base}/api/v1`;
}

/** Normalize a self-hosted origin, forgiving a pasted `/api-host` or `/api[/v1]` suffix. */
export function normalizeSelfHostedUrl(raw: string, setting = "selfHostedUrl"): string {
  return validateBaseUrl(raw, setting).replace(/\/(api-host|api\/v1|api)$/, "");
}

/** The cloud's domain: an API host under it is LangSmith's cloud, whose control plane has a host of its own. */
const CLOUD_DOMAIN = "langchain.com";
/** The cloud REST API's host in the `us` region; other regions prefix it (`eu.`, `apac.`, `aws.`). */
const CLOUD_API_HOST = "api.smith.langchain.com";
/** The cloud control plane's host in the `us` region, prefixed the same way. */
const CLOUD_CONTROL_PLANE_HOST = "api.host.langchain.com";

/**
 * The control plane that serves the REST API at `apiUrl` (a normalized base
 * ending in `/api/v1`), as langgraph-cli derives it from `LANGSMITH_ENDPOINT`:
 * a cloud API host maps to its region's control plane
 * (`https://eu.api.smith.langchain.com` to `https://eu.api.host.langchain.com`,
 * any other host under `langchain.com` to the `us` one); any other install
 * serves it at `/api-host` beside `/api` (`https://ls.example.com/api/v1` to
 * `https://ls.example.com/api-host`).
 */
export function controlPlaneForApi(apiUrl: string): string {
  const url = new URL(apiUrl);
  const host = url.hostname;
  if (host === CLOUD_DOMAIN || host.endsWith(`.${CLOUD_DOMAIN}`)) {
    const region = host.endsWith(`.${CLOUD_API_HOST}`) ? host.slice(0, -CLOUD_API_HOST.length) : "";
    return `https://${region}${CLOUD_CONTROL_PLANE_HOST}`;
  }
  return `${apiUrl.replace(/\/api\/v1$/, "")}/api-host`;
}

/**
 * Resolve both base URLs. Precedence per API: the explicit URL, else the
 * self-hosted origin, else (control plane only) the one that serves the
 * explicit REST API URL ({@link controlPlaneForApi}), else the region preset
 * (default `us`).
 *
 * @throws ConfigurationError for an unknown region, `region` together with
 *   `selfHostedUrl`, or a URL with credentials, query, fragment or a non-http(s) scheme.
 */
export function resolveHosts(options: HostOptions = {}): ResolvedHosts {
  const region = present(options.region);
  const selfHosted = present(options.selfHostedUrl);
  const controlPlane = present(options.controlPlaneUrl);
  const api = present(options.apiUrl);

  if (region !== undefined && !isRegion(region)) {
    throw new ConfigurationError(`region must be one of ${REGIONS.join(", ")}, not "${region.slice(0, 40)}"`);
  }
  if (region !== undefined && selfHosted !== undefined) {
    throw new ConfigurationError("set either region (cloud) or selfHostedUrl (self-hosted), not both");
  }

  let defaults: ResolvedHosts;
  if (selfHosted !== undefined) {
    const origin = normalizeSelfHostedUrl(selfHosted);
    defaults = { controlPlaneUrl: `${origin}/api-host`, apiUrl: `${origin}/api/v1` };
  } else {
    defaults = REGION_HOSTS[region !== undefined && isRegion(region) ? region : "us"];
  }
  const apiUrl = api === undefined ? defaults.apiUrl : normalizeApiUrl(api);
  const derivedControlPlane = api !== undefined && selfHosted === undefined ? controlPlaneForApi(apiUrl) : defaults.controlPlaneUrl;
  return {
    controlPlaneUrl: controlPlane === undefined ? derivedControlPlane : normalizeControlPlaneUrl(controlPlane),
    apiUrl,
  };
}
