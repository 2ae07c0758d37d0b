// Where the HTTP API keeps the players' links: one row per link, holding the SHA-256 of its token
// (never the token itself), the encounter it opens, whom it plays (some combatants of one side,
// or the whole side) and whether the GM has revoked it. Part of the encounter store (store.ts),
// so that a PostgreSQL store puts the same few statements behind the same methods.

/** A link as the GM made it: the player's name and what the link plays. */
export interface NewPlayerLink {
  readonly encounterId: number;
  /** SHA-256 of the token, hex (tokens.ts). */
  readonly tokenHash: string;
  /** The player's name, as the GM's page shows it: "Anna". */
  readonly name: string;
  readonly side: string;
  /** The combatants it plays; null: the whole side (its combatants and its own decisions). */
  readonly combatants: readonly string[] | null;
}

export interface PlayerLink extends Omit<NewPlayerLink, "tokenHash"> {
  readonly id: number;
  readonly createdAt: string;
  /** When the GM revoked it, or null while it opens the player's screen. */
  readonly revokedAt: string | null;
}

export interface PlayerLinkStore {
  insert(link: NewPlayerLink): Promise<PlayerLink>;
  /** The link whose token has this hash, revoked or not. */
  byTokenHash(tokenHash: string): Promise<PlayerLink | undefined>;
  /** The links of encounter `encounterId`, oldest first, revoked ones included. */
  list(encounterId: number): Promise<PlayerLink[]>;
  /** Revokes link `id` of encounter `encounterId`: the link as it now is, undefined if none. */
  revoke(encounterId: number, id: number): Promise<PlayerLink | undefined>;
  /**
   * Moves the links of encounter `from` that are not revoked to encounter `to` (the same fight
   * fought again): the links moved, oldest first. The revoked stay with `from`.
   */
  moveOn(from: number, to: number): Promise<PlayerLink[]>;
  /**
   * Where the links of encounter `from` last moved on to (`moveOn` moving some), or null: what
   * its GM's page says of them once they are gone.
   */
  movedTo(from: number): Promise<number | null>;
}
