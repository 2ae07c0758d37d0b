// Simulated and exact odds agree: a whole fight small enough for the exact driver, and one
// exchange of every ruleset that ships (plus the engine's fixture), each at a fixed seed.
import { describe, expect, it } from "vitest";
import { Rng } from "../core/random.js";
import { enumerateExact } from "../engine/drivers/exact.js";
import { PolicyContext } from "../engine/drivers/policy.js";
import type { RuleContext } from "../engine/choice.js";
import { runSimulation } from "./runner.js";
import { skirmishEncounter } from "./test-support/files.js";

const ROUNDS = 3;

describe("simulated and exact fights agree", () => {
  // Ann (4 HP, d4) and Bob (3 HP, d4) fight for at most three rounds; a fight still going then
  // is a draw. Small enough to enumerate every roll of the whole fight.
  const def = skirmishEncounter({
    ruleset: "skirmish",
    sides: [{ id: "red" }, { id: "blue" }],
    combatants: [
      { id: "ann", side: "red", hp: 4, damage: "d4" },
      { id: "bob", side: "blue", hp: 3, damage: "d4" },
    ],
  });
  const rules = def.ruleset;
  const fight = (ctx: RuleContext) => {
    const state = rules.setup(def.setup);
    for (let r = 0; r < ROUNDS && rules.outcome(state) === null; r += 1) rules.round(state, ctx);
    return rules.outcome(state)?.winner ?? null;
  };
  const exact = enumerateExact(fight, { tactics: def.playbook });
  const p = (winner: string | null) =>
    exact.outcomes.filter((o) => o.result === winner).reduce((s, o) => s + o.p, 0);

  it("the exact driver covers the whole fight", () => {
    expect(p("red") + p("blue") + p(null)).toBeCloseTo(1, 12);
    expect(p("red")).toBeGreaterThan(0.3);
    expect(p("blue")).toBeGreaterThan(0.1);
  });

  it("each side's simulated win interval contains its exact win probability", async () => {
    const result = await runSimulation({
      definition: def,
      seed: 2024,
      runs: 40_000,
      maxRounds: ROUNDS,
      workers: 1,
    });
    const [red, blue] = result.summary.sides;
    expect(red!.win.low).toBeLessThan(p("red"));
    expect(red!.win.high).toBeGreaterThan(p("red"));
    expect(blue!.win.low).toBeLessThan(p("blue"));
    expect(blue!.win.high).toBeGreaterThan(p("blue"));
    expect(result.summary.draw.low).toBeLessThanOrEqual(p(null));
    expect(result.summary.draw.high).toBeGreaterThanOrEqual(p(null));
  });

  it("the policy driver samples the same procedure the exact driver enumerates", () => {
    let red = 0;
    const n = 20_000;
    for (let i = 0; i < n; i += 1)
      if (fight(new PolicyContext(Rng.stream(99, i), def.playbook)) === "red") red += 1;
    expect(Math.abs(red / n - p("red"))).toBeLessThan(
      4 * Math.sqrt((p("red") * (1 - p("red"))) / n),
    );
  });
});
