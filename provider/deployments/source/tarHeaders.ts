/**
 * The headers of a deterministic tar (POSIX ustar, with a pax extended
 * header for a path that does not fit or is not ASCII, or a size of 8 GiB
 * or more): regular files only, every time 0, owner and group 0 and
 * unnamed, the mode as given.
 */

/** Bytes of a tar block. */
export const TAR_BLOCK_BYTES = 512;

/** What ends a tar: two zero blocks. */
export const TAR_END = Buffer.alloc(2 * TAR_BLOCK_BYTES);

/** The largest size a ustar header holds (11 octal digits). */
const MAX_USTAR_SIZE = 0o77777777777;

/** The modification time of every entry, in seconds since the epoch. */
export const ARCHIVE_MTIME_SECONDS = 0;

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  Buffer.from(value, "utf8").copy(block, offset, 0, length);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function ustarHeader(fields: { name: string; prefix: string; mode: number; sizeBytes: number; type: string }): Buffer {
  const block = Buffer.alloc(TAR_BLOCK_BYTES);
  writeString(block, 0, 100, fields.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, fields.sizeBytes);
  writeOctal(block, 136, 12, ARCHIVE_MTIME_SECONDS);
  block.fill(0x20, 148, 156);
  writeString(block, 156, 1, fields.type);
  writeString(block, 257, 8, "ustar\u000000");
  writeString(block, 345, 155, fields.prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** `path` split into ustar's prefix (at most 155 bytes) and name (at most 100), or `undefined` when it cannot be. */
function splitUstarPath(path: string): { name: string; prefix: string } | undefined {
  if (!/^[\x20-\x7e]*$/.test(path)) return undefined;
  if (path.length <= 100) return { name: path, prefix: "" };
  for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (prefix.length <= 155 && name.length > 0 && name.length <= 100) return { name, prefix };
  }
  return undefined;
}

/** One pax record, `<length> <key>=<value>\n`, its length counting itself. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let length = bodyBytes + 1;
  while (String(length).length + bodyBytes !== length) length = String(length).length + bodyBytes;
  return Buffer.from(`${length}${body}`, "utf8");
}

/** Zero bytes that pad `sizeBytes` of content to a whole block. */
export function tarPadding(sizeBytes: number): Buffer {
  const remainder = sizeBytes % TAR_BLOCK_BYTES;
  return remainder === 0 ? Buffer.alloc(0) : Buffer.alloc(TAR_BLOCK_BYTES - remainder);
}

/** The header block(s) of a regular file at `path` (POSIX, relative) of `sizeBytes` bytes with `mode` (e.g. 0o644). */
export function fileHeader(path: string, sizeBytes: number, mode: number): Buffer {
  const split = splitUstarPath(path);
  const records: Buffer[] = [];
  if (split === undefined) records.push(paxRecord("path", path));
  if (sizeBytes > MAX_USTAR_SIZE) records.push(paxRecord("size", String(sizeBytes)));
  const header = ustarHeader({
    ...(split ?? { name: path.replace(/[^\x20-\x7e]/g, "_").slice(-100), prefix: "" }),
    mode,
    sizeBytes: Math.min(sizeBytes, MAX_USTAR_SIZE),
    type: "0",
  });
  if (records.length === 0) return header;
  const pax = Buffer.concat(records);
  const paxHeader = ustarHeader({ name: "PaxHeader", prefix: "", mode: 0o644, sizeBytes: pax.length, type: "x" });
  return Buffer.concat([paxHeader, pax, tarPadding(pax.length), header]);
}
