import { describe, expect, it } from "vitest";
import { InputError } from "../../engine/input-error.js";
import { swordsWizardryFitz } from "./index.js";
import { encounterFrom, skirmish as parsed } from "./test-support/play.js";

/** Parses the file and sets it up, as the engine does. */
const skirmish = (...args: Parameters<typeof parsed>) =>
  swordsWizardryFitz.setup(parsed(...args).setup);

function error(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError || e instanceof Error) return e.message;
  }
  return "";
}

describe("encounter files", () => {
  it("unknown weapons, armour and bad dice are refused with what is allowed", () => {
    expect(error(() => skirmish([{ id: "a", weapons: ["sward"] }], [{ id: "b" }]))).toMatch(
      /unknown weapon "sward"; known: battle-axe/,
    );
    expect(error(() => skirmish([{ id: "a", armour: "mithril" }], [{ id: "b" }]))).toMatch(
      /unknown armour "mithril"; known: bracers, chain/,
    );
    expect(error(() => skirmish([{ id: "a", attacks: ["claw"] }], [{ id: "b" }]))).toMatch(
      /dice notation/,
    );
  });

  it("a weapon object's own mistakes are refused at their field, not as 'not a key nor an object'", () => {
    expect(
      error(() =>
        skirmish([{ id: "a", weapons: [{ weapon: "long-sword", magic: 9 }] }], [{ id: "b" }]),
      ),
    ).toBe(
      "test.yaml: combatants[0].weapons[0].magic: magic (the weapon's +N) is a whole number from 0 to 5",
    );
    expect(
      error(() =>
        skirmish([{ id: "a", weapons: [{ weapon: "long-sword", edge: 1 }] }], [{ id: "b" }]),
      ),
    ).toMatch(
      /^test.yaml: combatants\[0\]\.weapons\[0\]\.edge: unknown field "edge"; a weapon record has weapon, name/,
    );
    expect(error(() => skirmish([{ id: "a", weapons: [7] }], [{ id: "b" }]))).toBe(
      "test.yaml: combatants[0].weapons[0]: weapon is 7; it is a table key or an object { weapon, magic, count } (or { name, damage, kind, ... } for one not in the table)",
    );
  });

  it("damage dice past exact odds' limit of work are refused at their field, not at the notation's column", () => {
    // The policies weigh a weapon by its mean damage, from its exact odds: 1000d1000 was refused
    // only at the first plan, as "1000d1000: ... at column 1" (where: column 1).
    const huge = { name: "huge", damage: "1000d1000" };
    expect(error(() => skirmish([{ id: "a", weapons: [huge] }], [{ id: "b" }]))).toBe(
      'test.yaml: combatants[0].weapons[0].damage: damage "1000d1000": exact odds would take more than 4.0e8 steps of work; use fewer dice or sides',
    );
    expect(error(() => skirmish([{ id: "a", attacks: ["1000d1000!"] }], [{ id: "b" }]))).toMatch(
      /^test.yaml: combatants\[0\]\.attacks\[0\]: an attack's damage "1000d1000!": exact odds would/,
    );
    // Dice within the limit still play.
    expect(
      error(() =>
        skirmish([{ id: "a", weapons: [{ name: "big", damage: "10d10" }] }], [{ id: "b" }]),
      ),
    ).toBe("");
  });

  it("a combatant needs a level or hit dice; a class without a table needs its BCB", () => {
    expect(
      error(() =>
        encounterFrom({
          ruleset: "swords-wizardry-fitz",
          combatants: [
            { id: "a", side: "x", hitPoints: 5 },
            { id: "b", side: "y", hitPoints: 5, level: 1 },
          ],
        }),
      ),
    ).toMatch(/level .* or hitDice/);
    expect(
      error(() => skirmish([{ id: "a", class: "magic-user", level: 3 }], [{ id: "b" }])),
    ).toMatch(/bcb: the chapter's class tables/);
    // Base Combat Bonuses: a 6th-level magic-user's hit dice are no monster's BCB, nor does it get
    // the fighter's table: without its bcb the file is refused, naming the combatant.
    expect(
      error(() =>
        skirmish([{ id: "a", class: "magic-user", level: 6, hitDice: 6 }], [{ id: "b" }]),
      ),
    ).toMatch(/^test.yaml: combatants\[0\]: bcb: the chapter's class tables/);
  });

  it("a combatant cannot start with more hit points than it has unhurt", () => {
    expect(
      error(() => skirmish([{ id: "a", hitPoints: 8, currentHitPoints: 20 }], [{ id: "b" }])),
    ).toBe(
      "test.yaml: combatants[0].currentHitPoints: currentHitPoints is at most hitPoints (the hit points it has unhurt)",
    );
    expect(
      error(() => skirmish([{ id: "a", hitPoints: 8, currentHitPoints: 3 }], [{ id: "b" }])),
    ).toBe("");
  });

  it("the off hand takes a dagger, short sword or hand-axe, unless a ranger", () => {
    expect(
      error(() =>
        skirmish([{ id: "a", weapons: ["long-sword"], offHand: "long-sword" }], [{ id: "b" }]),
      ),
    ).toMatch(/off-hand weapon must be/);
    // The error names the file and the field, as every other field's does.
    expect(
      error(() =>
        skirmish(
          [{ id: "a", weapons: ["long-sword"], offHand: { weapon: "battle-axe" } }],
          [{ id: "b" }],
        ),
      ),
    ).toMatch(/^test.yaml: combatants\[0\].offHand: the off-hand weapon must be a dagger/);
    expect(
      error(() =>
        skirmish(
          [
            {
              id: "a",
              weapons: ["long-sword"],
              offHand: { name: "knife", damage: "1d3", light: true },
            },
          ],
          [{ id: "b" }],
        ),
      ),
    ).toBe("");
    expect(
      error(() =>
        skirmish(
          [{ id: "a", class: "ranger", weapons: ["long-sword"], offHand: "long-sword" }],
          [{ id: "b" }],
        ),
      ),
    ).toBe("");
  });

  it("options name unknown combatants and sides", () => {
    expect(error(() => skirmish([{ id: "a" }], [{ id: "b" }], { undetected: ["zed"] }))).toMatch(
      /options.undetected: unknown combatant "zed"/,
    );
    expect(error(() => skirmish([{ id: "a" }], [{ id: "b" }], { surprise: "ambush" }))).toMatch(
      /options.ambusher/,
    );
    // 1. Determine Surprise: an ambush without the side that ambushes names the file and field.
    expect(error(() => skirmish([{ id: "a" }], [{ id: "b" }], { surprise: "ambush" }))).toBe(
      "test.yaml: options.ambusher: an ambush needs ambusher: the id of the side that ambushes",
    );
  });
});
