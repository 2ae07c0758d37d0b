import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { App } from "./app.js";
import type { rosterEntrySchema, rosterListSchema } from "./roster-schemas.js";
import type { exampleFileSchema, rulesetExamplesSchema, rulesetSchema } from "./schemas.js";
import { send, testApp } from "./test-support/app.js";

type Entry = z.output<typeof rosterEntrySchema>;
type ErrorBody = { error: string; where?: string; hint?: string };

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const TOMBRIL = {
  id: "tombril",
  name: "Tombril",
  side: "party",
  level: 9,
  str: 8,
  dex: 5,
  awa: 2,
  stamina: 55,
  injurySlots: 12,
  armour: "chain",
  weapons: [{ weapon: "shortsword", magic: 2 }],
};

describe("rosters over HTTP", () => {
  it("adds stat blocks to a ruleset's party and bestiary, lists, gets and deletes them", async () => {
    const added = await send<Entry>(app, "POST", "/rosters", {
      ruleset: "cartyrion",
      roster: "party",
      combatant: TOMBRIL,
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: 1,
      ruleset: "cartyrion",
      roster: "party",
      combatant: TOMBRIL,
      createdAt: "2026-11-22T03:00:00.000Z",
    });
    const orc = { id: "orc", name: "Orc", combatDice: 3, hitPoints: 20, weapon: "club" };
    expect(
      (
        await send<Entry>(app, "POST", "/rosters", {
          ruleset: "tnt",
          roster: "bestiary",
          combatant: orc,
        })
      ).status,
    ).toBe(201);
    const all = (await send<z.output<typeof rosterListSchema>>(app, "GET", "/rosters")).body;
    expect(all.entries.map((e) => [e.ruleset, e.roster, e.combatant.id])).toEqual([
      ["cartyrion", "party", "tombril"],
      ["tnt", "bestiary", "orc"],
    ]);
    const tnt = (await send<z.output<typeof rosterListSchema>>(app, "GET", "/rosters?ruleset=tnt"))
      .body;
    expect(tnt.entries.map((e) => e.combatant)).toEqual([orc]);
    const party = await send<z.output<typeof rosterListSchema>>(
      app,
      "GET",
      "/rosters?ruleset=tnt&roster=party",
    );
    expect(party.body.entries).toEqual([]);
    expect((await send<Entry>(app, "GET", "/rosters/1")).body.combatant).toEqual(TOMBRIL);
    expect((await send(app, "DELETE", "/rosters/1")).status).toBe(204);
    const gone = await send<ErrorBody>(app, "GET", "/rosters/1");
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe("no roster entry 1");
    expect((await send<ErrorBody>(app, "DELETE", "/rosters/1")).status).toBe(404);
  });

  it("refuses a stat block the ruleset refuses, saying which stat, and stores nothing", async () => {
    const refused = await send<ErrorBody>(app, "POST", "/rosters", {
      ruleset: "cartyrion",
      roster: "party",
      combatant: { ...TOMBRIL, weapons: [{ weapon: "sward" }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.where).toBe("combatant: weapons[0].weapon");
    expect(refused.body.error).toContain('"sward"');
    const unknown = await send<ErrorBody>(app, "POST", "/rosters", {
      ruleset: "chess",
      roster: "party",
      combatant: TOMBRIL,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ where: "body.ruleset" });
    expect(unknown.body.error).toContain("known: cartyrion, dungeons-of-olde, karn");
    const badKind = await send<ErrorBody>(app, "POST", "/rosters", {
      ruleset: "cartyrion",
      roster: "friends",
      combatant: TOMBRIL,
    });
    expect(badKind.status).toBe(400);
    expect((await send<{ entries: Entry[] }>(app, "GET", "/rosters")).body.entries).toEqual([]);
  });
});

describe("what the encounter builder reads", () => {
  it("a ruleset's stats, options and switches as JSON Schemas, titled", async () => {
    const { body } = await send<z.output<typeof rulesetSchema>>(app, "GET", "/rulesets/cartyrion");
    const stats = body.stats as { properties: Record<string, { title?: string }> };
    expect(stats.properties["stamina"]?.title).toBe("Stamina at full (SP)");
    expect(stats.properties["injurySlots"]?.title).toBe("Injury slots");
    expect(body.options).toMatchObject({ type: "object" });
    for (const s of body.switches) expect(s.schema, s.key).toBeTypeOf("object");
  });

  it("the examples' stat blocks, without the exchange files", async () => {
    const { body } = await send<z.output<typeof rulesetExamplesSchema>>(
      app,
      "GET",
      "/rulesets/cartyrion/examples",
    );
    const tombril = body.examples.find((e) => e.file === "tombril-and-the-hill-giant.yaml");
    expect(tombril?.title).toBe("Tombril and the Hill Giant");
    // The worked example declares the tactics the chapter's players chose (docs/tactics.md).
    expect(tombril?.combatants).toEqual([
      { ...TOMBRIL, tactics: "sparing" },
      expect.objectContaining({ id: "giant", tactics: "sparing" }),
    ]);
    const karn = await send<z.output<typeof rulesetExamplesSchema>>(
      app,
      "GET",
      "/rulesets/karn/examples",
    );
    expect(karn.body.examples.map((e) => e.file)).not.toContain("exchange-strike.yaml");
    expect((await send(app, "GET", "/rulesets/chess/examples")).status).toBe(404);
  });

  it("each example with a line on what it is, and its file to open as a new encounter", async () => {
    // The Friday rehearsal's GM had to know examples/cartyrion/ambush-on-the-forest-road.yaml to
    // upload it: the list now offers the examples, and opens one from its file.
    type Examples = z.output<typeof rulesetExamplesSchema>;
    const about = async (ruleset: string, file: string) =>
      (await send<Examples>(app, "GET", `/rulesets/${ruleset}/examples`)).body.examples.find(
        (e) => e.file === file,
      )?.about;
    expect(await about("cartyrion", "ambush-on-the-forest-road.yaml")).toBe(
      "A group fight: goblins try to ambush the party on a forest road; the party's scout suspected it and they try to turn the tables (the GM rules on the reverse ambush).",
    );
    // Not cut at a full stop in brackets.
    expect(await about("swords-wizardry-fitz", "ambush-in-the-pass.yaml")).toMatch(
      /^An ambush with a 50% chance \(1\. Determine Surprise\): bandits lie in wait .*\.$/,
    );
    const { status, body } = await send<z.output<typeof exampleFileSchema>>(
      app,
      "GET",
      "/rulesets/cartyrion/examples/ambush-on-the-forest-road.yaml",
    );
    expect(status).toBe(200);
    expect(body.title).toBe("Ambush on the forest road");
    const created = await send(app, "POST", "/encounters", { file: body.text });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe("Ambush on the forest road");
    expect(created.body.views.gm.map((c) => c.name)).toContain("Cedryk the Sneaky");
    // Only the examples listed: no other file, no path out of the folder.
    for (const file of ["nothing.yaml", "..%2Ftnt%2Fduel.yaml", "exchange-strike.yaml"]) {
      const refused = await send<{ error: string }>(
        app,
        "GET",
        `/rulesets/cartyrion/examples/${file}`,
      );
      expect(refused.status, file).toBe(404);
      expect(refused.body.error).toContain("its examples: ambush-on-the-forest-road.yaml, ");
    }
  });

  it("checks an encounter file without storing it: its title, or the error where it is", async () => {
    const file = {
      ruleset: "cartyrion",
      title: "Built",
      combatants: [TOMBRIL, { ...TOMBRIL, id: "tombril-2", name: "Tombril 2", side: "foes" }],
    };
    const ok = await send<{ title: string; ruleset: string }>(app, "POST", "/encounters/check", {
      file,
    });
    expect(ok).toEqual({ status: 200, body: { title: "Built", ruleset: "cartyrion" } });
    const bad = await send<ErrorBody>(app, "POST", "/encounters/check", {
      file: {
        ...file,
        combatants: [
          TOMBRIL,
          { ...TOMBRIL, id: "t2", name: "Tombril 2", side: "foes", stamina: -3 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.where).toBe("file: combatants[1].stamina");
    expect(
      (await send<{ encounters: unknown[] }>(app, "GET", "/encounters")).body.encounters,
    ).toEqual([]);
  });
});
