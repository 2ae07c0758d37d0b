// What the console shows the API to say who asks (docs/http-api.md, "Who may ask"): the GM's
// secret, kept in this browser once the GM's link (`#/gm/<secret>`) has been opened; a player's
// token comes from the player's own link (`#/play/<token>`) each time.
const GM_KEY = "fray.gm-secret";

export function keepGmSecret(secret: string): void {
  try {
    localStorage.setItem(GM_KEY, secret);
  } catch {
    // A browser that keeps nothing: the link must be opened again in each tab.
  }
}

export function gmSecret(): string | null {
  try {
    return localStorage.getItem(GM_KEY);
  } catch {
    return null;
  }
}

/** The header that shows a credential, if there is one. */
export function bearer(credential: string | null): Record<string, string> {
  return credential === null ? {} : { authorization: `Bearer ${credential}` };
}
