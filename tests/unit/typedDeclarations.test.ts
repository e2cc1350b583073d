/**
 * The types a kind is declared with catch its mistakes at compile time:
 * each case is a small module importing the provider's sources, written to
 * a temporary directory and type-checked with the project's compiler options; the correct spelling
 * compiles, the mistaken one does not, with the error on the mistaken line.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";

const ROOT = join(__dirname, "..", "..");

/** A module of the provider's kind, declared with one line that is right or wrong. */
interface Case {
  readonly name: string;
  /** The module's text, with `LINE` where the line under test goes. */
  readonly module: string;
  readonly right: string;
  readonly wrong: string;
  /** Text of the line the compiler puts the error on; default the line under test. */
  readonly errorOn?: string;
}

const CASES: readonly Case[] = [
  {
    name: "a shaping option reads the service's object by its wire schema (a role's name)",
    module: `
import { zRole } from "PROVIDER/client/wire/organizationAndAccess.responses";
import { declareKind } from "PROVIDER/engine/kind";
import { ROLE_ENDPOINTS, ROLE_FIELDS } from "PROVIDER/organization/role";
export const kind = declareKind({
  token: "langsmith:index:Scratch", kind: "scratch", description: "", scope: "organization",
  fields: ROLE_FIELDS, endpoints: ROLE_ENDPOINTS, object: zRole,
  LINE
});`,
    right: `manages: (role) => role.name.startsWith("CUSTOM"),`,
    wrong: `manages: (role) => role.nmae.startsWith("CUSTOM"),`,
  },
  {
    name: "listItems reads the list endpoint's answer by its response schema (evaluators)",
    module: `
import { zEvaluatorsEvaluator } from "PROVIDER/client/wire/tracingAndEvaluation.responses";
import { declareKind } from "PROVIDER/engine/kind";
import { EVALUATOR_ENDPOINTS, EVALUATOR_FIELDS } from "PROVIDER/tracing/evaluator";
export const kind = declareKind({
  token: "langsmith:index:Scratch", kind: "scratch", description: "", scope: "workspace",
  fields: EVALUATOR_FIELDS, endpoints: EVALUATOR_ENDPOINTS, object: zEvaluatorsEvaluator,
  LINE
});`,
    right: `listItems: (answer) => answer.evaluators ?? [],`,
    wrong: `listItems: (answer) => answer.evaluator ?? [],`,
  },
  {
    name: "a create hook receives the kind's inputs typed by its field table (a deployment's name)",
    module: `
import type { InputsOf } from "PROVIDER/engine/fields/fields";
import type { CreateHooks } from "PROVIDER/engine/kind/hooks";
import type { DEPLOYMENT_FIELDS } from "PROVIDER/deployments/deployment/fields";
export const hooks: CreateHooks<{ id: string }, InputsOf<typeof DEPLOYMENT_FIELDS>> = {
  LINE
};`,
    right: `post: async ({ inputs }) => ({ id: inputs.name }),`,
    wrong: `post: async ({ inputs }) => ({ id: inputs.nmae }),`,
  },
  {
    name: "a create body is checked against the contract's request type (a wrong wire key)",
    module: `
import type { CreateDeploymentRequest } from "PROVIDER/client/contractTypes/controlPlane";
import { toCreateBody } from "PROVIDER/engine/fields/fields";
const table = [
  LINE
] as const;
export const body = toCreateBody<Partial<CreateDeploymentRequest>>(table, {});`,
    right: `{ path: "name", wire: "name", type: "string", doc: "", schema: undefined as never, required: true, effect: "replace", secret: false },`,
    wrong: `{ path: "name", wire: "nmae", type: "string", doc: "", schema: undefined as never, required: true, effect: "replace", secret: false },`,
    // The table is checked where it is given to toCreateBody.
    errorOn: "toCreateBody<",
  },
];

/** The diagnostics of each file, by file name, from one program over all of them. */
function diagnose(files: readonly string[]): Map<string, readonly ts.Diagnostic[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (config === undefined) throw new Error("tsconfig.json could not be read");
  const program = ts.createProgram(files, { ...config.options, noEmit: true, rootDir: undefined });
  return new Map(files.map((file) => [file, ts.getPreEmitDiagnostics(program, program.getSourceFile(file))]));
}

describe("typed declarations", () => {
  const dir = mkdtempSync(join(tmpdir(), "typed-declarations-"));
  const written = CASES.flatMap((one, index) =>
    (["right", "wrong"] as const).map((variant) => {
      const file = join(dir, `case${index}-${variant}.ts`);
      writeFileSync(file, one.module.replace("LINE", one[variant]).replaceAll("PROVIDER/", `${join(ROOT, "provider")}/`));
      return { one, variant, file };
    }),
  );
  const diagnostics = diagnose(written.map((entry) => entry.file));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(CASES.map((one, index) => [one.name, index] as const))("%s", (_name, index) => {
    const [right, wrong] = written.filter((entry) => entry.one === CASES[index]);
    const messages = (file: string) => (diagnostics.get(file) ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(messages(right?.file ?? "")).toEqual([]);
    const wrongOnes = diagnostics.get(wrong?.file ?? "") ?? [];
    expect(wrongOnes.length).toBeGreaterThan(0);
    // The error is on the mistaken line (the one that replaced LINE), or where the case says the compiler reports it.
    const source = CASES[index]?.module ?? "";
    const line = source.split("\n").findIndex((text) => text.includes(CASES[index]?.errorOn ?? "LINE"));
    expect(wrongOnes.some((d) => d.file !== undefined && d.start !== undefined && d.file.getLineAndCharacterOfPosition(d.start).line === line)).toBe(true);
  });
});
