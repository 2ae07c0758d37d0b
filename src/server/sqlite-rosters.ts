// The rosters on SQLite (roster-store.ts): a table beside the encounters', in plain SQL, the stat
// block as JSON.
import type Database from "libsql";
import type { JsonObject } from "../engine/json.js";
import type { NewRosterEntry, RosterEntry, RosterKind, RosterStore } from "./roster-store.js";
import { settle } from "./settle.js";

export const ROSTERS_SCHEMA = `
CREATE TABLE IF NOT EXISTS roster_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ruleset TEXT NOT NULL,
  roster TEXT NOT NULL,
  combatant TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS roster_entries_ruleset ON roster_entries (ruleset, roster)`;

interface Row {
  id: number;
  ruleset: string;
  roster: RosterKind;
  combatant: string;
  created_at: string;
}

function fromRow(row: Row): RosterEntry {
  return {
    id: row.id,
    ruleset: row.ruleset,
    roster: row.roster,
    combatant: JSON.parse(row.combatant) as JsonObject,
    createdAt: row.created_at,
  };
}

export class SqliteRosters implements RosterStore {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {}

  list(ruleset?: string, roster?: RosterKind): Promise<RosterEntry[]> {
    return settle(() => this.listNow(ruleset, roster));
  }

  get(id: number): Promise<RosterEntry | undefined> {
    return settle(() => this.byId(id));
  }

  insert(entry: NewRosterEntry): Promise<RosterEntry> {
    return settle(() => this.insertNow(entry));
  }

  remove(id: number): Promise<boolean> {
    return settle(
      () => this.db.prepare("DELETE FROM roster_entries WHERE id = ?").run(id).changes === 1,
    );
  }

  private listNow(ruleset?: string, roster?: RosterKind): RosterEntry[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM roster_entries
         WHERE (@ruleset IS NULL OR ruleset = @ruleset) AND (@roster IS NULL OR roster = @roster)
         ORDER BY id`,
      )
      .all({ ruleset: ruleset ?? null, roster: roster ?? null }) as Row[];
    return rows.map(fromRow);
  }

  private insertNow(entry: NewRosterEntry): RosterEntry {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO roster_entries (ruleset, roster, combatant, created_at)
         VALUES (?, ?, ?, ?)`,
      )
      .run(entry.ruleset, entry.roster, JSON.stringify(entry.combatant), this.now().toISOString());
    return this.byId(Number(lastInsertRowid))!;
  }

  private byId(id: number): RosterEntry | undefined {
    const row = this.db.prepare("SELECT * FROM roster_entries WHERE id = ?").get(id) as
      Row | undefined;
    return row === undefined ? undefined : fromRow(row);
  }
}
