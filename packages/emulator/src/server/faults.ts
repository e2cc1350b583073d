import { randomUUID } from "node:crypto";
import { z } from "zod";

/** How an injected fault ends the connection. */
export const DROP_MODES = ["before-handler", "after-commit"] as const;

/** zod schema of {@link FaultRuleInput} (`POST /__emulator/faults`). */
export const faultRuleInputSchema = z
  .object({
    method: z.string().min(1).optional(),
    path: z.string().min(1),
    times: z.number().int().min(1).optional(),
    skip: z.number().int().min(0).optional(),
    status: z.number().int().min(100).max(599).optional(),
    retryAfter: z.union([z.string().min(1), z.number().nonnegative()]).optional(),
    delayMs: z.number().nonnegative().optional(),
    delayAfterBody: z.boolean().optional(),
    body: z.unknown().optional(),
    drop: z.enum(DROP_MODES).optional(),
    afterCreate: z.boolean().optional(),
  })
  .refine((f) => f.status !== undefined || f.delayMs !== undefined || f.drop !== undefined, {
    message: "a fault needs status, delayMs or drop",
  });

/**
 * A fault for the next `times` requests matching `method` and `path`:
 * - `method`: HTTP method or `*` (default `*`);
 * - `path`: glob on the URL path without query, `*` matching any characters
 *   (slashes included), e.g. `/v2/deployments/*`;
 * - `times`: how many matching requests it applies to (default 1);
 * - `skip`: how many matching requests pass untouched before it applies (default 0), to fault
 *   the n-th call of a sequence (e.g. the GET right after a create, not the ones before);
 * - `delayMs`: wait this many milliseconds first (then continue normally unless
 *   `status` or `drop` is set); with `delayAfterBody: true` the wait is after
 *   the request body has been read, just before the route runs, so the route
 *   runs (and commits) even if the client has gone meanwhile;
 * - `status`: answer this status instead of running the route, with `body`
 *   (default `{"detail": "Injected fault"}`) and `Retry-After: retryAfter`
 *   (seconds or an HTTP date) when given;
 * - `drop: "before-handler"`: destroy the connection without running the route;
 * - `drop: "after-commit"`: run the route (its effect is committed), then destroy
 *   the connection instead of sending the response (a lost POST/PATCH response);
 * - `afterCreate: true`: instead of matching requests by `path`, the rule is
 *   armed by every object created while it is registered (a POST or PUT to a
 *   path matching `path`, answered 2xx with a JSON `id`), and applies once to
 *   the first later request, other than a POST, whose path holds that id: the
 *   request a client makes right after a create (its read, wait or follow-up
 *   write). It stays registered until the faults are cleared; `times` and
 *   `skip` do not apply.
 */
export type FaultRuleInput = z.infer<typeof faultRuleInputSchema>;

/** A registered fault with its id and remaining count. */
export interface FaultRule {
  id: string;
  method: string;
  path: string;
  remaining: number;
  /** Matching requests still to let through before the rule applies. */
  skip: number;
  status?: number;
  retryAfter?: string;
  delayMs?: number;
  /** Whether the delay is after the body is read (the route then runs whatever the client does). */
  delayAfterBody?: boolean;
  body?: unknown;
  drop?: (typeof DROP_MODES)[number];
  /** Armed by each create, applied to the next request naming the created id (see {@link FaultRuleInput}). */
  afterCreate?: boolean;
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`);
}

/** The fault rules of one emulator instance. */
export class FaultRegistry {
  private rules: FaultRule[] = [];

  /** Registers a fault and returns it. */
  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = {
      id: randomUUID(),
      method: (input.method ?? "*").toUpperCase(),
      path: input.path,
      remaining: input.times ?? 1,
      skip: input.skip ?? 0,
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.retryAfter !== undefined ? { retryAfter: String(input.retryAfter) } : {}),
      ...(input.delayMs !== undefined ? { delayMs: input.delayMs } : {}),
      ...(input.delayAfterBody === true ? { delayAfterBody: true } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.drop !== undefined ? { drop: input.drop } : {}),
      ...(input.afterCreate === true ? { afterCreate: true } : {}),
    };
    this.rules.push(rule);
    return { ...rule };
  }

  /** Removes every rule (and every id an `afterCreate` rule armed). */
  clear(): void {
    this.rules = [];
    this.armed.clear();
  }

  /** Ids of created objects, lower-cased, with the `afterCreate` rule each armed. */
  private readonly armed = new Map<string, FaultRule>();

  /** Whether an `afterCreate` rule is registered (creates are only looked at then). */
  get watchesCreates(): boolean {
    return this.rules.some((r) => r.afterCreate === true);
  }

  /** Records a create answered 2xx: an `afterCreate` rule matching its path is armed with the new id. */
  created(method: string, path: string, id: string): void {
    if (method !== "POST" && method !== "PUT") return;
    const rule = this.rules.find((r) => r.afterCreate === true && (r.method === "*" || r.method === method) && globToRegExp(r.path).test(path));
    if (rule !== undefined) this.armed.set(id.toLowerCase(), rule);
  }

  /** The `afterCreate` fault for a request naming an armed id (consumed), if any. */
  takeAfterCreate(method: string, path: string): FaultRule | undefined {
    if (method.toUpperCase() === "POST" || this.armed.size === 0) return undefined;
    const lower = path.toLowerCase();
    for (const [id, rule] of this.armed) {
      if (!lower.includes(id)) continue;
      this.armed.delete(id);
      return { ...rule };
    }
    return undefined;
  }

  /** Copies of the active rules. */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Finds the first rule matching the request, consumes one use and returns it. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find((r) => r.afterCreate !== true && (r.method === "*" || r.method === method.toUpperCase()) && globToRegExp(r.path).test(path));
    if (!rule) return undefined;
    if (rule.skip > 0) {
      rule.skip -= 1;
      return undefined;
    }
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return { ...rule };
  }
}

/** A sliding one-second window limiting API requests per second. */
export class RateLimiter {
  private hitsMs: number[] = [];

  /** @param requestsPerSecond limit, or `null` for none. */
  constructor(public requestsPerSecond: number | null) {}

  /** Records a request at `nowMs`; false when it exceeds the limit (it is then not counted). */
  allow(nowMs: number): boolean {
    if (this.requestsPerSecond === null) return true;
    this.hitsMs = this.hitsMs.filter((t) => t > nowMs - 1000);
    if (this.hitsMs.length >= this.requestsPerSecond) return false;
    this.hitsMs.push(nowMs);
    return true;
  }

  /** Seconds until a request would be accepted again (at least 1). */
  retryAfterSeconds(nowMs: number): number {
    const oldest = this.hitsMs[0];
    return oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + 1000 - nowMs) / 1000));
  }
}
