// Who answered: a player's answers and dice carry the name of their link (never its token) into
// the log, the GM's last result, the downloaded log and a fight resumed from it; the GM undoes
// them as any answer.
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import type { PlayerLinkJson } from "./player-links.js";
import type { PlayerStateJson } from "./player-json.js";
import { GM_SECRET, TOMBRIL, exampleText, send, testApp } from "./test-support/app.js";

let app: App;
afterEach(() => app.close());

const gm = <T = EncounterJson>(method: "GET" | "POST", path: string, body?: object) =>
  send<T>(app, method, path, body, GM_SECRET);

/**
 * Tombril and the Hill Giant with Mara's link for Tombril, the initiative die rolled by the GM:
 * Tombril's decision waits. `asMara` sends with her token.
 */
async function tombrilForMara() {
  app = await testApp(":memory:", GM_SECRET);
  const { id } = (await gm("POST", "/encounters", { file: exampleText(TOMBRIL) })).body;
  const mara = (
    await gm<PlayerLinkJson & { token: string }>("POST", `/encounters/${id}/players`, {
      name: "Mara",
      combatants: ["tombril"],
    })
  ).body;
  expect((await gm("POST", `/encounters/${id}/answer`, { dice: [5] })).status).toBe(200);
  const asMara = <T = PlayerStateJson>(method: "GET" | "POST", path: string, body?: object) =>
    send<T>(app, method, path, body, mara.token);
  return { id, mara, asMara };
}

