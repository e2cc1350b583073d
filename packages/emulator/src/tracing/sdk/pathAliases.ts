/**
 * The paths the official `langsmith` SDKs call that the service answers at
 * more than one place: the SDKs send every REST call to their `api_url`,
 * which is the origin (`https://api.smith.langchain.com`, whose routes have
 * no `/api/v1`) or `<origin>/api/v1` (a self-hosted instance, and what most
 * users set); the platform routes (`/v1/platform/...`) are then under
 * `/api/v1/platform/...`, the prompt commits (`/commits/...`) under
 * `/api/v1/commits/...`; and a few calls end with a slash
 * (`GET /commits/{owner}/{repo}/`).
 *
 * The emulator serves each route once, at the path of the published
 * documents, and rewrites a path it does not serve to the first of these
 * that it does.
 */

/** The paths a request's path may stand for, in the order they are tried. */
export function aliasCandidates(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const candidates = trimmed === path ? [] : [trimmed];
  if (trimmed.startsWith("/api/v1/")) {
    const rest = trimmed.slice("/api/v1".length);
    // `/api/v1/platform/...` is `/v1/platform/...`; `/api/v1/commits/...` is `/commits/...`.
    candidates.push(`/v1${rest}`, rest);
  } else if (!trimmed.startsWith("/api/")) {
    candidates.push(`/api/v1${trimmed}`);
  }
  return candidates;
}

/**
 * The URL a request is routed by: `url` itself when `served` says its path
 * is served (with any method), else the first alias of its path that is,
 * with the query kept; `url` when none is.
 */
export function routedUrl(url: string, served: (path: string) => boolean): string {
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (served(path)) return url;
  const alias = aliasCandidates(path).find(served);
  return alias === undefined ? url : `${alias}${queryAt < 0 ? "" : url.slice(queryAt)}`;
}
