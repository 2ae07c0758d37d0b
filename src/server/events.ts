// What changed, for the pages that follow an encounter live (live.ts): an encounter's answers, its
// deletion, its players' links or who of them is connected. An event names the encounter and
// the kind of change only, so that the pages read the rest from the store: the same events can
// come from another process (PostgreSQL's LISTEN/NOTIFY carries a few bytes) through another
// implementation of this interface.

export interface EncounterEvent {
  readonly encounter: number;
  /** "changed": its answers (a new version); "players": its links, or who is connected. */
  readonly kind: "changed" | "deleted" | "players";
}

export interface EncounterEvents {
  publish(event: EncounterEvent): void;
  /** Calls `listener` with every event published from now on; the function returned stops it. */
  subscribe(listener: (event: EncounterEvent) => void): () => void;
}

/** The events of one process. */
export class LocalEvents implements EncounterEvents {
  private readonly listeners = new Set<(event: EncounterEvent) => void>();

  publish(event: EncounterEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: EncounterEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
