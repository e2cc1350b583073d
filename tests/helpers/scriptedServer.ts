/**
 * A real HTTP server on 127.0.0.1 (free port) that answers from a queue of
 * scripted responses and records every request. For exact sequences (retry,
 * timeout, error-body) tests of the REST client; never a mock of axios.
 *
 * Usage:
 *   const server = await startScriptedServer();
 *   server.enqueue({ status: 429, headers: { "retry-after": "0.1" } }, { status: 200, json: {...} });
 *   ...; expect(server.requests[0]!.headers["x-api-key"]).toBe("k");
 *   await server.close();   // in afterAll
 *
 * `{ hang: true }` accepts the request and never answers (a stuck server);
 * `{ drop: true }` closes the connection without answering.
 */
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer. */
export interface ScriptedResponse {
  /** HTTP status; default 200. */
  readonly status?: number;
  /** JSON body (serialized with `Content-Type: application/json`). */
  readonly json?: unknown;
  /** Raw body text (used when `json` is absent). */
  readonly text?: string;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering, in milliseconds. */
  readonly delayMs?: number;
  /** Destroy the socket instead of answering (a dropped connection). */
  readonly drop?: boolean;
  /** Never answer: keep the connection open, silent, until the client gives up or the server closes. */
  readonly hang?: boolean;
  /** Only answer requests with this method (checked, a mismatch fails loudly with 418). */
  readonly method?: string;
  /** Only answer requests whose path (without query) equals this (checked like `method`). */
  readonly path?: string;
}

/** A request as the server saw it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path without query string. */
  readonly path: string;
  /** Parsed query parameters. */
  readonly query: Readonly<Record<string, string>>;
  /** Lower-cased header names. */
  readonly headers: IncomingHttpHeaders;
  /** Raw body text ('' when none). */
  readonly body: string;
}

/** Handle of a running scripted server. */
export interface ScriptedServer {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Port the server listens on. */
  readonly port: number;
  /** Requests received so far, in order. */
  readonly requests: RecordedRequest[];
  /** Append responses to the queue. */
  enqueue(...responses: ScriptedResponse[]): void;
  /** Answer used when the queue is empty; default a 418 naming the unexpected request. */
  setFallback(response: ScriptedResponse | ((req: RecordedRequest) => ScriptedResponse) | undefined): void;
  /** Number of queued responses not used yet. */
  pending(): number;
  /** Clear the queue, the fallback and the recorded requests. */
  reset(): void;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

function send(res: ServerResponse, scripted: ScriptedResponse): void {
  if (scripted.hang === true) return;
  if (scripted.drop === true) {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = { ...scripted.headers };
  let body = "";
  if (scripted.json !== undefined) {
    body = JSON.stringify(scripted.json);
    headers["content-type"] ??= "application/json";
  } else if (scripted.text !== undefined) {
    body = scripted.text;
  }
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(scripted.status ?? 200, headers);
  res.end(body);
}

/** Start a scripted server on 127.0.0.1, on the given port or a free one. */
export async function startScriptedServer(port = 0): Promise<ScriptedServer> {
  const queue: ScriptedResponse[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let fallback: ScriptedResponse | ((req: RecordedRequest) => ScriptedResponse) | undefined;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      let scripted = queue.shift();
      if (scripted === undefined) {
        scripted =
          typeof fallback === "function"
            ? fallback(recorded)
            : (fallback ?? {
                status: 418,
                json: { detail: `scripted server: nothing queued for ${recorded.method} ${recorded.path}` },
              });
      } else if ((scripted.method !== undefined && scripted.method !== recorded.method) || (scripted.path !== undefined && scripted.path !== recorded.path)) {
        scripted = {
          status: 418,
          json: {
            detail: `scripted server: expected ${scripted.method ?? "*"} ${scripted.path ?? "*"}, got ${recorded.method} ${recorded.path}`,
          },
        };
      }
      const answer = scripted;
      if (answer.delayMs !== undefined && answer.delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(res, answer);
        }, answer.delayMs);
        timers.add(timer);
      } else {
        send(res, answer);
      }
    });
  });
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    setFallback: (response) => {
      fallback = response;
    },
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fake clock for the client's injectable `Clock`: `sleep` resolves at once,
 * records the requested duration and advances `now`. Lets tests check retry
 * delays and wait deadlines without real waiting or wall-clock assertions.
 */
export class FakeClock {
  /** Current fake time, in milliseconds since the epoch (starts on a whole second). */
  nowMs: number;
  /** Every requested sleep, in milliseconds, in order. */
  readonly sleeps: number[] = [];
  /** Called after each sleep (e.g. to restart a server between attempts). */
  onSleep: ((ms: number) => Promise<void> | void) | undefined;

  constructor(startMs = 1_700_000_000_000) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new Error("aborted");
    this.sleeps.push(ms);
    this.nowMs += ms;
    await this.onSleep?.(ms);
    if (signal?.aborted) throw new Error("aborted");
  }
}
