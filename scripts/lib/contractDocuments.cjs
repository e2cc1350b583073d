// The contract as everything reads it: the four published documents
// (contract/<area>.openapi.json, kept byte for byte equal to the shared
// copy) with contract/additions.openapi.json applied, plus the additions'
// own endpoints as a fifth document. The wire-type generation
// (scripts/generate-wire.mjs), the contract tier and the fuzzing
// (tests/helpers/contract.ts) read the documents through this module, so
// they agree on what the service takes.
//
// What the additions document adds to the published ones:
//   x-field-additions      { <schema name>: { x-document, properties } }:
//                          properties set on that schema of that document
//                          (a property it already has is replaced whole,
//                          e.g. an enum with a newer value);
//   x-parameter-additions  { "<METHOD> <path>": { x-document, parameters } }:
//                          parameters appended to that operation (one of the
//                          name and place of a declared one replaces it).
// Its paths and schemas stay in it (the fifth area, `additions`); its `$ref`s
// to the published documents (relative file references) are made local by
// copying the schemas they name into it.
"use strict";
const { readFileSync, existsSync } = require("node:fs");
const { join } = require("node:path");

/** The published documents' areas, in schema order, and the additions' own. */
const PUBLISHED_AREAS = ["control-plane", "bulk-exports", "organization-and-access", "tracing-and-evaluation"];
const ADDITIONS_AREA = "additions";

/** The file name of an area's document. */
function documentFile(area) {
  return `${area}.openapi.json`;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * The effective documents under `contractDir`, by area: each published
 * document with the additions applied to it, and `additions` itself (absent
 * when the folder has no additions document).
 */
function effectiveDocuments(contractDir) {
  const documents = {};
  for (const area of PUBLISHED_AREAS) documents[area] = readJson(join(contractDir, documentFile(area)));
  const additionsFile = join(contractDir, documentFile(ADDITIONS_AREA));
  if (!existsSync(additionsFile)) return documents;
  const additions = readJson(additionsFile);
  const target = (file, what) => {
    const area = PUBLISHED_AREAS.find((candidate) => documentFile(candidate) === file);
    if (area === undefined) throw new Error(`contract/additions.openapi.json: ${what} names x-document ${JSON.stringify(file)}, not a published document`);
    return documents[area];
  };
  for (const [name, addition] of Object.entries(additions["x-field-additions"] ?? {})) {
    const schema = target(addition["x-document"], `x-field-additions.${name}`).components?.schemas?.[name];
    if (schema === undefined) throw new Error(`contract/additions.openapi.json: x-field-additions.${name}: no such schema in ${addition["x-document"]}`);
    schema.properties = { ...(schema.properties ?? {}), ...addition.properties };
  }
  for (const [operation, addition] of Object.entries(additions["x-parameter-additions"] ?? {})) {
    const [method, path] = operation.split(" ");
    const declared = target(addition["x-document"], `x-parameter-additions.${operation}`).paths?.[path]?.[method.toLowerCase()];
    if (declared === undefined)
      throw new Error(`contract/additions.openapi.json: x-parameter-additions: no operation ${operation} in ${addition["x-document"]}`);
    // An added parameter of the name and place of a declared one replaces it (e.g. a required one the service now takes as optional).
    const replaced = (parameter) => addition.parameters.some((added) => added.name === parameter.name && added.in === parameter.in);
    declared.parameters = [...(declared.parameters ?? []).filter((parameter) => !replaced(parameter)), ...addition.parameters];
  }
  documents[ADDITIONS_AREA] = selfContained(additions, documents);
  return documents;
}

/**
 * The additions document with its references to the published documents
 * made local: each schema it names there (and the schemas those name) is
 * copied into its own `components.schemas` under the same name (the names
 * do not collide: tests/unit/contractAdditions.test.ts), so a reader of one
 * document at a time (the generator, a validator) resolves them.
 */
function selfContained(additions, documents) {
  const out = structuredClone(additions);
  const schemas = ((out.components ??= {}).schemas ??= {});
  const pending = [];
  const rewrite = (node, area) => {
    if (Array.isArray(node)) return node.forEach((item) => rewrite(item, area));
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== "$ref" || typeof value !== "string") {
        rewrite(value, area);
        continue;
      }
      const match = /^(?:\.\/([^#]+))?#\/components\/schemas\/(.+)$/.exec(value);
      if (match === null) continue;
      const from = match[1] === undefined ? area : PUBLISHED_AREAS.find((candidate) => documentFile(candidate) === match[1]);
      if (from === undefined) throw new Error(`contract/additions.openapi.json: $ref ${value} names no published document`);
      node.$ref = `#/components/schemas/${match[2]}`;
      if (from !== ADDITIONS_AREA) pending.push([from, match[2]]);
    }
  };
  rewrite(out, ADDITIONS_AREA);
  while (pending.length > 0) {
    const [area, name] = pending.pop();
    if (schemas[name] !== undefined) continue;
    const schema = documents[area].components?.schemas?.[name];
    if (schema === undefined) throw new Error(`contract/additions.openapi.json: ${documentFile(area)} has no schema ${name}`);
    schemas[name] = structuredClone(schema);
    rewrite(schemas[name], area);
  }
  return out;
}

module.exports = { PUBLISHED_AREAS, ADDITIONS_AREA, documentFile, effectiveDocuments };
