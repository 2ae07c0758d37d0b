// Which players' screens are open now: the live streams of each player's link in this process
// (live.ts counts them in and out), written through to the database's screen store so that the
// GM's page on any server shows who is there and who is choosing (screen-store.ts).
import type { ScreenStore } from "./screen-store.js";

export class Presence {
  private readonly counts = new Map<number, number>();

  constructor(private readonly shared: ScreenStore) {}

  /** One more screen of link `id` open here; true when it is the first on this server. */
  async join(id: number): Promise<boolean> {
    const n = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, n);
    await this.shared.set(id, n);
    return n === 1;
  }

  /** One screen of link `id` closed here; true when it was the last on this server. */
  async leave(id: number): Promise<boolean> {
    const n = Math.max(0, (this.counts.get(id) ?? 0) - 1);
    if (n > 0) this.counts.set(id, n);
    else this.counts.delete(id);
    await this.shared.set(id, n);
    return n === 0;
  }

  /** Those of links `ids` with a screen open on any server. */
  open(ids: readonly number[]): Promise<ReadonlySet<number>> {
    return this.shared.open(ids);
  }
}
