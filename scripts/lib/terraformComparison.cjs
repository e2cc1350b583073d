// The comparison with the two Terraform providers for LangSmith, made from
// data: docs/terraform-facts.json (every resource, data source and attribute
// of both providers, at the commits read), docs/terraform-mapping.json (each
// one's counterpart here: a resource or function and a property, or a reason
// there is none, or a gap still to close) and the native provider's schema.
// `comparison()` answers the page (docs/terraform.md, written by
// `npm run docs:reference`), the counts, and the problems that make
// tests/unit/terraformComparison.test.ts fail: a Terraform resource or
// attribute with no entry, an entry naming a resource, function or property
// the schema does not have, a reasoned difference the rules do not find.
//
// A mapped attribute is not taken on its word: the rules below compare the
// Terraform attribute with the property it names, and each difference they
// find is a gap unless the entry gives a `difference` (why the service
// proves ours right), which makes it a reasoned difference.
"use strict";

const PROVIDERS = [
  ["official", "Terraform (official)"],
  ["community", "Terraform (community)"],
];

/** Terraform modes a configuration sets. */
const SETTABLE = new Set(["required", "optional", "optional+computed"]);

/**
 * What an attribute's entry is by itself: `gap` (a gap, or a missing scope or variant), `mapped` (a property), `reason`, or `missing` (no entry).
 * A resource or data source entry may also be `{"impossible": "<why>"}`: the service makes a counterpart impossible (it retired the endpoints).
 */
function entryKind(entry) {
  if (entry === undefined || entry === null) return "missing";
  if (typeof entry === "string") return "mapped";
  if (typeof entry.missing === "string" || typeof entry.gap === "string") return "gap";
  if (typeof entry.ours === "string") return "mapped";
  if (typeof entry.reason === "string") return "reason";
  return "missing";
}

/** The property an entry maps to (`id` included), or undefined. */
function mappedProperty(entry) {
  return typeof entry === "string" ? entry : typeof entry?.ours === "string" ? entry.ours : undefined;
}

/** The schema type a property refers to (itself, its items or its values), or undefined. */
function typeOf(schema, property) {
  const ref = property?.$ref ?? property?.items?.$ref ?? property?.additionalProperties?.$ref;
  return typeof ref === "string" && ref.startsWith("#/types/") ? schema.types[ref.slice("#/types/".length)] : undefined;
}

/** A dotted path through properties and their object types: whether some step replaces, and the last one's enum values; undefined when absent. */
function walk(schema, properties, path) {
  const steps = path.split(".");
  let current = properties;
  let replaces = false;
  let property;
  for (const [index, step] of steps.entries()) {
    property = current?.[step];
    if (property === undefined) return undefined;
    if (property.replaceOnChanges === true) replaces = true;
    if (index < steps.length - 1) current = typeOf(schema, property)?.properties;
  }
  const values = typeOf(schema, property)?.enum;
  return { replaces, enumValues: Array.isArray(values) ? values.map((value) => String(value.value)) : undefined };
}

/** A resource's or function's inputs and outputs in the schema, or undefined. */
function specOf(schema, kind, token) {
  const spec = kind === "resources" ? schema.resources[token] : schema.functions[token];
  if (spec === undefined) return undefined;
  return kind === "resources"
    ? { inputs: spec.inputProperties ?? {}, outputs: spec.properties ?? {} }
    : { inputs: spec.inputs?.properties ?? {}, outputs: spec.outputs?.properties ?? {} };
}

/**
 * The differences the rules find between a Terraform attribute and the property mapped to it:
 * an input Terraform takes that ours only outputs, an allowed value ours refuses, and (resources)
 * a change that replaces on one side and updates in place on the other.
 *
 * @param schema the native provider's package schema.
 * @param spec the inputs and outputs of our resource or function (`specOf`).
 * @param kind `resources` or `dataSources`.
 * @param fact the Terraform attribute (mode, oneOf, forceNew).
 * @param property our property's dotted path.
 * @returns the differences, in words; empty when none.
 */
