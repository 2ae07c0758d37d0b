// Who holds the GM's rights when `fray serve` starts (docs/http-api.md, "Who may ask"): on a
// loopback address with no secret given, the local GM is trusted, so the quick start stays one
// command; on an address other machines can reach, the GM's routes need a secret: the one
// given (FRAY_GM_SECRET), or one made and printed in the GM's link: kept beside a SQLite database
// for its next starts (kept-gm-secret.ts), made for each run on PostgreSQL.
import { networkInterfaces } from "node:os";
import { FrayError } from "../core/errors.js";
import { keptGmSecret, type KeptGmSecret } from "./kept-gm-secret.js";
import { newGmSecret } from "./tokens.js";

/** Shorter secrets are refused: a GM secret must be as hard to guess as a player's token. */
export const MIN_SECRET_LENGTH = 16;

const EVERY_ADDRESS = ["0.0.0.0", "::", ""];

export function isLoopback(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
}

export interface GmRights {
  /** null: the local GM is trusted. */
  readonly secret: string | null;
  /** Whether the server made it (none was given), so that it prints the GM's link. */
  readonly made: boolean;
  /** Where a secret made is kept for the next starts on the same database; null: this run only. */
  readonly kept: KeptGmSecret | null;
}

/** `db`: the database (`--db`), beside which a secret made is kept (a SQLite file's). */
export function gmRights(host: string, given: string | undefined, db: string): GmRights {
  if (given !== undefined && given !== "") {
    if (given.length < MIN_SECRET_LENGTH) {
      throw new FrayError(
        `FRAY_GM_SECRET: ${given.length} characters is too short to keep the GM's rights`,
        "FRAY_GM_SECRET",
        `use ${MIN_SECRET_LENGTH} or more (\`openssl rand -base64 18\`), or unset it to have one made`,
      );
    }
    return { secret: given, made: false, kept: null };
  }
  if (isLoopback(host)) return { secret: null, made: false, kept: null };
  const kept = keptGmSecret(db, MIN_SECRET_LENGTH);
  return { secret: kept?.secret ?? newGmSecret(), made: true, kept };
}

/** The addresses other machines reach the server at: each of this machine's for 0.0.0.0. */
export function publicUrls(host: string, port: number): string[] {
  if (isLoopback(host)) return [];
  if (!EVERY_ADDRESS.includes(host))
    return [`http://${host.includes(":") ? `[${host}]` : host}:${port}`];
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => !a.internal && a.family === "IPv4")
    .map((a) => `http://${a.address}:${port}`);
}

/** The GM's console with the secret in its address (after the `#`, never sent to the server). */
export const gmPath = (secret: string) => `/#/gm/${encodeURIComponent(secret)}`;
