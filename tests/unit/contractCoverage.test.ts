// Contract coverage (issue 33): every property of the request bodies a kind
// sends, and of the object the service answers, is an input or output of
// the kind, or is listed, with its reason, in the one place properties are
// left out (tests/helpers/contractCoverage/leftOut.ts), or named there as a
// known gap still to close (reported apart). A contract that grows a
// property fails here, naming it. The figures per kind (mapped / total,
// listed, gaps) are printed and written to tests/.tmp/contract-coverage.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadAllKinds } from "../../provider/registry";
import { kindCoverage, type KindCoverage } from "../helpers/contractCoverage/coverage";
import { COMMON_LEFT_OUT, KNOWN_GAPS, LEFT_OUT } from "../helpers/contractCoverage/leftOut";

const kinds = loadAllKinds();
const coverage: KindCoverage[] = kinds.map((kind) => {
  const own = LEFT_OUT[kind.token] ?? {};
  return kindCoverage(kind, { request: { ...COMMON_LEFT_OUT.request, ...own.request }, response: { ...COMMON_LEFT_OUT.response, ...own.response } });
});
/** The properties of each kind's known gaps (reported apart; never counted as mapped or listed). */
const gapsOf = (token: string, side: "request" | "response"): string[] => Object.keys(KNOWN_GAPS[token]?.[side] ?? {});
const isGap = (token: string, side: "request" | "response", path: string): boolean =>
  gapsOf(token, side).some((gap) => path === gap || path.startsWith(`${gap}.`) || path.startsWith(`${gap}[]`));
const unmapped = (c: KindCoverage, side: "request" | "response"): string[] => c[side].unmapped.filter((path) => !isGap(c.token, side, path));
const gaps = (c: KindCoverage, side: "request" | "response"): string[] => c[side].unmapped.filter((path) => isGap(c.token, side, path));

afterAll(() => {
  const rows = coverage.map(
    (c) =>
      `| \`${c.token.split(":").pop()}\` | ${c.request.mapped.length} / ${c.request.total} | ${c.request.listed.length} | ${gaps(c, "request").length} | ${c.response.mapped.length} / ${c.response.total} | ${c.response.listed.length} | ${gaps(c, "response").length} |`,
  );
  const total = (pick: (c: KindCoverage) => number) => coverage.reduce((sum, c) => sum + pick(c), 0);
  const report = [
    "# Contract coverage",
    "",
    "| kind | request mapped / total | request listed | request gaps | response mapped / total | response listed | response gaps |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    `| all ${coverage.length} | ${total((c) => c.request.mapped.length)} / ${total((c) => c.request.total)} | ${total((c) => c.request.listed.length)} | ${total((c) => gaps(c, "request").length)} | ${total((c) => c.response.mapped.length)} / ${total((c) => c.response.total)} | ${total((c) => c.response.listed.length)} | ${total((c) => gaps(c, "response").length)} |`,
    "",
  ].join("\n");
  const dir = join(__dirname, "..", ".tmp");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "contract-coverage.md"), report);
  if (process.env["CI"] !== "true") process.stdout.write(`${report}\n`);
});

describe("contract coverage", () => {
  it.each(coverage.map((c) => [c.token, c] as const))("%s: every request property is an input or listed with a reason", (_token, c) => {
    expect(unmapped(c, "request")).toEqual([]);
  });

  it.each(coverage.map((c) => [c.token, c] as const))("%s: every response property is an input, an output or listed with a reason", (_token, c) => {
    expect(unmapped(c, "response")).toEqual([]);
  });

  it("every kind with a create request has its bodies declared (none is counted as 0 / 0 by mistake)", () => {
    // A dataset's share is a PUT with no body: its one option, share_projects, is a query parameter.
    expect(coverage.filter((c) => c.request.total === 0).map((c) => c.token)).toEqual(["langsmith:index:DatasetShare"]);
    // The model price map's answers are untyped in the contract, a secret's value is never answered,
    // an attachment is answered with 204 (it is read from its policy), and a split's PUT answers the ids of the examples
    // it wrote (its members are read through the examples list): no response properties to count.
    expect(
      coverage
        .filter((c) => c.response.total === 0)
        .map((c) => c.token)
        .sort(),
    ).toEqual(["langsmith:index:AccessPolicyAttachment", "langsmith:index:DatasetSplit", "langsmith:index:ModelPriceMap", "langsmith:index:WorkspaceSecret"]);
  });

  it("the left-out list names only kinds of the registry and properties the contract has and no row maps", () => {
    const stale: string[] = [];
    for (const [token, leftOut] of Object.entries(LEFT_OUT)) {
      const c = coverage.find((candidate) => candidate.token === token);
      if (c === undefined) {
        stale.push(`${token}: not a registered kind`);
        continue;
      }
      for (const [side, entries] of [
        ["request", leftOut.request ?? {}],
        ["response", leftOut.response ?? {}],
      ] as const) {
        for (const entry of Object.keys(entries)) {
          const listed = c[side].listed.some((path) => path === entry || path.startsWith(`${entry}.`) || path.startsWith(`${entry}[]`));
          if (!listed) stale.push(`${token} ${side} ${entry}: mapped by a row, or not in the contract`);
        }
      }
    }
    expect(stale).toEqual([]);
  });

  it("names as a known gap only properties that are in the contract and not mapped", () => {
    const stale = Object.entries(KNOWN_GAPS).flatMap(([token, sides]) =>
      (["request", "response"] as const).flatMap((side) =>
        Object.keys(sides[side] ?? {})
          .filter(
            (gap) =>
              !(coverage.find((c) => c.token === token)?.[side].unmapped ?? []).some(
                (path) => path === gap || path.startsWith(`${gap}.`) || path.startsWith(`${gap}[]`),
              ),
          )
          .map((gap) => `${token} ${side} ${gap}`),
      ),
    );
    expect(stale).toEqual([]);
  });

  it("every reason says something", () => {
    const reasons = [COMMON_LEFT_OUT, ...Object.values(LEFT_OUT)].flatMap((l) => [...Object.values(l.request ?? {}), ...Object.values(l.response ?? {})]);
    expect(reasons.filter((reason) => reason.trim().length < 15)).toEqual([]);
  });
});