describe("a player's answers name the player", () => {
  it("logs Mara's decision and dice by her link's name, shows them to the GM, and undoes them", async () => {
    // The GM rolls the initiative die; then Tombril decides, and rolls, from Mara's phone.
    const { id, mara, asMara } = await tombrilForMara();
    const decided = await asMara("POST", "/player/policy", {});
    expect(decided.status).toBe(200);
    // Her screen knows her roll by the answers given before it, as the GM's page does.
    expect(decided.body).toMatchObject({ answers: 2, pending: { kind: "roll", actor: "tombril" } });
    const after = (await gm("GET", `/encounters/${id}`)).body;
    expect(after.log[0]).not.toHaveProperty("player");
    expect(after.log[1]).toMatchObject({ kind: "decide", actor: "tombril", player: "Mara" });

    const pending = after.pending!;
    expect(pending).toMatchObject({ kind: "roll", actor: "tombril" });
    if (pending.kind !== "roll") throw new Error("a roll waits");
    const dice = Array.from({ length: pending.min }, () => 1);
    const typed = await asMara("POST", "/player/answer", { dice, version: after.version });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const now = (await gm("GET", `/encounters/${id}`)).body;
    const roll = now.log[2]!;
    expect(roll).toMatchObject({ kind: "roll", label: pending.label, by: "table", player: "Mara" });
    if (roll.kind !== "roll") throw new Error("a roll was logged");
    expect(roll.dice).toBe(`[${dice.join(", ")}] = ${dice.length}`);
    expect(now.lastResult!.rolls.find((r) => r.label === pending.label)).toEqual({
      label: pending.label,
      dice: roll.dice,
      total: dice.length,
      by: "table",
      player: "Mara",
    });
    // The step began with Mara's decision: the GM's last result and her own screen say so.
    expect(now.lastResult).toMatchObject({
      heading: expect.stringMatching(/^Tombril: /),
      player: "Mara",
    });
    expect(typed.body.lastResult).toMatchObject({ player: "Mara" });

    // The downloaded log keeps who answered, and a fight resumed from it too; the token is in
    // none of them.
    const log = await app.inject({
      method: "GET",
      url: `/encounters/${id}/log`,
      headers: { authorization: `Bearer ${GM_SECRET}` },
    });
    const lines = log.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const answers = lines.filter((l) => l["type"] === "answer");
    expect(answers.map((a) => a["player"] ?? null)).toEqual([null, "Mara", "Mara"]);
    expect(log.body.includes(mara.token)).toBe(false);
    expect(JSON.stringify(now).includes(mara.token)).toBe(false);
    const resumed = await gm("POST", "/encounters/from-log", { log: log.body });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(201);
    expect(resumed.body.log.map((a) => ("player" in a ? a.player : null))).toEqual([
      null,
      "Mara",
      "Mara",
    ]);

    // The GM undoes Mara's roll as any answer, and redo gives it back, still hers.
    const undone = await gm("POST", `/encounters/${id}/undo`, { steps: 1 });
    expect(undone.status).toBe(200);
    expect(undone.body.log).toHaveLength(2);
    expect(undone.body.pending).toMatchObject({ kind: "roll", label: pending.label });
    const redone = await gm("POST", `/encounters/${id}/redo`, { steps: 1 });
    expect(redone.body.log[2]).toEqual(roll);
  });

  it("keeps the player's choice where it stands through the GM's change by hand, and shows the step in progress", async () => {
    const { id, asMara } = await tombrilForMara();
    const waiting = (await asMara("GET", "/player")).body;
    expect(waiting).toMatchObject({ answers: 1, tableAnswers: 1, step: null });
    expect(waiting.pending).toMatchObject({ kind: "decide", actor: "tombril" });
    // The GM changes the giant's stamina by hand: one answer more, the same decision of Mara's.
    const change = { op: "set", combatant: "giant", field: "stamina", value: 60 };
    expect((await gm("POST", `/encounters/${id}/changes`, { change })).status).toBe(200);
    const changed = (await asMara("GET", "/player")).body;
    expect(changed).toMatchObject({ answers: 2, tableAnswers: 1, step: null });
    expect(changed.pending).toEqual(waiting.pending);
    expect(changed.lastResult?.heading).toBe("The GM changes the fight");
    // Mara decides: her dice wait, the GM's change is still the last result, and her decision
    // is the step in progress, named as hers.
    const decided = (await asMara("POST", "/player/policy", {})).body;
    expect(decided).toMatchObject({ answers: 3, tableAnswers: 2, pending: { kind: "roll" } });
    expect(decided.lastResult?.heading).toBe("The GM changes the fight");
    expect(decided.step).toEqual({
      heading: expect.stringMatching(/^Tombril: /),
      player: "Mara",
      rolls: [],
      rulings: [],
    });
    // Her dice are in: the step is the last result, none is in progress.
    const rolled = (await asMara("POST", "/player/roll", {})).body;
    expect(rolled.step).toBeNull();
    expect(rolled.lastResult).toMatchObject({ heading: decided.step!.heading, player: "Mara" });
  });

  it("says on the player's screen which of their combatant's decisions the GM made for them", async () => {
    const { id, asMara } = await tombrilForMara();
    // The GM decides for Tombril (Mara's phone away): her screen says the GM chose.
    const { version } = (await gm("POST", `/encounters/${id}/policy`, {})).body;
    const byGm = (await asMara("GET", "/player")).body;
    expect(byGm.version).toBe(version);
    const heading = expect.stringMatching(/^Tombril: /);
    expect([byGm.step, byGm.blowSoFar]).toContainEqual(
      expect.objectContaining({ heading, gmChose: true }),
    );
    // Her dice end the blow: the last result keeps who chose it.
    const rolled = (await asMara("POST", "/player/roll", { version })).body;
    expect(rolled.lastResult).toMatchObject({ heading, gmChose: true });
    expect(rolled.lastResult).not.toHaveProperty("player");
    // The GM's own page says nothing of it (its heading has no player).
    const gmSees = (await gm("GET", `/encounters/${id}`)).body;
    expect(gmSees.lastResult).not.toHaveProperty("gmChose");
    // Taken back and chosen on her phone, it is hers.
    await gm("POST", `/encounters/${id}/undo`, { steps: 2 });
    await asMara("POST", "/player/policy", {});
    const mine = (await asMara("POST", "/player/roll", {})).body;
    expect(mine.lastResult).toMatchObject({ heading, player: "Mara" });
    expect(mine.lastResult).not.toHaveProperty("gmChose");
  });

  it("names the player who asked Fray to roll, and no one when the GM answers", async () => {
    app = await testApp(":memory:", GM_SECRET);
    const { id } = (await gm("POST", "/encounters", { file: exampleText(TOMBRIL) })).body;
    const ben = (
      await gm<PlayerLinkJson & { token: string }>("POST", `/encounters/${id}/players`, {
        name: "Ben",
        side: "party",
      })
    ).body;
    await gm("POST", `/encounters/${id}/answer`, { dice: [5] });
    await gm("POST", `/encounters/${id}/policy`, {});
    const rolled = await send<PlayerStateJson>(app, "POST", "/player/roll", {}, ben.token);
    expect(rolled.status).toBe(200);
    const now = (await gm("GET", `/encounters/${id}`)).body;
    expect(now.log[1]).not.toHaveProperty("player");
    expect(now.log[2]).toMatchObject({ kind: "roll", by: "fray", player: "Ben" });
    expect(now.lastResult).not.toHaveProperty("player");
  });
});
