// POST /encounters/:id/fight-odds: exact odds of the whole fight from where a stored encounter
// stands (or from its start), as a job; the same odds `fray odds` works out from its file. And the
// same odds as a job to follow (POST .../fight-odds/jobs, GET and DELETE .../jobs/:job), here run
// in this thread; on worker threads, with progress while it runs and cancelling, in
// fight-odds-jobs.test.ts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readDataFile } from "../app/files.js";
import { encounterFightOdds, type FightOddsResult } from "../app/fight-odds.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { readLog } from "../engine/log.js";
import { rulesets } from "../rulesets/index.js";
import type { App } from "./app.js";
import type { ErrorBody } from "./errors.js";
import type { FightOddsJobJson } from "./fight-odds-jobs.js";
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

describe("whole-fight odds as a job to follow", () => {
  const ALLEY = "cartyrion/cutpurses-in-an-alley.yaml";

  it("starts with a 202 and its address, then gives the odds POST .../fight-odds gives, with its last progress", async () => {
    const created = await send(app, "POST", "/encounters", { file: exampleText(ALLEY) });
    const { id, version } = created.body;
    const url = `/encounters/${id}/fight-odds/jobs`;
    const res = await app.inject({ method: "POST", url, payload: { maxRounds: 2 } });
    expect(res.statusCode).toBe(202);
    const started = res.json<FightOddsJobJson>();
    expect(res.headers.location).toBe(`${url}/${started.id}`);
    expect(started).toMatchObject({ encounter: id, version, from: "here", error: null });

    const job = await send<FightOddsJobJson>(app, "GET", `${url}/${started.id}`);
    expect(job.status).toBe(200);
    expect(job.body.status).toBe("done");
    const oneShot = await odds(id, { maxRounds: 2 });
    expect(untimed(job.body.result!)).toEqual(untimed(oneShot.body));
    expect(job.body.result!.stopped).toBe("round-limit");
    // Progress was reported as each round started: the last is round 2's.
    expect(job.body.progress).toMatchObject({ round: 2 });
    expect(job.body.progress!.states).toBeGreaterThan(0);

    // Cancelling a job that has ended leaves it as it was.
    const cancelled = await send<FightOddsJobJson>(app, "DELETE", `${url}/${started.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("done");
  });

  it("answers 404 for a job it does not know, or of another encounter, and 400 for a bad body", async () => {
    const { id } = await createTombril(app);
    const other = await createTombril(app);
    const started = await send<FightOddsJobJson>(app, "POST", `/encounters/${id}/fight-odds/jobs`, {
      maxRounds: 1,
      from: "start",
    });
    expect(started.status).toBe(202);
    const elsewhere = await send<ErrorBody>(
      app,
      "GET",
      `/encounters/${other.id}/fight-odds/jobs/${started.body.id}`,
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ where: "params: job" });
    expect(elsewhere.body.error).toContain(`encounter ${other.id} has no fight-odds job`);
    const unknown = await send<ErrorBody>(app, "DELETE", `/encounters/${id}/fight-odds/jobs/99`);
    expect(unknown.status).toBe(404);
    const bad = await send<ErrorBody>(app, "POST", `/encounters/${id}/fight-odds/jobs`, {
      maxStates: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.where).toContain("maxStates");
    const missing = await send<ErrorBody>(
      app,
      "POST",
      `/encounters/${id + 100}/fight-odds/jobs`,
      {},
    );
    expect(missing.status).toBe(404);
  });
});
