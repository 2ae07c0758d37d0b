// The events of every server process on one PostgreSQL database (events.ts), so that a player
// following an encounter on one process sees an answer given on another: each event is told to
// this process's listeners at once and sent to the others with NOTIFY on one channel; each
// process LISTENs on it with a connection of its own and tells its listeners what the others
// sent (its own echo is known by the process's id and dropped). A notification carries the
// event only (a few bytes); the pages read the rest from the store. A listening connection that
// fails is opened again; what the others published meanwhile reaches this process's pages with
// the next change (or when they reconnect).
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { EncounterEvent, EncounterEvents } from "./events.js";
import { LocalEvents } from "./events.js";

/** The channel every Fray server of a database listens on. */
export const CHANNEL = "fray_events";
/** How soon a lost listening connection is opened again. */
const RECONNECT_MS = 1000;

interface Notice extends EncounterEvent {
  /** The process that published it. */
  readonly from: string;
}

function isNotice(value: unknown): value is Notice {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["from"] === "string" &&
    typeof v["encounter"] === "number" &&
    (v["kind"] === "changed" || v["kind"] === "deleted" || v["kind"] === "players")
  );
}

export class PostgresEvents implements EncounterEvents {
  private readonly id = randomUUID();
  private readonly local = new LocalEvents();
  private listener: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  private constructor(
    private readonly url: string,
    /** Sends the NOTIFYs (the store's pool). */
    private readonly pool: pg.Pool,
    /** Told what failed (a lost connection, a NOTIFY refused): the server's log. */
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Listens on the database at `url`; resolves once listening. */
  static async start(
    url: string,
    pool: pg.Pool,
    failed: (error: unknown) => void,
  ): Promise<PostgresEvents> {
    const events = new PostgresEvents(url, pool, failed);
    await events.listen();
    return events;
  }

  publish(event: EncounterEvent): void {
    this.local.publish(event);
    const notice: Notice = { encounter: event.encounter, kind: event.kind, from: this.id };
    this.pool
      .query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(notice)])
      .catch((error: unknown) => this.failed(error));
  }

  subscribe(listener: (event: EncounterEvent) => void): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry !== null) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => this.received(message.payload));
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, new Error("the listening connection ended")));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private received(payload: string | undefined): void {
    let notice: unknown;
    try {
      notice = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (!isNotice(notice) || notice.from === this.id) return;
    this.local.publish({ encounter: notice.encounter, kind: notice.kind });
  }

  /** Opens the listening connection again, until it listens or the events are closed. */
  private lost(client: pg.Client, error: Error): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    this.failed(error);
    client.end().catch(() => undefined);
    const again = () => {
      this.retry = null;
      if (this.closed) return;
      this.listen().catch((failure: unknown) => {
        this.failed(failure);
        this.retry = setTimeout(again, RECONNECT_MS);
      });
    };
    this.retry = setTimeout(again, RECONNECT_MS);
  }
}
