// Which players' screens are open, shared by the servers of one database: each server says how
// many screens of a link it has open (presence.ts counts them as their streams open and close),
// and any server asks which links have a screen open anywhere, for the GM's list of players.
// One process (SQLite) keeps it in memory; PostgreSQL keeps it in a table (postgres-screens.ts).

export interface ScreenStore {
  /** This server has `screens` screens of link `id` open now (0: none). */
  set(id: number, screens: number): Promise<void>;
  /** Those of `ids` with a screen open on some server. */
  open(ids: readonly number[]): Promise<ReadonlySet<number>>;
}

/** The screens of one server process, for a database no other server shares. */
export class LocalScreens implements ScreenStore {
  private readonly counts = new Map<number, number>();

  set(id: number, screens: number): Promise<void> {
    if (screens > 0) this.counts.set(id, screens);
    else this.counts.delete(id);
    return Promise.resolve();
  }

  open(ids: readonly number[]): Promise<ReadonlySet<number>> {
    return Promise.resolve(new Set(ids.filter((id) => this.counts.has(id))));
  }
}
