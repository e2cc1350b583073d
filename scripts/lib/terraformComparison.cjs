// The comparison with the two Terraform providers for LangSmith, made from
// data: docs/terraform-facts.json (every resource, data source and attribute
// of both providers, at the commits read), docs/terraform-mapping.json (each
// one's counterpart here: a resource or function and a property, or a reason
// there is none, or a gap still to close) and the native provider's schema.
// `comparison()` answers the page (docs/terraform.md, written by
// `npm run docs:reference`) and the problems that make
// tests/unit/terraformComparison.test.ts fail: a Terraform resource or
// attribute with no entry, an entry naming a resource, function or property
// the schema does not have.
"use strict";

const PROVIDERS = [
  ["official", "Terraform (official)"],
  ["community", "Terraform (community)"],
];

/** The kind of an attribute's entry: `mapped` (to a property), `reason`, `gap`, or `missing` (no entry). */
function entryKind(entry) {
  if (entry === undefined) return "missing";
  if (typeof entry === "string") return "mapped";
  if (typeof entry.ours === "string") return "mapped";
  if (typeof entry.reason === "string") return "reason";
  if (typeof entry.gap === "string") return "gap";
  return "missing";
}

/** The property an entry maps to (`id` included), or undefined. */
function mappedProperty(entry) {
  return typeof entry === "string" ? entry : typeof entry?.ours === "string" ? entry.ours : undefined;
}

/** The names a resource or function of the schema has: properties (inputs and outputs), `id`, and dotted paths into object types. */
function propertyNames(schema, kind, token) {
  const names = new Set(["id"]);
  const spec = kind === "resources" ? schema.resources[token] : schema.functions[token];
  if (spec === undefined) return undefined;
  const objects = kind === "resources" ? [spec.inputProperties, spec.properties] : [spec.inputs?.properties, spec.outputs?.properties];
  const add = (prefix, properties, depth) => {
    for (const [name, property] of Object.entries(properties ?? {})) {
      const path = prefix === "" ? name : `${prefix}.${name}`;
      names.add(path);
      const ref = property.$ref ?? property.items?.$ref;
      const type = typeof ref === "string" ? schema.types[ref.replace("#/types/", "")] : undefined;
      if (type?.type === "object" && depth < 4) add(path, type.properties, depth + 1);
    }
  };
  for (const properties of objects) add("", properties, 0);
  return names;
}

/** `langsmith:index:<Name>` of a resource or function name of ours. */
const tokenOf = (name) => `langsmith:index:${name}`;

/** Markdown table cell: no line breaks, no unescaped pipes. */
const cell = (text) =>
  String(text)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");

/** One attribute's cell: our property, or the reason / gap. */
function entryCell(entry) {
  const kind = entryKind(entry);
  if (kind === "mapped") return `\`${mappedProperty(entry)}\`${typeof entry === "object" && entry.note ? ` (${entry.note})` : ""}`;
  if (kind === "reason") return `— ${entry.reason}`;
  if (kind === "gap") return `**gap**: ${entry.gap}`;
  return "**no entry**";
}

/**
 * The comparison page and its problems.
 *
 * @param facts docs/terraform-facts.json, parsed.
 * @param mapping docs/terraform-mapping.json, parsed.
 * @param schema the native provider's package schema.
 * @returns `{ markdown, problems, counts }`; `problems` is empty when every Terraform resource and attribute has an entry naming what the schema has.
 */
