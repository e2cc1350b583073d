/**
 * The exact next step for a secret input the service never returns (a
 * workspace secret's value, an alert's actions): `pulumi import` leaves it
 * empty in the code it writes, and check then says how to fill it in, with a
 * stack config key named after the object. Never contains a value.
 */

/**
 * A stack config key named after `name` (e.g. `OPENAI_API_KEY` →
 * `openaiApiKey`, `error rate` → `errorRate`), with `suffix` appended
 * (capitalized); `fallback` when `name` is not a usable string (unset, or
 * still unknown in a preview).
 */
export function configKeyFor(name: unknown, suffix: string, fallback: string): string {
  if (typeof name !== "string") return fallback;
  const words = name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
  if (words.length === 0 || !/^[a-z]/.test(words[0] as string)) return fallback;
  const capitalized = (word: string): string => (word[0] ?? "").toUpperCase() + word.slice(1);
  return [words[0] as string, ...words.slice(1).map(capitalized), ...(suffix === "" ? [] : [capitalized(suffix)])].join("");
}

/**
 * `set it with pulumi config set --secret <key> <value>, then in the program <line>`.
 *
 * @param program the program's line that reads the key, e.g. `value: config.requireSecret("openaiApiKey")`.
 * @param valueWord what the user types after the key; default `<value>`.
 */
export function setSecretStep(configKey: string, program: string, valueWord = "<value>"): string {
  return `set it with \`pulumi config set --secret ${configKey} ${valueWord}\`, then in the program \`${program}\``;
}

/** The program's read of a secret config key: `config.requireSecret("<key>")`. */
export function requireSecret(configKey: string): string {
  return `config.requireSecret("${configKey}")`;
}
