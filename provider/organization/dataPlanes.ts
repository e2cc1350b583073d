/**
 * What the DataPlane and the Workspace share: the data planes' endpoints,
 * and the two reads a workspace in a data plane needs (where its writes go,
 * and which data plane it is in).
 */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { found, UntrustedUrlError } from "../client/errors";
import { zDataPlanesCreateDataPlaneRequestAws, zDataPlanesUpdateDataPlaneRequest } from "../client/wire/additions.requests";
import {
  zGetApiV1OrgsCurrentDataPlanesByIdResponse,
  zGetApiV1OrgsCurrentDataPlanesResponse,
  zPatchApiV1OrgsCurrentDataPlanesByIdResponse,
  zPostApiV1OrgsCurrentDataPlanesResponse,
} from "../client/wire/additions.responses";
import type { CrudEndpoints } from "../engine/kind";

/** The DataPlane's type token. */
export const DATA_PLANE_TOKEN = "langsmith:index:DataPlane";

const ONE = "/orgs/current/data-planes/{id}";

/** `/api/v1/orgs/current/data-planes` (create: 202, list `{data_planes}`) and `/{id}` (get, PATCH, delete: 202). */
export const DATA_PLANE_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/orgs/current/data-planes",
    request: zDataPlanesCreateDataPlaneRequestAws,
    response: zPostApiV1OrgsCurrentDataPlanesResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/data-planes", response: zGetApiV1OrgsCurrentDataPlanesResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1OrgsCurrentDataPlanesByIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zDataPlanesUpdateDataPlaneRequest, response: zPatchApiV1OrgsCurrentDataPlanesByIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;
/**
 * The API URL (`.../api/v1`) of the data plane `id`, where the writes of
 * its workspaces go; `undefined` when `id` names none (LangSmith's own).
 *
 * @throws NotFoundError when the organization has no such data plane.
 * @throws UntrustedUrlError when its URL is not one to send the API key to:
 *   HTTPS (plain HTTP only when the stack's own API is, as with a local
 *   emulator), with no user info, query or fragment.
 */
export async function dataPlaneApiUrl(client: LangSmithClient, id: unknown, action: string): Promise<string | undefined> {
  if (typeof id !== "string" || id === "") return undefined;
  const plane = (await client.resources.send(DATA_PLANE_ENDPOINTS.get, { action: `${action}: reading data plane ${id}`, params: { id } })) as {
    api_url?: unknown;
  };
  const given = typeof plane.api_url === "string" ? plane.api_url : "";
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UntrustedUrlError(`${action}: data plane ${id} has no API URL yet (is it active?)`);
  }
  const plainHttpAllowed = new URL(client.apiUrl).protocol === "http:";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && plainHttpAllowed))
    throw new UntrustedUrlError(`${action}: data plane ${id} serves its API at a ${url.protocol} URL; only HTTPS is trusted with the API key`);
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "")
    throw new UntrustedUrlError(`${action}: data plane ${id}'s API URL has user info, a query or a fragment; it is not trusted with the API key`);
  return url.toString().replace(/\/+$/, "");
}

/**
 * The id of the data plane a workspace (as the service answers it) is in,
 * from the data planes' lists of their workspaces; `null` for a workspace
 * in LangSmith's own data plane.
 */
export async function dataPlaneOfWorkspace(client: LangSmithClient, workspace: Record<string, unknown>): Promise<string | null> {
  if (typeof workspace["data_plane_url"] !== "string" || workspace["data_plane_url"] === "") return null;
  const answer = (await found(
    client.resources.send(DATA_PLANE_ENDPOINTS.list, { action: `reading the data plane of workspace ${String(workspace["id"])}` }),
  )) as { data_planes?: { id?: string; workspaces?: { id?: string }[] }[] } | undefined;
  const plane = (answer?.data_planes ?? []).find((candidate) => (candidate.workspaces ?? []).some((member) => member.id === workspace["id"]));
  return plane?.id ?? null;
}
