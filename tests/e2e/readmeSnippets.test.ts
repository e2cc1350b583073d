// The README's TypeScript examples type-check against the package as users
// install it (its `npm pack` tarball, in the e2e program root), under both
// module resolutions a Pulumi program's tsconfig may use: "node" (the
// classic one, which ignores package.json "exports" and reads
// "typesVersions") and "node16" (which reads "exports"). So the default
// export (the native classes) and `pulumi-langsmith/dynamic` resolve, and
// every input the examples use exists with the type they give it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eRoot } from "../helpers/e2eRoot";

const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");

/** The ```ts blocks of a Markdown text that import the package. */
function packageSnippets(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string).filter((code) => code.includes('from "pulumi-langsmith'));
}

/** Runs tsc --noEmit on the files; returns its output ("" when they type-check). */
function typeCheck(dir: string, files: string[], moduleResolution: "node" | "node16"): string {
  const module = moduleResolution === "node" ? "commonjs" : "node16";
  try {
    execFileSync(
      "node",
      [
        join(e2eRoot(), "node_modules", "typescript", "bin", "tsc"),
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--target",
        "ES2022",
        "--module",
        module,
        "--moduleResolution",
        moduleResolution,
        "--types",
        "node",
        ...files,
      ],
      { cwd: dir, encoding: "utf8", stdio: "pipe" },
    );
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe("README examples", () => {
  it("has examples of the native classes and of the dynamic ones", () => {
    const snippets = packageSnippets(readme);
    expect(snippets.length).toBeGreaterThanOrEqual(4);
    expect(snippets.some((code) => code.includes('from "pulumi-langsmith/dynamic"'))).toBe(true);
    expect(snippets.some((code) => code.includes('from "pulumi-langsmith"'))).toBe(true);
  });

  it.each(["node", "node16"] as const)("type-check against the packed package with moduleResolution %s", (moduleResolution) => {
    const dir = mkdtempSync(join(e2eRoot(), "readme-snippets-"));
    try {
      const files = packageSnippets(readme).map((code, index) => {
        const file = join(dir, `snippet${index}.ts`);
        // Each snippet is its own module (its imports make it one); `export {}` keeps import-only snippets modules too.
        writeFileSync(file, `${code}\nexport {};\n`);
        return file;
      });
      expect(typeCheck(dir, files, moduleResolution)).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
