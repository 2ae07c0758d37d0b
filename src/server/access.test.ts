import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import {
  GM_SECRET,
  TOMBRIL,
  createTombril,
  exampleText,
  send,
  testApp,
  type Reply,
} from "./test-support/app.js";

let app: App;
afterEach(() => app.close());

interface Doc {
  paths: Record<string, Record<string, unknown>>;
}

/** Every route of the OpenAPI description, with encounter `id`, link `player` and roster entry `roster`. */
async function everyRoute(id: number, player: number, roster = 1, job = 1) {
  const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json() as Doc;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({
      method: method.toUpperCase() as "GET" | "POST" | "DELETE",
      url: path
        .replace(
          "{id}",
          path.startsWith("/rulesets")
            ? "cartyrion"
            : path.startsWith("/rosters")
              ? String(roster)
              : String(id),
        )
        .replace("{player}", String(player))
        .replace("{job}", String(job))
        .replace("{file}", "duel-sellsword-and-bandit.yaml"),
      player: path.startsWith("/player"),
    })),
  );
}

async function newLink(id: number, body: object, gm?: string) {
  const made = await send<{ id: number; token: string }>(
    app,
    "POST",
    `/encounters/${id}/players`,
    body,
    gm,
  );
  expect(made.status).toBe(201);
  return made.body;
}

describe("who may ask, on a server other machines reach (a GM secret)", () => {
  beforeEach(async () => {
    app = await testApp(":memory:", GM_SECRET);
  });

  it("refuses every player's and GM's route without a credential (401) or with a revoked link (403)", async () => {
    const encounter = await createTombrilAs(GM_SECRET);
    const link = await newLink(encounter.id, { name: "Anna", combatants: ["tombril"] }, GM_SECRET);
    const revoked = await send(
      app,
      "DELETE",
      `/encounters/${encounter.id}/players/${link.id}`,
      undefined,
      GM_SECRET,
    );
    expect(revoked.status).toBe(200);
    const routes = await everyRoute(encounter.id, link.id);
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const none = await app.inject({
        method: route.method,
        url: route.url,
        payload: {},
        headers: { "fray-request": "1" },
      });
      expect(none.statusCode, `${route.method} ${route.url} without a credential`).toBe(401);
      expect(none.headers["www-authenticate"]).toBe('Bearer realm="fray"');
      expect(none.json()).toMatchObject({ where: "Authorization" });
      const bad = await send(app, route.method, route.url, {}, "fp_not-a-token-of-this-server");
      expect(bad.status, `${route.method} ${route.url} with an unknown link`).toBe(
        route.player ? 401 : 403,
      );
      const old = await send(app, route.method, route.url, {}, link.token);
      expect(old.status, `${route.method} ${route.url} with a revoked link`).toBe(403);
      if (route.player) {
        expect((old.body as unknown as { error: string }).error).toBe(
          "this player's link (Anna) was revoked by the GM",
        );
      }
      const wrong = await send(app, route.method, route.url, {}, "not-the-gm-secret-at-all");
      expect(wrong.status, `${route.method} ${route.url} with a wrong secret`).toBe(
        route.player ? 403 : 401,
      );
    }
  });

  it("lets the GM in with the secret, and a live link only into the player's routes", async () => {
    const gm = (await createTombrilAs(GM_SECRET)).id;
    const link = await newLink(gm, { name: "Anna", side: "party" }, GM_SECRET);
    const orc = { id: "orc", combatDice: 3, hitPoints: 20, weapon: "club" };
    const entry = await send<{ id: number }>(
      app,
      "POST",
      "/rosters",
      { ruleset: "tnt", roster: "bestiary", combatant: orc },
      GM_SECRET,
    );
    expect(entry.status).toBe(201);
    // A whole-fight odds job to read (stopped at once by its budget of one state).
    const job = await send<{ id: number }>(
      app,
      "POST",
      `/encounters/${gm}/fight-odds/jobs`,
      { maxStates: 1 },
      GM_SECRET,
    );
    expect(job.status).toBe(202);
    for (const route of await everyRoute(gm, link.id, entry.body.id, job.body.id)) {
      if (route.method !== "GET" || route.url.endsWith("/events")) continue;
      const get = (credential: string) =>
        app.inject({
          url: route.url,
          headers: { authorization: `Bearer ${credential}`, "fray-request": "1" },
        });
      const asPlayer = await get(link.token);
      expect(asPlayer.statusCode, `GET ${route.url} as a player`).toBe(route.player ? 200 : 403);
      if (!route.player) {
        expect(asPlayer.json()).toMatchObject({
          error:
            "a player's link opens only the player's screen (GET /player), not the GM's routes",
        });
      }
      if (route.url.includes("/advice")) continue; // the advisor's work is tested elsewhere
      const asGm = await get(GM_SECRET);
      expect(asGm.statusCode, `GET ${route.url} as the GM`).toBe(route.player ? 403 : 200);
    }
    // The console's files and the API's description stay open: they hold nothing of a fight.
    expect((await app.inject({ method: "GET", url: "/openapi.json" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/no-such-route" })).statusCode).toBe(404);
  });
});

async function createTombrilAs(credential: string) {
  const made: Reply<{ id: number }> = await send(
    app,
    "POST",
    "/encounters",
    { file: exampleText(TOMBRIL) },
    credential,
  );
  expect(made.status).toBe(201);
  return made.body;
}

describe("who may ask, on loopback with no secret (the quick start)", () => {
  beforeEach(async () => {
    app = await testApp();
  });

  it("trusts the local GM, yet a player's link still opens only the player's routes", async () => {
    const { id } = await createTombril(app);
    const link = await newLink(id, { name: "Anna", combatants: ["tombril"] });
    expect((await send(app, "GET", `/encounters/${id}`)).status).toBe(200);
    expect((await send(app, "GET", `/encounters/${id}`, undefined, link.token)).status).toBe(403);
    expect((await send(app, "GET", "/player", undefined, link.token)).status).toBe(200);
    expect((await send(app, "GET", "/player")).status).toBe(401);
  });
});
