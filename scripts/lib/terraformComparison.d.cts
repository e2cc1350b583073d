/** Types of terraformComparison.cjs: the comparison with the Terraform providers, made from data. */
/** What one provider's entries add up to. */
export interface ComparisonCounts {
  resources: { mapped: number; gap: number; reason: number; impossible: number };
  dataSources: { mapped: number; gap: number; reason: number; impossible: number };
  attributes: { mapped: number; reason: number; gap: number };
}
/** The page, its problems (empty when every entry is there and names what the schema has), the counts and the gaps (each in words) per provider. */
export declare function comparison(
  facts: unknown,
  mapping: unknown,
  schema: unknown,
): { markdown: string; problems: string[]; counts: Record<string, ComparisonCounts>; gaps: Record<string, string[]> };
/** The kind of an entry by itself (before the rules look at it). */
export declare function entryKind(entry: unknown): "mapped" | "reason" | "gap" | "missing";
/** The differences the rules find between a Terraform attribute and the property of ours mapped to it. */
export declare function ruleFindings(
  schema: unknown,
  spec: { inputs: Record<string, unknown>; outputs: Record<string, unknown> },
  kind: "resources" | "dataSources",
  fact: { mode: string; oneOf?: unknown[]; forceNew?: boolean },
  property: string,
): string[];
