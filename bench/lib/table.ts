/** Markdown tables, printed to the console and written to the results file. */

/** A table: a title, column headers and rows of already formatted cells. */
export interface Table {
  /** Heading shown above the table. */
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Optional lines printed under the table (how it was measured, caveats). */
  readonly notes?: readonly string[];
}

/** Renders a table as GitHub-flavoured markdown (title as a level-3 heading). */
export function renderTable(table: Table): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;
  const parts = [`### ${table.title}`, "", line(table.headers), line(table.headers.map(() => "---")), ...table.rows.map(line)];
  if (table.notes && table.notes.length > 0) parts.push("", ...table.notes);
  return parts.join("\n");
}