function ruleFindings(schema, spec, kind, fact, property) {
  if (property === "id" || !SETTABLE.has(fact.mode)) return [];
  const input = walk(schema, spec.inputs, property);
  if (input === undefined) return walk(schema, spec.outputs, property) === undefined ? [] : [`Terraform sets it; ours only outputs \`${property}\``];
  const findings = [];
  if (Array.isArray(fact.oneOf) && input.enumValues !== undefined) {
    const refused = fact.oneOf.map(String).filter((value) => !input.enumValues.includes(value));
    if (refused.length > 0) findings.push(`Terraform accepts ${refused.map((value) => `\`${value}\``).join(", ")}, which \`${property}\` refuses`);
  }
  if (kind === "resources" && (fact.forceNew === true) !== input.replaces)
    findings.push(
      fact.forceNew === true
        ? `Terraform replaces on a change; ours updates \`${property}\` in place`
        : `ours replaces on a change of \`${property}\`; Terraform updates in place`,
    );
  return findings;
}

/** camelCase of a snake_case name. */
const camel = (name) => name.replace(/_([a-z0-9])/g, (_, letter) => letter.toUpperCase());

/**
 * What an entry counts as once the rules have looked at it.
 *
 * @returns `{ kind, findings }`: kind `mapped`, `reason` (a reason, or differences the entry's `difference` explains), `gap` or `missing`.
 */
function classify(schema, spec, kind, fact, entry) {
  const base = entryKind(entry);
  const property = mappedProperty(entry);
  const findings = property !== undefined && spec !== undefined && fact !== undefined ? ruleFindings(schema, spec, kind, fact, property) : [];
  if (base !== "mapped") return { kind: base, findings };
  if (findings.length === 0) return { kind: "mapped", findings };
  return { kind: typeof entry.difference === "string" ? "reason" : "gap", findings };
}

/** `langsmith:index:<Name>` of a resource or function name of ours. */
const tokenOf = (name) => `langsmith:index:${name}`;

/** Markdown table cell: no line breaks, no unescaped pipes. */
const cell = (text) =>
  String(text)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");

/** One attribute's text: our property, or the reason / gap, with what the rules found. */
function entryText(entry, { kind, findings }) {
  const found = findings.length > 0 ? ` (${findings.join("; ")})` : "";
  const missing = typeof entry?.missing === "string" ? ` (missing ${entry.missing})` : "";
  const property = mappedProperty(entry);
  const named = property !== undefined ? `\`${property}\`` : "";
  if (kind === "missing") return "**no entry**";
  if (kind === "gap" && typeof entry?.gap !== "string") return `${named} **gap**: ${findings.join("; ")}`;
  if (kind === "gap") return `${named}${named ? " " : ""}**gap**${missing}: ${entry.gap}${found}`;
  if (kind === "reason" && property !== undefined) return `${named} — reasoned difference: ${entry.difference}${found}`;
  if (kind === "reason") return `— ${entry.reason}`;
  return `${named}${typeof entry === "object" && entry.note ? ` (${entry.note})` : ""}`;
}

/**
 * The comparison page, its counts and its problems.
 *
 * @param facts docs/terraform-facts.json, parsed.
 * @param mapping docs/terraform-mapping.json, parsed.
 * @param schema the native provider's package schema.
 * @returns `{ markdown, problems, counts, gaps }`; `problems` is empty when every Terraform resource and attribute has an entry naming what the schema has; `gaps` lists every gap, by provider.
 */
