// The players' links on SQLite (player-link-store.ts): a table beside the encounters', in plain
// SQL. The token's SHA-256 is unique, so that a token finds its link by an index.
import type Database from "libsql";
import type { NewPlayerLink, PlayerLink, PlayerLinkStore } from "./player-link-store.js";
import { settle } from "./settle.js";

export const PLAYER_LINKS_SCHEMA = `
CREATE TABLE IF NOT EXISTS player_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  encounter_id INTEGER NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  side TEXT NOT NULL,
  combatants TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS player_links_encounter ON player_links (encounter_id);
CREATE TABLE IF NOT EXISTS player_moves (
  from_id INTEGER PRIMARY KEY,
  to_id INTEGER NOT NULL
)`;

interface Row {
  id: number;
  encounter_id: number;
  name: string;
  side: string;
  combatants: string | null;
  created_at: string;
  revoked_at: string | null;
}

function fromRow(row: Row): PlayerLink {
  return {
    id: row.id,
    encounterId: row.encounter_id,
    name: row.name,
    side: row.side,
    combatants: row.combatants === null ? null : (JSON.parse(row.combatants) as string[]),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export class SqlitePlayerLinks implements PlayerLinkStore {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {}

  insert(link: NewPlayerLink): Promise<PlayerLink> {
    return settle(() => this.insertNow(link));
  }

  byTokenHash(tokenHash: string): Promise<PlayerLink | undefined> {
    return settle(() => {
      const row = this.db
        .prepare("SELECT * FROM player_links WHERE token_hash = ?")
        .get(tokenHash) as Row | undefined;
      return row === undefined ? undefined : fromRow(row);
    });
  }

  list(encounterId: number): Promise<PlayerLink[]> {
    return settle(() =>
      (
        this.db
          .prepare("SELECT * FROM player_links WHERE encounter_id = ? ORDER BY id")
          .all(encounterId) as Row[]
      ).map(fromRow),
    );
  }

  revoke(encounterId: number, id: number): Promise<PlayerLink | undefined> {
    return settle(() => {
      this.db
        .prepare(
          `UPDATE player_links SET revoked_at = ?
           WHERE id = ? AND encounter_id = ? AND revoked_at IS NULL`,
        )
        .run(this.now().toISOString(), id, encounterId);
      const link = this.byId(id);
      return link?.encounterId === encounterId ? link : undefined;
    });
  }

  moveOn(from: number, to: number): Promise<PlayerLink[]> {
    return settle(() =>
      this.db
        .transaction(() => {
          const moved = this.db
            .prepare(
              `UPDATE player_links SET encounter_id = ?
               WHERE encounter_id = ? AND revoked_at IS NULL RETURNING *`,
            )
            .all(to, from) as Row[];
          if (moved.length > 0)
            this.db
              .prepare("INSERT OR REPLACE INTO player_moves (from_id, to_id) VALUES (?, ?)")
              .run(from, to);
          return moved.map(fromRow).sort((a, b) => a.id - b.id);
        })
        .immediate(),
    );
  }

  movedTo(from: number): Promise<number | null> {
    return settle(() => {
      const row = this.db.prepare("SELECT to_id FROM player_moves WHERE from_id = ?").get(from) as
        { to_id: number } | undefined;
      return row?.to_id ?? null;
    });
  }

  /** Deletes the links of encounter `encounterId`, and its moves (the encounter is being deleted). */
  removeAll(encounterId: number): void {
    this.db.prepare("DELETE FROM player_links WHERE encounter_id = ?").run(encounterId);
    this.db
      .prepare("DELETE FROM player_moves WHERE from_id = ? OR to_id = ?")
      .run(encounterId, encounterId);
  }

  private insertNow(link: NewPlayerLink): PlayerLink {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO player_links (encounter_id, token_hash, name, side, combatants, created_at)
         VALUES (@encounterId, @tokenHash, @name, @side, @combatants, @at)`,
      )
      .run({
        ...link,
        combatants: link.combatants === null ? null : JSON.stringify(link.combatants),
        at: this.now().toISOString(),
      });
    return this.byId(Number(lastInsertRowid))!;
  }

  private byId(id: number): PlayerLink | undefined {
    const row = this.db.prepare("SELECT * FROM player_links WHERE id = ?").get(id) as
      Row | undefined;
    return row === undefined ? undefined : fromRow(row);
  }
}
