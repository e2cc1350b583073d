/**
 * The package version, read once from the nearest `package.json` named
 * `pulumi-langsmith` above this file (works from sources and from `dist/`).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Package name used in the `User-Agent`. */
export const PACKAGE_NAME = "pulumi-langsmith";

/** Version reported when no `package.json` can be found. */
const UNKNOWN_VERSION = "0.0.0-unknown";

let cached: string | undefined;

/** The package version (e.g. `0.1.0`), or {@link UNKNOWN_VERSION}. Cached after the first call. */
export function packageVersion(): string {
  if (cached !== undefined) return cached;
  cached = UNKNOWN_VERSION;
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    try {
      const json: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (typeof json === "object" && json !== null && "name" in json && json.name === PACKAGE_NAME) {
        if ("version" in json && typeof json.version === "string") cached = json.version;
        break;
      }
    } catch {
      // no package.json here; keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return cached;
}

/** The `User-Agent` header value: `pulumi-langsmith/<version>`. */
export function userAgent(): string {
  return `${PACKAGE_NAME}/${packageVersion()}`;
}
