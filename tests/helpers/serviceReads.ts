/**
 * Which logged emulator requests only read: a GET, or one of the service's
 * reads sent as POST with a time window in the body (the charts' list, one
 * chart's read; a chart's create is `/charts/create`). Tests that check a
 * command only reads (`adopt`, a refresh) filter the request log with it.
 */

/** The service's reads sent as POST. */
export const READS_BY_POST: readonly RegExp[] = [/^\/api\/v1\/charts$/, /^\/api\/v1\/charts\/[0-9a-f-]{36}$/];

/** True when a logged request only reads: a GET, or one of {@link READS_BY_POST}. */
export function isReadRequest(entry: { readonly method: string; readonly path: string }): boolean {
  return entry.method === "GET" || (entry.method === "POST" && READS_BY_POST.some((read) => read.test(entry.path)));
}
