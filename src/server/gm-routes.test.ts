import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { rulesets } from "../app/rulesets.js";
import type { App } from "./app.js";
import { jsonSchema, type GmJson } from "./gm-json.js";
import { createTombril, gmStatus, send, testApp } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

describe("the GM's hand over HTTP", () => {
  it("tells each combatant's fields with their labels, values and allowed values, and the conditions", async () => {
    const { id } = await createTombril(app);
    const gm = (await send<GmJson>(app, "GET", `/encounters/${id}/gm`)).body;
    const giant = gm.combatants.find((c) => c.id === "giant")!;
    expect(giant.fields.find((f) => f.key === "stamina")).toMatchObject({
      label: "Stamina (SP)",
      value: 68,
      schema: { type: "integer", minimum: 0, maximum: 68 },
    });
    expect(gm.conditions.map((c) => c.id)).toContain("surprised");
    expect(gm.sides.map((s) => s.id)).toEqual(["party", "opponents"]);
    expect(gm.roster.map((c) => c.id)).toEqual(["tombril", "giant"]);
    expect(gm.stats).toMatchObject({ type: "object" });
  });

  it("makes a schema's JSON Schema once, shared frozen by every reply that tells it", () => {
    const stats = rulesets.cartyrion!.combatantSchema;
    const made = jsonSchema(stats);
    expect(made).toEqual(z.toJSONSchema(stats, { io: "input", unrepresentable: "any" }));
    expect(jsonSchema(stats)).toBe(made);
    expect(Object.isFrozen(made) && Object.isFrozen(made["properties"])).toBe(true);
  });

  it("sets a value by hand as a logged answer that undo takes back", async () => {
    const { id } = await createTombril(app);
    const url = `/encounters/${id}`;
    const set = await send(app, "POST", `${url}/changes`, {
      version: 1,
      change: { op: "set", combatant: "giant", field: "stamina", value: 30 },
    });
    expect(set.status).toBe(200);
    expect(gmStatus(set.body, "giant")).toContain("30/68 SP");
    expect(set.body.log.at(-1)).toMatchObject({
      kind: "gm",
      label: "the GM sets Hill Giant's Stamina (SP) to 30 (was 68)",
    });
    expect(set.body.lastResult).toMatchObject({
      heading: "the GM sets Hill Giant's Stamina (SP) to 30 (was 68)",
      changes: [{ name: "Hill Giant", label: "Stamina", before: "68/68 SP", after: "30/68 SP" }],
    });
    const undone = await send(app, "POST", `${url}/undo`, { unit: "decision" });
    expect(gmStatus(undone.body, "giant")).toContain("68/68 SP");
  });

  it("brings in a late arrival from a stat block, and refuses a bad one at its field", async () => {
    const { id } = await createTombril(app);
    const url = `/encounters/${id}/changes`;
    const ogre = { id: "ogre", name: "Ogre", side: "opponents", level: 4, str: 5, dex: 1 };
    const bad = await send(app, "POST", url, {
      change: { op: "add-combatant", combatant: { ...ogre, stamina: -3, injurySlots: 10 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ where: expect.stringContaining("stamina") });
    const added = await send(app, "POST", url, {
      change: {
        op: "add-combatant",
        combatant: { ...ogre, stamina: 30, injurySlots: 10, weapons: ["club"] },
      },
    });
    expect(added.status).toBe(200);
    expect(gmStatus(added.body, "ogre")).toContain("30/30 SP");
    // The list finds the fight by the arrival's name too (its `combatants`, which the console's
    // search reads): it listed the file's alone. Taken back, the arrival is not in it.
    type Listed = { encounters: { id: number; combatants: string[] }[] };
    const listed = async () =>
      (await send<Listed>(app, "GET", "/encounters")).body.encounters.find((e) => e.id === id)!
        .combatants;
    expect(await listed()).toEqual(["Tombril", "Hill Giant", "Ogre"]);
    expect((await send(app, "POST", `/encounters/${id}/undo`)).status).toBe(200);
    expect(await listed()).toEqual(["Tombril", "Hill Giant"]);
  });

  it("refuses a late arrival with a name taken in the fight, saying the name to give, and loses nothing", async () => {
    const { id } = await createTombril(app);
    const url = `/encounters/${id}/changes`;
    const giant = { side: "opponents", level: 4, str: 5, dex: 1, stamina: 30, injurySlots: 10 };
    const taken = await send(app, "POST", url, {
      change: { op: "add-combatant", combatant: { ...giant, id: "giant-2", name: "hill giant" } },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({
      error: expect.stringContaining('"hill giant" is taken by a combatant in the fight'),
      where: "change.combatant: name",
      hint: 'call it "hill giant 2"',
    });
    const after = await send(app, "GET", `/encounters/${id}`);
    expect(after.body.log).toHaveLength(0);
    const renamed = await send(app, "POST", url, {
      change: { op: "add-combatant", combatant: { ...giant, id: "giant-2", name: "Hill Giant 2" } },
    });
    expect(renamed.status).toBe(200);
    // The next one is told the next free number.
    const third = await send(app, "POST", url, {
      change: { op: "add-combatant", combatant: { ...giant, id: "giant-3", name: "Hill Giant" } },
    });
    expect(third.body).toMatchObject({ hint: 'call it "Hill Giant 3"' });
  });

  it("replays a stored log that brought in a second combatant of one name: the check is at submission", async () => {
    const { id } = await createTombril(app);
    const ogre = { id: "ogre", name: "Ogre", side: "opponents", level: 4, str: 5, dex: 1 };
    const arrival = { ...ogre, stamina: 30, injurySlots: 10, weapons: ["club"] };
    await send(app, "POST", `/encounters/${id}/changes`, {
      change: { op: "add-combatant", combatant: arrival },
    });
    const log = (await app.inject({ method: "GET", url: `/encounters/${id}/log` })).body;
    // An older server let a second "Ogre" in: its log line, as that server stored it.
    const line = log.split("\n").find((l) => l.includes('"add-combatant"'))!;
    const older = `${log.trimEnd()}\n${line.replace('"id":"ogre"', '"id":"ogre-2"').replace('"n":1', '"n":2')}\n`;
    expect(older).toContain('"id":"ogre-2"');
    expect(older).toContain('"n":2');
    const resumed = await send(app, "POST", "/encounters/from-log", { log: older });
    expect(resumed.body).toMatchObject({ status: "pending" });
    expect(resumed.status).toBe(201);
    const gm = (await send<GmJson>(app, "GET", `/encounters/${resumed.body.id}/gm`)).body;
    expect(gm.combatants.filter((c) => c.name === "Ogre").map((c) => c.id)).toEqual([
      "ogre",
      "ogre-2",
    ]);
  });

  it("refuses a change that is not one, naming the part of the request", async () => {
    const { id } = await createTombril(app);
    const reply = await send(app, "POST", `/encounters/${id}/changes`, {
      change: { op: "paint", combatant: "giant" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ where: expect.stringContaining("change") });
  });

  it("ends the fight by ruling", async () => {
    const { id } = await createTombril(app);
    const over = await send(app, "POST", `/encounters/${id}/changes`, {
      change: { op: "end", winner: "party", reason: "the giant surrenders" },
    });
    expect(over.body).toMatchObject({
      status: "over",
      outcome: { winner: "party", reason: "the GM's ruling: the giant surrenders" },
    });
  });

  it("rolls the last roll again at the GM's request, logged with the dice it replaced; refuses when the last answer is no roll", async () => {
    const { id } = await createTombril(app);
    const url = `/encounters/${id}`;
    const none = await send(app, "POST", `${url}/reroll`, { version: 1 });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("nothing to roll again");
    const rolled = await send(app, "POST", `${url}/roll`, { version: 1 });
    const first = rolled.body.log.at(-1)!;
    expect(first).toMatchObject({ kind: "roll", by: "fray" });
    const again = await send(app, "POST", `${url}/reroll`, { version: rolled.body.version });
    expect(again.status).toBe(200);
    expect(again.body.log).toHaveLength(rolled.body.log.length);
    expect(again.body.log.at(-1)).toMatchObject({
      kind: "roll",
      label: (first as { label: string }).label,
      attempt: 1,
      rerolled: [(first as { dice: string }).dice],
    });
    const third = await send(app, "POST", `${url}/reroll`, { version: again.body.version });
    const second = again.body.log.at(-1) as { dice: string };
    expect(third.body.log.at(-1)).toMatchObject({
      attempt: 2,
      rerolled: [(first as { dice: string }).dice, second.dice],
    });
    const undone = await send(app, "POST", `${url}/undo`, { version: third.body.version });
    expect(undone.body.log).toHaveLength(0);
    // After a decision, the last answer is no roll.
    const redone = await send(app, "POST", `${url}/roll`, { version: undone.body.version });
    const decided = await send(app, "POST", `${url}/policy`, { version: redone.body.version });
    const refused = await send(app, "POST", `${url}/reroll`, { version: decided.body.version });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("the last answer is not a roll");
  });
});
