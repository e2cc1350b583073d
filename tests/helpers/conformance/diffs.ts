/**
 * The diffs the conformance matrix expects from a preview (`pulumi preview
 * --json`): per changed input, the detailed-diff entry and its kind (a
 * replacement for a `replace` field, an update otherwise); after an import,
 * only the secrets the service never returns.
 */
import type { FieldSpec } from "../../../provider/engine/fields/fields";
import { mapExample } from "./examples";
import type { MatrixObject } from "./program";

/** One step of `pulumi preview --json`. */
export interface PreviewStep {
  readonly op: string;
  readonly urn: string;
  readonly detailedDiff?: Record<string, { kind: string }> | null;
  readonly diffReasons?: string[] | null;
}

/** The steps of a `pulumi preview --json` output, by resource name (the URN's last part). */
export function previewSteps(stdout: string): Map<string, PreviewStep> {
  const parsed = JSON.parse(stdout) as { steps?: PreviewStep[] };
  return new Map((parsed.steps ?? []).filter((step) => step.op !== "same").map((step) => [step.urn.split("::").pop() as string, step]));
}

/** The detailed-diff keys that are about `path` (the path itself, a path inside it, or an object holding it). */
function keysAbout(detailedDiff: Record<string, { kind: string }>, path: string): string[] {
  return Object.keys(detailedDiff).filter((key) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`) || path.startsWith(`${key}.`));
}

/** Whether a value holds a reference (unknown in the preview when the same update creates or replaces its object). */
function holdsReference(value: unknown): boolean {
  let found = false;
  mapExample(
    value,
    () => (found = true),
    (text) => text,
  );
  return found;
}

/** What a change of `field` must show: a replacement or an update. */
function expectedKind(field: FieldSpec): "replace" | "update" {
  return field.effect === "replace" ? "replace" : "update";
}

/** The mismatches between the change step's preview and the fields each object changes. */
export function changeDiffProblems(objects: readonly MatrixObject[], steps: ReadonlyMap<string, PreviewStep>): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const changed = object.changed.filter((field) => field.effect !== "createOnly");
    if (object.role !== "primary" || changed.length === 0) continue;
    const step = steps.get(object.name);
    if (step === undefined) {
      problems.push(`${object.name}: no step, expected ${changed.map((field) => field.path).join(", ")} to change`);
      continue;
    }
    const detailed = step.detailedDiff ?? {};
    for (const field of changed) {
      const keys = keysAbout(detailed, field.path);
      // A reference to an object the same update creates or replaces is unknown in the preview: the CLI shows the step, not the entry.
      if (keys.length === 0 && holdsReference(object.set.get(field))) {
        if (expectedKind(field) === "replace" && step.op !== "replace") problems.push(`${object.name}.${field.path}: ${step.op}, expected a replacement`);
        continue;
      }
      if (keys.length === 0) {
        problems.push(`${object.name}.${field.path}: not in the detailed diff (${Object.keys(detailed).join(", ") || "empty"})`);
        continue;
      }
      const want = expectedKind(field);
      const wrong = keys.filter((key) => (detailed[key]?.kind.endsWith("-replace") ? "replace" : "update") !== want);
      if (wrong.length > 0)
        problems.push(`${object.name}.${field.path}: ${wrong.map((key) => `${key} is ${detailed[key]?.kind}`).join(", ")}, expected ${want}`);
    }
  }
  return problems;
}

/** The steps of a preview right after an import that are not an update of secrets only. */
export function importDiffProblems(objectsByName: ReadonlyMap<string, MatrixObject>, steps: ReadonlyMap<string, PreviewStep>): string[] {
  const problems: string[] = [];
  for (const [name, step] of steps) {
    const object = objectsByName.get(name);
    if (object === undefined) {
      problems.push(`${name}: ${step.op} of an object the matrix did not import`);
      continue;
    }
    const secrets = [...object.set.keys()].filter((field) => field.secret).map((field) => field.path);
    if (step.op !== "update") {
      problems.push(
        `${name}: ${step.op} of ${Object.keys(step.detailedDiff ?? {}).join(", ") || step.diffReasons?.join(", ") || "?"}, expected no change or an update of ${secrets.join(", ") || "nothing"}`,
      );
      continue;
    }
    const others = Object.keys(step.detailedDiff ?? {}).filter(
      (key) => !secrets.some((path) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`) || path.startsWith(`${key}.`)),
    );
    if (others.length > 0) problems.push(`${name}: updates ${others.join(", ")}, which are not secrets the service never returns`);
  }
  return problems;
}
