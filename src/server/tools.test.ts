import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adviseNextDecision } from "../app/advise-pending.js";
import { exchangeOddsFor, exchangeOddsJson } from "../app/exchange-odds.js";
import { rulesetJson, rulesetSummary } from "../app/ruleset-json.js";
import { readDataFile } from "../app/files.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { rulesets } from "../rulesets/index.js";
import { runSimulation } from "../sim/runner.js";
import type { App } from "./app.js";
import type { ErrorBody } from "./errors.js";
import {
  createTombril,
  examplePath,
  exampleText,
  send,
  testApp,
  TOMBRIL,
} from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

describe("rulesets, odds, advice and simulation over HTTP", () => {
  it("lists the rulesets with their switches, and shows one as fray rules --json does", async () => {
    const list = await send<{ rulesets: { id: string; game: string }[] }>(app, "GET", "/rulesets");
    expect(list.body.rulesets).toEqual(
      Object.values(rulesets).map((r) => asJson(rulesetSummary(r))),
    );
    // Each by the game's name as a table says it, for the console's list and fight page.
    expect(Object.fromEntries(list.body.rulesets.map((r) => [r.id, r.game]))).toEqual({
      cartyrion: "Laurels and Loot (Cartyrion)",
      "dungeons-of-olde": "Dungeons of Olde",
      karn: "Land of Karn",
      "swords-wizardry-fitz": "Swords & Wizardry (house rules)",
      tnt: "TNT",
    });
    // What fray rules --json prints, and besides the JSON Schemas an encounter builder draws on.
    const one = await send<{ switches: { schema: unknown }[]; stats: unknown; options: unknown }>(
      app,
      "GET",
      "/rulesets/cartyrion",
    );
    const { switches, stats, options, ...rest } = one.body;
    const { switches: printed, ...printedRest } = asJson(rulesetJson(rulesets["cartyrion"]!)) as {
      switches: unknown[];
    };
    expect(rest).toEqual(printedRest);
    expect(switches.map(({ schema: _, ...s }) => s)).toEqual(printed);
    for (const s of switches) expect(s.schema).toMatchObject({});
    expect(stats).toMatchObject({ type: "object" });
    expect(options).toMatchObject({ type: "object" });
  });

  it("gives the exact odds of Tombril's blow on the giant, as fray odds does", async () => {
    const path = "cartyrion/tombril-strikes-the-giant.yaml";
    const res = await send<{ damage: { mean: number } }>(app, "POST", "/exchange-odds", {
      file: exampleText(path),
    });
    expect(res.status).toBe(200);
    expect(res.body.damage.mean).toBeCloseTo(35, 9);
    expect(res.body).toEqual(
      asJson(exchangeOddsJson(exchangeOddsFor(examplePath(path), [], rulesets))),
    );
    const tnt = "tnt/exchange-attack-3.yaml";
    const fixed = await send<{ decisions: Record<string, unknown> }>(
      app,
      "POST",
      "/exchange-odds",
      {
        file: exampleText(tnt),
        decisions: { "aldric:attack-dice": 2 },
      },
    );
    expect(fixed.body.decisions["aldric:attack-dice"]).toBe(2);
    const never = await send<ErrorBody>(app, "POST", "/exchange-odds", {
      file: exampleText(tnt),
      decisions: { "aldric:bogus": 1 },
    });
    expect(never).toMatchObject({ status: 400, body: { where: "decisions" } });
  });

  it("advises on the next decision, rolling before it from the seed without storing that roll", async () => {
    const { id } = await createTombril(app);
    const res = await send<{ rolled: string[]; actor: string; options: unknown[] }>(
      app,
      "GET",
      `/encounters/${id}/advice?samples=500`,
    );
    expect(res.status).toBe(200);
    const definition = parseEncounterFile(readDataFile(examplePath(TOMBRIL)), rulesets, "t");
    const { advice, rolled } = adviseNextDecision(new Encounter(definition), 5, 500);
    expect(res.body).toEqual(asJson({ rolled, ...advice }));
    expect(res.body.rolled).toHaveLength(1);
    expect((await send(app, "GET", `/encounters/${id}`)).body.answers).toBe(0);
    const bad = await send<ErrorBody>(app, "GET", `/encounters/${id}/advice?samples=0`);
    expect(bad).toMatchObject({ status: 400, body: { where: "querystring: samples" } });
  });

  it("ranks by the chance to win the whole fight with horizon=fight, as fray advise --horizon fight does", async () => {
    const alley = "cartyrion/cutpurses-in-an-alley.yaml";
    const created = await send(app, "POST", "/encounters", { file: exampleText(alley) });
    // A budget the fight's states outgrow at once: whole fights sampled, as fray advise samples them.
    const url = `/encounters/${created.body.id}/advice?samples=50&horizon=fight&maxStates=500`;
    const res = await send<{ horizon: string; fight: { method: string }; options: unknown[] }>(
      app,
      "GET",
      url,
    );
    expect(res.status).toBe(200);
    const definition = parseEncounterFile(readDataFile(examplePath(alley)), rulesets, "t");
    const { advice, rolled } = adviseNextDecision(new Encounter(definition), 4, 50, {
      horizon: "fight",
      maxStates: 500,
    });
    expect(advice.fight).toMatchObject({ method: "sampled", samples: 50 });
    expect(res.body).toEqual(asJson({ rolled, ...advice }));
    const bad = await send<ErrorBody>(
      app,
      "GET",
      `/encounters/${created.body.id}/advice?horizon=week`,
    );
    expect(bad).toMatchObject({ status: 400, body: { where: "querystring: horizon" } });
  });

  it("simulates an encounter with a seed: the same summary as fray sim", async () => {
    const file = exampleText(TOMBRIL);
    const res = await send<{ runs: number; sides: unknown; combatants: unknown }>(
      app,
      "POST",
      "/simulations",
      { file, runs: 300, seed: 4 },
    );
    expect(res.status).toBe(200);
    const definition = parseEncounterFile(readDataFile(examplePath(TOMBRIL)), rulesets, "t");
    const direct = await runSimulation({ definition, seed: 4, runs: 300, workers: 1 });
    expect(res.body.runs).toBe(300);
    expect(res.body.sides).toEqual(asJson(direct.summary.sides));
    expect(res.body.combatants).toEqual(asJson(direct.summary.combatants));
    const tooMany = await send<ErrorBody>(app, "POST", "/simulations", { file, runs: 100_001 });
    expect(tooMany).toMatchObject({ status: 400, body: { where: "body: runs" } });
  });
});
