import { describe, expect, it } from "vitest";
import type { LogAnswer } from "./log-steps.js";
import { timeline, timelineSteps } from "./timeline.js";
import type { Explanation } from "./types.js";

// The chapter's worked example (Damage Dice, "Example"): initiative 5, Tombril's attack, 5d6!.
const log: LogAnswer[] = [
  { kind: "roll", label: "the first round's initiative", value: 5, dice: "[5] = 5", by: "table" },
  { kind: "decide", actor: "tombril", question: "action", value: "attack:giant:shortsword" },
  { kind: "roll", label: "Tombril's damage", value: 17, dice: "[5, 3, 4, 3, 2] = 17", by: "table" },
];
const explain = (at: number, text: string): Explanation => ({
  at,
  section: at === 0 ? "fray-round" : "resolving-combat",
  rule: at === 0 ? "cartyrion, Round" : "cartyrion, Resolving Combat",
  text,
});
const explanations = [
  explain(0, "round 1 begins"),
  explain(1, "initiative die 5: the party acts first"),
  explain(3, "Tombril rolls 5d6!: 17 ... = 31"),
  explain(3, "31 SP are taken from Hill Giant's 68, leaving 37 SP"),
];
describe("what happened, in causal order", () => {
  it("puts each answer before what it caused", () => {
    const texts = timeline(log, explanations).map((e) =>
      e.kind === "answer" ? `#${e.n}` : e.explanation.text,
    );
    expect(texts).toEqual([
      "round 1 begins",
      "#1",
      "initiative die 5: the party acts first",
      "#2",
      "#3",
      "Tombril rolls 5d6!: 17 ... = 31",
      "31 SP are taken from Hill Giant's 68, leaving 37 SP",
    ]);
  });

  it("cuts it into steps, an answer with its effects, for reading newest first", () => {
    const steps = timelineSteps(timeline(log, explanations));
    expect(steps.map((s) => s.length)).toEqual([1, 2, 1, 3]);
  });
});
