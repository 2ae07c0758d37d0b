// The GM's secret made by `fray serve` on an address other machines reach, kept in a file beside
// its SQLite database (`fray.sqlite.gm-secret`, readable by its owner only), so that the GM's
// link, and the GM's page that holds it, outlive a restart (Ctrl-C, or a crash) on the same
// database: with a new secret at each start the GM's open page was refused ("this is not the
// GM's secret") and the new link had to be found in the terminal, mid-fight. A PostgreSQL
// database, shared by several servers, keeps none: they take FRAY_GM_SECRET.
import { readFileSync, writeFileSync } from "node:fs";
import { FrayError } from "../core/errors.js";
import { isPostgresAddress } from "./postgres-store.js";
import { newGmSecret } from "./tokens.js";

/** The GM's secret of a SQLite database, and whether this start made it. */
export interface KeptGmSecret {
  readonly secret: string;
  /** The file it is kept in. */
  readonly file: string;
  /** Whether this start made it (else an earlier start on the same database did). */
  readonly made: boolean;
}

/** Where the GM's secret of `db` is kept; null for a database with no file of its own. */
export function gmSecretFile(db: string): string | null {
  return isPostgresAddress(db) || db === ":memory:" ? null : `${db}.gm-secret`;
}

/**
 * The GM's secret kept for `db`, made and written (mode 600) the first time; null where the
 * database has no file (PostgreSQL, `:memory:`). `minLength`: a secret kept shorter is refused,
 * as FRAY_GM_SECRET is (gm-rights.ts).
 */
export function keptGmSecret(db: string, minLength: number): KeptGmSecret | null {
  const file = gmSecretFile(db);
  if (file === null) return null;
  let kept: string;
  try {
    kept = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw cannotKeep(file, error);
    const secret = newGmSecret();
    try {
      // "wx": another server starting on the same file at once keeps its own, not ours.
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch (written) {
      throw cannotKeep(file, written);
    }
    return { secret, file, made: true };
  }
  if (kept.length < minLength) {
    throw new FrayError(
      `${file}: the GM's secret kept there is ${kept.length} characters, too short to keep the GM's rights`,
      file,
      `delete the file to have a new one made (the GM's link then changes), or set FRAY_GM_SECRET`,
    );
  }
  return { secret: kept, file, made: false };
}

function cannotKeep(file: string, error: unknown): FrayError {
  return new FrayError(
    `${file}: cannot keep the GM's secret there: ${(error as Error).message}`,
    file,
    "set FRAY_GM_SECRET (16 characters or more) to give one, or start where that folder is writable",
  );
}
