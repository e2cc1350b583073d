/**
 * Listing a declared kind's objects in one scope (its list endpoint, every
 * page), each as the id the kind's import takes: how `adopt` finds what an
 * organization has.
 */
import type { OperationContext } from "../context/operation";
import { getPath } from "../fields/paths";
import { referencedToken } from "../fields/references";
import type { KindParent, ListedObject, ListingScope, Properties } from "../resource";
import { itemsOf, managed } from "./lookup";
import { apiOf, parentIds, type PreparedKind, settingsInScope } from "./prepare";

/** Most pages one listing reads (at the kind's page size): a bound on a runaway service. */
const MAX_PAGES = 1_000;

/** The inputs a kind's objects live under, each with the kind its examples say it names. */
export function kindParents(kind: PreparedKind): KindParent[] {
  return kind.parents.flatMap((input) => {
    const field = kind.spec.fields.find((f) => f.path === input);
    const token = field === undefined ? undefined : referencedToken(field);
    return token === undefined ? [] : [{ input, token }];
  });
}

/** The kind's objects in `scope`, every page of its list, those the kind manages only. */
export async function listDeclared(kind: PreparedKind, context: OperationContext, scope: ListingScope): Promise<ListedObject[]> {
  const { spec, endpoints } = kind;
  const list = endpoints.list;
  if (list === undefined) return [];
  const props: Properties = { ...scope.parents, ...(scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {}) };
  const action = `listing ${spec.kind}s`;
  const client = await context.client(settingsInScope(context, spec.scope, action, props));
  const params = parentIds(kind, props);
  const read = async (query?: Record<string, number>): Promise<Record<string, unknown>[]> =>
    itemsOf(kind, await apiOf(kind, client).send(list, { action, params, ...(query === undefined ? {} : { query }) })) ?? [];
  const items: Record<string, unknown>[] = [];
  const batch = kind.batchRead;
  if (batch?.by === "pages") {
    for (let page = 0; page < MAX_PAGES; page++) {
      const got = await read({ limit: batch.pageSize, offset: page * batch.pageSize });
      items.push(...got);
      if (got.length < batch.pageSize) break;
    }
  } else {
    items.push(...(await read()));
  }
  const nameWire = spec.nameField === undefined ? undefined : spec.fields.find((f) => f.path === spec.nameField)?.wire;
  const prefix = [
    ...(spec.scope === "workspace" && scope.workspaceId !== undefined ? [scope.workspaceId] : []),
    ...kind.parents.map((input) => scope.parents[input] ?? ""),
  ];
  const now = new Date();
  return items
    .filter((item) => managed(kind, item))
    .map((item) => {
      const id = typeof item["id"] === "string" ? item["id"] : (spec.idOf?.(item, {}) ?? "");
      const name = nameWire === undefined ? undefined : getPath(item, nameWire);
      const leftOutBecause = spec.serviceOwned?.matches(item) === true ? spec.serviceOwned.why : spec.notAdopted?.(item, now);
      return {
        importId: [...prefix, id].join("/"),
        id,
        ...(typeof name === "string" && name !== "" ? { name } : {}),
        ...(leftOutBecause !== undefined ? { leftOutBecause } : {}),
      };
    })
    .filter((listed) => listed.id !== "");
}
