/**
 * Source archives uploaded through signed URLs, as the control plane hands
 * them out for `internal_source` deployments (`POST
 * /v2/deployments/{id}/upload-url`, then a `PUT` of the `.tar.gz`).
 *
 * The emulator signs the URLs itself: an HMAC-SHA256, with a key made for
 * each emulator process, over the method, the object's path, the expiry and
 * the headers the upload must carry (the `Content-Type` and the size range,
 * as Cloud Storage signs them). The archives are kept in a temporary
 * directory of their own, never in the saved state: a restarted emulator
 * has none, and URLs signed before the restart no longer verify.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Path prefix the signed upload URLs point at (outside both APIs). */
export const SOURCE_UPLOAD_PREFIX = "/source-uploads";

/** How long a signed upload URL stays valid, in milliseconds (15 minutes). */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

/** The largest archive an upload accepts, in bytes (200 MiB, the CLI's limit and the size range it sends). */
export const MAX_SOURCE_ARCHIVE_BYTES = 200 * 1_048_576;

/** The `Content-Type` every upload is signed for. */
export const UPLOAD_CONTENT_TYPE = "application/gzip";

/** The header carrying the accepted size range, `<min>,<max>` in bytes (Cloud Storage's name, which langgraph-cli sends). */
export const SIZE_RANGE_HEADER = "x-goog-content-length-range";

/** The size range every upload is signed for. */
export const UPLOAD_SIZE_RANGE = `0,${MAX_SOURCE_ARCHIVE_BYTES}`;

/** What a signed upload URL answers to the upload-url request. */
export interface IssuedUpload {
  /** The URL to `PUT` the archive to (a credential until it expires). */
  uploadUrl: string;
  /** Where the archive lands: what a PATCH names as `source_tarball_path`. */
  objectPath: string;
  /** The headers the `PUT` must carry (signed). */
  uploadHeaders: Record<string, string>;
}

/** An uploaded archive. */
export interface StoredArchive {
  /** The file holding it. */
  file: string;
  /** Its size in bytes. */
  bytes: number;
}

/** Why an upload was refused: the HTTP status and a storage-style error code. */
export class UploadRefused extends Error {
  /**
   * @param statusCode 400 (size outside the signed range) or 403 (expired or bad signature).
   * @param code the storage error code (`SignatureDoesNotMatch`, `ExpiredToken`, `EntityTooLarge`, `EntityTooSmall`).
   */
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UploadRefused";
  }

  /** The body a storage service answers: an XML error naming the code. */
  xml(): string {
    const escape = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    return `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${this.code}</Code><Message>${escape(this.message)}</Message></Error>`;
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Signs upload URLs and keeps the uploaded archives of one emulator. */
export class SourceUploads {
  private readonly key = randomBytes(32);
  private readonly archives = new Map<string, StoredArchive>();
  private directory: string | undefined;

  /** @param now the emulator's clock, epoch milliseconds. */
  constructor(private readonly now: () => number) {}

  private sign(objectPath: string, expiresS: number): string {
    const canonical = [
      "PUT",
      `${SOURCE_UPLOAD_PREFIX}/${objectPath}`,
      String(expiresS),
      `content-type:${UPLOAD_CONTENT_TYPE}`,
      `${SIZE_RANGE_HEADER}:${UPLOAD_SIZE_RANGE}`,
    ].join("\n");
    return createHmac("sha256", this.key).update(canonical).digest("hex");
  }

  /**
   * A new signed upload URL for a deployment's next archive.
   *
   * @param origin the emulator's origin as the client reached it (`http://host:port`).
   */
  issue(origin: string, deploymentId: string): IssuedUpload {
    const objectPath = `deployments/${deploymentId}/sources/${randomUUID()}.tar.gz`;
    const expiresS = Math.floor((this.now() + UPLOAD_URL_TTL_MS) / 1000);
    const query = new URLSearchParams({ expires: String(expiresS), signature: this.sign(objectPath, expiresS) });
    return {
      uploadUrl: `${origin}${SOURCE_UPLOAD_PREFIX}/${objectPath}?${query.toString()}`,
      objectPath,
      uploadHeaders: { "Content-Type": UPLOAD_CONTENT_TYPE, "X-Goog-Content-Length-Range": UPLOAD_SIZE_RANGE },
    };
  }

  /**
   * Checks a `PUT` against its signature before its body is read.
   *
   * @throws UploadRefused 403 when the signature is missing or wrong (the
   * signed headers included), or the URL has expired.
   */
  verify(objectPath: string, query: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): void {
    const expires = typeof query["expires"] === "string" ? query["expires"] : "";
    const signature = typeof query["signature"] === "string" ? query["signature"] : "";
    const expiresS = /^\d+$/.test(expires) ? Number(expires) : NaN;
    const expected = Number.isFinite(expiresS) ? Buffer.from(this.sign(objectPath, expiresS), "hex") : Buffer.alloc(0);
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
    const signed =
      expected.length > 0 &&
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      header(headers, "content-type")?.trim().toLowerCase() === UPLOAD_CONTENT_TYPE &&
      header(headers, SIZE_RANGE_HEADER)?.trim() === UPLOAD_SIZE_RANGE;
    if (!signed) {
      throw new UploadRefused(
        403,
        "SignatureDoesNotMatch",
        "The request signature does not match the URL's: sign the path, expiry and the headers the upload-url answer gave.",
      );
    }
    if (expiresS * 1000 < this.now())
      throw new UploadRefused(403, "ExpiredToken", `The upload URL expired at ${new Date(expiresS * 1000).toISOString()}; ask for a new one.`);
    const declared = header(headers, "content-length");
    if (declared !== undefined && Number(declared) > MAX_SOURCE_ARCHIVE_BYTES) {
      throw new UploadRefused(
        400,
        "EntityTooLarge",
        `The upload of ${declared} bytes is larger than the signed range allows (${MAX_SOURCE_ARCHIVE_BYTES} bytes).`,
      );
    }
  }

  /**
   * Streams a verified upload into a file of its own (never into memory as
   * a whole), then keeps it under its object path, replacing an earlier one.
   *
   * @throws UploadRefused 400 when the body is larger than the signed range.
   */
  async store(objectPath: string, body: NodeJS.ReadableStream): Promise<StoredArchive> {
    this.directory ??= mkdtempSync(join(tmpdir(), "langsmith-emulator-uploads-"));
    const file = join(this.directory, `${createHash("sha256").update(objectPath).digest("hex")}-${randomUUID()}`);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > MAX_SOURCE_ARCHIVE_BYTES)
          callback(new UploadRefused(400, "EntityTooLarge", `The upload is larger than the signed range allows (${MAX_SOURCE_ARCHIVE_BYTES} bytes).`));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      rmSync(file, { force: true });
      throw error;
    }
    const previous = this.archives.get(objectPath);
    if (previous) rmSync(previous.file, { force: true });
    const archive = { file, bytes };
    this.archives.set(objectPath, archive);
    return archive;
  }

  /** The archive uploaded under `objectPath`, if any. */
  archive(objectPath: string): StoredArchive | undefined {
    return this.archives.get(objectPath);
  }

  /** Forgets every archive (reset). */
  clear(): void {
    for (const archive of this.archives.values()) rmSync(archive.file, { force: true });
    this.archives.clear();
  }

  /** Removes the archives' directory (the emulator is closing). */
  close(): void {
    this.archives.clear();
    if (this.directory !== undefined) rmSync(this.directory, { recursive: true, force: true });
    this.directory = undefined;
  }
}
