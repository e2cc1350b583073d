/**
 * What the conformance matrix reads of the service (the emulator): the
 * objects a run of the CLI created and deleted, from the exchanges the
 * emulator reports, and the objects still live in its state.
 */
import { type ApiExchange, observeExchanges } from "../../../packages/emulator/src";
import type { StateDump } from "../../../packages/emulator/src/server/control";

/** The exchanges of every emulator in this process while `record` runs (the matrix runs one CLI command at a time). */
export async function recordExchanges<T>(record: () => Promise<T>): Promise<{ result: T; exchanges: ApiExchange[] }> {
  const exchanges: ApiExchange[] = [];
  const stop = observeExchanges((exchange) => exchanges.push(exchange));
  try {
    const result = await record();
    // Exchanges are reported after their responses: let the last ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { result, exchanges };
  } finally {
    stop();
  }
}

const ok = (exchange: ApiExchange) => exchange.status >= 200 && exchange.status < 300;

/** Ids of the objects created (a POST or PUT answered 2xx with a JSON `id`), lower-cased, in order; one per create. */
export function createdIds(exchanges: readonly ApiExchange[]): string[] {
  return exchanges.flatMap((exchange) => {
    if ((exchange.method !== "POST" && exchange.method !== "PUT") || !ok(exchange)) return [];
    const id = (exchange.responseBody as { id?: unknown } | undefined)?.id;
    return typeof id === "string" && id !== "" ? [id.toLowerCase()] : [];
  });
}

/** Whether a DELETE answered 2xx named `id` in its path. */
export function deletedIn(exchanges: readonly ApiExchange[], id: string): boolean {
  return exchanges.some((exchange) => exchange.method === "DELETE" && ok(exchange) && exchange.path.toLowerCase().includes(id));
}

/**
 * Created objects the service still holds but no stack does: each created
 * id that is still live must appear in the stack's state (an id or
 * output), or the stack must name the object by another value the service
 * answered for it (a kind whose id is its natural key, e.g. a prompt tag's
 * name). An object created twice leaves one of them here; one the service
 * replaced by another (an invitation become a membership) is not live.
 */
export function orphans(exchanges: readonly ApiExchange[], stateText: string, live: ReadonlySet<string>, stateIds: ReadonlySet<string>): string[] {
  const state = stateText.toLowerCase();
  const problems: string[] = [];
  const seenIds = new Set<string>();
  for (const exchange of exchanges) {
    const id = createdIds([exchange])[0];
    if (id === undefined) continue;
    if (seenIds.has(id)) problems.push(`${id} (created twice by ${exchange.path})`);
    seenIds.add(id);
    if (!live.has(id) || state.includes(id) || deletedIn(exchanges, id)) continue;
    const answered = Object.values((exchange.responseBody ?? {}) as Record<string, unknown>).filter((value): value is string => typeof value === "string");
    if (answered.some((value) => stateIds.has(value.toLowerCase()))) continue;
    problems.push(`${id} (created by ${exchange.path})`);
  }
  return problems;
}

/**
 * Ids of the objects the service still holds: the declared kinds' records,
 * deployments not being deleted, destinations, and bulk exports still
 * running (a bulk export is ended by cancelling it).
 */
export function liveIds(dump: StateDump): Set<string> {
  const { state } = dump;
  const ids = [
    ...Object.values(state.objects).flatMap((records) => records.map((record) => record.id)),
    ...state.deployments.filter((deployment) => deployment.deleteRequestedAtMs === null).map((deployment) => deployment.id),
    ...state.destinations.map((destination) => destination.id),
    ...state.bulkExports
      .filter((bulkExport) => !["Cancelled", "Completed", "Failed", "TimedOut"].includes(String(bulkExport.status)))
      .map((bulkExport) => bulkExport.id),
  ];
  return new Set(ids.map((id) => String(id).toLowerCase()));
}
