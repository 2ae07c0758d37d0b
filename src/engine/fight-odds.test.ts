import { describe, expect, it } from "vitest";
import type { Answer } from "./answers.js";
import type { RuleContext } from "./choice.js";
import { cloneState } from "./clone.js";
import { enumerateExact } from "./drivers/exact.js";
import { parseEncounterFile } from "./encounter-file.js";
import { gmApplier } from "./encounter.js";
import { fightOdds } from "./fight-odds.js";
import type { Json } from "./json.js";
import { replayToPosition, ReplayContext } from "./position.js";
import type { Ruleset } from "./ruleset.js";
import { bruteForce } from "./test-support/brute-force.js";
import { skirmish } from "./test-support/skirmish.js";

const registry = { skirmish: skirmish as unknown as Ruleset };
const encounter = (fighters: object[]) =>
  parseEncounterFile(
    {
      ruleset: "skirmish",
      title: "test fight",
      sides: [{ id: "red" }, { id: "blue" }],
      combatants: fighters,
    },
    registry,
    "test",
  );
// Ann (4 HP, d4) against Bob (3 HP, d4): small enough to enumerate every roll of a few rounds.
const duel = encounter([
  { id: "ann", name: "Ann", side: "red", hp: 4, damage: "d4" },
  { id: "bob", name: "Bob", side: "blue", hp: 3, damage: "d4" },
]);

/** How a fight cut at `rounds` rounds ends, by playing every path (or every die) of it. */
function endings(
  def: typeof duel,
  rounds: number,
  run: (fight: (ctx: RuleContext) => string) => { p: number; result: string }[],
  answers: readonly Answer[] = [],
): Map<string, number> {
  const rules = def.ruleset;
  const position = replayToPosition(def, answers);
  if (position.kind === "over") throw new Error("over");
  const fight = (ctx: RuleContext) => {
    const state = cloneState(position.roundStart);
    rules.round(state, new ReplayContext(position.given, ctx, gmApplier(def, state)));
    for (let r = 1; r < rounds && rules.outcome(state) === null; r += 1) rules.round(state, ctx);
    const outcome = rules.outcome(state);
    const standing = rules.standing(state);
    const alive = standing.filter((s) => !s.out).map((s) => s.id);
    if (outcome === null) return `going:${alive.join(",")}`;
    return `${outcome.winner ?? (alive.length === 0 ? "mutual" : "draw")}:${alive.join(",")}`;
  };
  const out = new Map<string, number>();
  for (const { p, result } of run(fight)) out.set(result, (out.get(result) ?? 0) + p);
  return out;
}

const sum = (m: Map<string, number>, test: (key: string) => boolean) =>
  [...m].filter(([k]) => test(k)).reduce((s, [, p]) => s + p, 0);

