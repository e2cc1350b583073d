/**
 * Finding objects of a declared kind on the service: one by id (GET where
 * the service has it, else the scope's list), one by its natural key, and a
 * refresh's reads together through the list (see `../reads/`).
 */
import type { LangSmithClient } from "../../client";
import { AbortedError, found } from "../../client/errors";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import { getPath, isUnset } from "../fields/paths";
import { LARGEST_PAGE, listScope, type ListSource, readThroughList } from "../reads/listReader";
import type { Properties } from "../resource";
import type { AnyEndpoint, BatchRead } from "./declaration";
import { apiOf, parentIds, type PreparedKind, unwrapped } from "./prepare";

/** The objects of a list answer (`undefined` when the list itself is gone, e.g. its parent was deleted). */
export function itemsOf(kind: PreparedKind, answer: unknown): Record<string, unknown>[] | undefined {
  if (answer === undefined) return undefined;
  return kind.spec.listItems !== undefined ? kind.spec.listItems(answer) : (answer as Record<string, unknown>[]);
}

/** Whether the kind manages this object of its list (default: all). */
export function managed(kind: PreparedKind, item: Record<string, unknown>): boolean {
  return kind.spec.manages?.(item) ?? true;
}

/** Finds one object by id: GET where the service has it, else the scope's list. `undefined` when there is none. */
export async function fetchOne(
  kind: PreparedKind,
  client: LangSmithClient,
  id: string,
  props: Properties,
  name: string,
): Promise<Record<string, unknown> | undefined> {
  const { endpoints } = kind;
  const params = { ...parentIds(kind, props), id };
  if (endpoints.get !== undefined) {
    return (
      unwrapped(
        kind,
        (await found(apiOf(kind, client).send(endpoints.get, { action: `reading ${kind.spec.kind} "${name}"`, params }))) as
          Record<string, unknown> | undefined,
      ) ?? undefined
    );
  }
  if (endpoints.list === undefined) throw new Error(`${kind.spec.kind}: a declaration without a list needs a get`);
  const list = itemsOf(kind, await found(apiOf(kind, client).send(endpoints.list, { action: `listing ${kind.spec.kind}s to read "${name}"`, params })));
  return list?.find((item) => item["id"] === id && managed(kind, item));
}

/** The object whose natural key has this wire value, if any. */
export async function findByNaturalKey(
  kind: PreparedKind,
  client: LangSmithClient,
  value: unknown,
  props: Properties,
): Promise<Record<string, unknown> | undefined> {
  const { spec } = kind;
  const wire = spec.fields.find((field) => field.path === spec.naturalKey)?.wire;
  if (wire === undefined || kind.endpoints.list === undefined) return undefined;
  const query = spec.naturalKeyQuery !== undefined && typeof value === "string" ? { query: { [spec.naturalKeyQuery]: value } } : {};
  const list = itemsOf(
    kind,
    await found(apiOf(kind, client).send(kind.endpoints.list, { action: `listing ${spec.kind}s`, params: parentIds(kind, props), ...query })),
  );
  return list?.find((item) => managed(kind, item) && JSON.stringify(getPath(item, wire)) === JSON.stringify(value));
}

/** How a batch of reads goes through the list, as the kind's {@link BatchRead} says. */
function listSource(kind: PreparedKind, client: LangSmithClient, props: Properties): ListSource {
  const read = kind.batchRead as BatchRead;
  const list = kind.endpoints.list as AnyEndpoint;
  const params = parentIds(kind, props);
  const send = async (asked: number, query?: Record<string, number | readonly string[]>): Promise<Record<string, unknown>[]> =>
    itemsOf(
      kind,
      await found(
        apiOf(kind, client).send(list, { action: `listing ${kind.spec.kind}s to read ${asked} of them`, params, ...(query === undefined ? {} : { query }) }),
      ),
    ) ?? [];
  if (read.by === "list") return { by: "whole", list: (asked) => send(asked) };
  const idsQuery = read.idsQuery;
  return {
    by: "pages",
    pageSize: read.pageSize,
    hasGet: kind.endpoints.get !== undefined,
    page: (offset, limit, asked) => send(asked, { limit, offset }),
    ...(idsQuery === undefined ? {} : { byIds: { maxIds: LARGEST_PAGE, fetch: (ids: readonly string[], asked: number) => send(asked, { [idsQuery]: ids }) } }),
  };
}

/**
 * Reads one object for a refresh: together with the reads of the same kind
 * and scope that arrive with it, where the kind reads through its list (see
 * {@link BatchRead}); an id the batch did not find where the kind has a GET,
 * and a batch that failed (but for an abort), are read on their own, so
 * errors name the resource. `undefined` when it is gone.
 */
export async function readForRefresh(
  kind: PreparedKind,
  context: OperationContext,
  client: LangSmithClient,
  settings: ProviderSettings,
  id: string,
  props: Properties,
  name: string,
): Promise<Record<string, unknown> | undefined> {
  const { batchRead } = kind;
  if (batchRead === undefined || batchRead.notInList?.some((path) => !isUnset(getPath(props, path))) === true) return fetchOne(kind, client, id, props, name);
  const scope = listScope(settings, parentIds(kind, props));
  try {
    const value = await readThroughList(context.lists, kind.spec.token, scope, id, listSource(kind, client, props), kind.spec.manages);
    if (value !== undefined) return value;
    // The whole list, fetched during this operation, does not hold it: gone. Otherwise read it by id.
    if (kind.endpoints.get === undefined && batchRead.by === "list") return undefined;
  } catch (error) {
    if (error instanceof AbortedError) throw error;
  }
  return fetchOne(kind, client, id, props, name);
}
