// Pushes every change to the pages that follow an encounter, as server-sent events
// (docs/http-api.md, "Live"): the GM's page gets the encounter's JSON and its players' links, a
// player's page what its link reads (player-json.ts). Changes come as events (events.ts) that
// name the encounter only; each is read from the store once, replayed once, and told to each
// follower as it may see it. An event's id is the encounter's version, so a page that
// reconnects with Last-Event-ID is sent the state again only if it changed meanwhile.
import type { ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { encounterJson, type EncounterJson } from "./encounter-json.js";
import type { Encounters } from "./encounters.js";
import { NotFoundError } from "./errors.js";
import type { EncounterEvent } from "./events.js";
import type { PlayerLink, PlayerLinkStore } from "./player-link-store.js";
import { Memo } from "../engine/memo.js";
import type { Render } from "./encounters.js";
import { playerJson, playerTag, type PlayerStateJson } from "./player-json.js";
import type { PlayerLinks } from "./player-links.js";
import { playerStateSchema } from "./player-schemas.js";
import type { Presence } from "./presence.js";
import type { EncounterRecord } from "./store.js";
import type { Encounter } from "../engine/encounter.js";
import type { UnreadBytes } from "./unread-replies.js";

/** A comment line this often keeps a stream open through proxies and finds dead ones. */
const HEARTBEAT_MS = 20_000;
/** How soon a page that lost its stream tries again (the browser's EventSource reads it). */
const RETRY_MS = 1000;
/**
 * Streams one player's link may hold at once (docs/http-api.md, "What the server withstands"): a
 * phone, a tablet, a reconnect or two whose dropped stream the server has not yet noticed. A
 * stream past it closes the link's oldest, not the new one: a phone that reconnects always gets
 * through, and a player opening screen after screen holds no more than these.
 */
export const STREAMS_PER_LINK = 4;
/** Streams of the GM's page one encounter may hold at once (tabs, a second screen), likewise. */
export const GM_STREAMS_PER_ENCOUNTER = 8;
/**
 * How soon a page whose stream was closed for a newer one tries again: slowly, so that two pages
 * past the limit take turns every quarter of a minute rather than close each other at once.
 */
const REPLACED_RETRY_MS = 15_000;
/**
 * How soon a page whose stream was closed for want of room (`Live.noRoom`) tries again: the
 * replies that hold it are taken or let go within 30 s, and each try costs a read of the state.
 */
const NO_ROOM_RETRY_MS = 5_000;

/**
 * Bytes a stream may hold unsent (its reader not reading: a laptop asleep, a phone gone out of
 * the Wi-Fi, a client that stopped on purpose) before the states for it are held back, beyond
 * what the system's buffers hold already: each state is whole, so only the last is sent once the
 * stream drains. Before, every change's state was queued for it without end (a GM's state of a
 * fight of 300 combatants is 3.6 MB), and a few such streams could take the server's memory.
 */
export const STREAM_BUFFERED_MOST = 1024 * 1024;

interface Following {
  readonly out: ServerResponse;
  /** The encounter followed. */
  readonly encounter: number;
  /** The version last sent. */
  sent: number;
  /** Whether a state was held back until the stream drains (`STREAM_BUFFERED_MOST`). */
  behind: boolean;
  /** The machine its unsent bytes are counted for (unread-replies.ts); null for the GM's own. */
  readonly address: string | null;
  /** Its unsent bytes as last counted there. */
  counted: number;
  /** The size of the last state sent: the next one's, near enough to know there is no room. */
  stateBytes: number;
}

type Follower =
  | (Following & { readonly kind: "gm" })
  | (Following & { readonly kind: "player"; readonly link: PlayerLink });

const eventText = (type: string, data: unknown, id?: number | string): string =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A state's event id: its version, with "h" while this server holds a part of an opposed roll
 * (held-dice.ts). The part lives in this server's memory, so the same version read after a
 * restart, or from another server on the same database, asks the roll whole: a phone that gave
 * the part reconnects with "12h", is sent "12" anew, and is asked its die again, where with the
 * same id it kept saying its die was in.
 */
export const stateId = (record: Pick<EncounterRecord, "version" | "held">): string =>
  `${record.version}${record.held === undefined ? "" : "h"}`;

function write(out: ServerResponse, type: string, data: unknown, id?: number): void {
  if (!out.writableEnded) out.write(eventText(type, data, id));
}

/**
 * How many players' screens the server keeps as made (`Live.playerView`): each link's at the
 * encounter's last version, for the tables playing now.
 */
export const PLAYER_VIEWS_KEPT = 64;

export class Live {
  private readonly followers = new Map<number, Set<Follower>>();
  /**
   * What each link read at each version of its encounter, by its ETag (which a 304 trusts alike):
   * made once per change, where a link's every read and every stream made it again, and a fight
   * of 200 combatants takes a second or more to make (player-result.ts's names in every text).
   */
  private readonly views = new Memo<string, PlayerStateJson>(PLAYER_VIEWS_KEPT);
  /** Encounters whose change is to be told (several changes in a row are told once). */
  private readonly due = new Set<number>();
  /** Told every event, as the streams being opened wait for theirs (`opening`). */
  private readonly listeners = new Set<(event: EncounterEvent) => void>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly stop: () => void;

  constructor(
    private readonly encounters: Encounters,
    private readonly links: PlayerLinks,
    private readonly store: PlayerLinkStore,
    private readonly presence: Presence,
    /** The unsent bytes of the network's machines, the streams' counted with the replies'. */
    private readonly unread: UnreadBytes,
    /** Told what went wrong reading a change to tell (the store failed): the server's log. */
    private readonly failed: (error: unknown) => void,
  ) {
    this.stop = encounters.events.subscribe((event) => this.on(event));
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The GM's page follows encounter `id` (a 404 if there is none, before the stream opens). */
  async followAsGm(request: FastifyRequest, reply: FastifyReply, id: number): Promise<void> {
    await this.opening(id, async () => {
      const [state, seen] = await this.encounters.read(id, (record, encounter) => [
        encounterJson(record, encounter),
        stateId(record),
      ]);
      const players = await this.links.list(id);
      const out = this.open(request, reply);
      const follower: Follower = { kind: "gm", out, encounter: id, ...this.unsent(request) };
      this.add(id, follower);
      this.tell(follower, state.version, seen, () => state, request);
      write(follower.out, "players", { players });
      this.count(follower);
    });
  }

  /** A player's page follows its link's encounter. */
  async followAsPlayer(
    request: FastifyRequest,
    reply: FastifyReply,
    link: PlayerLink,
  ): Promise<void> {
    await this.opening(link.encounterId, async () => {
      const [state, seen] = await this.encounters.read(link.encounterId, (record, encounter) => [
        this.playerState(link, record, encounter),
        stateId(record),
      ]);
      const out = this.open(request, reply);
      const encounter = link.encounterId;
      const follower: Follower = { kind: "player", link, out, encounter, ...this.unsent(request) };
      this.add(link.encounterId, follower);
      this.tell(follower, state.version, seen, () => state, request);
    });
    this.present(this.presence.join(link.id), link.encounterId);
  }

  /**
   * Opens a stream of encounter `id` (`open`: it reads the state, then follows), then tells the
   * followers again of what changed meanwhile: an event told between the read and the follow
   * reached the followers before this one, and a GM's page that reconnected as an answer landed
   * stayed a version behind until the next change. Told again, a change reaches only those that
   * lack its version (`tell`).
   */
  private async opening(id: number, open: () => Promise<void>): Promise<void> {
    const heard = new Set<EncounterEvent["kind"]>();
    const listener = (event: EncounterEvent) => {
      if (event.encounter === id) heard.add(event.kind);
    };
    this.listeners.add(listener);
    try {
      await open();
    } finally {
      this.listeners.delete(listener);
    }
    for (const kind of heard) this.on({ encounter: id, kind });
  }

  /** What link `link` reads of its encounter (player-json.ts), made once per version. */
  playerView(link: PlayerLink): Render<PlayerStateJson> {
    return (record, encounter) =>
      this.views.get(playerTag(link, record, record.held !== undefined), () =>
        playerJson(link)(record, encounter),
      );
  }

  /** What a player's page is sent: what its link reads, stripped to the schema. */
  private playerState(
    link: PlayerLink,
    record: EncounterRecord,
    encounter: Encounter,
  ): PlayerStateJson {
    return playerStateSchema.parse(this.playerView(link)(record, encounter));
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    this.stop();
    clearInterval(this.heartbeat);
    for (const set of this.followers.values()) for (const f of set) f.out.end();
    this.followers.clear();
  }

  /** Tells the GM's pages of `encounter` when a player's first screen here opened or last closed. */
  private present(changed: Promise<boolean>, encounter: number): void {
    changed.then((yes) => {
      if (yes) this.encounters.events.publish({ encounter, kind: "players" });
    }, this.failed);
  }

  private open(request: FastifyRequest, reply: FastifyReply): ServerResponse {
    void reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    out.write(`retry: ${RETRY_MS}\n\n`);
    request.raw.socket.setKeepAlive(true);
    return out;
  }

  /** A new stream's count: nothing sent, nothing unsent. */
  private unsent(request: FastifyRequest) {
    return {
      sent: 0,
      behind: false,
      address: this.unread.countedFor(request),
      counted: 0,
      stateBytes: 0,
    };
  }

  /** Counts `follower`'s unsent bytes anew with its machine's (unread-replies.ts). */
  private count(follower: Follower): void {
    if (follower.address === null) return;
    const now = follower.out.writableFinished ? 0 : follower.out.writableLength;
    this.unread.add(follower.address, now - follower.counted);
    follower.counted = now;
  }

  private add(id: number, follower: Follower): void {
    const set = this.followers.get(id) ?? new Set<Follower>();
    this.makeRoom(id, set, follower);
    set.add(follower);
    this.followers.set(id, set);
    // The stream's own end (its connection closed), not its request's: a request from the network
    // is read through the bodies' count (slow-clients.ts), and a request read to its end is
    // "closed" at once, which dropped every stream of a phone or a laptop on the Wi-Fi.
    follower.out.once("close", () => this.drop(id, follower));
    // Counted until all is handed to the system, or the connection closes (as a reply is).
    follower.out.on("drain", () => this.count(follower));
    for (const end of ["finish", "close"]) follower.out.once(end, () => this.letGo(follower));
  }

  /** Lets go of `follower`'s unsent bytes in its machine's count. */
  private letGo(follower: Follower): void {
    if (follower.address !== null) this.unread.add(follower.address, -follower.counted);
    follower.counted = 0;
  }

  /**
   * Closes the oldest streams of the same link (or of the GM's page) past their limit, so that
   * `follower` makes one more: each is told `replaced`, and to wait before it tries again.
   */
  private makeRoom(id: number, set: Set<Follower>, follower: Follower): void {
    const same = [...set].filter((f) =>
      follower.kind === "gm"
        ? f.kind === "gm"
        : f.kind === "player" && f.link.id === follower.link.id,
    );
    const limit = follower.kind === "gm" ? GM_STREAMS_PER_ENCOUNTER : STREAMS_PER_LINK;
    for (const old of same.slice(0, Math.max(0, same.length - limit + 1))) {
      if (!old.out.writableEnded) old.out.write(`retry: ${REPLACED_RETRY_MS}\n\n`);
      write(old.out, "replaced", {
        reason:
          follower.kind === "gm"
            ? `the GM's pages of this encounter hold ${limit} streams, the most they may; a newer one opened`
            : `this player's link holds ${limit} streams, the most it may; a newer screen opened`,
      });
      old.out.end();
      this.drop(id, old);
    }
  }

  private drop(id: number, follower: Follower): void {
    const set = this.followers.get(id);
    if (set === undefined || !set.delete(follower)) return;
    if (set.size === 0) this.followers.delete(id);
    if (follower.kind === "player") this.present(this.presence.leave(follower.link.id), id);
  }

  /**
   * Sends the state at `version` unless the follower has it or a later one (reads of the store
   * may end out of order), or said so in Last-Event-ID.
   */
  private tell(
    follower: Follower,
    version: number,
    id: string,
    state: () => unknown,
    request?: FastifyRequest,
  ): void {
    const seen = request?.headers["last-event-id"];
    if (follower.sent >= version) return;
    if (seen !== undefined && seen === id) {
      follower.sent = version;
      return;
    }
    if (follower.out.writableEnded) return;
    if (follower.out.writableLength >= STREAM_BUFFERED_MOST) return this.holdBack(follower);
    // No room for a state as large as its last is known before the state is made (a player's of
    // 300 combatants takes a second to make).
    if (!this.room(follower, follower.stateBytes)) return this.noRoom(follower);
    const text = eventText("state", state(), id);
    follower.stateBytes = Buffer.byteLength(text);
    if (!this.room(follower, follower.stateBytes)) return this.noRoom(follower);
    follower.sent = version;
    follower.out.write(text);
    this.count(follower);
  }

  /**
   * Whether `size` bytes more for `follower` fit in its machine's room and all machines'
   * (unread-replies.ts). A stream that waits for no drain (its reader reads, or the system's
   * buffers took nearly all it was sent) makes room by closing the streams that hold the most unsent (`cut`),
   * its machine's when its machine's room is full: before, it was sent its state past the room,
   * and every stream could pass it by a state (ten links' four stalled streams of karn's ambush
   * of 300 held 33.4 MB where all machines may hold 32). One that waits for a drain (more unsent
   * than its buffer's mark) waits for it.
   */
  private room(follower: Follower, size: number): boolean {
    const address = follower.address;
    if (address === null) return true;
    for (;;) {
      const past = this.unread.past(address, size);
      if (past === undefined) return true;
      if (follower.out.writableNeedDrain) return false;
      const slowest = this.slowest(follower, past === "machine" ? address : undefined);
      if (slowest === undefined) return false;
      this.cut(slowest);
    }
  }

  /**
   * The stream other than `follower` holding the most bytes unsent, of machine `address` (any
   * machine's on the network when undefined); none if no other holds any.
   */
  private slowest(follower: Follower, address: string | undefined): Follower | undefined {
    let slowest: Follower | undefined;
    for (const set of this.followers.values())
      for (const f of set)
        if (
          f !== follower &&
          f.address !== null &&
          (address === undefined || f.address === address) &&
          f.counted > (slowest?.counted ?? 0)
        )
          slowest = f;
    return slowest;
  }

  /**
   * Closes `follower`'s stream at once, its unsent bytes let go: its reader does not read them
   * (a client that stopped, a phone out of the Wi-Fi). A page that still reads sees its stream
   * broken and opens it again with Last-Event-ID (web/src/event-stream.ts), polling its state
   * meanwhile, and is sent the state it lacks.
   */
  private cut(follower: Follower): void {
    follower.out.destroy();
    this.letGo(follower);
    this.drop(follower.encounter, follower);
  }

  /**
   * What a stream with no room for its state is told: one that waits for a drain waits for it
   * (`holdBack`); another, whose room the replies not yet taken hold (each let go
   * within its 30 s), is closed, told why and to try again in NO_ROOM_RETRY_MS, as its page does
   * (polling its state meanwhile); its state is sent then, if there is room.
   */
  private noRoom(follower: Follower): void {
    if (follower.out.writableNeedDrain) return this.holdBack(follower);
    follower.out.write(`retry: ${NO_ROOM_RETRY_MS}\n\n`);
    write(follower.out, "closed", {
      reason:
        "the server holds as much as it may of what the machines on the network have not read yet; this page asks again soon",
    });
    follower.out.end();
    this.count(follower);
    // A reader that does not read never lets the end through: closed within a reply's time.
    setTimeout(() => follower.out.destroy(), this.unread.timeoutMs).unref();
    this.drop(follower.encounter, follower);
  }

  /**
   * Holds back the states for `follower`'s stream, which holds too much unsent
   * (`STREAM_BUFFERED_MOST`, or its machine's room): it is told the encounter's last state once
   * it drains.
   */
  private holdBack(follower: Follower): void {
    if (!follower.behind) {
      follower.behind = true;
      follower.out.once("drain", () => {
        follower.behind = false;
        void this.changed(follower.encounter);
      });
    }
  }

  private on(event: EncounterEvent): void {
    for (const listener of this.listeners) listener(event);
    const set = this.followers.get(event.encounter);
    if (set === undefined) return;
    switch (event.kind) {
      case "changed":
        if (this.due.has(event.encounter)) return;
        this.due.add(event.encounter);
        setImmediate(() => {
          this.due.delete(event.encounter);
          void this.changed(event.encounter);
        });
        return;
      case "deleted":
        return this.end(event.encounter, "deleted", { encounter: event.encounter });
      case "players":
        return void this.playersChanged(event.encounter, set);
    }
  }

  private async changed(id: number): Promise<void> {
    const set = this.followers.get(id);
    if (set === undefined) return;
    try {
      await this.encounters.read(id, (record, encounter) => {
        let gm: EncounterJson | undefined;
        for (const f of set) {
          const id = stateId(record);
          if (f.kind === "gm")
            this.tell(f, record.version, id, () => (gm ??= encounterJson(record, encounter)));
          else this.tell(f, record.version, id, () => this.playerState(f.link, record, encounter));
        }
      });
    } catch (error) {
      if (error instanceof NotFoundError) this.end(id, "deleted", { encounter: id });
      else this.failed(error);
    }
  }

  private async playersChanged(id: number, set: Set<Follower>): Promise<void> {
    let links: PlayerLink[];
    let players: unknown;
    try {
      links = await this.store.list(id);
      if ([...set].some((f) => f.kind === "gm")) players = { players: await this.links.list(id) };
    } catch (error) {
      if (!(error instanceof NotFoundError)) this.failed(error);
      return;
    }
    for (const f of set) {
      if (f.kind === "gm") {
        write(f.out, "players", players);
        this.count(f);
        continue;
      }
      const now = links.find((l) => l.id === f.link.id);
      if (now === undefined) {
        // Moved on with the fight fought again (PlayerLinks.fightAgain): the screen opens its
        // stream anew, which follows the new encounter; its presence here ends now.
        write(f.out, "moved", { player: f.link.id });
        f.out.end();
        this.drop(id, f);
      } else if (now.revokedAt !== null) {
        write(f.out, "revoked", { player: f.link.id });
        f.out.end();
      }
    }
  }

  private end(id: number, type: string, data: unknown): void {
    for (const f of this.followers.get(id) ?? []) {
      write(f.out, type, data);
      f.out.end();
    }
  }

  private beat(): void {
    for (const set of this.followers.values())
      for (const f of set) {
        if (!f.out.writableEnded) f.out.write(": ping\n\n");
        this.count(f);
      }
  }
}
