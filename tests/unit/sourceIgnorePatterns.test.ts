import { IgnorePatternError } from "../../provider/deployments/source/errors";
import { compileIgnorePattern, ignoreFileLines, type IgnorePattern, IgnoreRules } from "../../provider/deployments/source/ignorePatterns";

function rulesOf(...lines: string[]): IgnoreRules {
  return new IgnoreRules(lines.map((line) => compileIgnorePattern(line, "test")).filter((pattern): pattern is IgnorePattern => pattern !== undefined));
}

// Each pattern with the answers pathspec 1.1.1 (langgraph-cli 0.4.40's matcher,
// `PathSpec.from_lines("gitwildmatch", [pattern]).match_file(path)`) gives.
const PATHSPEC_ANSWERS: [string, Record<string, boolean>][] = [
  ["*.log", { "a.log": true, "d/e.log": true, "a.log/x": true, alog: false }],
  ["build/", { "build/": true, "build/x": true, "src/build/": true, build: false }],
  ["/root.txt", { "root.txt": true, "sub/root.txt": false }],
  ["docs/*.md", { "docs/a.md": true, "docs/sub/a.md": false, "x/docs/a.md": false }],
  ["a/**/b", { "a/b": true, "a/x/y/b": true, "a/b/c": true, "x/a/b": false }],
  ["**/cache", { "cache/": true, "x/cache": true, "x/y/cache/z": true }],
  ["foo/**", { "foo/": true, "foo/bar": true, foo: false }],
  ["*/", { top: false, "top/": true, "d/e": true }],
  ["[abc].txt", { "a.txt": true, "d.txt": false }],
  ["[!a]x", { bx: true, ax: false }],
  ["[]x]y", { "]y": true, xy: true, zy: false }],
  ["\\#hash", { "#hash": true }],
  ["\\!bang", { "!bang": true }],
  ["trail\\ ", { "trail ": true, trail: false }],
  ["sp ace  ", { "sp ace": true, "sp ace ": false }],
  ["a?c", { abc: true, "a/c": false, ac: false }],
  ["x[a", { "x[a": false, xa: false }],
  ["# comment", { "# comment": false }],
  ["n*me/deep", { "nme/deep": true, "nXme/deep": true, "x/n1me/deep": false }],
];

describe("ignore patterns", () => {
  it.each(PATHSPEC_ANSWERS)("%j matches what pathspec matches", (pattern, answers) => {
    const rules = rulesOf(pattern);
    const got = Object.fromEntries(Object.keys(answers).map((path) => [path, rules.ignores(path)]));
    expect(got).toEqual(answers);
  });

  it("lets the last matching pattern decide, so a negation takes a path back", () => {
    const rules = rulesOf("*.log", "!keep.log", "logs/", "!logs/");
    expect(rules.ignores("a.log")).toBe(true);
    expect(rules.ignores("keep.log")).toBe(false);
    expect(rules.ignores("d/keep.log")).toBe(false);
    expect(rules.ignores("logs/")).toBe(false);
    expect(rulesOf("!keep.log", "*.log").ignores("keep.log")).toBe(true);
  });

  it("skips blank lines, comments, a lone slash and invalid ranges", () => {
    for (const line of ["", "   ", "# note", "/", "x[a"]) expect(compileIgnorePattern(line, "test")).toBeUndefined();
  });

  it("refuses a line ending with a lone backslash, or a lone !, naming the line and the fix", () => {
    expect(() => compileIgnorePattern("foo\\", "agent/.gitignore line 3")).toThrow(IgnorePatternError);
    expect(() => compileIgnorePattern("foo\\", "agent/.gitignore line 3")).toThrow(/"foo\\\\" \(agent\/\.gitignore line 3\).*fix or remove that line/);
    expect(() => compileIgnorePattern("!", "test")).toThrow(IgnorePatternError);
  });

  it("splits lines where Python's splitlines does", () => {
    expect(ignoreFileLines("a\r\nb\rc\nd\fe")).toEqual(["a", "b", "c", "d", "e"]);
  });
});
