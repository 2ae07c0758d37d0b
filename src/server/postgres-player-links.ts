// The players' links on PostgreSQL (player-link-store.ts): the table migration 2 makes
// (postgres-migrations.ts), the same statements as SQLite's (sqlite-player-links.ts).
import type pg from "pg";
import type { NewPlayerLink, PlayerLink, PlayerLinkStore } from "./player-link-store.js";

interface Row {
  id: number;
  encounter_id: number;
  name: string;
  side: string;
  combatants: string[] | null;
  created_at: Date;
  revoked_at: Date | null;
}

function fromRow(row: Row): PlayerLink {
  return {
    id: row.id,
    encounterId: row.encounter_id,
    name: row.name,
    side: row.side,
    combatants: row.combatants,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at === null ? null : row.revoked_at.toISOString(),
  };
}

export class PostgresPlayerLinks implements PlayerLinkStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
  ) {}

  async insert(link: NewPlayerLink): Promise<PlayerLink> {
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO player_links (encounter_id, token_hash, name, side, combatants, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING *`,
      [
        link.encounterId,
        link.tokenHash,
        link.name,
        link.side,
        link.combatants === null ? null : JSON.stringify(link.combatants),
        this.now(),
      ],
    );
    return fromRow(rows[0]!);
  }

  async byTokenHash(tokenHash: string): Promise<PlayerLink | undefined> {
    return this.one("SELECT * FROM player_links WHERE token_hash = $1", [tokenHash]);
  }

  async list(encounterId: number): Promise<PlayerLink[]> {
    const { rows } = await this.pool.query<Row>(
      "SELECT * FROM player_links WHERE encounter_id = $1 ORDER BY id",
      [encounterId],
    );
    return rows.map(fromRow);
  }

  async revoke(encounterId: number, id: number): Promise<PlayerLink | undefined> {
    await this.pool.query(
      `UPDATE player_links SET revoked_at = $1
       WHERE id = $2 AND encounter_id = $3 AND revoked_at IS NULL`,
      [this.now(), id, encounterId],
    );
    return this.one("SELECT * FROM player_links WHERE id = $1 AND encounter_id = $2", [
      id,
      encounterId,
    ]);
  }

  async moveOn(from: number, to: number): Promise<PlayerLink[]> {
    // One statement: the links moved and the move noted (when some moved), both or neither.
    const { rows } = await this.pool.query<Row>(
      `WITH moved AS (
         UPDATE player_links SET encounter_id = $1
         WHERE encounter_id = $2 AND revoked_at IS NULL RETURNING *
       ), noted AS (
         INSERT INTO player_moves (from_id, to_id)
         SELECT $2, $1 WHERE EXISTS (SELECT 1 FROM moved)
         ON CONFLICT (from_id) DO UPDATE SET to_id = EXCLUDED.to_id
       )
       SELECT * FROM moved`,
      [to, from],
    );
    return rows.map(fromRow).sort((a, b) => a.id - b.id);
  }

  async movedTo(from: number): Promise<number | null> {
    const { rows } = await this.pool.query<{ to_id: number }>(
      "SELECT to_id FROM player_moves WHERE from_id = $1",
      [from],
    );
    return rows[0]?.to_id ?? null;
  }

  private async one(sql: string, params: unknown[]): Promise<PlayerLink | undefined> {
    const { rows } = await this.pool.query<Row>(sql, params);
    return rows[0] === undefined ? undefined : fromRow(rows[0]);
  }
}
