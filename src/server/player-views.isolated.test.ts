// A player's screen made once per version of its encounter (live.ts's `playerView`): its link's
// reads, its streams and its moves share it, where each made it again (a fight of 200 combatants
// took seconds of the server's one thread a read, and a link may read 120 times in 10 s).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { App } from "./app.js";
import { playerJson } from "./player-json.js";
import { GM_SECRET, TOMBRIL, exampleText, send, testApp } from "./test-support/app.js";
import { follow } from "./test-support/sse.js";

vi.mock("./player-json.js", async (actual) => {
  const real = await actual<typeof import("./player-json.js")>();
  return { ...real, playerJson: vi.fn(real.playerJson) };
});

let app: App;
afterEach(() => app.close());

describe("a player's screen", () => {
  it("is made once per version of its encounter, whatever its link reads, follows or plays", async () => {
    app = await testApp(":memory:", GM_SECRET);
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const { id } = (
      await send(app, "POST", "/encounters", { file: exampleText(TOMBRIL) }, GM_SECRET)
    ).body;
    const { token } = (
      await send<{ token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        { name: "Anna", side: "party" },
        GM_SECRET,
      )
    ).body;
    const made = vi.mocked(playerJson);
    made.mockClear();
    const read = async () => (await send(app, "GET", "/player", undefined, token)).body;
    const first = await read();
    for (let i = 0; i < 4; i++) expect(await read()).toEqual(first);
    const stream = (await follow(`${url}/player/events`, token)).followed!;
    expect((await stream.next((e) => e.type === "state")).data).toEqual(first);
    expect(made).toHaveBeenCalledTimes(1);
    // A change: once more, for the stream and the reads after it.
    await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] }, GM_SECRET);
    const second = await stream.next((e) => e.type === "state" && e.id === "2");
    expect(await read()).toEqual(second.data);
    expect(made).toHaveBeenCalledTimes(2);
    // Another link of the same encounter has its own.
    const { token: ben } = (
      await send<{ token: string }>(
        app,
        "POST",
        `/encounters/${id}/players`,
        { name: "Ben", side: "opponents" },
        GM_SECRET,
      )
    ).body;
    const bens = (await send(app, "GET", "/player", undefined, ben)).body;
    expect(bens).not.toEqual(second.data);
    expect(made).toHaveBeenCalledTimes(3);
    stream.close();
  });
});
