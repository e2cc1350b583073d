/**
 * A small, documented subset of the service's filter query language for
 * bulk exports: `and(...)`, `or(...)`, `not(...)`, `eq`, `neq`, `gt`, `gte`,
 * `lt`, `lte` on a field and a literal, and `has(tags, "value")`. Fields:
 * `id`, `trace_id`, `parent_run_id`, `name`, `run_type`, `status`, `error`,
 * `is_root`, `start_time`, `end_time`, `prompt_tokens`, `completion_tokens`,
 * `total_tokens`, `total_cost`, and `tags` (only in `has`). Literals: double-
 * or single-quoted strings, numbers, `true`, `false`, `null`. Anything else is
 * an {@link UnsupportedFilterError} naming the part, answered as 422 when the
 * export is created.
 */
import type { TraceRunRecord } from "../core/types";

/** A filter the emulator does not implement (or cannot parse); `part` is the offending text. */
export class UnsupportedFilterError extends Error {
  /** @param part the unsupported function, field or token. @param reason why. */
  constructor(
    readonly part: string,
    reason: string,
  ) {
    super(`filter: ${reason}: ${part}`);
    this.name = "UnsupportedFilterError";
  }
}

type Literal = string | number | boolean | null;
/** A parsed filter: a call of a function, a field's name, or a literal. */
export type FilterNode = { kind: "call"; fn: string; args: FilterNode[]; text: string } | { kind: "field"; name: string } | { kind: "literal"; value: Literal };
type Node = FilterNode;

/** A compiled filter: true when a trace run is exported. */
export type TraceRunPredicate = (run: TraceRunRecord) => boolean;

const SCALAR_FIELDS: Readonly<Record<string, (run: TraceRunRecord) => Literal>> = {
  id: (r) => r.id,
  trace_id: (r) => r.traceId,
  parent_run_id: (r) => r.parentRunId,
  name: (r) => r.name,
  run_type: (r) => r.runType,
  status: (r) => r.status,
  error: (r) => r.error,
  is_root: (r) => r.isRoot,
  start_time: (r) => r.startTime,
  end_time: (r) => r.endTime,
  prompt_tokens: (r) => r.promptTokens,
  completion_tokens: (r) => r.completionTokens,
  total_tokens: (r) => r.totalTokens,
  total_cost: (r) => r.totalCost,
};
const TIME_FIELDS = new Set(["start_time", "end_time"]);
const COMPARISONS = new Set(["eq", "neq", "gt", "gte", "lt", "lte"]);

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*(?:("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([(),])|(\S))/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    if (match[5] !== undefined) throw new UnsupportedFilterError(match[5], "unexpected character");
    const token = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (token !== undefined) tokens.push(token);
  }
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: string[]) {}

  parse(): Node {
    const node = this.expression();
    const rest = this.tokens[this.position];
    if (rest !== undefined) throw new UnsupportedFilterError(rest, "unexpected text after the expression");
    return node;
  }

  private expression(): Node {
    const token = this.tokens[this.position++];
    if (token === undefined) throw new UnsupportedFilterError("(end)", "the expression ends early");
    if (/^["']/.test(token)) return { kind: "literal", value: token.slice(1, -1).replace(/\\(.)/g, "$1") };
    if (/^-?\d/.test(token)) return { kind: "literal", value: Number(token) };
    if (token === "true" || token === "false") return { kind: "literal", value: token === "true" };
    if (token === "null") return { kind: "literal", value: null };
    if (!/^[A-Za-z_]/.test(token)) throw new UnsupportedFilterError(token, "unexpected token");
    if (this.tokens[this.position] !== "(") return { kind: "field", name: token };
    this.position += 1;
    const args: Node[] = [];
    while (this.tokens[this.position] !== ")") {
      args.push(this.expression());
      if (this.tokens[this.position] === ",") this.position += 1;
      else if (this.tokens[this.position] !== ")") throw new UnsupportedFilterError(this.tokens[this.position] ?? "(end)", "expected , or )");
    }
    this.position += 1;
    return { kind: "call", fn: token, args, text: `${token}(...)` };
  }
}

function literalOf(node: Node | undefined, fn: string): Literal {
  if (node?.kind !== "literal") throw new UnsupportedFilterError(`${fn}(...)`, "the second argument must be a literal");
  return node.value;
}

function compare(fn: string, actual: Literal, expected: Literal, isTime: boolean): boolean {
  if (fn === "eq") return isTime && actual !== null && expected !== null ? Date.parse(String(actual)) === Date.parse(String(expected)) : actual === expected;
  if (fn === "neq") return !compare("eq", actual, expected, isTime);
  if (actual === null || expected === null) return false;
  const a = isTime ? Date.parse(String(actual)) : actual;
  const b = isTime ? Date.parse(String(expected)) : expected;
  if (fn === "gt") return a > b;
  if (fn === "gte") return a >= b;
  if (fn === "lt") return a < b;
  return a <= b;
}

function compile(node: Node): TraceRunPredicate {
  if (node.kind !== "call") throw new UnsupportedFilterError(node.kind === "field" ? node.name : String(node.value), "expected a function call");
  const { fn, args } = node;
  if (fn === "and" || fn === "or") {
    if (args.length === 0) throw new UnsupportedFilterError(`${fn}()`, "needs at least one argument");
    const parts = args.map(compile);
    return fn === "and" ? (run) => parts.every((p) => p(run)) : (run) => parts.some((p) => p(run));
  }
  if (fn === "not") {
    if (args.length !== 1) throw new UnsupportedFilterError("not(...)", "takes one argument");
    const inner = compile(args[0] as Node);
    return (run) => !inner(run);
  }
  if (fn === "has") {
    const field = args[0];
    if (args.length !== 2 || field?.kind !== "field" || field.name !== "tags")
      throw new UnsupportedFilterError("has(...)", 'only has(tags, "value") is supported');
    const value = literalOf(args[1], fn);
    return (run) => run.tags.includes(String(value));
  }
  if (COMPARISONS.has(fn)) {
    const field = args[0];
    if (args.length !== 2 || field?.kind !== "field") throw new UnsupportedFilterError(`${fn}(...)`, "takes a field and a literal");
    const read = SCALAR_FIELDS[field.name];
    if (read === undefined) throw new UnsupportedFilterError(field.name, "unsupported field");
    const expected = literalOf(args[1], fn);
    const isTime = TIME_FIELDS.has(field.name);
    return (run) => compare(fn, read(run), expected, isTime);
  }
  throw new UnsupportedFilterError(`${fn}(...)`, "unsupported function");
}

/** Parses a filter expression of the language's syntax (any function, field or literal); throws {@link UnsupportedFilterError} where it does not parse. */
export function parseFilterExpression(filter: string): FilterNode {
  return new Parser(tokenize(filter)).parse();
}

/**
 * Compiles a filter of the supported subset; `null` or blank exports every
 * run. Throws {@link UnsupportedFilterError} for anything outside the subset.
 */
export function compileFilter(filter: string | null): TraceRunPredicate {
  if (filter === null || filter.trim() === "") return () => true;
  return compile(parseFilterExpression(filter));
}
