/**
 * `adopt`: an organization made by hand, read and written as a Pulumi program
 * (see docs/adopt.md). Reads only; answers the files to write.
 */
import type { OperationContext } from "../engine/context/operation";
import type { LangSmithResource } from "../engine/resource";
import type { PackageSchema } from "../native/schema";
import { adoptionReport, type AdoptLanguage, importPlan, PLAN_FILE, programFiles, REPORT_FILE } from "./files";
import { type Inventory, type InventoryOptions, readOrganization } from "./inventory";
import { type AdoptedProgram, buildProgram } from "./program";

/** Options of {@link adopt}. */
export interface AdoptOptions extends InventoryOptions {
  /** The program's language. */
  readonly language: AdoptLanguage;
  /** The Pulumi project's name. */
  readonly project: string;
  /** The package's version (the program's dependency and plugin). */
  readonly version: string;
}

/** What {@link adopt} found and the files it answers. */
export interface Adoption {
  readonly inventory: Inventory;
  readonly program: AdoptedProgram;
  /** File name to content: the program, the import plan, the report. */
  readonly files: Readonly<Record<string, string>>;
}

/** Reads the organization and writes its program, import plan and report (in memory). */
export async function adopt(context: OperationContext, kinds: readonly LangSmithResource[], schema: PackageSchema, options: AdoptOptions): Promise<Adoption> {
  const inventory = await readOrganization(context, kinds, options);
  const program = buildProgram(inventory.objects, kinds);
  const files = {
    ...programFiles(program, options.language, options.project, schema, options.version),
    [PLAN_FILE]: importPlan(program),
    [REPORT_FILE]: adoptionReport(inventory, program, options.language),
  };
  return { inventory, program, files };
}