function comparison(facts, mapping, schema) {
  const problems = [];
  const counts = {};
  const gaps = {};
  const sections = [];
  for (const [provider, title] of PROVIDERS) {
    const read = facts.providers[provider];
    const ours = mapping[provider] ?? {};
    const tally = {
      resources: { mapped: 0, gap: 0, reason: 0, impossible: 0 },
      dataSources: { mapped: 0, gap: 0, reason: 0, impossible: 0 },
      attributes: { mapped: 0, reason: 0, gap: 0 },
    };
    counts[provider] = tally;
    const gapList = [];
    gaps[provider] = gapList;
    const lines = [];
    const glance = [`### ${title} at a glance`, "", "| Terraform | ours | attributes mapped |", "|---|---|---|"];
    for (const kind of ["resources", "dataSources"]) {
      lines.push(`### ${title}: ${kind === "resources" ? "resources" : "data sources"}`, "");
      for (const [name, fact] of Object.entries(read[kind])) {
        const suffix = kind === "dataSources" ? " (data source)" : "";
        const entry = ours[kind]?.[name];
        if (entry === undefined) {
          problems.push(`${provider} ${name}: no entry in docs/terraform-mapping.json`);
          continue;
        }
        if (typeof entry.impossible === "string") {
          // The service makes a counterpart impossible (it retired the endpoints): neither ours nor a gap to close.
          if (typeof entry.ours === "string" || typeof entry.gap === "string" || typeof entry.reason === "string")
            problems.push(`${provider} ${name}: an impossible entry has no counterpart, gap or reason besides`);
          tally[kind].impossible += 1;
          glance.push(`| \`${name}\`${suffix} | — (impossible) | — |`);
          lines.push(`#### \`${name}\``, "", `Impossible here: ${entry.impossible}`, "");
          if (entry.note) lines.push(entry.note, "");
          continue;
        }
        if (typeof entry.ours !== "string") {
          const why = entry.reason ?? entry.gap;
          if (typeof why !== "string") problems.push(`${provider} ${name}: no counterpart and neither a reason nor a gap`);
          const isReason = entry.reason !== undefined && entry.gap === undefined;
          tally[kind][isReason ? "reason" : "gap"] += 1;
          if (!isReason) gapList.push(`\`${name}\`${suffix}: ${entry.gap}`);
          glance.push(`| \`${name}\`${suffix} | ${isReason ? "— (see below)" : "**gap**"} | — |`);
          lines.push(`#### \`${name}\``, "", isReason ? `None here: ${entry.reason}` : `**Gap**: ${entry.gap}`, "");
          if (entry.note) lines.push(entry.note, "");
          continue;
        }
        tally[kind].mapped += 1;
        const spec = specOf(schema, kind, tokenOf(entry.ours));
        if (spec === undefined) problems.push(`${provider} ${name}: ours is ${entry.ours}, which the schema does not have`);
        const names = spec === undefined ? undefined : new Set(["id", ...allPaths(schema, spec)]);
        lines.push(`#### \`${name}\` → \`${entry.ours}\``, "");
        if (entry.note) lines.push(entry.note, "");
        lines.push("| attribute | ours |", "|---|---|");
        let mapped = 0;
        const record = (path, attributeFact, attributeEntry) => {
          const result = classify(schema, spec, kind, attributeFact, attributeEntry);
          if (result.kind === "missing") problems.push(`${provider} ${name}.${path}: no entry (map it, or give a reason or a gap)`);
          else tally.attributes[result.kind] += 1;
          if (result.kind === "mapped") mapped += 1;
          if (typeof attributeEntry?.missing === "string" && typeof attributeEntry.gap !== "string")
            problems.push(`${provider} ${name}.${path}: a missing ${attributeEntry.missing} needs its gap text`);
          if (typeof attributeEntry?.difference === "string" && result.findings.length === 0)
            problems.push(`${provider} ${name}.${path}: a difference is given, but the rules find none (remove it)`);
          const property = mappedProperty(attributeEntry);
          if (property !== undefined && names !== undefined && !names.has(property))
            problems.push(`${provider} ${name}.${path}: ${entry.ours} has no property ${property}`);
          const text = entryText(attributeEntry, result);
          if (result.kind === "gap") gapList.push(`\`${name}.${path}\`${suffix} → \`${entry.ours}\`: ${text}`);
          lines.push(`| \`${path}\` | ${cell(text)} |`);
        };
        for (const [attribute, attributeFact] of Object.entries(fact.attributes)) {
          const attributeEntry = entry.attributes?.[attribute];
          record(attribute, attributeFact, attributeEntry);
          const parent = mappedProperty(attributeEntry);
          for (const [nested, nestedFact] of Object.entries(attributeFact.nested ?? {})) {
            const nestedEntry = attributeEntry?.nested?.[nested];
            if (nestedEntry !== undefined) record(`${attribute}.${nested}`, nestedFact, nestedEntry);
            else if (parent !== undefined && parent !== "id" && spec !== undefined) {
              // An attribute inside a mapped block, with a property of the same name: the rules look at it too.
              const candidate = `${parent}.${camel(nested)}`;
              if (names?.has(candidate) && ruleFindings(schema, spec, kind, nestedFact, candidate).length > 0)
                record(`${attribute}.${nested}`, nestedFact, candidate);
            }
          }
          for (const nested of Object.keys(attributeEntry?.nested ?? {}))
            if (attributeFact.nested?.[nested] === undefined) record(`${attribute}.${nested}`, undefined, attributeEntry.nested[nested]);
        }
        glance.push(`| \`${name}\`${suffix} | \`${entry.ours}\` | ${mapped} of ${Object.keys(fact.attributes).length} |`);
        lines.push("");
      }
    }
    glance.push("");
    sections.push({ provider, title, read, tally, lines, glance, gapList });
  }
  return { markdown: page(sections), problems, counts, gaps };
}

