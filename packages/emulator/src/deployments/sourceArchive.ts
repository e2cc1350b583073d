/**
 * What the emulator's "build" reads from an uploaded source archive: the
 * `.tar.gz` is unpacked as a stream (never whole in memory), its regular
 * files counted, and the config file (`langgraph_config_path`, default
 * `langgraph.json`) read and parsed. The result becomes the revision's
 * build log and decides whether its build fails.
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";

/** The config file a revision builds from when it names none. */
export const DEFAULT_CONFIG_PATH = "langgraph.json";

/** The largest config file the inspection reads, in bytes. */
const MAX_CONFIG_BYTES = 1_048_576;

/** What the inspection found. */
export type ArchiveInspection = { ok: true; files: number; configPath: string; graphs: string[] } | { ok: false; files: number; reason: string };

const BLOCK = 512;

function text(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString("utf8");
}

function octal(block: Buffer, start: number, length: number): number {
  const value = text(block, start, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new Error("a header's size field is not octal");
  return value === "" ? 0 : parseInt(value, 8);
}

/** The `path` record of a pax extended header, if it has one. */
function paxPath(data: Buffer): string | undefined {
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space === -1) break;
    const length = Number(data.subarray(offset, space).toString("ascii"));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = data.subarray(space + 1, offset + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0 && record.slice(0, eq) === "path") return record.slice(eq + 1);
    offset += length;
  }
  return undefined;
}

function normalize(path: string): string {
  return path.replace(/^(\.\/)+/, "");
}

/** Reads tar entries from a stream of decompressed bytes. */
class TarReader {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { name: string; type: string; size: number; padded: number; data: Buffer[]; keep: boolean } | undefined;
  private nextName: string | undefined;
  private ended = false;
  files = 0;
  config: Buffer | undefined;

  constructor(private readonly configPath: string) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    while (!this.ended) {
      if (this.pending) {
        if (!this.consumeBody()) return;
        continue;
      }
      if (this.buffer.length < BLOCK) return;
      const block = this.buffer.subarray(0, BLOCK);
      this.buffer = this.buffer.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        this.ended = true;
        return;
      }
      this.startEntry(block);
    }
  }

  private startEntry(block: Buffer): void {
    const stored = octal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (block[i] as number);
    if (sum !== stored) throw new Error("a header's checksum does not match");
    const prefix = text(block, 257, 6).startsWith("ustar") ? text(block, 345, 155) : "";
    const headerName = prefix === "" ? text(block, 0, 100) : `${prefix}/${text(block, 0, 100)}`;
    const name = normalize(this.nextName ?? headerName);
    const type = String.fromCharCode(block[156] as number) || "0";
    const size = octal(block, 124, 12);
    const isMeta = type === "x" || type === "L" || type === "g";
    if (!isMeta) this.nextName = undefined;
    const regular = type === "0" || type === "\0" || type === "7";
    if (regular) this.files += 1;
    const keep = isMeta ? type !== "g" : regular && name === this.configPath && size <= MAX_CONFIG_BYTES;
    this.pending = { name, type, size, padded: Math.ceil(size / BLOCK) * BLOCK, data: [], keep };
  }

  private consumeBody(): boolean {
    const entry = this.pending;
    if (!entry) return true;
    const take = Math.min(entry.padded, this.buffer.length);
    const used = Math.max(0, Math.min(take, entry.size - entry.data.reduce((n, b) => n + b.length, 0)));
    if (entry.keep && used > 0) entry.data.push(Buffer.from(this.buffer.subarray(0, used)));
    this.buffer = this.buffer.subarray(take);
    entry.padded -= take;
    if (entry.padded > 0) return false;
    const data = Buffer.concat(entry.data);
    if (entry.type === "x") this.nextName = paxPath(data) ?? this.nextName;
    else if (entry.type === "L") this.nextName = data.toString("utf8").replace(/\0+$/, "");
    else if (entry.keep) this.config = data;
    this.pending = undefined;
    return true;
  }

  /** Whether the archive ended where a tar may end (between entries). */
  get complete(): boolean {
    return this.pending === undefined;
  }
}

function graphsOf(config: unknown): string[] {
  const graphs = (config as { graphs?: unknown } | null)?.graphs;
  if (graphs === null || typeof graphs !== "object" || Array.isArray(graphs)) return [];
  return Object.entries(graphs as Record<string, unknown>).map(([name, target]) => (typeof target === "string" ? `${name} (${target})` : name));
}

/**
 * Unpacks `file` (a `.tar.gz`) as a stream and checks what a build needs:
 * a readable archive holding the config file at `configPath`, whose
 * content is a JSON object.
 */
export async function inspectArchive(file: string, configPath: string): Promise<ArchiveInspection> {
  const wanted = normalize(configPath);
  const reader = new TarReader(wanted);
  try {
    const gunzip = createReadStream(file).pipe(createGunzip());
    for await (const chunk of gunzip) reader.push(chunk as Buffer);
    if (!reader.complete) throw new Error("the archive ends in the middle of a file");
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, files: reader.files, reason: `the source archive is not a readable .tar.gz: ${why}` };
  }
  if (reader.config === undefined) {
    return {
      ok: false,
      files: reader.files,
      reason: `config file ${wanted} not found in the source archive (${reader.files} files); set langgraph_config_path to its path in the archive`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(reader.config.toString("utf8"));
  } catch (error) {
    return { ok: false, files: reader.files, reason: `config file ${wanted} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, files: reader.files, reason: `config file ${wanted} is not a JSON object` };
  }
  return { ok: true, files: reader.files, configPath: wanted, graphs: graphsOf(parsed) };
}
