import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "./app.js";
import { SqliteStore } from "./sqlite-store.js";
import { CLOCK, createTombril, send, testApp } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const get = (id: number, etag?: string) =>
  app.inject({
    method: "GET",
    url: `/encounters/${id}`,
    headers: etag === undefined ? {} : { "if-none-match": etag },
  });

describe("GET /encounters/:id for a page that polls", () => {
  it("answers 304 with no body while the encounter is unchanged, and 200 once it changes", async () => {
    const { id } = await createTombril(app);
    const first = await get(id);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+\.1\.\d+"$/);

    const same = await get(id, etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    expect(same.headers.etag).toBe(etag);

    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] });
    const changed = await get(id, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, answers: 1 });
    expect(changed.headers.etag).not.toBe(etag);
    expect((await get(id, changed.headers.etag as string)).statusCode).toBe(304);
  });

  it("gives another encounter (or one made after a delete) another tag", async () => {
    const a = await createTombril(app);
    const b = await createTombril(app);
    const tagA = (await get(a.id)).headers.etag as string;
    expect((await get(b.id, tagA)).statusCode).toBe(200);
    expect((await get(999, tagA)).statusCode).toBe(404);
  });
});

describe("a 304", () => {
  it("reads the encounter's listing from the store, never its record (its answers): the GM's and a player's", async () => {
    const store = new SqliteStore(":memory:", CLOCK);
    const gm = await buildApp({ store });
    try {
      const { id } = await createTombril(gm);
      const { token } = (
        await send<{ token: string }>(gm, "POST", `/encounters/${id}/players`, {
          name: "Anna",
          side: "party",
        })
      ).body;
      const player = (etag?: string) =>
        gm.inject({
          method: "GET",
          url: "/player",
          headers: {
            authorization: `Bearer ${token}`,
            ...(etag === undefined ? {} : { "if-none-match": etag }),
          },
        });
      const read = (etag?: string) =>
        gm.inject({
          method: "GET",
          url: `/encounters/${id}`,
          headers: etag === undefined ? {} : { "if-none-match": etag },
        });
      const gmTag = (await read()).headers.etag as string;
      const playerTag = (await player()).headers.etag as string;
      const records = vi.spyOn(store, "get");
      const listings = vi.spyOn(store, "listing");
      const same = await read(gmTag);
      expect(same.statusCode).toBe(304);
      expect(same.headers.etag).toBe(gmTag);
      const samePlayer = await player(playerTag);
      expect(samePlayer.statusCode).toBe(304);
      expect(samePlayer.headers.etag).toBe(playerTag);
      expect(records).not.toHaveBeenCalled();
      expect(listings).toHaveBeenCalledTimes(2);
      // A changed encounter is read whole, its new tag with it.
      await send(gm, "POST", `/encounters/${id}/answer`, { dice: [5] });
      const changed = await player(playerTag);
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(playerTag);
      expect(records).toHaveBeenCalled();
    } finally {
      await gm.close();
      await store.close();
    }
  });
});
