import { describe, expect, it } from "vitest";
import { adviceFigures } from "./advice-figures.js";
import { tabSeparated } from "./figures.js";
import type { AdviceJson } from "./types.js";

describe("the advisor's figures for a spreadsheet", () => {
  const est = (value: number, half = 0) => ({ value, half });
  const advice: AdviceJson = {
    actor: "hero",
    side: "party",
    question: "initiative",
    prompt: "Does Hero forfeit the initiative?",
    round: 1,
    horizon: "round",
    method: "sampled",
    runs: 5000,
    truncated: 0,
    unit: "HP",
    rolled: [],
    options: [
      {
        value: "roll",
        label: "roll for the initiative",
        policy: true,
        dealt: est(1.6123, 0.0987),
        taken: est(1.55, 0.1),
        win: est(0.01, 0.003),
        lose: est(0.013, 0.004),
        combatants: [
          { id: "hero", name: "Hero", side: "party", loss: est(1.55, 0.1), out: est(0.013, 0.004) },
          { id: "brute", name: "Brute", side: "foes", loss: est(1.6, 0.1), out: est(0.01, 0.003) },
        ],
      },
      {
        value: "delay",
        label: "delay the initiative",
        policy: false,
        tied: true,
        dealt: est(1.6, 0.1),
        taken: est(1.56, 0.1),
        win: est(0.011, 0.003),
        lose: est(0.013, 0.004),
        combatants: [
          { id: "hero", name: "Hero", side: "party", loss: est(1.56, 0.1), out: est(0.013, 0.004) },
          { id: "brute", name: "Brute", side: "foes", loss: est(1.6, 0.1), out: est(0.011, 0.003) },
        ],
      },
      {
        value: "forfeit",
        label: "forfeit the initiative",
        policy: false,
        dealt: est(0),
        taken: est(3.3, 0.1),
        win: est(0.002, 0.002),
        lose: est(0.021, 0.004),
        combatants: [
          { id: "brute", name: "Brute", side: "foes", loss: est(0), out: est(0.002, 0.002) },
          { id: "hero", name: "Hero", side: "party", loss: est(3.3, 0.1), out: est(0.021, 0.004) },
        ],
      },
    ],
  };

  it("gives each option a row, marked where it is as good as the one above, each figure and its ± in cells of their own, every combatant's chance of being out", () => {
    // The panel says "1.6 ± 0.1" as one text, and the foes' chance of being out alone; it marks
    // an option the sampled ranking settled as alike the one above it, and so does a cell here.
    expect(tabSeparated(adviceFigures(advice)).split("\n")).toEqual([
      "advice on\tDoes Hero forfeit the initiative?",
      "round\t1",
      "the round's figures\tsampled: 5000 rounds an option",
      "",
      "option\ttactics' pick\tas good as the option above\tdamage dealt (HP)\tdamage dealt (HP) ±\tdamage taken (HP)\tdamage taken (HP) ±\twin this round\twin this round ±\tlose this round\tlose this round ±\tHero out\tHero out ±\tBrute out\tBrute out ±",
      "roll for the initiative\tyes\t\t1.61\t0.1\t1.55\t0.1\t1.00%\t0.30%\t1.30%\t0.40%\t1.30%\t0.40%\t1.00%\t0.30%",
      "delay the initiative\t\tyes\t1.6\t0.1\t1.56\t0.1\t1.10%\t0.30%\t1.30%\t0.40%\t1.30%\t0.40%\t1.10%\t0.30%",
      // Its combatants listed in another order: each still under its own name.
      "forfeit the initiative\t\t\t0\t0\t3.3\t0.1\t0.20%\t0.20%\t2.10%\t0.40%\t2.10%\t0.40%\t0.20%\t0.20%",
      "",
    ]);
  });
});