describe("whole-fight odds", () => {
  it("equal enumerating every path of a fight cut at three rounds", () => {
    const paths = endings(duel, 3, (f) => [
      ...enumerateExact(f, { tactics: duel.playbook }).outcomes,
    ]);
    const odds = fightOdds(duel, [], { maxRounds: 3, tolerance: 0 });
    const [red, blue] = odds.sides;
    expect(red!.win).toBeCloseTo(
      sum(paths, (k) => k.startsWith("red:")),
      14,
    );
    expect(blue!.win).toBeCloseTo(
      sum(paths, (k) => k.startsWith("blue:")),
      14,
    );
    expect(odds.mutualKill).toBeCloseTo(
      sum(paths, (k) => k.startsWith("mutual:")),
      14,
    );
    expect(odds.unresolved.ongoing).toBeCloseTo(
      sum(paths, (k) => k.startsWith("going:")),
      14,
    );
    expect(odds.draw).toBe(0);
    const ann = odds.combatants.find((c) => c.id === "ann")!;
    expect(ann.survival).toBeCloseTo(
      sum(paths, (k) => !k.startsWith("going:") && k.includes("ann")),
      14,
    );
    expect(red!.win + blue!.win + odds.mutualKill + odds.unresolved.total).toBeCloseTo(1, 14);
  });

  it("equal brute force over every die of a fight cut at two rounds", () => {
    const dice = endings(duel, 2, (f) => bruteForce(f, duel.playbook));
    const odds = fightOdds(duel, [], { maxRounds: 2, tolerance: 0 });
    expect(odds.sides[0]!.win).toBeCloseTo(
      sum(dice, (k) => k.startsWith("red:")),
      14,
    );
    expect(odds.sides[1]!.win).toBeCloseTo(
      sum(dice, (k) => k.startsWith("blue:")),
      14,
    );
    expect(odds.unresolved.ongoing).toBeCloseTo(
      sum(dice, (k) => k.startsWith("going:")),
      14,
    );
    // Bob strikes first in no round: Ann rolls 3 or 4 on her d4 (careful: she has more HP).
    expect(odds.rounds.distribution[1]).toBeCloseTo(
      sum(
        endings(duel, 1, (f) => bruteForce(f, duel.playbook)),
        (k) => !k.startsWith("going:"),
      ),
      14,
    );
  });

  it("play the fight to its end, leaving less than the tolerance unresolved", () => {
    const odds = fightOdds(duel);
    const [red, blue] = odds.sides;
    expect(odds.unresolved.total).toBeLessThan(1e-12);
    expect(red!.win + blue!.win + odds.draw + odds.mutualKill).toBeCloseTo(1, 11);
    // Longer cuts of the fight approach the whole: 12 rounds leave under 1e-6 going.
    const cut = endings(duel, 12, (f) => [
      ...enumerateExact(f, { tactics: duel.playbook }).outcomes,
    ]);
    expect(red!.win).toBeCloseTo(
      sum(cut, (k) => k.startsWith("red:")),
      5,
    );
    const resolved = odds.rounds.distribution.reduce((s, p) => s + p, 0);
    expect(resolved).toBeCloseTo(1, 11);
    expect(odds.rounds.mean).toBeCloseTo(
      odds.rounds.distribution.reduce((s, p, r) => s + p * r, 0),
      11,
    );
    expect(odds.states).toBeGreaterThan(0);
    expect(odds.runs).toBeGreaterThan(odds.states / 10);
  });

  it("start from a position with the round's answers so far, and follow fixed decisions", () => {
    const three = encounter([
      { id: "ann", name: "Ann", side: "red", hp: 5, damage: "d4" },
      { id: "cat", name: "Cat", side: "red", hp: 2, damage: "d4" },
      { id: "bob", name: "Bob", side: "blue", hp: 6, damage: "d6" },
    ]);
    const answers: Answer[] = [
      { kind: "decide", actor: "ann", question: "target", value: "bob" },
      { kind: "decide", actor: "ann", question: "stance", value: "careful" },
      { kind: "roll", label: "Ann's damage", value: 2 },
    ];
    const decisions: Record<string, Json> = { "bob:stance": "reckless" };
    const paths = endings(
      three,
      2,
      (f) => [...enumerateExact(f, { tactics: three.playbook, decisions }).outcomes],
      answers,
    );
    const odds = fightOdds(three, answers, { maxRounds: 2, tolerance: 0, decisions });
    expect(odds.start).toEqual({ round: 1, answers: 3, answersInRound: 3 });
    expect(odds.sides[0]!.win).toBeCloseTo(
      sum(paths, (k) => k.startsWith("red:")),
      13,
    );
    expect(odds.sides[1]!.win).toBeCloseTo(
      sum(paths, (k) => k.startsWith("blue:")),
      13,
    );
    expect(odds.unresolved.ongoing).toBeCloseTo(
      sum(paths, (k) => k.startsWith("going:")),
      13,
    );
    const careful = fightOdds(three, answers, { maxRounds: 2, tolerance: 0 });
    expect(careful.sides[0]!.win).not.toBeCloseTo(odds.sides[0]!.win, 3);
  });

  it("stop at the state budget with the rounds worked through so far exact, and when asked to", () => {
    const partial = fightOdds(duel, [], { maxStates: 40 });
    expect(partial.stopped).toBe("state-limit");
    expect(partial.maxStates).toBe(40);
    expect(partial.roundsWorked).toBeGreaterThan(0);
    const cut = fightOdds(duel, [], { maxRounds: partial.roundsWorked, tolerance: 0 });
    expect(cut.stopped).toBe("round-limit");
    expect(partial.sides[0]!.win).toBeCloseTo(cut.sides[0]!.win, 14);
    expect(partial.unresolved.ongoing).toBeCloseTo(cut.unresolved.ongoing, 14);
    expect(partial.unresolved.ongoing).toBeGreaterThan(0.01);
    let calls = 0;
    const stopped = fightOdds(duel, [], {
      progress: (p) => {
        calls += 1;
        expect(p.states).toBeGreaterThan(0);
        return calls === 5 ? "stop" : undefined;
      },
    });
    expect(stopped.stopped).toBe("cancelled");
    expect(calls).toBe(5);
    expect(fightOdds(duel).stopped).toBe("done");
  });

  it("of a fight the answers have ended are certain", () => {
    const answers: Answer[] = [
      { kind: "decide", actor: "ann", question: "target", value: "bob" },
      { kind: "decide", actor: "ann", question: "stance", value: "careful" },
      { kind: "roll", label: "Ann's damage", value: 4 },
    ];
    const odds = fightOdds(duel, answers);
    expect(odds.sides.map((s) => s.win)).toEqual([1, 0]);
    expect(odds.rounds.distribution).toEqual([1]);
    expect(odds.combatants.map((c) => c.survival)).toEqual([1, 0]);
    expect(odds.unresolved.total).toBe(0);
  });
});
