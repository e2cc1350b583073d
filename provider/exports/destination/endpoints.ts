/**
 * The BulkExportDestination's endpoints (`<apiUrl>/bulk-exports/destinations`,
 * where `apiUrl` ends in `/api/v1`), declared like every kind's over the
 * generated wire types (`client/contractTypes/destinations.ts` names the response
 * relaxations), and {@link destinationCalls}: each as a typed call with the
 * action its errors name.
 */
import type { LangSmithClient } from "../../client/client";
import { defineEndpoint, type DeleteResult, subject } from "../../client/endpoint";
import { MethodNotAllowedError, NotFoundError } from "../../client/errors";
import type { RequestOptions } from "../../client/options";
import {
  type CreateDestinationRequest,
  CreateDestinationRequestSchema,
  type Destination,
  type DestinationCredentials,
  DestinationListSchema,
  DestinationSchema,
  PatchDestinationRequestSchema,
  PatchedDestinationSchema,
} from "../../client/contractTypes/destinations";

const DESTINATIONS = "/bulk-exports/destinations";
const DESTINATION = "/bulk-exports/destinations/{destinationId}";

/** The BulkExportDestination's endpoints, below the REST API URL (`client.resources`). */
export const DESTINATION_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: DESTINATIONS, request: CreateDestinationRequestSchema, response: DestinationSchema }),
  get: defineEndpoint({ method: "GET", path: DESTINATION, response: DestinationSchema }),
  list: defineEndpoint({ method: "GET", path: DESTINATIONS, response: DestinationListSchema }),
  patch: defineEndpoint({ method: "PATCH", path: DESTINATION, request: PatchDestinationRequestSchema, response: PatchedDestinationSchema }),
  delete: defineEndpoint({ method: "DELETE", path: DESTINATION }),
} as const;
const E = DESTINATION_ENDPOINTS;

/** Outcome of {@link destinationCalls.delete}. */
export interface DestinationDeleteResult extends DeleteResult {
  /**
   * `deleted`: the service deleted it; `already-gone`: it did not exist (404
   * and a GET says 404 too); `not-supported`: the service cannot delete
   * destinations (405, or 404 for the route while the destination exists).
   */
  readonly outcome: "deleted" | "already-gone" | "not-supported";
}

/** The BulkExportDestination's endpoints as typed calls: each takes the client first; `options.name` names the destination in messages. */
export const destinationCalls = {
  /**
   * `POST /bulk-exports/destinations` (the service answers 200). The service
   * test-writes to the bucket first; its refusal comes back as
   * `BadRequestError` (or another `ApiStatusError`) whose `detail` says why.
   * Credentials never appear in errors.
   */
  create(client: LangSmithClient, body: CreateDestinationRequest, options?: RequestOptions): Promise<Destination> {
    return client.resources.call(E.create, { action: `creating bulk-export destination "${options?.name ?? body.display_name}"`, body, options });
  },

  /** `GET /bulk-exports/destinations/{id}`. */
  get(client: LangSmithClient, destinationId: string, options?: RequestOptions): Promise<Destination> {
    const action = `reading bulk-export destination ${subject(destinationId, options)}`;
    return client.resources.call(E.get, { action, params: { destinationId }, options });
  },

  /** `GET /bulk-exports/destinations`: every destination of the workspace (a bare array). */
  list(client: LangSmithClient, options?: RequestOptions): Promise<Destination[]> {
    return client.resources.call(E.list, { action: "listing bulk-export destinations", options });
  },

  /**
   * `PATCH /bulk-exports/destinations/{id}` with new `credentials` (rotation).
   * The service test-writes with them first; insufficient permission gives
   * `BadRequestError` and the old credentials stay. The response may omit
   * `config`, `display_name` and `destination_type`.
   */
  patchCredentials(client: LangSmithClient, destinationId: string, credentials: DestinationCredentials, options?: RequestOptions): Promise<Destination> {
    const action = `rotating credentials of bulk-export destination ${subject(destinationId, options)}`;
    return client.resources.call(E.patch, { action, params: { destinationId }, body: { credentials }, options });
  },

  /**
   * `DELETE /bulk-exports/destinations/{id}`. The published contract has no
   * such operation, so a service may answer 405 (or 404 for the route). Both
   * are followed by a GET: when it finds the destination the outcome is
   * `not-supported` (it still exists), a 404 means `already-gone`, and any
   * other failure (e.g. 403 for another workspace's key) is thrown. While an
   * export still uses the destination a service that deletes refuses with
   * `ConflictError` (409, never retried).
   */
  async delete(client: LangSmithClient, destinationId: string, options?: RequestOptions): Promise<DestinationDeleteResult> {
    const action = `deleting bulk-export destination ${subject(destinationId, options)}`;
    try {
      await client.resources.call(E.delete, { action, params: { destinationId }, options });
      return { outcome: "deleted", alreadyGone: false };
    } catch (err) {
      if (!(err instanceof MethodNotAllowedError) && !(err instanceof NotFoundError)) throw err;
    }
    // A service answers 405 before it looks at credentials or workspace: only a GET that
    // finds the destination says it exists for this key and workspace (its 403 is thrown).
    try {
      await destinationCalls.get(client, destinationId, options);
      return { outcome: "not-supported", alreadyGone: false };
    } catch (err) {
      if (err instanceof NotFoundError) return { outcome: "already-gone", alreadyGone: true };
      throw err;
    }
  },
};
