// A combatant in an encounter file: the chapter's numbers and gear, checked with errors that
// name the field and what is allowed.
import { describe, expect, it } from "vitest";
import { InputError } from "../../engine/input-error.js";
import { armourOf, attacksOf, combatantStatsSchema, readStats } from "./schema.js";
import { encounterFrom } from "./test-support/table.js";

function fileWith(stats: Record<string, unknown>) {
  return () =>
    encounterFrom({
      ruleset: "karn",
      combatants: [
        { id: "a", side: "x", ...stats },
        { id: "b", side: "y" },
      ],
    });
}

describe("a combatant's stats", () => {
  it("defaults: two actions, attributes 50, 15 HP and SP, punch and kick, no armour", () => {
    const s = readStats({});
    expect([s.actions, s.alt, s.end, s.res, s.hp, s.sp]).toEqual([2, 50, 50, 50, 15, 15]);
    expect(attacksOf(s).map((a) => a.key)).toEqual(["punch", "kick"]);
    expect(armourOf(s).cov).toBe(0);
  });

  it("armour in the chapter's own format: COV and a rating per type written '6 (3)'", () => {
    const s = readStats({ armour: { cov: 18, hp: 30, ratings: { cut: "6 (3)", crush: [3, 1] } } });
    expect(armourOf(s).ratings).toEqual({ cut: [6, 3], crush: [3, 1] });
    expect(combatantStatsSchema.safeParse(readStats({ armour: "plate" })).success).toBe(true);
  });

  it("an unknown attack names the known ones", () => {
    expect(fileWith({ attacks: ["sward"] })).toThrow(InputError);
    expect(fileWith({ attacks: ["sward"] })).toThrow(/unknown attack "sward"; known: .*longsword/);
  });

  it("a rating that is not 'protection (damage)' is refused", () => {
    expect(fileWith({ armour: { cov: 10, hp: 10, ratings: { cut: "6(3" } } })).toThrow(
      /rating is written "6 \(3\)"/,
    );
  });

  it("attributes are rated 5 to 95; COV is 0 to 24; actions 1 to 5", () => {
    expect(fileWith({ alt: 99 })).toThrow(/alt is rated 5 to 95/);
    expect(fileWith({ armour: { cov: 30, hp: 1 } })).toThrow(/cov is 0 to 24/);
    expect(fileWith({ actions: 0 })).toThrow(/actions is at least 1/);
  });

  // No Weapon Training: the penalties are for the weapons the character has and is untrained in.
  it("untrained names only attacks the combatant has: a misspelt one is an error, not a silently trained weapon", () => {
    expect(fileWith({ attacks: ["punch", "longsword"], untrained: ["longsword"] })).not.toThrow();
    expect(fileWith({ attacks: ["punch", "longsword"], untrained: ["long-sword"] })).toThrow(
      'test.yaml: combatants[0].untrained[0]: "long-sword" is not one of this combatant\'s attacks (punch, longsword); untrained lists the attacks it has no training with',
    );
  });

  it("each attack has its own name, since the strike answers name it", () => {
    expect(
      fileWith({
        attacks: [
          { name: "Claw", damage: "1d4", types: "cut" },
          { name: "Claw", damage: "1d6", types: "chop" },
        ],
      }),
    ).toThrow(
      'test.yaml: combatants[0].attacks[1]: a second attack named "Claw": every attack needs its own name',
    );
  });

  // Making A Called Shot: an area's coverage is a COV "based on 24 being total coverage".
  it("an armour's areas are the called shots' areas, each with a COV from 0 to 24", () => {
    const armour = (areas: Record<string, number>) => ({
      armour: { cov: 10, hp: 10, areas },
    });
    expect(fileWith(armour({ head: 12, "arm-or-leg": 24 }))).not.toThrow();
    expect(fileWith(armour({ haed: 12 }))).toThrow(
      'test.yaml: combatants[0].armour.areas.haed: unknown area "haed"; areas are the called shots: arm-or-leg, kidney, groin, head, eye, artery, knock-out',
    );
    expect(fileWith(armour({ head: 30 }))).toThrow(
      "test.yaml: combatants[0].armour.areas.head: an area's COV is a whole number from 0 to 24 (24: the area fully covered)",
    );
    expect(fileWith({ armour: { cov: 10, hp: 10, colour: "red" } })).toThrow(
      'test.yaml: combatants[0].armour.colour: unknown field "colour"',
    );
  });

  // Armor And Clothing: the armour takes damage, "which lowers its hit points".
  it("armour with a COV has hit points: at 0 it would never protect", () => {
    expect(fileWith({ armour: { cov: 18, hp: 0 } })).toThrow(
      "test.yaml: combatants[0].armour.hp: hp is at least 1 for armour with a COV (18): armour at 0 hit points no longer protects",
    );
    expect(fileWith({ armour: { cov: 0, hp: 0 } })).not.toThrow();
  });

  it("numbers out of range say what is allowed: a rating [6], a skill of 0%, a dodge penalty of 30", () => {
    expect(fileWith({ armour: { cov: 18, hp: 10, ratings: { cut: [6] } } })).toThrow(
      'test.yaml: combatants[0].armour.ratings.cut: a rating is written "6 (3)" or [6, 3]: protection (damage rating)',
    );
    expect(fileWith({ skills: { "pick-locks": 0 } })).toThrow(
      "test.yaml: combatants[0].skills.pick-locks: a skill level is a whole number from 1 to 100 (a percentage)",
    );
    expect(fileWith({ attacks: [{ damage: "1d6", types: "pierce", dodgePenalty: 30 }] })).toThrow(
      "test.yaml: combatants[0].attacks[0].dodgePenalty: dodgePenalty is a whole number from 0 to 20 (Defending Against Ranged Attacks: a dodge is at -5 or -10 against bows)",
    );
    expect(fileWith({ natural: { crush: -1 } })).toThrow(
      "test.yaml: combatants[0].natural.crush: natural armour is a whole number from 0 to 100",
    );
  });

  it("an attack may be a full record; its damage must be dice notation", () => {
    const s = readStats({
      attacks: [{ name: "Claw", damage: "2d4", types: ["cut", "pierce"], kind: "hand" }],
    });
    const [claw] = attacksOf(s);
    expect(claw).toMatchObject({
      name: "Claw",
      types: ["cut", "pierce"],
      weapon: false,
      parry: false,
    });
    expect(fileWith({ attacks: [{ damage: "two dice", types: "cut" }] })).toThrow(
      /not dice notation/,
    );
  });
});
