// POST /encounters/:id/simulations: the stored fight simulated from where it stands (or from its
// start), as fray sim --log does from a log.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readDataFile } from "../app/files.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { readLog } from "../engine/log.js";
import { rulesets } from "../rulesets/index.js";
import { runSimulation } from "../sim/runner.js";
import type { SimSummary } from "../sim/summary.js";
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

type SimulationJson = SimSummary & { stopped: string; timing: unknown };

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
const withoutTiming = ({ timing: _timing, ...rest }: SimulationJson) => rest;
const simulate = (id: number, body: object = {}) =>
  send<SimulationJson>(app, "POST", `/encounters/${id}/simulations`, body);

/** The chapter's worked example as far as Tombril's blow: initiative 5, his attack, 5 3 4 3 2. */
async function typeTombrilsBlow(id: number): Promise<void> {
  const url = `/encounters/${id}`;
  expect((await send(app, "POST", `${url}/answer`, { dice: [5] })).status).toBe(200);
  expect((await send(app, "POST", `${url}/policy`)).status).toBe(200);
  const blow = await send(app, "POST", `${url}/answer`, { dice: [5, 3, 4, 3, 2] });
  expect(blow.body.views.gm.find((v) => v.id === "giant")!.status).toContain("37/68 SP");
}

describe("simulating a stored encounter from where it stands", () => {
  it("before any answer, gives what POST /simulations gives for its file: the same JSON but timing", async () => {
    const { id } = await createTombril(app);
    const here = await simulate(id, { runs: 300, seed: 4 });
    expect(here.status).toBe(200);
    expect(here.body.start).toEqual({ round: 1, answers: 0, answersInRound: 0 });
    const plain = await send<SimulationJson>(app, "POST", "/simulations", {
      file: exampleText(TOMBRIL),
      runs: 300,
      seed: 4,
    });
    expect(withoutTiming(here.body)).toEqual(withoutTiming(plain.body));
  });

  it("after the GM typed Tombril's blow, starts in round 1 after its 3 answers, with the encounter's seed", async () => {
    const { id } = await createTombril(app);
    await typeTombrilsBlow(id);
    const here = await simulate(id, { runs: 2000 });
    expect(here.status).toBe(200);
    expect(here.body).toMatchObject({
      runs: 2000,
      seed: 5,
      start: { round: 1, answers: 3, answersInRound: 3 },
      stopped: "completed",
    });
    const definition = parseEncounterFile(readDataFile(examplePath(TOMBRIL)), rulesets, "t");
    const logText = (await app.inject({ method: "GET", url: `/encounters/${id}/log` })).body;
    const answers = readLog(logText, rulesets, "log").encounter.log;
    const direct = await runSimulation({
      definition,
      answers,
      seed: 5,
      runs: 2000,
      workers: 1,
    });
    expect(here.body.sides).toEqual(asJson(direct.summary.sides));
    expect(here.body.combatants).toEqual(asJson(direct.summary.combatants));

    // From the start, as before: Tombril's odds there are better than after a blow of 17.
    const start = await simulate(id, { runs: 2000, from: "start" });
    expect(start.body.start).toEqual({ round: 1, answers: 0, answersInRound: 0 });
    expect(here.body.sides[0]!.win.high).toBeLessThan(start.body.sides[0]!.win.low);
  });

  it("stops at an interval target, with runs the most to play", async () => {
    const { id } = await createTombril(app);
    const res = await simulate(id, { runs: 100_000, untilCi: 0.02 });
    expect(res.body.stopped).toBe("interval-reached");
    for (const s of res.body.sides) expect((s.win.high - s.win.low) / 2).toBeLessThan(0.02);
    expect(res.body.runs).toBeLessThan(100_000);
  });

  it("refuses with where and hint: a fight that is over, no such encounter, a bad body", async () => {
    const { id } = await createTombril(app);
    await send(app, "POST", `/encounters/${id}/autoplay`, { until: "end" });
    const over = await simulate(id);
    expect(over).toMatchObject({
      status: 409,
      body: {
        error: expect.stringMatching(/^the fight is over \(.+\): nothing is left to simulate/),
        where: "status",
        hint: expect.stringContaining('"from": "start"'),
      },
    });
    expect((await simulate(id, { runs: 200, from: "start" })).status).toBe(200);
    const missing = await send<ErrorBody>(app, "POST", "/encounters/99/simulations", {});
    expect(missing).toMatchObject({ status: 404, body: { where: "id" } });
    const tooMany = await send<ErrorBody>(app, "POST", `/encounters/${id}/simulations`, {
      runs: 100_001,
    });
    expect(tooMany).toMatchObject({ status: 400, body: { where: "body: runs" } });
    const where = await send<ErrorBody>(app, "POST", `/encounters/${id}/simulations`, {
      from: "middle",
    });
    expect(where).toMatchObject({ status: 400, body: { where: "body: from" } });
  });
});
