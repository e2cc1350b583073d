/**
 * A local stand-in for a release's download page: serves the files of one
 * directory over HTTP on 127.0.0.1 (a free port), records every request, and
 * can be told to answer a file with corrupted bytes.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";

/** One request the server answered. */
export interface ReleaseRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

/** A running release server. */
export interface ReleaseServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`; files are at `<url>/<prefix>/<file name>`. */
  readonly url: string;
  /** Every request so far, in arrival order. */
  readonly requests: ReleaseRequest[];
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * Serves `dir` under three prefixes: `/releases/<name>` the files as they are,
 * `/corrupt/<name>` the same file names answered with bytes that are not a
 * gzip archive, and `/empty/<name>` nothing (404 for every name).
 */
export async function startReleaseServer(dir: string): Promise<ReleaseServer> {
  const requests: ReleaseRequest[] = [];
  const server: Server = createServer((req, res) => {
    const [prefix = "", ...rest] = (req.url ?? "/").split("?")[0]!.split("/").filter(Boolean);
    const name = decodeURIComponent(rest.join("/"));
    const file = join(dir, basename(name));
    const found = name !== "" && basename(name) === name && existsSync(file) && statSync(file).isFile();
    const answer = (status: number): void => {
      requests.push({ method: req.method ?? "GET", path: req.url ?? "/", status });
    };
    if (found && prefix === "releases") {
      answer(200);
      res.writeHead(200, { "content-type": "application/gzip", "content-length": statSync(file).size });
      createReadStream(file).pipe(res);
    } else if (found && prefix === "corrupt") {
      answer(200);
      const bytes = Buffer.from("this is not a gzip archive\n".repeat(64));
      res.writeHead(200, { "content-type": "application/gzip", "content-length": bytes.length });
      res.end(bytes);
    } else {
      answer(404);
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found\n");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
