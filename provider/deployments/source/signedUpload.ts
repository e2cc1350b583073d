/**
 * The PUT of a packed source archive to the signed URL the service gives
 * (`POST /v2/deployments/{id}/upload-url`), with the headers it names,
 * retried on transient failures. The signed URL is a credential: it never
 * appears in an error, a log line or a return value, and a storage error's
 * body is reduced to its error code.
 */
import { createReadStream } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { SourceUploadError } from "./errors";

/** Headers sent when the service names none (what langgraph-cli 0.4.40 sends): the type, and the size range the storage accepts (0 to 200 MiB). */
export const DEFAULT_UPLOAD_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/gzip",
  "X-Goog-Content-Length-Range": "0,209715200",
};

/** How an upload is attempted. */
export interface UploadOptions {
  /** Attempts in all, at least 1; default 4. */
  readonly attempts?: number;
  /** Pause before the second attempt, in milliseconds, doubled each time; default 500. */
  readonly firstPauseMs?: number;
  /** Time without progress before an attempt is abandoned, in milliseconds; default 60,000. */
  readonly idleTimeoutMs?: number;
  /** Aborts the upload (Ctrl-C). */
  readonly signal?: AbortSignal;
  /** Told before each retry: the attempt about to start (2, 3, …) and why the last failed (no URL in it). */
  readonly onRetry?: (attempt: number, reason: string) => void;
}

/** What failed in one attempt: whether another may succeed, and why, in words without the URL. */
interface AttemptFailure {
  readonly transient: boolean;
  readonly reason: string;
}

/** Statuses worth another attempt: timeouts, throttling and the storage's own failures. */
function transientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The storage's error code from an error body (`<Code>SignatureDoesNotMatch</Code>`, or a JSON `code`), nothing else of it. */
function errorCodeOf(body: string): string | undefined {
  const xml = /<Code>([A-Za-z0-9_.-]{1,64})<\/Code>/.exec(body);
  if (xml !== null) return xml[1];
  try {
    const parsed = JSON.parse(body) as { code?: unknown; error?: { code?: unknown } };
    const code = parsed.code ?? parsed.error?.code;
    return typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Reads at most 4 KiB of a response (enough for an error code). */
async function shortBody(response: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of response) if (text.length < 4096) text += (chunk as Buffer).toString("utf8");
  return text.slice(0, 4096);
}

/** One PUT of `file` (`sizeBytes` long); resolves on a 2xx, else answers why not. */
function putOnce(
  url: URL,
  headers: Readonly<Record<string, string>>,
  file: string,
  sizeBytes: number,
  options: UploadOptions,
): Promise<AttemptFailure | undefined> {
  return new Promise((resolve) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(url, { method: "PUT", headers: { ...headers, "Content-Length": String(sizeBytes) }, signal: options.signal }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        response.resume();
        response.on("end", () => resolve(undefined));
        return;
      }
      void shortBody(response).then((body) => {
        const code = errorCodeOf(body);
        resolve({ transient: transientStatus(status), reason: `the storage answered ${status}${code === undefined ? "" : ` (${code})`}` });
      });
    });
    request.setTimeout(options.idleTimeoutMs ?? 60_000, () => request.destroy(new Error("no progress for too long")));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (options.signal?.aborted === true) resolve({ transient: false, reason: "cancelled" });
      else resolve({ transient: true, reason: `the connection failed (${error.code ?? error.message})` });
    });
    const body = createReadStream(file);
    body.on("error", (error) => request.destroy(error));
    body.pipe(request);
  });
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * PUTs `file` to the signed `uploadUrl` with `headers` (default
 * {@link DEFAULT_UPLOAD_HEADERS}); a transient failure (a connection cut, a
 * timeout, 408, 429, 5xx) is retried from the start of the file.
 *
 * @param what names the upload in errors, e.g. `uploading the source of deployment "agent"`.
 * @throws {SourceUploadError} the storage refused it (403: the URL expired or its signature does not match), or every attempt failed.
 */
export async function uploadToSignedUrl(
  uploadUrl: string,
  headers: Readonly<Record<string, string>> | null | undefined,
  file: string,
  sizeBytes: number,
  what: string,
  options: UploadOptions = {},
): Promise<void> {
  let url: URL;
  try {
    url = new URL(uploadUrl);
  } catch {
    throw new SourceUploadError(`${what}: the service's upload URL is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new SourceUploadError(`${what}: the service's upload URL is not http(s)`);
  const attempts = Math.max(1, options.attempts ?? 4);
  let pauseMs = options.firstPauseMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    const failure = await putOnce(url, headers ?? DEFAULT_UPLOAD_HEADERS, file, sizeBytes, options);
    if (failure === undefined) return;
    if (options.signal?.aborted === true) throw new SourceUploadError(`${what}: cancelled`);
    if (!failure.transient || attempt >= attempts) {
      const tries = attempt === 1 ? "" : ` after ${attempt} attempts`;
      const fix = failure.transient
        ? "run pulumi up again"
        : "run pulumi up again for a new upload URL; if it persists, the storage refuses the headers the service named";
      throw new SourceUploadError(`${what}: ${failure.reason}${tries}; ${fix}`);
    }
    options.onRetry?.(attempt + 1, failure.reason);
    await pause(pauseMs, options.signal);
    pauseMs *= 2;
  }
}
