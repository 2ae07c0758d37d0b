// Where the HTTP API keeps its rosters: for each ruleset a party (the players' characters) and a
// bestiary (the foes), each entry a stat block as an encounter file lists a combatant. One small
// asynchronous interface of its own, so that a PostgreSQL store puts the same few statements
// behind the same methods; SQLite by default (sqlite-rosters.ts).
import type { JsonObject } from "../engine/json.js";

/** The two rosters of a ruleset. */
export const ROSTER_KINDS = ["party", "bestiary"] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];

export interface NewRosterEntry {
  readonly ruleset: string;
  readonly roster: RosterKind;
  /** The stat block, checked by the ruleset: id, name, side (optional) and the ruleset's stats. */
  readonly combatant: JsonObject;
}

export interface RosterEntry extends NewRosterEntry {
  readonly id: number;
  readonly createdAt: string;
}

export interface RosterStore {
  /** The entries, oldest first: all of them, or those of one ruleset (and one roster). */
  list(ruleset?: string, roster?: RosterKind): Promise<RosterEntry[]>;
  get(id: number): Promise<RosterEntry | undefined>;
  insert(entry: NewRosterEntry): Promise<RosterEntry>;
  /** Deletes entry `id`; false when there was none. */
  remove(id: number): Promise<boolean>;
}
