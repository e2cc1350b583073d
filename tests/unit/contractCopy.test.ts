// The repository's copy of the published contract (contract/) is what the
// contract tier and the request checks read, so a clone of the repository
// alone runs the whole suite. It must be the project's shared copy, byte for
// byte, wherever that copy sits beside the repository (refresh with
// `node scripts/refresh-contract.mjs`); and each document is OpenAPI 3.1.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const copy = join(root, "contract");
const shared = join(root, "..", "shared", "contract");
const documents = ["control-plane", "bulk-exports", "organization-and-access", "tracing-and-evaluation"].map((name) => `${name}.openapi.json`);

describe("the repository's copy of the contract", () => {
  it("holds every published document, each OpenAPI 3.1 with paths", () => {
    for (const file of documents) {
      const document = JSON.parse(readFileSync(join(copy, file), "utf8")) as { openapi: string; paths: Record<string, unknown> };
      expect({ file, openapi: document.openapi.slice(0, 3), hasPaths: Object.keys(document.paths).length > 0 }).toEqual({
        file,
        openapi: "3.1",
        hasPaths: true,
      });
    }
  });

  const besideRepository = existsSync(shared);
  (besideRepository ? it : it.skip)("equals the shared copy beside the repository, byte for byte (node scripts/refresh-contract.mjs)", () => {
    const files = readdirSync(shared).filter((file) => file.endsWith(".json") || file === "README.md");
    const differing = files.filter((file) => !existsSync(join(copy, file)) || !readFileSync(join(copy, file)).equals(readFileSync(join(shared, file))));
    expect(differing).toEqual([]);
  });
});
