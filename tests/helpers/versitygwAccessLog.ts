/** Reading versitygw's S3 access log: the fields of each line the tests need. */

/** One line of versitygw's S3 access log (the fields the tests need). */
export interface VersitygwAccessLogEntry {
  /** Bucket the server resolved for the request, or "-". */
  bucket: string;
  /** Access key id of the caller, or "-". */
  requester: string;
  /** S3 operation, e.g. "PutObject" (the log's "s3_" prefix removed). */
  operation: string;
  /** Object key the server resolved, or "-". */
  key: string;
  /** Request line target as received (path and query). */
  requestUri: string;
  /** HTTP status sent. */
  status: number;
  /** S3 error code sent, or "-". */
  errorCode: string;
}

/** Start of an access-log line: owner bucket [time] ip requester request-id operation key uri status error. */
const LOG_LINE = /^(\S+) (\S+) \[[^\]]*\] (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\d+) (\S+) /;

/** The entries of an access log's text, in order; lines that are not entries are skipped. */
export function parseAccessLog(text: string): VersitygwAccessLogEntry[] {
  const entries: VersitygwAccessLogEntry[] = [];
  for (const line of text.split("\n")) {
    const m = LOG_LINE.exec(line);
    if (!m) continue;
    entries.push({
      bucket: m[2] ?? "-",
      requester: m[4] ?? "-",
      operation: (m[6] ?? "-").replace(/^s3_/, ""),
      key: m[7] ?? "-",
      requestUri: m[8] ?? "-",
      status: Number(m[9]),
      errorCode: m[10] ?? "-",
    });
  }
  return entries;
}
