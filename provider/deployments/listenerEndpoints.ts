/**
 * The workspace's listeners on the control plane (`GET /v2/listeners`): what
 * runs its deployments in a cluster of its own (hybrid and self-hosted
 * LangSmith), and {@link listenerCalls}: one page, and every listener paged
 * to the end as langgraph-cli 0.4.40 reads them for `deploy listeners list`.
 */
import type { z } from "zod";
import type { LangSmithClient } from "../client/client";
import { defineEndpoint } from "../client/endpoint";
import type { RequestOptions } from "../client/options";
import { checkLimit, checkOffset } from "../client/validateInput";
import { zListenersList } from "../client/wire/additions.responses";

/** A page of listeners as the service answers it: `resources` and `offset`. */
export type ListenerPage = z.output<typeof zListenersList>;
/** A listener as the service answers it: `id`, `compute_type`, `compute_id`, `compute_config`, `version`, `created_at`, `updated_at`. */
export type Listener = ListenerPage["resources"][number];

/** Largest page of `GET /v2/listeners` (the contract's maximum of `limit`), and the page size {@link listenerCalls.listAll} asks for. */
export const MAX_LISTENER_PAGE_SIZE = 100;

/** The listener endpoints, below the control plane URL (`client.controlPlane`). */
export const LISTENER_ENDPOINTS = {
  list: defineEndpoint({ method: "GET", path: "/v2/listeners", response: zListenersList }),
} as const;

/** Paging of `GET /v2/listeners`. */
export interface ListListenersParams {
  /** Page size, 1 to {@link MAX_LISTENER_PAGE_SIZE}; default the service's (20). */
  readonly limit?: number;
  /** How many listeners to skip, at least 0; default 0. */
  readonly offset?: number;
}

/** The listener endpoints as typed calls: each takes the client first. */
export const listenerCalls = {
  /** `GET /v2/listeners?limit=&offset=`: one page of the workspace's listeners. */
  list(client: LangSmithClient, params: ListListenersParams = {}, options?: RequestOptions): Promise<ListenerPage> {
    const action = "listing listeners";
    checkLimit(params.limit, action, MAX_LISTENER_PAGE_SIZE);
    checkOffset(params.offset, action);
    return client.controlPlane.call(LISTENER_ENDPOINTS.list, { action, query: { limit: params.limit, offset: params.offset }, options });
  },

  /**
   * Every listener of the workspace, in the service's order: pages of
   * {@link MAX_LISTENER_PAGE_SIZE}, each at the offset of the listeners read
   * so far, until a page is short. A page holding only listeners already read
   * (a service that ignores `offset`) ends the listing, instead of reading
   * the same page forever.
   */
  async listAll(client: LangSmithClient, options?: RequestOptions): Promise<Listener[]> {
    const all: Listener[] = [];
    const seen = new Set<string>();
    for (;;) {
      const page = await listenerCalls.list(client, { limit: MAX_LISTENER_PAGE_SIZE, offset: all.length }, options);
      const fresh = page.resources.filter((listener) => !seen.has(listener.id));
      if (page.resources.length > 0 && fresh.length === 0) return all;
      for (const listener of fresh) seen.add(listener.id);
      all.push(...fresh);
      if (page.resources.length < MAX_LISTENER_PAGE_SIZE) return all;
    }
  },
};
