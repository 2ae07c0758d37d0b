// A combatant in an encounter file: the chapter's numbers and gear, checked with errors that
// name the field and what is allowed.
import { describe, expect, it } from "vitest";
import { InputError } from "../../engine/input-error.js";
import { armourOf, attacksOf, combatantSchema, readStats } from "./stats.js";
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
    expect(combatantSchema.safeParse(readStats({ armour: "plate" })).success).toBe(true);
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
