/**
 * True for an http(s) URL without user info, query or fragment. Inputs that
 * hold URLs are stored in plain text, so anything else is refused: a token in
 * `https://user:token@host` would end up in the state and in previews.
 */
export function isCleanHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && url.search === "" && url.hash === "";
  } catch {
    return false;
  }
}
