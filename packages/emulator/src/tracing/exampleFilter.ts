/**
 * The filter expression of an example list (`GET /api/v1/examples?filter=`),
 * as far as LangSmith documents it for examples (docs.langchain.com,
 * "Manage datasets programmatically", "List examples by structured filter":
 * the run filter language, "only supported for `metadata` fields"):
 *
 * - `has(metadata, '{"k": "v"}')`: the metadata holds every pair of the
 *   JSON object (as the `metadata` parameter matches it);
 * - `exists(metadata, "k")`: the metadata has the key;
 * - `and(...)`, `or(...)`, `not(...)` of those.
 *
 * Anything else (another function, a field other than `metadata`, an
 * expression that does not parse) is refused with a 422 naming it: the
 * emulator does not guess what the service would match.
 */
import type { FastApiValidationError } from "../http/errors";
import { type FilterNode, parseFilterExpression, UnsupportedFilterError } from "../exports/exportFilter";
import { type RawQuery, stringQuery } from "../http/params";
import type { ListParam } from "../kinds/listQuery";

type Json = Record<string, unknown>;
type ExamplePredicate = (example: Json) => boolean;

/** The example's metadata as an object (none: empty). */
function metadataOf(example: Json): Json {
  const metadata = example["metadata"];
  return metadata !== null && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Json) : {};
}

/** The string literal a call takes second, after `metadata`. */
function metadataArgument(node: Extract<FilterNode, { kind: "call" }>): string {
  const [field, literal] = node.args;
  if (node.args.length !== 2 || field?.kind !== "field" || field.name !== "metadata")
    throw new UnsupportedFilterError(`${node.fn}(...)`, `only ${node.fn}(metadata, "...") is supported for examples`);
  if (literal?.kind !== "literal" || typeof literal.value !== "string")
    throw new UnsupportedFilterError(`${node.fn}(...)`, "the second argument must be a string");
  return literal.value;
}

function compile(node: FilterNode): ExamplePredicate {
  if (node.kind !== "call") throw new UnsupportedFilterError(node.kind === "field" ? node.name : String(node.value), "expected a function call");
  const { fn, args } = node;
  if (fn === "and" || fn === "or") {
    if (args.length === 0) throw new UnsupportedFilterError(`${fn}()`, "needs at least one argument");
    const parts = args.map(compile);
    return fn === "and" ? (o) => parts.every((p) => p(o)) : (o) => parts.some((p) => p(o));
  }
  if (fn === "not") {
    if (args.length !== 1) throw new UnsupportedFilterError("not(...)", "takes one argument");
    const inner = compile(args[0] as FilterNode);
    return (o) => !inner(o);
  }
  if (fn === "has") {
    const text = metadataArgument(node);
    let wanted: unknown;
    try {
      wanted = JSON.parse(text);
    } catch {
      wanted = undefined;
    }
    if (wanted === null || typeof wanted !== "object" || Array.isArray(wanted))
      throw new UnsupportedFilterError(text, "has(metadata, ...) takes a JSON object");
    const pairs = Object.entries(wanted as Json);
    return (o) => pairs.every(([key, value]) => JSON.stringify(metadataOf(o)[key]) === JSON.stringify(value));
  }
  if (fn === "exists") {
    const key = metadataArgument(node);
    return (o) => key in metadataOf(o);
  }
  throw new UnsupportedFilterError(`${fn}(...)`, "not supported for examples (has, exists, and, or, not)");
}

/** The list parameter `filter`: only the examples the expression keeps (422 for one the emulator cannot evaluate). */
export function exampleFilterParam(): ListParam {
  return {
    type: "custom",
    read(query: RawQuery, name: string, errors: FastApiValidationError[]) {
      const text = stringQuery(query, name);
      if (text === undefined || text.trim() === "") return undefined;
      try {
        return compile(parseFilterExpression(text));
      } catch (error) {
        if (!(error instanceof UnsupportedFilterError)) throw error;
        errors.push({ type: "value_error", loc: ["query", name], msg: `Value error, ${error.message}`, input: text, ctx: { error: {} } });
        return undefined;
      }
    },
  };
}
