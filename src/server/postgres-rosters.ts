// The rosters on PostgreSQL (roster-store.ts): the table of migration 3, the stat block as JSON;
// the same statements as the SQLite rosters (sqlite-rosters.ts).
import type pg from "pg";
import type { JsonObject } from "../engine/json.js";
import type { NewRosterEntry, RosterEntry, RosterKind, RosterStore } from "./roster-store.js";

interface Row {
  id: number;
  ruleset: string;
  roster: RosterKind;
  combatant: JsonObject;
  created_at: Date;
}

function fromRow(row: Row): RosterEntry {
  return {
    id: row.id,
    ruleset: row.ruleset,
    roster: row.roster,
    combatant: row.combatant,
    createdAt: row.created_at.toISOString(),
  };
}

export class PostgresRosters implements RosterStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
  ) {}

  async list(ruleset?: string, roster?: RosterKind): Promise<RosterEntry[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM roster_entries
       WHERE ($1::text IS NULL OR ruleset = $1) AND ($2::text IS NULL OR roster = $2)
       ORDER BY id`,
      [ruleset ?? null, roster ?? null],
    );
    return rows.map(fromRow);
  }

  async get(id: number): Promise<RosterEntry | undefined> {
    const { rows } = await this.pool.query<Row>("SELECT * FROM roster_entries WHERE id = $1", [id]);
    return rows[0] === undefined ? undefined : fromRow(rows[0]);
  }

  async insert(entry: NewRosterEntry): Promise<RosterEntry> {
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO roster_entries (ruleset, roster, combatant, created_at)
       VALUES ($1, $2, $3, $4) RETURNING *`,
      [entry.ruleset, entry.roster, JSON.stringify(entry.combatant), this.now()],
    );
    return fromRow(rows[0]!);
  }

  async remove(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query("DELETE FROM roster_entries WHERE id = $1", [id]);
    return rowCount === 1;
  }
}
