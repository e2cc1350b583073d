/**
 * LangSmith's run filter language, as automation rules (`filter`,
 * `trace_filter`, `tree_filter`) and alert rules (`filter`,
 * `denominator_filter`) hold it: one call of a comparator or a combinator,
 * e.g. `and(eq(is_root, true), gt(latency, 5))`,
 * `has(tags, "prod")`, `eq(feedback_key, "correctness")`.
 *
 * The emulator runs no filter (it matches no runs); it reads one as the
 * service does when a rule is saved, so a filter that does not parse is
 * refused then rather than failing silently later.
 */

/** The functions a filter may call. */
const FUNCTIONS = new Set(["and", "or", "not", "eq", "neq", "gt", "gte", "lt", "lte", "has", "search", "like", "in", "exists"]);

/** Why a filter does not parse, or undefined when it does. */
export function runFilterProblem(filter: string): string | undefined {
  let at = 0;
  const skipSpace = (): void => {
    while (at < filter.length && /\s/.test(filter[at] ?? "")) at += 1;
  };
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${at + 1}`);
  };
  const identifier = (): string => {
    const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(filter.slice(at));
    if (match === null) fail("expected a name");
    const name = match?.[0] ?? "";
    at += name.length;
    return name;
  };
  const argument = (): void => {
    skipSpace();
    const c = filter[at];
    if (c === '"' || c === "'") {
      at += 1;
      while (at < filter.length && filter[at] !== c) at += filter[at] === "\\" ? 2 : 1;
      if (at >= filter.length) fail("unterminated string");
      at += 1;
      return;
    }
    if (c === "[") {
      at += 1;
      skipSpace();
      if (filter[at] === "]") {
        at += 1;
        return;
      }
      for (;;) {
        argument();
        skipSpace();
        if (filter[at] === "]") {
          at += 1;
          return;
        }
        if (filter[at] !== ",") fail("expected ',' or ']'");
        at += 1;
      }
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(filter.slice(at));
    if (number !== null) {
      at += number[0].length;
      return;
    }
    const name = identifier();
    skipSpace();
    if (filter[at] === "(") call(name);
  };
  const call = (name: string): void => {
    if (!FUNCTIONS.has(name)) fail(`unknown function ${name}`);
    at += 1; // "("
    skipSpace();
    if (filter[at] === ")") fail(`${name}() needs arguments`);
    for (;;) {
      argument();
      skipSpace();
      if (filter[at] === ")") {
        at += 1;
        return;
      }
      if (filter[at] !== ",") fail("expected ',' or ')'");
      at += 1;
    }
  };
  try {
    skipSpace();
    const name = identifier();
    skipSpace();
    if (filter[at] !== "(") fail(`expected '(' after ${name}`);
    call(name);
    skipSpace();
    if (at < filter.length) fail("unexpected text after the filter");
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