/** Every dotted property path of a resource's or function's inputs and outputs (object types followed four levels deep). */
function allPaths(schema, spec) {
  const paths = [];
  const add = (prefix, properties, depth) => {
    for (const [name, property] of Object.entries(properties ?? {})) {
      const path = prefix === "" ? name : `${prefix}.${name}`;
      paths.push(path);
      const type = typeOf(schema, property);
      if (type?.type === "object" && depth < 4) add(path, type.properties, depth + 1);
    }
  };
  add("", spec.inputs, 0);
  add("", spec.outputs, 0);
  return paths;
}

/** The page: intro, the two summary tables, the gap list, the glance tables and the per-resource tables. */
function page(sections) {
  const gapsOf = (n) => `${n} ${n === 1 ? "gap" : "gaps"}`;
  const summaryRows = sections.map(({ title, read, tally }) => {
    const { resources, dataSources, attributes } = tally;
    const stitched = [...Object.values(read.resources), ...Object.values(read.dataSources)].some(
      (entry) => entry.commit !== undefined && entry.commit !== read.commit,
    );
    const at = `\`${read.repository}\` at \`${String(read.commit).slice(0, 12)}\`${read.version ? ` (${read.version})` : ""}${stitched ? ", its files at the commits the facts name" : ""}`;
    const here = ({ mapped, gap, reason, impossible }) =>
      `${mapped} of ${mapped + gap + reason + impossible} (${gapsOf(gap)}${impossible > 0 ? `, ${impossible} impossible` : ""})`;
    return `| ${title} | ${at} | ${here(resources)} | ${here(dataSources)} | ${attributes.mapped} mapped, ${attributes.reason} reasoned, ${gapsOf(attributes.gap)} |`;
  });
  const totalRows = sections.map(({ title, tally }) => {
    const sum = (key) => tally.resources[key] + tally.dataSources[key] + tally.attributes[key];
    return `| ${title} | ${sum("mapped")} | ${sum("reason")} | ${sum("gap")} |`;
  });
  const gapLines = sections.flatMap(({ title, gapList }) => [`### ${title}: ${gapsOf(gapList.length)}`, "", ...gapList.map((gap) => `- ${cell(gap)}`), ""]);
  return `${[
    "# Compared with the Terraform providers for LangSmith",
    "",
    "<!-- Generated by npm run docs:reference from docs/terraform-facts.json, docs/terraform-mapping.json and the native provider's schema (scripts/lib/terraformComparison.cjs). Do not edit: change the data. -->",
    "",
    "Every resource, data source and attribute of the two Terraform providers for",
    "LangSmith, as read from their sources (`docs/terraform-facts.json` names the",
    "releases and the commit of each file), with ours beside it: a resource or",
    "function of this provider and its property, or the reason there is none, or",
    "a **gap** still to close, or **impossible**: the service makes a counterpart",
    "impossible (it retired the endpoints). A mapped attribute is checked against the property",
    "it names, and each of these is a gap unless the entry gives the reason the",
    "service proves ours right (a reasoned difference): a value Terraform accepts",
    "that our property's enum refuses; an input Terraform takes that ours only",
    "outputs; a change Terraform makes by replacing the resource that ours makes",
    "in place, or the other way round; and a scope or variant the entry says ours",
    'lacks. A gap beginning "pending" is being closed on another branch.',
    "`tests/unit/terraformComparison.test.ts` fails when a Terraform resource or",
    "attribute has no entry, an entry names something our schema does not have,",
    "or a reasoned difference explains nothing the rules find. The semantics of",
    "ours are in [organization.md](organization.md), [tracing.md](tracing.md) and",
    "[native-reference.md](native-reference.md).",
    "",
    "| provider | read at | resources here | data sources here | attributes |",
    "|---|---|---|---|---|",
    ...summaryRows,
    "",
    "All entries (resources, data sources and attributes) together:",
    "",
    "| provider | mapped | reasoned differences | gaps |",
    "|---|---|---|---|",
    ...totalRows,
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
    "## Gaps",
    "",
    ...gapLines,
    "## At a glance",
    "",
    ...sections.flatMap((section) => section.glance),
    "## By resource",
    "",
    ...sections.flatMap((section) => section.lines),
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}

module.exports = { comparison, entryKind, ruleFindings };
