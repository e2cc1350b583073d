/** The adopted program in YAML (Pulumi.yaml), for the YAML language host. */
import type { AdoptedProgram, ProgramValue } from "../program";
import { isReference, isSecretPlaceholder } from "../program";

/** A scalar as YAML (JSON's form, which YAML reads); references and secrets as `${...}` interpolations. */
function scalar(v: ProgramValue): string {
  if (isReference(v)) return `\${${v.reference}.id}`;
  if (isSecretPlaceholder(v)) return `\${${v.configSecret}}`;
  return JSON.stringify(v);
}

/** A value as YAML lines at `indent` spaces (a mapping's or sequence's items on lines of their own). */
function lines(v: ProgramValue, indent: number): string[] {
  const pad = " ".repeat(indent);
  if (Array.isArray(v)) {
    if (v.length === 0) return [`${pad}[]`];
    return v.flatMap((item) => {
      const inner = lines(item, indent + 2);
      const first = (inner[0] ?? "").trimStart();
      return [`${pad}- ${first}`, ...inner.slice(1)];
    });
  }
  if (v !== null && typeof v === "object" && !isReference(v) && !isSecretPlaceholder(v)) {
    const entries = Object.entries(v as Record<string, ProgramValue>);
    if (entries.length === 0) return [`${pad}{}`];
    return entries.flatMap(([key, item]) => {
      const isBlock =
        item !== null &&
        typeof item === "object" &&
        !isReference(item) &&
        !isSecretPlaceholder(item) &&
        (Array.isArray(item) ? item.length > 0 : Object.keys(item).length > 0);
      return isBlock ? [`${pad}${JSON.stringify(key)}:`, ...lines(item, indent + 2)] : [`${pad}${JSON.stringify(key)}: ${lines(item, 0)[0] ?? ""}`];
    });
  }
  return [`${pad}${scalar(v)}`];
}

/** The program (`Pulumi.yaml`) of project `project`. */
export function yamlProgram(program: AdoptedProgram, project: string): string {
  const out = [`name: ${project}`, "runtime: yaml", "description: The LangSmith organization, adopted by pulumi-langsmith adopt."];
  if (program.secrets.length > 0) {
    // The program's own configuration: YAML reads each as a variable of its name.
    out.push("configuration:");
    for (const secret of program.secrets) out.push(`  ${secret.configKey}:`, "    type: String", "    secret: true");
  }
  out.push("resources:");
  for (const resource of program.resources) {
    out.push(`  ${resource.name}:`, `    type: ${resource.token}`);
    if (Object.keys(resource.inputs).length > 0) out.push("    properties:", ...lines(resource.inputs as ProgramValue, 6));
  }
  return `${out.join("\n")}\n`;
}
