import Database from "libsql";
import { mkdtempSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import type { PlayerLinkJson } from "./player-links.js";
import type { PlayerStateJson } from "./player-json.js";
import { SCHEMA_VERSION, SqliteStore } from "./sqlite-store.js";
import {
  CLOCK,
  GM_SECRET,
  TOMBRIL,
  createTombril,
  exampleText,
  send,
  testApp,
} from "./test-support/app.js";
import { GM_STREAMS_PER_ENCOUNTER, STREAM_BUFFERED_MOST, STREAMS_PER_LINK } from "./live.js";
import { follow, type Followed } from "./test-support/sse.js";
import { tokenHash } from "./tokens.js";
import { UNREAD_REPLY_BYTES_PER_ADDRESS } from "./unread-replies.js";

let app: App;
afterEach(() => app.close());

/** Makes `out` a stream whose reader stopped reading, `unsent` bytes waiting for a drain. */
function stall(out: ServerResponse, unsent: number): void {
  Object.defineProperty(out, "writableLength", { configurable: true, value: unsent });
  Object.defineProperty(out, "writableNeedDrain", { configurable: true, value: true });
}

/**
 * Tombril's fight and a link for Anna, on a server listening on loopback; `fromNetwork`: one
 * that takes no address for its own machine, as a phone's or a laptop's on the Wi-Fi is not.
 */
async function tombrilWithPlayers(fromNetwork = false) {
  if (fromNetwork) {
    const store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({ store, gmSecret: GM_SECRET, ownMachine: () => false });
    app.addHook("onClose", () => store.close());
  } else app = await testApp(":memory:", GM_SECRET);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const created = await send(app, "POST", "/encounters", { file: exampleText(TOMBRIL) }, GM_SECRET);
  const { id } = created.body;
  const link = async (body: object) =>
    (
      await send<PlayerLinkJson & { token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        body,
        GM_SECRET,
      )
    ).body;
  return { url, id, anna: await link({ name: "Anna", combatants: ["tombril"] }) };
}

describe("pages pushed every change (server-sent events)", () => {
  it("sends the player's state at once and after each change, with the version as the event's id", async () => {
    const { url, id, anna } = await tombrilWithPlayers();
    const { followed } = await follow(`${url}/player/events`, anna.token);
    const first = await followed!.next((e) => e.type === "state");
    expect(first.id).toBe("1");
    expect((first.data as PlayerStateJson).turn).toEqual({
      kind: "roll",
      actor: null,
      yours: false,
      waitingFor: null,
      gave: null,
      asked: "the first round's initiative",
    });
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    const second = await followed!.next((e) => e.type === "state" && e.id === "2");
    const state = second.data as PlayerStateJson;
    expect(state.turn).toEqual({
      kind: "decide",
      actor: "tombril",
      yours: true,
      waitingFor: null,
      gave: null,
    });
    expect(state.pending).toMatchObject({ kind: "decide", actor: "tombril" });
    followed!.close();
  });

  it("sends each change to a phone and a GM's page on the network too, and holds four streams of its link there", async () => {
    const { url, id, anna } = await tombrilWithPlayers(true);
    const gm = (await follow(`${url}/encounters/${id}/events`, GM_SECRET)).followed!;
    await gm.next((e) => e.type === "state");
    const phones = [];
    for (let i = 0; i < STREAMS_PER_LINK + 1; i++) {
      const phone = (await follow(`${url}/player/events`, anna.token)).followed!;
      await phone.next((e) => e.type === "state");
      phones.push(phone);
    }
    expect((await phones[0]!.next((e) => e.type === "replaced")).data).toMatchObject({
      reason: "this player's link holds 4 streams, the most it may; a newer screen opened",
    });
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    expect((await gm.next((e) => e.type === "state" && e.id === "2")).id).toBe("2");
    for (const phone of phones.slice(1))
      expect((await phone.next((e) => e.type === "state" && e.id === "2")).id).toBe("2");
    gm.close();
    for (const phone of phones) phone.close();
  });

  it("catches up a page that reconnects with Last-Event-ID: the state again only if it changed", async () => {
    const { url, id, anna } = await tombrilWithPlayers();
    const same = (await follow(`${url}/player/events`, anna.token, "1")).followed!;
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    const told = await same.next((e) => e.type === "state");
    expect(told.id).toBe("2"); // version 1 was not sent again
    same.close();
    const behind = (await follow(`${url}/player/events`, anna.token, "1")).followed!;
    expect((await behind.next((e) => e.type === "state")).id).toBe("2");
    behind.close();
  });

  it("tells a page that reconnects the change made while its stream was being opened (the GM's page stayed a version behind)", async () => {
    const store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({ store, gmSecret: GM_SECRET });
    app.addHook("onClose", () => store.close());
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const { id } = (
      await send(app, "POST", "/encounters", { file: exampleText(TOMBRIL) }, GM_SECRET)
    ).body;
    const anna = (
      await send<{ token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        { name: "Anna", combatants: ["tombril"] },
        GM_SECRET,
      )
    ).body;
    // A change lands (and its event is told) after the stream read the state, before it follows
    // the encounter: the GM's answer while the GM's page reads its players, its undo while a
    // phone reads the state.
    const meanwhile = async (change: "answer" | "undo") => {
      const body = change === "answer" ? { dice: [5] } : { steps: 1 };
      const changed = await send(app, "POST", `/encounters/${id}/${change}`, body, GM_SECRET);
      expect(changed.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const list = store.playerLinks.list.bind(store.playerLinks);
    const listing = vi
      .spyOn(store.playerLinks, "list")
      .mockImplementationOnce(async (encounter) => {
        const links = await list(encounter);
        await meanwhile("answer");
        return links;
      });
    const gm = (await follow(`${url}/encounters/${id}/events`, GM_SECRET, "1")).followed!;
    expect(listing).toHaveBeenCalled();
    expect((await gm.next((e) => e.type === "state")).id).toBe("2");
    gm.close();
    const get = store.get.bind(store);
    vi.spyOn(store, "get").mockImplementationOnce(async (encounter) => {
      const record = await get(encounter);
      await meanwhile("undo");
      return record;
    });
    const phone = (await follow(`${url}/player/events`, anna.token, "2")).followed!;
    expect((await phone.next((e) => e.type === "state")).id).toBe("3");
    phone.close();
  });

  it("holds back the states of a stream whose reader stopped reading, and sends the last once it drains", async () => {
    const store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({ store, gmSecret: GM_SECRET });
    app.addHook("onClose", () => store.close());
    const streams: ServerResponse[] = [];
    app.addHook("onRequest", async (request, reply) => {
      if (request.url.endsWith("/events")) streams.push(reply.raw);
    });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const { id } = (
      await send(app, "POST", "/encounters", { file: exampleText(TOMBRIL) }, GM_SECRET)
    ).body;
    const gm = (await follow(`${url}/encounters/${id}/events`, GM_SECRET)).followed!;
    await gm.next((e) => e.type === "state");
    // The page stops reading (a laptop asleep): what the system's buffers did not take waits in
    // the stream, as much as the most it may hold.
    const out = streams[0]!;
    Object.defineProperty(out, "writableLength", {
      configurable: true,
      value: STREAM_BUFFERED_MOST,
    });
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    await send(app, "POST", `/encounters/${id}/undo`, { steps: 1 }, GM_SECRET);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gm.events.filter((e) => e.type === "state").map((e) => e.id)).toEqual(["1"]);
    // It reads again: the stream drains, and the last state alone is sent.
    delete (out as { writableLength?: number }).writableLength;
    out.emit("drain");
    expect((await gm.next((e) => e.type === "state" && e.id !== "1")).id).toBe("3");
    expect(gm.events.filter((e) => e.type === "state").map((e) => e.id)).toEqual(["1", "3"]);
    // Reading on, it is sent each change again.
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [4] }, GM_SECRET);
    expect((await gm.next((e) => e.type === "state" && e.id === "4")).id).toBe("4");
    gm.close();
  });

  it("counts a stalled stream's unsent bytes with its machine's unread replies, and holds back its states past them", async () => {
    const { url, id, anna } = await tombrilWithPlayers(true);
    const streams: ServerResponse[] = [];
    app.server.on("request", (request: IncomingMessage, out: ServerResponse) => {
      if (request.url?.endsWith("/events") === true) streams.push(out);
    });
    const tokens = [anna.token];
    for (const name of ["Ben", "Cai"]) {
      const link = await send<{ token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        { name, combatants: ["tombril"] },
        GM_SECRET,
      );
      tokens.push(link.body.token);
    }
    // Nine screens of three links on one machine of the network, each stopped reading with just
    // under the most a stream may hold unsent: 9 MB where the machine's replies may hold 8.
    const phones: Followed[] = [];
    for (const token of tokens)
      for (let i = 0; i < 3; i++) {
        const phone = (await follow(`${url}/player/events`, token)).followed!;
        await phone.next((e) => e.type === "state");
        phones.push(phone);
      }
    expect(streams).toHaveLength(9);
    for (const out of streams) stall(out, STREAM_BUFFERED_MOST - 1);
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const toldSecond = () => phones.filter((p) => p.events.some((e) => e.id === "2")).length;
    // Before, each was sent the change whatever its machine held (a stream's 1 MB apart from the
    // replies' count: ten links' four streams, 40 MB); now past 8 MB its states wait.
    expect(toldSecond()).toBe(8);
    // The same machine's replies meet the streams' bytes in the count: the OpenAPI (435 KB) waits.
    const refused = await app.inject({ url: "/openapi.json" });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      error:
        "this machine has 8 MB of replies it has not taken yet, the most the server holds for one machine",
      where: "server",
    });
    // The GM's own requests (the GM's secret on its routes) are never counted nor refused.
    expect((await send(app, "GET", `/encounters/${id}`, undefined, GM_SECRET)).status).toBe(200);
    // They read again: the streams drain, their bytes are let go, the last held back is sent.
    for (const out of streams) {
      delete (out as { writableLength?: number }).writableLength;
      delete (out as { writableNeedDrain?: boolean }).writableNeedDrain;
      out.emit("drain");
    }
    await phones[8]!.next((e) => e.type === "state" && e.id === "2");
    expect(toldSecond()).toBe(9);
    expect((await app.inject({ url: "/openapi.json" })).statusCode).toBe(200);
    for (const phone of phones) phone.close();
  });

  it("keeps the streams' unsent bytes within their machine's room: a stream with none closes the one that holds the most, whose phone catches up as it opens it again", async () => {
    const { url, id, anna } = await tombrilWithPlayers(true);
    const streams: ServerResponse[] = [];
    app.server.on("request", (request: IncomingMessage, out: ServerResponse) => {
      if (request.url?.endsWith("/events") === true) streams.push(out);
    });
    const tokens: string[] = [];
    for (const name of ["Ben", "Cai"]) {
      const link = await send<{ token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        { name, combatants: ["tombril"] },
        GM_SECRET,
      );
      tokens.push(link.body.token);
    }
    // Anna's phone, then Ben's and Cai's four screens each, on one machine of the network.
    const phones: Followed[] = [];
    for (const token of [anna.token, ...tokens.flatMap((t) => Array<string>(4).fill(t))]) {
      const phone = (await follow(`${url}/player/events`, token)).followed!;
      await phone.next((e) => e.type === "state");
      phones.push(phone);
    }
    expect(streams).toHaveLength(9);
    // Ben's and Cai's screens stop reading, each with just under the most a stream may hold
    // unsent: a change is counted for them, 8 MB less 8 bytes of the machine's 8 MB.
    for (const out of streams.slice(1)) stall(out, STREAM_BUFFERED_MOST - 1);
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    await phones[0]!.next((e) => e.type === "state" && e.id === "2");
    // Anna's stream has nothing unsent, but the system's buffers are full: what it is sent now
    // stays unsent.
    const annas = streams[0]!;
    let unsent = 0;
    const written = annas.write.bind(annas) as (chunk: string) => boolean;
    annas.write = ((chunk: string) => {
      unsent += Buffer.byteLength(chunk);
      return written(chunk);
    }) as typeof annas.write;
    Object.defineProperty(annas, "writableLength", { configurable: true, get: () => unsent });
    await send(app, "POST", `/encounters/${id}/undo`, { steps: 1 }, GM_SECRET);
    await phones[0]!.next((e) => e.type === "state" && e.id === "3");
    // Before, Anna's stream was sent its state past the machine's room (8 MB and its state);
    // now the stream that holds the most unsent (Ben's first, the first of equals) is closed.
    const open = streams.filter((out) => !out.destroyed);
    expect(open.reduce((n, out) => n + out.writableLength, 0)).toBeLessThanOrEqual(
      UNREAD_REPLY_BYTES_PER_ADDRESS,
    );
    expect(streams.map((out) => out.destroyed)).toEqual([false, true, ...Array(7).fill(false)]);
    await phones[1]!.ended;
    // Ben's phone opens its stream again with the last it had, and is sent the state it lacks.
    const again = (await follow(`${url}/player/events`, tokens[0]!, "2")).followed!;
    expect((await again.next((e) => e.type === "state")).id).toBe("3");
    for (const phone of [...phones, again]) phone.close();
  });

  it("closes a phone's stream, telling it to try again, when the replies its machine has not taken hold its room; it is sent its state once they are let go", async () => {
    const { url, id, anna } = await tombrilWithPlayers(true);
    const ben = (
      await send<{ token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        { name: "Ben", combatants: ["tombril"] },
        GM_SECRET,
      )
    ).body.token;
    const sockets: Socket[] = [];
    app.server.on("connection", (socket: Socket) => sockets.push(socket));
    // A program on the phone's machine asks on one connection for the OpenAPI description
    // (480 KB) 17 times, then for it in gzip (20 KB) and for Ben's screen (2 KB) until they are
    // refused, and takes nothing (the system's buffers full: its end of the connection writes nothing):
    // its replies hold the machine's 8 MB but less than a screen.
    const hog = connect({ port: Number(new URL(url).port), host: "127.0.0.1" });
    await new Promise((resolve) => hog.once("connect", resolve));
    const held = sockets.find((s) => s.remotePort === hog.localPort)!;
    held._write = () => {};
    held._writev = () => {};
    const ask = (path: string, encoding = "identity") =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${encoding}\r\nAuthorization: Bearer ${ben}\r\n\r\n`;
    hog.write(
      ask("/openapi.json").repeat(17) +
        ask("/openapi.json", "gzip").repeat(15) +
        ask("/player").repeat(30),
    );
    const full = async () =>
      (
        await app.inject({
          url: "/player",
          remoteAddress: "127.0.0.1",
          headers: { authorization: `Bearer ${ben}` },
        })
      ).statusCode === 503;
    while (!(await full())) await new Promise((resolve) => setTimeout(resolve, 50));
    // Before, a stream with nothing unsent was sent its state past the room.
    const phone = (await follow(`${url}/player/events`, anna.token)).followed!;
    await phone.next((e) => e.type === "closed");
    await phone.ended;
    expect(phone.events.map((e) => e.type)).toEqual(["closed"]);
    expect(phone.events[0]!.data).toEqual({
      reason:
        "the server holds as much as it may of what the machines on the network have not read yet; this page asks again soon",
    });
    // The program goes away, its replies let go: the phone's stream, opened again, is sent its
    // state.
    held.destroy();
    hog.destroy();
    while (await full()) await new Promise((resolve) => setTimeout(resolve, 50));
    const again = (await follow(`${url}/player/events`, anna.token)).followed!;
    expect((await again.next((e) => e.type === "state")).id).toBe("1");
    again.close();
  });

  it("tells the GM's page who is connected, and ends a revoked player's stream", async () => {
    const { url, id, anna } = await tombrilWithPlayers();
    const gm = (await follow(`${url}/encounters/${id}/events`, GM_SECRET)).followed!;
    expect((await gm.next((e) => e.type === "state")).data).toMatchObject({ id, version: 1 });
    const connected = (e: { type: string; data: unknown }) =>
      e.type === "players" &&
      (e.data as { players: PlayerLinkJson[] }).players.some((p) => p.connected);
    const player = (await follow(`${url}/player/events`, anna.token)).followed!;
    await gm.next(connected);
    await send(app, "DELETE", `/encounters/${id}/players/${anna.id}`, undefined, GM_SECRET);
    expect((await player.next((e) => e.type === "revoked")).data).toEqual({ player: anna.id });
    await player.ended;
    const gone = await gm.next(
      (e) =>
        e.type === "players" &&
        (e.data as { players: PlayerLinkJson[] }).players.every(
          (p) => !p.connected && p.revokedAt !== null,
        ),
    );
    expect(gone.data).toMatchObject({ players: [{ name: "Anna", revokedAt: expect.any(String) }] });
    expect((await follow(`${url}/player/events`, anna.token)).status).toBe(403);
    gm.close();
  });

  it("holds at most four streams of one link and eight of the GM's page: a newer one closes the oldest, which is told so", async () => {
    const { url, id, anna } = await tombrilWithPlayers();
    const gm = (await follow(`${url}/encounters/${id}/events`, GM_SECRET)).followed!;
    const phones = [];
    for (let i = 0; i < STREAMS_PER_LINK + 2; i++) {
      const phone = (await follow(`${url}/player/events`, anna.token)).followed!;
      await phone.next((e) => e.type === "state");
      phones.push(phone);
    }
    // The two oldest were closed, told why and to wait; the newest four follow the fight.
    for (const old of phones.slice(0, 2)) {
      expect((await old.next((e) => e.type === "replaced")).data).toEqual({
        reason: "this player's link holds 4 streams, the most it may; a newer screen opened",
      });
      await old.ended;
    }
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    for (const phone of phones.slice(2)) {
      expect((await phone.next((e) => e.type === "state" && e.id === "2")).id).toBe("2");
    }
    expect(phones[0]!.events.some((e) => e.id === "2")).toBe(false);
    // The GM still sees Anna connected: her link has screens open.
    const players = await send<{ players: PlayerLinkJson[] }>(
      app,
      "GET",
      `/encounters/${id}/players`,
      undefined,
      GM_SECRET,
    );
    expect(players.body.players).toMatchObject([{ name: "Anna", connected: true }]);
    for (const phone of phones.slice(2)) phone.close();
    // The GM's page: eight streams, the ninth closes the first.
    const tabs = [gm];
    for (let i = 0; i < GM_STREAMS_PER_ENCOUNTER; i++) {
      tabs.push((await follow(`${url}/encounters/${id}/events`, GM_SECRET)).followed!);
    }
    expect((await gm.next((e) => e.type === "replaced")).data).toMatchObject({
      reason: expect.stringContaining("the GM's pages of this encounter hold 8 streams"),
    });
    await gm.ended;
    for (const tab of tabs.slice(1)) {
      expect(tab.events.some((e) => e.type === "replaced")).toBe(false);
      tab.close();
    }
  });

  it("moves the links on with the fight fought again: their streams are told and end, and open the new encounter", async () => {
    const { url, id, anna } = await tombrilWithPlayers();
    const other = (
      await send(app, "POST", "/encounters", { file: exampleText(TOMBRIL) }, GM_SECRET)
    ).body.id;
    const gm = (await follow(`${url}/encounters/${id}/events`, GM_SECRET)).followed!;
    const player = (await follow(`${url}/player/events`, anna.token)).followed!;
    await player.next((e) => e.type === "state");
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    await player.next((e) => e.type === "state" && e.id === "2");
    const again = await send<EncounterJson>(
      app,
      "POST",
      `/encounters/${id}/again`,
      { seed: 77 },
      GM_SECRET,
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ seed: 77, branchOf: { id, at: 0 }, answers: 0 });
    expect((await player.next((e) => e.type === "moved")).data).toEqual({ player: anna.id });
    await player.ended;
    // The GM's page of the fight fought lists no link; the new one's lists Anna.
    await gm.next(
      (e) => e.type === "players" && (e.data as { players: unknown[] }).players.length === 0,
    );
    const links = await send<{ players: PlayerLinkJson[]; movedTo: number | null }>(
      app,
      "GET",
      `/encounters/${again.body.id}/players`,
      undefined,
      GM_SECRET,
    );
    expect(links.body.players.map((p) => p.name)).toEqual(["Anna"]);
    // The fight fought says where its links went, which its GM's page then says ("moved on to
    // #N"); it said nothing, its list empty as a fight never linked. The new one's went nowhere.
    const fought = await send<{ players: unknown[]; movedTo: number | null }>(
      app,
      "GET",
      `/encounters/${id}/players`,
      undefined,
      GM_SECRET,
    );
    expect(fought.body).toEqual({ players: [], movedTo: again.body.id });
    expect(links.body).toMatchObject({ movedTo: null });
    // The same token opens the new encounter, at its start.
    const now = await send<PlayerStateJson>(app, "GET", "/player", undefined, anna.token);
    expect(now.body).toMatchObject({ id: again.body.id, tableAnswers: 0 });
    const back = (await follow(`${url}/player/events`, anna.token)).followed!;
    expect((await back.next((e) => e.type === "state")).data).toMatchObject({ id: again.body.id });
    back.close();
    // Never another encounter's: nothing moves into the one not fought again.
    expect(
      (
        await send<{ players: unknown[] }>(
          app,
          "GET",
          `/encounters/${other}/players`,
          undefined,
          GM_SECRET,
        )
      ).body.players,
    ).toEqual([]);
    // A player's link does not fight it again.
    expect(
      (await send(app, "POST", `/encounters/${again.body.id}/again`, {}, anna.token)).status,
    ).toBe(403);
    gm.close();
  });

  it("ends every stream of a deleted encounter", async () => {
    const { url, id, anna } = await tombrilWithPlayers();
    const player = (await follow(`${url}/player/events`, anna.token)).followed!;
    await player.next((e) => e.type === "state");
    await send(app, "DELETE", `/encounters/${id}`, undefined, GM_SECRET);
    expect((await player.next((e) => e.type === "deleted")).data).toEqual({ encounter: id });
    await player.ended;
    expect((await send(app, "GET", "/player", undefined, anna.token)).status).toBe(401);
  });
});

describe("players' links", () => {
  it("keeps only the token's SHA-256, and a database of schema 1 gets the links' table", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "fray-links-")), "fray.sqlite");
    const old = new Database(path);
    old.exec(`CREATE TABLE encounters (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
      ruleset TEXT NOT NULL, file TEXT NOT NULL, seed INTEGER NOT NULL, answers TEXT NOT NULL,
      redo TEXT NOT NULL, round INTEGER NOT NULL, outcome TEXT, branch_of INTEGER, branch_at INTEGER,
      version INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    old.pragma("user_version = 1");
    old.close();
    app = await testApp(path);
    const { id } = await createTombril(app);
    const made = await send<PlayerLinkJson & { token: string; path: string }>(
      app,
      "POST",
      `/encounters/${id}/players`,
      { name: "Anna", side: "party" },
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "Anna",
      side: "party",
      combatants: null,
      plays: ["tombril"],
    });
    expect(made.body.token).toMatch(/^fp_[A-Za-z0-9_-]{32}$/);
    expect(made.body.path).toBe(`/#/play/${made.body.token}`);
    await app.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare("PRAGMA user_version").get()).toMatchObject({
      user_version: SCHEMA_VERSION,
    });
    const rows = db.prepare("SELECT * FROM player_links").all() as Record<string, unknown>[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!["token_hash"]).toBe(tokenHash(made.body.token));
    expect(JSON.stringify(rows)).not.toContain(made.body.token);
    const store = new SqliteStore(path);
    expect(await store.playerLinks.byTokenHash(tokenHash(made.body.token))).toMatchObject({
      name: "Anna",
    });
    await store.close();
    app = await testApp();
  });

  it("refuses a link for no one, for combatants of two sides, or for a combatant not there", async () => {
    app = await testApp();
    const { id } = (await createTombril(app)) as EncounterJson;
    const refusal = async (body: object) =>
      (await send<{ error: string; where: string }>(app, "POST", `/encounters/${id}/players`, body))
        .body;
    expect(await refusal({ name: "Anna" })).toMatchObject({
      error: "body: name the combatants the link plays, or its side",
    });
    expect(await refusal({ name: "Anna", combatants: ["tombril", "giant"] })).toMatchObject({
      error: "body.combatants: a link plays one side's combatants; giant is not on side party",
    });
    expect(await refusal({ name: "Anna", combatants: ["bob"] })).toMatchObject({
      error: 'body.combatants[0]: no combatant "bob" in this encounter',
      where: "body.combatants[0]",
    });
    expect(await refusal({ name: "", side: "party" })).toMatchObject({
      where: expect.stringContaining("name"),
    });
  });
});
