// How often a player's link, another machine and the network's machines together may ask
// (rate-limits.ts): past the limit a 429 with Retry-After at once, saying whose requests and how to
// go on; others are not held back, and the window's end lets the link in again. The server's own
// machine is loopback unless the app names one address (the benchmarks' many machines).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "./app.js";
import { RATE_LIMITS } from "./rate-limits.js";
import { SqliteStore } from "./sqlite-store.js";
import { PLAYER_PREFIX } from "./tokens.js";
import { CLOCK, exampleText, send } from "./test-support/app.js";

let app: App | undefined;
let store: SqliteStore;

afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
  app = undefined;
});

/**
 * An app with `rateLimits`, its refusals answered at once (`refusedAgainMs` 0: a machine's next
 * refusals waited a second each, the tests below asking one machine again and again); the tests
 * of that wait build their own.
 */
async function started(rateLimits = RATE_LIMITS, gmSecret: string | null = null): Promise<App> {
  store = new SqliteStore(":memory:", CLOCK);
  app = await buildApp({ store, rateLimits: { ...rateLimits, refusedAgainMs: 0 }, gmSecret });
  app.addHook("onClose", () => store.close());
  return app;
}

/** The tnt duel with a link for Anna (north) and one for Bea (south). */
async function duelWithLinks(app: App): Promise<{ anna: string; bea: string }> {
  const { id } = await send<{ id: number }>(app, "POST", "/encounters", {
    file: exampleText("tnt/duel.yaml"),
  }).then((r) => r.body);
  const link = async (name: string, side: string) =>
    (await send<{ token: string }>(app, "POST", `/encounters/${id}/players`, { name, side })).body
      .token;
  return { anna: await link("Anna", "north"), bea: await link("Bea", "south") };
}

/** A player's token no link has. */
const UNKNOWN = (c: string) => `${PLAYER_PREFIX}${c.repeat(43)}`;

const read = (app: App, token: string, remoteAddress = "127.0.0.1") =>
  app.inject({
    method: "GET",
    url: "/player",
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
  });

describe("a player's link", () => {
  it("asks at most 120 times in 10 s: the next is a 429 with Retry-After naming the player, other links and the GM go on, and the window's end lets it in again", async () => {
    expect(RATE_LIMITS.link).toEqual({ max: 120, windowMs: 10_000 });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const app = await started();
    const { anna, bea } = await duelWithLinks(app);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await read(app, anna)).statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    vi.advanceTimersByTime(3_000);
    const refused = await read(app, anna);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("7");
    expect(refused.json()).toEqual({
      error: "too many requests from Anna's link: at most 120 in 10 s",
      where: "the player's link",
      hint: "wait 7 s and try again; a screen that asks this often is stuck in a loop: reload it",
    });
    // Its answers too: the limit is the link's, whatever it asks.
    const answer = await app.inject({
      method: "POST",
      url: "/player/roll",
      payload: {},
      headers: { authorization: `Bearer ${anna}` },
    });
    expect(answer.statusCode).toBe(429);
    // Bea's link and the GM are not held back.
    expect((await read(app, bea)).statusCode).toBe(200);
    expect((await send(app, "GET", "/encounters")).status).toBe(200);
    // After the window, Anna's screen is answered again.
    vi.advanceTimersByTime(7_000);
    expect((await read(app, anna)).statusCode).toBe(200);
  });
});

