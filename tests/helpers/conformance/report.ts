/**
 * The conformance matrix's report: one row per kind, one column per check,
 * each cell `ok`, `n/a` with why, or what failed. Printed at the end of the
 * run and written to tests/.tmp/conformance-matrix.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The checks, in column order. */
export const CHECKS = ["required", "full", "change", "import", "list", "fault", "canaries", "destroy"] as const;
/** One check. */
export type Check = (typeof CHECKS)[number];

/** Cells by kind and check. */
export class MatrixReport {
  private readonly cells = new Map<string, Map<Check, string>>();

  /** @param kinds the type names of the rows, in order. */
  constructor(private readonly kinds: readonly string[]) {
    for (const kind of kinds) this.cells.set(kind, new Map());
  }

  /** Records a cell (the last record of a cell wins, except that a failure is kept). */
  record(kind: string, check: Check, cell: string): void {
    const row = this.cells.get(kind);
    if (row === undefined) return;
    const previous = row.get(check);
    if (previous !== undefined && previous.startsWith("FAIL") && !cell.startsWith("FAIL")) return;
    row.set(check, cell);
  }

  /** Records a cell only where the check has none yet. */
  recordIfEmpty(kind: string, check: Check, cell: string): void {
    if (this.cells.get(kind)?.has(check) === false) this.record(kind, check, cell);
  }

  /** The report as a Markdown table, with the seconds each part took. */
  markdown(timings: ReadonlyMap<string, number>): string {
    const escape = (text: string) => text.replace(/\|/g, "\\|");
    const rows = this.kinds.map((kind) => `| ${kind} | ${CHECKS.map((check) => escape(this.cells.get(kind)?.get(check) ?? "—")).join(" | ")} |`);
    const times = [...timings].map(([part, seconds]) => `${part} ${seconds.toFixed(0)} s`).join(", ");
    return [`| kind | ${CHECKS.join(" | ")} |`, `|---|${CHECKS.map(() => "---").join("|")}|`, ...rows, "", `time: ${times}`].join("\n");
  }

  /** Prints the report and writes it to `file`. */
  publish(file: string, timings: ReadonlyMap<string, number>): void {
    const text = this.markdown(timings);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${text}\n`);
    console.log(`conformance matrix (${file}):\n${text}`);
  }
}
