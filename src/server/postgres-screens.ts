// The players' open screens on PostgreSQL (screen-store.ts), shared by every server of the
// database: a row per server and link with its count of open screens. Each server marks its rows
// as seen every HEARTBEAT_MS and deletes them when it closes; the rows of a server not seen for
// STALE_SECONDS (it was killed) no longer count, so a player is not shown connected for ever.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { ScreenStore } from "./screen-store.js";

const HEARTBEAT_MS = 20_000;
const STALE_SECONDS = 60;

export class PostgresScreens implements ScreenStore {
  /** This server among the database's: its rows are its own. */
  private readonly server = randomUUID();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly pool: pg.Pool) {
    this.heartbeat = setInterval(() => {
      this.pool
        .query("UPDATE player_screens SET seen_at = now() WHERE server = $1", [this.server])
        .catch(() => undefined); // the next beat tries again; a server gone is caught by STALE
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async set(id: number, screens: number): Promise<void> {
    await (screens > 0
      ? this.pool.query(
          `INSERT INTO player_screens (server, link_id, screens, seen_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (server, link_id) DO UPDATE SET screens = $3, seen_at = now()`,
          [this.server, id, screens],
        )
      : this.pool.query("DELETE FROM player_screens WHERE server = $1 AND link_id = $2", [
          this.server,
          id,
        ]));
  }

  async open(ids: readonly number[]): Promise<ReadonlySet<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ link_id: number }>(
      `SELECT DISTINCT link_id FROM player_screens
       WHERE link_id = ANY($1) AND seen_at > now() - make_interval(secs => $2)`,
      [ids, STALE_SECONDS],
    );
    return new Set(rows.map((r) => r.link_id));
  }

  /** Stops the heartbeat and forgets this server's screens (before the pool ends). */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.pool
      .query("DELETE FROM player_screens WHERE server = $1", [this.server])
      .catch(() => undefined);
  }
}
