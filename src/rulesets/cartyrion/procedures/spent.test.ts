// What exact odds forget (spent.ts): the round number, with the rounds of ranged hits moved with
// it. The state graph gives a round exactly the end states every path gives, the next round
// plays the same from a state and from the state forgotten, and whole-fight odds are the same.
import { describe, expect, it } from "vitest";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import { fightOdds } from "../../../engine/fight-odds.js";
import {
  expectRoundMerged,
  expectForgottenUnread,
} from "../../../engine/test-support/state-merging.js";
import { cartyrion } from "../index.js";

const cutpurse = { level: 1, injurySlots: 2, weapons: ["dagger"] };
/** Two level-1 cutpurses with daggers, toe to toe (small enough to enumerate). */
const alley = parseEncounterFile(
  {
    ruleset: "cartyrion",
    title: "two cutpurses",
    options: { start: "expected", distance: 5 },
    sides: [{ id: "left" }, { id: "right" }],
    combatants: [
      { id: "ada", name: "Ada", side: "left", ...cutpurse, str: 1, stamina: 4 },
      { id: "bo", name: "Bo", side: "right", ...cutpurse, dex: 1, stamina: 3 },
    ],
  },
  { cartyrion },
  "test",
);
/** The fight's start, as if three rounds had gone by (no first round's initiative table). */
const later = { ...cartyrion.setup(alley.setup), round: 3 };

describe("exact odds merge equal states across rounds", () => {
  it("a round by the state graph ends in exactly the states every path of it ends in", () => {
    expectRoundMerged(alley);
    expectRoundMerged(alley, later);
  });

  it("what is forgotten is never read by the next round", () => {
    expectForgottenUnread(alley, 3);
    expectForgottenUnread(alley, 3, later);
  });

  it("whole-fight odds are the same with the round number forgotten, from fewer states", () => {
    const remembering = { ...cartyrion, forget: undefined };
    const options = { maxRounds: 6, tolerance: 0 };
    const merged = fightOdds(alley, [], options);
    const kept = fightOdds({ ...alley, ruleset: remembering }, [], options);
    merged.sides.forEach((s, i) => expect(s.win).toBeCloseTo(kept.sides[i]!.win, 12));
    expect(merged.unresolved.ongoing).toBeCloseTo(kept.unresolved.ongoing, 12);
    merged.rounds.distribution.forEach((p, r) =>
      expect(p).toBeCloseTo(kept.rounds.distribution[r]!, 12),
    );
    expect(merged.states).toBeLessThan(kept.states);
  });
});

/** The alley's fight with changes to its file: `left` and `right` to each cutpurse, more keys. */
function alleyWith(
  left: object,
  right: object,
  more: object = {},
): ReturnType<typeof parseEncounterFile> {
  return parseEncounterFile(
    {
      ruleset: "cartyrion",
      title: "two cutpurses",
      options: { start: "expected", distance: 5 },
      sides: [{ id: "left" }, { id: "right" }],
      combatants: [
        { id: "ada", name: "Ada", side: "left", ...cutpurse, str: 1, stamina: 4, ...left },
        { id: "bo", name: "Bo", side: "right", ...cutpurse, dex: 1, stamina: 3, ...right },
      ],
      ...more,
    },
    { cartyrion },
    "test",
  );
}

describe("a damage roll's totals that leave the target alike are one branch (attack.ts)", () => {
  // The state graph runs the totals mitigated to nothing once, and those past what fills the
  // target once; every path of the round runs each total. Both must end in the same states.
  it("melee against stamina then slots, one slot a point or a blow", () => {
    const { graphRuns, pathRuns } = expectRoundMerged(alley);
    expect(graphRuns).toBeLessThan(pathRuns / 5);
    expectRoundMerged(alleyWith({}, {}, { switches: { injurySlots: "blow" } }));
    expectRoundMerged(alleyWith({}, { injuries: 1, armour: "leather" }));
  });

  it("against a parrying shield, which stops half its durability left", () => {
    const def = alleyWith({ weapons: ["shortsword"] }, { shield: "buckler", stamina: 2 });
    const from = def.ruleset.setup(def.setup) as unknown as {
      combatants: { id: string; parry: string }[];
    };
    from.combatants.find((c) => c.id === "bo")!.parry = "shield";
    expectRoundMerged(def, from);
  });

  it("Direct Damage: a shot", () => {
    expectRoundMerged(
      alleyWith(
        { weapons: ["shortbow"] },
        { armour: "leather" },
        { options: { start: "expected", distance: 30 } },
      ),
    );
  });
});
