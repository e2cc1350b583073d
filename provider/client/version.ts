/**
 * The package version and the plugin's download address, read once from the
 * nearest `package.json` named `pulumi-langsmith` above this file (works from
 * sources, from `dist/` and from the plugin archive, whose package.json
 * carries both).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Package name used in the `User-Agent`. */
export const PACKAGE_NAME = "pulumi-langsmith";

/** Version reported when no `package.json` can be found. */
const UNKNOWN_VERSION = "0.0.0-unknown";

/** What this module reads of the package manifest. */
interface ManifestFacts {
  readonly version: string;
  readonly pluginDownloadUrl: string | undefined;
}

/** The package manifest's facts, read once per process (a cache: the manifest does not change while the process runs). */
let cached: ManifestFacts | undefined;

function manifestFacts(): ManifestFacts {
  if (cached !== undefined) return cached;
  cached = { version: UNKNOWN_VERSION, pluginDownloadUrl: undefined };
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    try {
      const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown; pulumi?: { server?: unknown } };
      if (json.name === PACKAGE_NAME) {
        cached = {
          version: typeof json.version === "string" ? json.version : UNKNOWN_VERSION,
          pluginDownloadUrl: typeof json.pulumi?.server === "string" ? json.pulumi.server : undefined,
        };
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

/** The package version (e.g. `0.2.0`), or {@link UNKNOWN_VERSION}. Cached after the first call. */
export function packageVersion(): string {
  return manifestFacts().version;
}

/**
 * Where the engine downloads the plugin from (`pulumi.server` of package.json,
 * e.g. `github://api.github.com/<owner>/<repo>`: the repository's release
 * downloads), or undefined when the manifest names none. The schema carries
 * it as `pluginDownloadURL`, so every generated SDK tells the engine.
 */
export function pluginDownloadUrl(): string | undefined {
  return manifestFacts().pluginDownloadUrl;
}

/** The `User-Agent` header value: `pulumi-langsmith/<version>`. */
export function userAgent(): string {
  return `${PACKAGE_NAME}/${packageVersion()}`;
}