function comparison(facts, mapping, schema) {
  const problems = [];
  const counts = {};
  const sections = [];
  for (const [provider, title] of PROVIDERS) {
    const read = facts.providers[provider];
    const ours = mapping[provider] ?? {};
    const tally = { resources: { mapped: 0, gap: 0, reason: 0 }, dataSources: { mapped: 0, gap: 0, reason: 0 }, attributes: { mapped: 0, reason: 0, gap: 0 } };
    counts[provider] = tally;
    const lines = [];
    const glance = [`### ${title} at a glance`, "", "| Terraform | ours | attributes mapped |", "|---|---|---|"];
    for (const kind of ["resources", "dataSources"]) {
      for (const [name, fact] of Object.entries(read[kind])) {
        const entry = ours[kind]?.[name];
        const total = Object.keys(fact.attributes).length;
        const mapped = Object.keys(fact.attributes).filter((attribute) => entryKind(entry?.attributes?.[attribute]) === "mapped").length;
        const counterpart = typeof entry?.ours === "string" ? `\`${entry.ours}\`` : entry?.reason !== undefined ? "— (see below)" : "**gap**";
        glance.push(
          `| \`${name}\`${kind === "dataSources" ? " (data source)" : ""} | ${counterpart} | ${typeof entry?.ours === "string" ? `${mapped} of ${total}` : "—"} |`,
        );
      }
    }
    glance.push("");
    for (const kind of ["resources", "dataSources"]) {
      lines.push(`### ${title}: ${kind === "resources" ? "resources" : "data sources"}`, "");
      for (const [name, fact] of Object.entries(read[kind])) {
        const entry = ours[kind]?.[name];
        if (entry === undefined) {
          problems.push(`${provider} ${name}: no entry in docs/terraform-mapping.json`);
          continue;
        }
        if (typeof entry.ours !== "string") {
          const why = entry.reason ?? entry.gap;
          if (typeof why !== "string") problems.push(`${provider} ${name}: no counterpart and neither a reason nor a gap`);
          tally[kind][entry.reason !== undefined ? "reason" : "gap"] += 1;
          lines.push(`#### \`${name}\``, "", entry.reason !== undefined ? `None here: ${entry.reason}` : `**Gap**: ${entry.gap}`, "");
          continue;
        }
        tally[kind].mapped += 1;
        const names = propertyNames(schema, kind, tokenOf(entry.ours));
        if (names === undefined) problems.push(`${provider} ${name}: ours is ${entry.ours}, which the schema does not have`);
        lines.push(`#### \`${name}\` → \`${entry.ours}\``, "");
        if (entry.note) lines.push(entry.note, "");
        lines.push("| attribute | ours |", "|---|---|");
        for (const attribute of Object.keys(fact.attributes)) {
          const attributeEntry = entry.attributes?.[attribute];
          const kindOf = entryKind(attributeEntry);
          if (kindOf === "missing") problems.push(`${provider} ${name}.${attribute}: no entry (map it, or give a reason or a gap)`);
          else tally.attributes[kindOf] += 1;
          const property = mappedProperty(attributeEntry);
          if (property !== undefined && names !== undefined && !names.has(property))
            problems.push(`${provider} ${name}.${attribute}: ${entry.ours} has no property ${property}`);
          lines.push(`| \`${attribute}\` | ${cell(entryCell(attributeEntry))} |`);
          for (const [nested, nestedEntry] of Object.entries(attributeEntry?.nested ?? {})) {
            const nestedKind = entryKind(nestedEntry);
            if (nestedKind !== "mapped") tally.attributes[nestedKind] += 1;
            lines.push(`| \`${attribute}.${nested}\` | ${cell(entryCell(nestedEntry))} |`);
          }
        }
        lines.push("");
      }
    }
    sections.push({ provider, title, read, tally, lines, glance });
  }

  const summaryRows = sections.map(({ title, read, tally }) => {
    const resources = tally.resources;
    const dataSources = tally.dataSources;
    const attributes = tally.attributes;
    const stitched = [...Object.values(read.resources), ...Object.values(read.dataSources)].some(
      (entry) => entry.commit !== undefined && entry.commit !== read.commit,
    );
    const at = `\`${read.repository}\` at \`${String(read.commit).slice(0, 12)}\`${read.version ? ` (${read.version})` : ""}${stitched ? ", some files at the other commits the facts name" : ""}`;
    const gaps = (n) => `${n} ${n === 1 ? "gap" : "gaps"}`;
    return `| ${title} | ${at} | ${resources.mapped} of ${resources.mapped + resources.gap + resources.reason} (${gaps(resources.gap)}) | ${dataSources.mapped} of ${dataSources.mapped + dataSources.gap + dataSources.reason} (${gaps(dataSources.gap)}) | ${attributes.mapped} mapped, ${attributes.reason} with a reason, ${gaps(attributes.gap)} |`;
  });
  const markdown = [
    "# Compared with the Terraform providers for LangSmith",
    "",
    "<!-- Generated by npm run docs:reference from docs/terraform-facts.json, docs/terraform-mapping.json and the native provider's schema (scripts/lib/terraformComparison.cjs). Do not edit: change the data. -->",
    "",
    "Every resource, data source and attribute of the two Terraform providers for",
    "LangSmith, as read from their sources (`docs/terraform-facts.json` names the",
    "commits), with ours beside it: a resource or function of this provider and",
    "its property, or the reason there is none, or a **gap** still to close.",
    "`tests/unit/terraformComparison.test.ts` fails when a Terraform resource or",
    "attribute has no entry, or an entry names something our schema does not",
    "have. The semantics of ours are in [organization.md](organization.md),",
    "[tracing.md](tracing.md) and [native-reference.md](native-reference.md).",
    "",
    "| provider | read at | resources here | data sources here | attributes |",
    "|---|---|---|---|---|",
    ...summaryRows,
    "",
    "Two differences of kind rather than of attribute:",
    "",
    "- **Secrets.** Terraform's deployment keeps an unsalted SHA-256 of its",
    "  environment (`secrets_hash`) in the state; ours keeps a salted fingerprint",
    "  of each secret (`secretsFingerprint`, itself a Pulumi secret), so the state",
    "  cannot be used to confirm a guessed value.",
    "- **Renames of objects named by their name.** Where the service names an",
    "  object by its name in every path (a sandbox registry), Terraform renames it",
    "  in place; a Pulumi resource's id cannot change, so a new name replaces ours.",
    "",
    "## At a glance",
    "",
    ...sections.flatMap((section) => section.glance),
    "## By resource",
    "",
    ...sections.flatMap((section) => section.lines),
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return { markdown: `${markdown.trimEnd()}\n`, problems, counts };
}

module.exports = { comparison, entryKind };