describe("a machine other than the server's own", () => {
  it("asks at most its limit in the window, whatever it asks, and unknown links are refused without being looked up; the GM's machine and others go on", async () => {
    expect(RATE_LIMITS.machine).toEqual({ max: 600, windowMs: 10_000 });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const app = await started({ ...RATE_LIMITS, machine: { max: 5, windowMs: 10_000 } });
    const { anna } = await duelWithLinks(app);
    const lookups = vi.spyOn(store.playerLinks, "byTokenHash");
    const from = "192.168.1.30";
    // Five of anything: a link known, one not, the console's page.
    expect((await read(app, anna, from)).statusCode).toBe(200);
    expect((await read(app, UNKNOWN("x"), from)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const page = await app.inject({ method: "GET", url: "/openapi.json", remoteAddress: from });
      expect(page.statusCode).toBe(200);
    }
    lookups.mockClear();
    const refused = await read(app, UNKNOWN("y"), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("10");
    expect(refused.json()).toEqual({
      error: "too many requests from this machine (192.168.1.30): at most 5 in 10 s",
      where: "the machine's requests",
      hint: "wait 10 s and try again; a page that asks this often is stuck in a loop: reload it",
    });
    expect(lookups).not.toHaveBeenCalled();
    // The same link from another machine, and the GM's own machine, go on.
    expect((await read(app, anna, "192.168.1.31")).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await send(app, "GET", "/encounters")).status).toBe(200);
  });
});

describe("the machines on the network together", () => {
  it("ask at most their limit in the window, each within its own; the GM's machine goes on, and the window's end lets them in again", async () => {
    expect(RATE_LIMITS.network).toEqual({ max: 120, windowMs: 1_000 });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const app = await started({
      ...RATE_LIMITS,
      machine: { max: 3, windowMs: 10_000 },
      network: { max: 5, windowMs: 10_000 },
    });
    const page = (remoteAddress: string) =>
      app.inject({ method: "GET", url: "/openapi.json", remoteAddress });
    // Five machines, one request each: within every limit.
    for (let m = 1; m <= 5; m++) expect((await page(`192.168.1.${m}`)).statusCode).toBe(200);
    vi.advanceTimersByTime(4_000);
    // A sixth, within its own limit, is refused as the network's.
    const refused = await page("192.168.1.6");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("6");
    expect(refused.json()).toEqual({
      error: "too many requests from the machines on the network together: at most 5 in 10 s",
      where: "the network's requests",
      hint: "wait 6 s and try again; a page or a program on one of them that asks this often is stuck in a loop: reload it",
    });
    // The GM's own machine is neither counted nor refused.
    for (let i = 0; i < 10; i++) expect((await send(app, "GET", "/encounters")).status).toBe(200);
    vi.advanceTimersByTime(6_000);
    expect((await page("192.168.1.6")).statusCode).toBe(200);
  });
});

describe("the players at the table and the GM, while other machines flood the network", () => {
  it("are answered past the network's limit once their credential is known: a link that opened its screen before, the GM's secret; a made-up link, a revoked one and the public pages are refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const secret = "the-gm-secret-of-the-flood";
    const app = await started({ ...RATE_LIMITS, network: { max: 4, windowMs: 10_000 } }, secret);
    const gm = { authorization: `Bearer ${secret}` };
    const { id } = await send<{ id: number }>(
      app,
      "POST",
      "/encounters",
      { file: exampleText("tnt/duel.yaml") },
      secret,
    ).then((r) => r.body);
    const link = async (name: string, side: string) =>
      (
        await send<{ token: string; id: number }>(
          app,
          "POST",
          `/encounters/${id}/players`,
          { name, side },
          secret,
        )
      ).body;
    const anna = await link("Anna", "north");
    const carl = await link("Carl", "north");
    // Anna's and Carl's phones open their screens before the flood: two of the network's four.
    expect((await read(app, anna.token, "192.168.1.10")).statusCode).toBe(200);
    expect((await read(app, carl.token, "192.168.1.12")).statusCode).toBe(200);
    // The flood takes the rest of the window.
    const page = (remoteAddress: string) =>
      app.inject({ method: "GET", url: "/openapi.json", remoteAddress });
    expect((await page("192.168.1.66")).statusCode).toBe(200);
    expect((await page("192.168.1.67")).statusCode).toBe(200);
    expect((await page("192.168.1.68")).statusCode).toBe(429);
    // Anna reads and rolls; the GM's laptop reads the encounter with the secret.
    for (let i = 0; i < 10; i++) {
      expect((await read(app, anna.token, "192.168.1.10")).statusCode).toBe(200);
      const fromLaptop = await app.inject({
        method: "GET",
        url: `/encounters/${id}`,
        remoteAddress: "192.168.1.20",
        headers: gm,
      });
      expect(fromLaptop.statusCode).toBe(200);
    }
    const roll = await app.inject({
      method: "POST",
      url: "/player/roll",
      remoteAddress: "192.168.1.10",
      payload: {},
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(roll.statusCode).not.toBe(429);
    // A made-up token is counted with the flood (looked up, not found); so is a wrong secret,
    // and the public pages whatever credential they show.
    const refused = await read(app, UNKNOWN("z"), "192.168.1.13");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ where: "the network's requests" });
    const wrongSecret = await app.inject({
      method: "GET",
      url: `/encounters/${id}`,
      remoteAddress: "192.168.1.20",
      headers: { authorization: "Bearer not-the-secret" },
    });
    expect(wrongSecret.statusCode).toBe(429);
    const openapi = await app.inject({
      method: "GET",
      url: "/openapi.json",
      remoteAddress: "192.168.1.10",
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(openapi.statusCode).toBe(429);
    // A player's token on the GM's routes is not the GM's.
    const asGm = await app.inject({
      method: "GET",
      url: `/encounters/${id}`,
      remoteAddress: "192.168.1.10",
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(asGm.statusCode).toBe(429);
    // Carl's link revoked: refused once by its store (403), then counted with the flood.
    await send(app, "DELETE", `/encounters/${id}/players/${carl.id}`, undefined, secret);
    expect((await read(app, carl.token, "192.168.1.12")).statusCode).toBe(403);
    expect((await read(app, carl.token, "192.168.1.12")).statusCode).toBe(429);
    // Anna's link keeps its own limit.
    vi.advanceTimersByTime(10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await read(app, anna.token, "192.168.1.10")).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe("a phone opening its link for the first time while other machines flood the network", () => {
  it("is looked up and let in, then known; a machine's tokens looked up past the network's limit are at most its 10 in 10 s, made-up and revoked ones refused with the flood", async () => {
    expect(RATE_LIMITS.firstOpening).toEqual({ max: 10, windowMs: 10_000 });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const app = await started({
      ...RATE_LIMITS,
      network: { max: 2, windowMs: 10_000 },
      firstOpening: { max: 3, windowMs: 10_000 },
    });
    const { anna, bea } = await duelWithLinks(app);
    const page = (remoteAddress: string) =>
      app.inject({ method: "GET", url: "/openapi.json", remoteAddress });
    for (const m of [66, 67]) expect((await page(`192.168.1.${m}`)).statusCode).toBe(200);
    expect((await page("192.168.1.68")).statusCode).toBe(429);
    const lookups = vi.spyOn(store.playerLinks, "byTokenHash");
    // Anna's phone, never seen, opens its screen: looked up once here, once by its route.
    const first = await read(app, anna, "192.168.1.10");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ player: { name: "Anna" } });
    expect(lookups).toHaveBeenCalledTimes(2);
    // Known now: past the network's limit without a lookup of its own, by its machine's 10 too.
    lookups.mockClear();
    for (let i = 0; i < 12; i++)
      expect((await read(app, anna, "192.168.1.10")).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(12);
    // Made-up tokens from one machine: three looked up and refused with the flood, then refused
    // without a lookup; Bea's link from that machine too, until the window ends.
    lookups.mockClear();
    for (const c of ["p", "q", "r", "s", "t"]) {
      const refused = await read(app, UNKNOWN(c), "192.168.1.13");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ where: "the network's requests" });
    }
    expect(lookups).toHaveBeenCalledTimes(3);
    expect((await read(app, bea, "192.168.1.13")).statusCode).toBe(429);
    // Bea from her own machine is let in.
    expect((await read(app, bea, "192.168.1.11")).statusCode).toBe(200);
    // A player's token on the GM's routes or the public ones is not looked up.
    lookups.mockClear();
    const asGm = await app.inject({
      method: "GET",
      url: "/encounters",
      remoteAddress: "192.168.1.14",
      headers: { authorization: `Bearer ${bea}` },
    });
    expect(asGm.statusCode).toBe(429);
    expect(lookups).not.toHaveBeenCalled();
  });
});

describe("a phone loading its player's link's page while other machines flood the network", () => {
  it("gets the console's files past the network's limit, at most its machine's 20 in 10 s: the flood asking for them is refused there, its other requests with the network's", async () => {
    expect(RATE_LIMITS.consoleFiles).toEqual({ max: 20, windowMs: 10_000 });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const root = mkdtempSync(join(tmpdir(), "fray-web-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), '<script src="./assets/index-1.js"></script>');
    writeFileSync(join(root, "assets", "index-1.js"), "console.log(1)");
    writeFileSync(join(root, "assets", "index-1.css"), "body { margin: 0 }");
    store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({
      store,
      consoleDir: root,
      rateLimits: {
        ...RATE_LIMITS,
        network: { max: 2, windowMs: 10_000 },
        consoleFiles: { max: 4, windowMs: 10_000 },
        refusedAgainMs: 0,
      },
    });
    app.addHook("onClose", () => store.close());
    const { anna } = await duelWithLinks(app);
    const get = (url: string, remoteAddress: string) =>
      app!.inject({ method: "GET", url, remoteAddress });
    for (const m of [66, 67])
      expect((await get("/openapi.json", `192.168.1.${m}`)).statusCode).toBe(200);
    expect((await get("/openapi.json", "192.168.1.68")).statusCode).toBe(429);
    // Anna's phone opens her link (/#/play/<token>): the page, its script and style, then her
    // screen (a first opening).
    const phone = "192.168.1.10";
    const page = await get("/", phone);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("index-1.js");
    expect((await get("/assets/index-1.js", phone)).body).toBe("console.log(1)");
    expect((await get("/assets/index-1.css", phone)).statusCode).toBe(200);
    expect((await read(app, anna, phone)).statusCode).toBe(200);
    // A flooding machine asking for them: its four, then the network's refusal; its other
    // requests refused as before; a name not in the build counted and not found.
    const flood = "192.168.1.66";
    expect((await get("/assets/index-1.js", flood)).statusCode).toBe(200);
    expect((await get("/assets/nothing.js", flood)).statusCode).toBe(404);
    expect((await get("/index.html", flood)).statusCode).toBe(200);
    expect((await get("/", flood)).statusCode).toBe(200);
    const refused = await get("/", flood);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ where: "the network's requests" });
    expect((await get("/openapi.json", flood)).statusCode).toBe(429);
    // The window's end gives each machine its own again.
    vi.advanceTimersByTime(10_000);
    for (const m of [66, 67])
      expect((await get("/openapi.json", `192.168.1.${m}`)).statusCode).toBe(200);
    expect((await get("/", flood)).statusCode).toBe(200);
  });
});

describe("a player's link known here, used from many machines at once", () => {
  it("is counted before it is looked up: at most its 120 in 10 s in all, the rest refused without a lookup", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T22:00:00Z") });
    const app = await started();
    const { anna } = await duelWithLinks(app);
    expect((await read(app, anna, "192.168.1.10")).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++)
      statuses.push((await read(app, anna, `192.168.2.${i % 30}`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(119);
    expect(statuses.at(-1)).toBe(429);
    const lookups = vi.spyOn(store.playerLinks, "byTokenHash");
    for (let i = 0; i < 10; i++) {
      const refused = await read(app, anna, `192.168.3.${i}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: "too many requests from Anna's link: at most 120 in 10 s",
        where: "the player's link",
      });
    }
    expect(lookups).not.toHaveBeenCalled();
  });
});

describe("the server's own machine", () => {
  it("is loopback unless the app names it: then 127.0.0.2 counts as a machine on the network", async () => {
    store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({
      store,
      rateLimits: { ...RATE_LIMITS, machine: { max: 2, windowMs: 10_000 } },
      ownMachine: (address) => address === "127.0.0.1",
    });
    const page = (remoteAddress: string) =>
      app!.inject({ method: "GET", url: "/openapi.json", remoteAddress });
    for (let i = 0; i < 2; i++) expect((await page("127.0.0.2")).statusCode).toBe(200);
    expect((await page("127.0.0.2")).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) expect((await page("127.0.0.1")).statusCode).toBe(200);
  });
});

describe("a connection from the network that asks again the moment it is refused", () => {
  it("waits for its next refusals, the server answering others meanwhile; its first refusal is at once", async () => {
    // A flood of 300 connections asking again at once got 1,487 refusals a second, each a turn
    // of the server's one thread that the GM's page waited behind (bench/many-machines.js).
    expect(RATE_LIMITS.refusedAgainMs).toBe(1_000);
    store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({
      store,
      rateLimits: {
        ...RATE_LIMITS,
        machine: { max: 1, windowMs: 60_000 },
        refusedAgainMs: 3_000,
      },
      ownMachine: (address) => address === "127.0.0.1",
    });
    app.addHook("onClose", () => store.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const get = (agent: Agent, localAddress: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path: "/rulesets", agent, localAddress }, (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on("error", reject)
          .end();
      });
    // One connection from another machine, kept open between its requests.
    const flood = new Agent({ keepAlive: true, maxSockets: 1 });
    const gm = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(flood, "127.0.0.2")).status).toBe(200);
      const first = await get(flood, "127.0.0.2");
      expect(first.status).toBe(429);
      // The next refusal on that connection waits; the GM's request sent after it is answered
      // first, the server's thread free meanwhile.
      let refusedAgain: { status: number; body: string } | undefined;
      const again = get(flood, "127.0.0.2").then((reply) => (refusedAgain = reply));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await get(gm, "127.0.0.1")).status).toBe(200);
      expect(refusedAgain).toBeUndefined();
      await again;
      expect(refusedAgain!.status).toBe(429);
      expect(JSON.parse(refusedAgain!.body)).toEqual(JSON.parse(first.body));
    } finally {
      flood.destroy();
      gm.destroy();
    }
  });
});

describe("a machine on the network that opens a new connection for each request", () => {
  it("has its refusals answered one a second whatever its connections; another machine's first refusal and the GM's secret are at once", async () => {
    // Held by the connection, a flood opening one for each request was never held, and each of a
    // machine's connections was refused once a second (bench/many-machines.js).
    const secret = "the-gm-secret-of-the-churn";
    store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({
      store,
      gmSecret: secret,
      rateLimits: {
        ...RATE_LIMITS,
        machine: { max: 1, windowMs: 60_000 },
        refusedAgainMs: 2_000,
      },
      ownMachine: (address) => address === "127.0.0.1",
    });
    app.addHook("onClose", () => store.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    /** A GET of `path` from `localAddress` on a connection of its own, closed after it. */
    const get = (localAddress: string, path = "/openapi.json", headers = {}) =>
      new Promise<number>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path, agent: false, localAddress, headers }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
          .on("error", reject)
          .end();
      });
    expect(await get("127.0.0.2")).toBe(200);
    // Its first refusal is at once.
    expect(await get("127.0.0.2")).toBe(429);
    // Its next two, each on a new connection, wait: one 2 s, the other 2 s more. Meanwhile the
    // GM's own machine, another machine's first refusal and the GM's secret from the refused
    // machine (past its limit: refused, at once) are answered.
    let refusedAgain: number | undefined;
    let refusedLast: number | undefined;
    const again = get("127.0.0.2").then((status) => (refusedAgain = status));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const last = get("127.0.0.2").then((status) => (refusedLast = status));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await get("127.0.0.1")).toBe(200);
    expect(await get("127.0.0.3")).toBe(200);
    expect(await get("127.0.0.3")).toBe(429);
    expect(await get("127.0.0.2", "/encounters", { authorization: `Bearer ${secret}` })).toBe(429);
    expect(refusedAgain).toBeUndefined();
    expect(await again).toBe(429);
    expect(refusedLast).toBeUndefined();
    expect(await last).toBe(429);
  });
});
