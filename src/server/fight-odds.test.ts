// POST /encounters/:id/fight-odds: exact odds of the whole fight from where a stored encounter
// stands (or from its start), as a job; the same odds `fray odds` works out from its file.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readDataFile } from "../app/files.js";
import { encounterFightOdds, type FightOddsResult } from "../app/fight-odds.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { readLog } from "../engine/log.js";
import { rulesets } from "../rulesets/index.js";
import type { App } from "./app.js";
import type { ErrorBody } from "./errors.js";
import { createTombril, examplePath, send, testApp, TOMBRIL } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const odds = (id: number, body: object = {}) =>
  send<FightOddsResult>(app, "POST", `/encounters/${id}/fight-odds`, body);
const untimed = (o: FightOddsResult) => ({ ...o, seconds: 0 });
const asJson = (x: FightOddsResult) => JSON.parse(JSON.stringify(x)) as FightOddsResult;
const tombril = () => parseEncounterFile(readDataFile(examplePath(TOMBRIL)), rulesets, TOMBRIL);

describe("whole-fight odds of a stored encounter", () => {
  it("gives what encounterFightOdds gives for its file, from its start and from where it stands after Tombril's blow", async () => {
    const { id } = await createTombril(app);
    const url = `/encounters/${id}`;
    expect((await send(app, "POST", `${url}/answer`, { dice: [5] })).status).toBe(200);
    expect((await send(app, "POST", `${url}/policy`)).status).toBe(200);
    expect((await send(app, "POST", `${url}/answer`, { dice: [5, 3, 4, 3, 2] })).status).toBe(200);
    const answers = readLog(
      (await app.inject({ method: "GET", url: `${url}/log` })).body,
      rulesets,
      "log",
    ).encounter.log;

    const here = await odds(id, { maxRounds: 1 });
    expect(here.status).toBe(200);
    expect(here.body.start).toEqual({ round: 1, answers: 3, answersInRound: 3 });
    expect(here.body.stopped).toBe("round-limit");
    expect(untimed(here.body)).toEqual(
      untimed(asJson(encounterFightOdds(tombril(), { answers, maxRounds: 1 }))),
    );

    const start = await odds(id, { from: "start", maxRounds: 1 });
    expect(start.body.start).toEqual({ round: 1, answers: 0, answersInRound: 0 });
    expect(untimed(start.body)).toEqual(
      untimed(asJson(encounterFightOdds(tombril(), { maxRounds: 1 }))),
    );
    // The giant at 37 of 68 SP after the blow: the odds from here differ from the start's.
    expect(here.body.sides[0]!.win).not.toBeCloseTo(start.body.sides[0]!.win, 6);
    for (const o of [here.body, start.body]) {
      const total = o.sides.reduce((sum, side) => sum + side.win, 0) + o.draw + o.mutualKill;
      expect(total + o.unresolved.ongoing).toBeCloseTo(1, 9);
    }
  });

  it("refuses a state budget out of bounds and an unknown field, saying where; an unknown encounter is a 404", async () => {
    const { id } = await createTombril(app);
    const huge = await send<ErrorBody>(app, "POST", `/encounters/${id}/fight-odds`, {
      maxStates: 1e9,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.where).toContain("maxStates");
    const typo = await send<ErrorBody>(app, "POST", `/encounters/${id}/fight-odds`, {
      maxRound: 2,
    });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toContain("maxRound");
    const missing = await send<ErrorBody>(app, "POST", `/encounters/${id + 100}/fight-odds`, {});
    expect(missing.status).toBe(404);
  });
});
