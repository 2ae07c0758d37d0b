import { describe, expect, it } from "vitest";
import { Rng } from "../core/random.js";
import type { Answer } from "./answers.js";
import { parseEncounterFile } from "./encounter-file.js";
import { runFight, runFightFrom } from "./fight.js";
import { replayToPosition, type Position } from "./position.js";
import type { Ruleset } from "./ruleset.js";
import { skirmish, type SkirmishState } from "./test-support/skirmish.js";

const registry = { skirmish: skirmish as unknown as Ruleset };
const duel = (bobHp: number) =>
  parseEncounterFile(
    {
      ruleset: "skirmish",
      sides: [{ id: "red" }, { id: "blue" }],
      combatants: [
        { id: "ann", name: "Ann", side: "red", hp: 12, damage: "d6" },
        { id: "bob", name: "Bob", side: "blue", hp: bobHp, damage: "2d6" },
      ],
    },
    registry,
    "test",
  );
const OPENING: Answer[] = [
  { kind: "decide", actor: "ann", question: "target", value: "bob" },
  { kind: "decide", actor: "ann", question: "stance", value: "careful" },
];

function positionOf(bobHp: number, answers: readonly Answer[]): Position {
  const p = replayToPosition(duel(bobHp), answers);
  if (p.kind !== "position") throw new Error("over");
  return p;
}

describe("a fight from a position", () => {
  it("from the start of the fight is the fight runFight plays, run for run", () => {
    const def = duel(10);
    const start = positionOf(10, []);
    for (let i = 0; i < 200; i += 1) {
      const from = runFightFrom(def, start, Rng.stream(3, i));
      const plain = runFight(def, Rng.stream(3, i));
      expect(from).toEqual(plain);
      expect(from.startRound).toBe(1);
    }
  });

  it("keeps the answers already given: Ann's 6 fells Bob (5 HP) in the round, every time", () => {
    const def = duel(5);
    const sealed = positionOf(5, [...OPENING, { kind: "roll", label: "Ann's damage", value: 6 }]);
    expect(sealed.choice).toMatchObject({ actor: "gm", question: "bonus" });
    for (let i = 0; i < 50; i += 1) {
      const fight = runFightFrom(def, sealed, Rng.stream(1, i));
      expect(fight.outcome.winner).toBe("red");
      expect(fight.rounds).toBe(1);
      // The GM's policy gives the bonus point: 7 from Bob's 5.
      expect((fight.state as SkirmishState).fighters[1]!.hp).toBe(-2);
    }
  });

  it("counts rounds from the start of the position's round, and the round limit too", () => {
    const def = duel(40);
    const answers: Answer[] = [
      ...OPENING,
      { kind: "roll", label: "Ann's damage", value: 1 },
      { kind: "decide", actor: "bob", question: "target", value: "ann" },
      { kind: "decide", actor: "bob", question: "stance", value: "careful" },
      { kind: "roll", label: "Bob's damage", value: 2 },
      ...OPENING,
    ];
    const second = positionOf(40, answers);
    expect(second.round).toBe(2);
    const fight = runFightFrom(def, second, Rng.stream(8, 0), 1);
    expect(fight).toMatchObject({ rounds: 1, startRound: 2 });
    // Round 2 alone, played from its start (Bob at 39, Ann at 10): Bob cannot fall in it.
    expect(fight.outcome.winner).not.toBe("red");
    const state = fight.state as SkirmishState;
    expect(state.round).toBe(2);
    expect(state.fighters[1]!.hp).toBeLessThan(39);
    // The position itself is left as it was.
    expect((second.roundStart as SkirmishState).fighters.map((f) => f.hp)).toEqual([10, 39]);
  });
});
