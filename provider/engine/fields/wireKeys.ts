/**
 * Objects whose keys are camel-cased in the inputs and snake-cased on the
 * wire (a rule's LLM judge, a data plane's firewall): the renaming both ways,
 * from one table of names per object type.
 */

/** Wire key of each input key of one object type, e.g. `{ allowHttp: "allow_http" }`. */
export type WireKeyNames = Readonly<Record<string, string>>;

/** An object's keys renamed by `names` (other keys dropped), null and undefined values left out. */
export function renameKeys(value: object, names: WireKeyNames): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => (names[key] === undefined || item === null || item === undefined ? [] : [[names[key], item]])),
  );
}

/** The table the other way round: input key of each wire key. */
export function reversedNames(names: WireKeyNames): WireKeyNames {
  return Object.fromEntries(Object.entries(names).map(([input, wire]) => [wire, input]));
}

/**
 * A field's `toWire` and `fromWire` for an object input whose keys `names`
 * renames: the input object to its wire form, and a wire object back (unset
 * when the service answers none, or one with none of the keys).
 */
export function wireObject(names: WireKeyNames): { toWire: (value: unknown) => unknown; fromWire: (value: unknown) => unknown } {
  const inputNames = reversedNames(names);
  return {
    toWire: (value) => (value !== null && typeof value === "object" ? renameKeys(value, names) : value),
    fromWire: (value) => {
      if (value === null || typeof value !== "object") return undefined;
      const input = renameKeys(value, inputNames);
      return Object.keys(input).length > 0 ? input : undefined;
    },
  };
}
