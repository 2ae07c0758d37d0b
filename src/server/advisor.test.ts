// The HTTP API's advisor: the same advice in this thread and on a worker thread (from a tsc build),
// and on the worker thread the server's own thread stays free to answer other requests meanwhile.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { adviseNextDecision } from "../app/advise-pending.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import { answer } from "../engine/test-support/scripted.js";
import { rulesets } from "../rulesets/index.js";
import { tscBuild } from "../test-support/tsc-build.js";
import type { AdviceTask } from "./advice-worker.js";
import { startAdvisor, type Advisor } from "./advisor.js";

const demo = parse(
  readFileSync(
    new URL("../../examples/cartyrion/tombril-and-the-hill-giant.yaml", import.meta.url),
    "utf8",
  ),
) as JsonObject;

const definition = () => parseEncounterFile(demo, rulesets, "encounter 1");

/** The demo after its initiative roll of 5: Tombril's first decision (the worked example). */
const task: AdviceTask = {
  file: demo,
  source: "encounter 1",
  answers: answer(new Encounter(definition()), [[5]]).log,
  seed: 5,
  samples: 2_000,
};

/** The advice as `fray advise` gives it, in this thread (worked out once, for both tests). */
let directAdvice: ReturnType<typeof adviseNextDecision> | undefined;
function direct() {
  directAdvice ??= adviseNextDecision(
    Encounter.fromAnswers(definition(), task.answers),
    task.seed,
    2_000,
  );
  return directAdvice;
}

describe("the advisor run from the TypeScript sources", () => {
  it("answers in this thread, with what fray advise answers", async () => {
    const advisor = startAdvisor();
    const expected = direct();
    expect(expected.advice.options.length).toBeGreaterThan(1);
    expect(await advisor.advise(task)).toEqual(expected);
    await advisor.close();
  });
});

describe("the advisor run from the build", () => {
  let advisor: Advisor;

  beforeAll(async () => {
    const build = tscBuild("server/advice-worker.js");
    const built = await build.load<typeof import("./advisor.js")>("server/advisor.js");
    advisor = built.startAdvisor();
    return () => advisor.close();
  });

  it("answers on a worker thread, with the same advice, while this thread goes on", async () => {
    // A turn of this thread's event loop (where the server answers other requests) comes before
    // the advice: in this thread, it would come only after the whole enumeration.
    let turned = false;
    const advised = advisor.advise(task).then((result) => ({ result, turned }));
    setImmediate(() => {
      turned = true;
    });
    const { result, turned: turnedFirst } = await advised;
    expect(turnedFirst).toBe(true);
    expect(result).toEqual(direct());
  });

  it("passes a failure of the advice on", async () => {
    await expect(advisor.advise({ ...task, file: { ...demo, ruleset: "gurps" } })).rejects.toThrow(
      /encounter 1: ruleset: unknown ruleset "gurps"/,
    );
  });
});
