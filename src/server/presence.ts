// Which players' screens are open now: the live streams of each player's link in this process
// (live.ts counts them in and out), for the GM's page to show who is there and who is choosing.

export class Presence {
  private readonly open = new Map<number, number>();

  /** One more screen of link `id` open; true when it is the first. */
  join(id: number): boolean {
    const n = (this.open.get(id) ?? 0) + 1;
    this.open.set(id, n);
    return n === 1;
  }

  /** One screen of link `id` closed; true when it was the last. */
  leave(id: number): boolean {
    const n = (this.open.get(id) ?? 0) - 1;
    if (n > 0) this.open.set(id, n);
    else this.open.delete(id);
    return n <= 0;
  }

  connected(id: number): boolean {
    return this.open.has(id);
  }
}
