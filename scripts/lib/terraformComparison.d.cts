/** Types of terraformComparison.cjs: the comparison with the Terraform providers, made from data. */
/** What one provider's entries add up to. */
export interface ComparisonCounts {
  resources: { mapped: number; gap: number; reason: number };
  dataSources: { mapped: number; gap: number; reason: number };
  attributes: { mapped: number; reason: number; gap: number };
}
/** The page, its problems (empty when every entry is there and names what the schema has), and the counts per provider. */
export declare function comparison(
  facts: unknown,
  mapping: unknown,
  schema: unknown,
): { markdown: string; problems: string[]; counts: Record<string, ComparisonCounts> };
/** The kind of an attribute's entry. */
export declare function entryKind(entry: unknown): "mapped" | "reason" | "gap" | "missing";
