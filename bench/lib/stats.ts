/** Small statistics helpers for benchmark tables. */

/** Median of a non-empty list (mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Largest value; NaN when empty. */
export function max(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

/** Smallest value; NaN when empty. */
export function min(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}

/** `numerator / denominator`, or NaN when the denominator is 0. */
export function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? Number.NaN : numerator / denominator;
}

/** A number with `digits` decimals, or "n/a" for NaN/infinite values. */
export function fixed(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}

/** Milliseconds as seconds with `digits` decimals ("n/a" for NaN). */
export function seconds(valueMs: number, digits = 2): string {
  return Number.isFinite(valueMs) ? (valueMs / 1000).toFixed(digits) : "n/a";
}

/** The `p`-th percentile (0–100) by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
