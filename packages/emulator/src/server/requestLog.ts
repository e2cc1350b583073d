/** One answered (or dropped) API request. */
export interface RequestLogEntry {
  method: string;
  /** URL path without the query string. */
  path: string;
  /** Status sent; 0 when the connection was dropped before a response. */
  status: number;
  /** When the request arrived, ISO 8601. */
  time: string;
  /** How long the emulator took, in milliseconds. */
  durationMs: number;
  /** The injected fault or limit that shaped the answer, if any. */
  fault?: "status" | "delay" | "drop" | "commit-then-drop" | "rate-limit";
}

/** Maximum entries kept; older ones are discarded first. */
export const REQUEST_LOG_CAPACITY = 10_000;

/** The request log of one emulator instance (control routes are not logged). */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  /** Appends an entry. */
  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > REQUEST_LOG_CAPACITY) this.entries.splice(0, this.entries.length - REQUEST_LOG_CAPACITY);
  }

  /** Copies of the entries, oldest first. */
  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  /** Empties the log. */
  clear(): void {
    this.entries = [];
  }
}
