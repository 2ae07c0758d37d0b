// Encounter files: what a combatant may say, and errors that name the field and what it allows.
import { describe, expect, it } from "vitest";
import { parseExchangeFile } from "../../engine/encounter-file.js";
import { encounterFrom, registry } from "./test-support/play.js";
import { dungeonsOfOlde } from "./index.js";

const file = (combatant: Record<string, unknown>, options: Record<string, unknown> = {}) => ({
  ruleset: "dungeons-of-olde",
  sides: [{ id: "a" }, { id: "b" }],
  options,
  combatants: [
    { id: "x", side: "a", brawn: 8, finesse: 8, nerve: 8, ...combatant },
    { id: "y", side: "b", brawn: 8, finesse: 8, nerve: 8 },
  ],
});

describe("a combatant in an encounter file", () => {
  it("an unknown weapon is refused with the keys the tables know", () => {
    expect(() => encounterFrom(file({ weapons: ["sward"] }))).toThrow(
      /unknown weapon "sward"; known: arbalest, backsword/,
    );
  });

  it("unknown armour and shields are refused the same way", () => {
    expect(() => encounterFrom(file({ armour: "mithril" }))).toThrow(
      /unknown armour "mithril"; known: brigandine/,
    );
    expect(() => encounterFrom(file({ shield: "door" }))).toThrow(
      /unknown shield "door"; known: buckler/,
    );
  });

  it("stats are whole numbers from 1 to 40", () => {
    expect(() => encounterFrom(file({ brawn: 0 }))).toThrow(/brawn is a whole number from 1 to 40/);
  });

  it("a weapon not in the tables is a record with a melee or ranged profile", () => {
    const def = encounterFrom(
      file({
        weapons: [
          {
            name: "scythe",
            melee: {
              skill: "axe",
              stat: "brawn",
              reach: [1, 2],
              brawn1h: 10,
              brawn2h: 8,
              damage: 10,
            },
          },
        ],
      }),
    );
    const s = dungeonsOfOlde.setup(def.setup);
    const w = s.combatants[0]!.steady.weapons[0]!;
    expect(w.id).toBe("scythe");
    expect(w.melee).toMatchObject({ reachMin: 1, reachMax: 2, damage: 10 });
    expect(w.grip).toBe(2);
  });

  it("a javelin and a spear are in both tables: they can be thrust or thrown", () => {
    const s = dungeonsOfOlde.setup(encounterFrom(file({ weapons: ["javelin"] })).setup);
    const w = s.combatants[0]!.steady.weapons[0]!;
    expect(w.melee).not.toBeNull();
    expect(w.ranged).toMatchObject({ baseRange: 8, limit: 4, thrown: true });
  });

  it("encounter options name combatants that exist", () => {
    // Reading the file runs the setup once, so the file is refused as it is read.
    expect(() => encounterFrom(file({}, { surprised: ["z"] }))).toThrow(
      /options.surprised: unknown combatant "z"; combatants: x, y/,
    );
  });

  it("a grip the Melee Weapons table does not allow is refused at its field: a dagger is for one hand only, a shortbow's hands are the ranged table's", () => {
    // Melee Weapons: Knife and Fencing weapons have a one-hand Brawn Minimum only; Ranged Combat:
    // Hands are the table's. Both were silently ignored before.
    expect(() => encounterFrom(file({ weapons: [{ weapon: "dagger", grip: 2 }] }))).toThrow(
      "test.yaml: combatants[0].weapons[0].grip: grip 2: the dagger is for one hand only (it has no two-hand Brawn Minimum); use grip 1 or leave grip out",
    );
    expect(() => encounterFrom(file({ weapons: [{ weapon: "shortbow", grip: 1 }] }))).toThrow(
      "combatants[0].weapons[0].grip: grip is for melee weapons: the shortbow is not one",
    );
    const s = dungeonsOfOlde.setup(
      encounterFrom(file({ weapons: [{ weapon: "spear", grip: 1 }] })).setup,
    );
    expect(s.combatants[0]!.steady.weapons[0]!.grip).toBe(1);
  });

  it("a wrong value inside a weapon record is reported at its own field, not as a wrong weapon", () => {
    expect(() => encounterFrom(file({ weapons: [{ weapon: "spear", grip: 3 }] }))).toThrow(
      "test.yaml: combatants[0].weapons[0].grip: grip is 1 or 2 (hands)",
    );
    expect(() => encounterFrom(file({ weapons: [{ weapon: "spear", grip: "two" }] }))).toThrow(
      "test.yaml: combatants[0].weapons[0].grip: grip is 1 or 2 (hands)",
    );
    const bolas = {
      name: "bolas",
      ranged: { baseRange: 4, limit: 2, hands: 3, brawn: 4, damage: 4 },
    };
    expect(() => encounterFrom(file({ weapons: [bolas] }))).toThrow(
      "test.yaml: combatants[0].weapons[0].ranged.hands: hands is 1 or 2 (hands)",
    );
  });

  it("bare hands are every combatant's (Unarmed Combat): unarmed is not a weapon to list", () => {
    expect(() => encounterFrom(file({ weapons: ["unarmed"] }))).toThrow(
      /combatants\[0\]\.weapons\[0\]: unknown weapon "unarmed"; known: .*improvised/,
    );
  });

  it("a combatant starts at most at its maximum Hit Points (Brawn + Nerve / 2, or hitPoints)", () => {
    // Brawn 8, Nerve 8: 12 HP.
    expect(() => encounterFrom(file({ currentHitPoints: 13 }))).toThrow(
      "test.yaml: combatants[0].currentHitPoints: currentHitPoints is at most the maximum, 12 (Brawn + Nerve / 2); leave it out to start unhurt",
    );
    expect(() => encounterFrom(file({ hitPoints: 20, currentHitPoints: 21 }))).toThrow(
      "currentHitPoints is at most the maximum, 20 (hitPoints)",
    );
    const s = dungeonsOfOlde.setup(encounterFrom(file({ currentHitPoints: 12 })).setup);
    expect(s.combatants[0]!.hp).toBe(12);
  });

  it("a list or a record of the wrong shape says what it should look like", () => {
    expect(() => encounterFrom(file({ weapons: "broadsword" }))).toThrow(
      "test.yaml: combatants[0].weapons: weapons is a list, such as [broadsword, dagger]",
    );
    expect(() => encounterFrom(file({ adjustments: 3 }))).toThrow(
      "test.yaml: combatants[0].adjustments: adjustments is a record such as { attack: 1, defence: 2 }",
    );
    expect(() => encounterFrom(file({}, { surprised: "x" }))).toThrow(
      "test.yaml: options.surprised: surprised is a list of combatant ids, such as [brenna]",
    );
    expect(() => encounterFrom(file({}, { cover: [{ space: 3, lineOfSight: "total" }] }))).toThrow(
      'test.yaml: options.cover[0].lineOfSight: lineOfSight is "partial" (about 50% cover) or "minimal" (about 80%)',
    );
    expect(() => encounterFrom(file({}, { cover: { x: "partial" } }))).toThrow(
      "test.yaml: options.cover: cover lists the places on the field that block a line of sight, such as [{ space: 10, lineOfSight: partial }]",
    );
  });

  it("the skill of a weapon not in the tables is a weapon skill a combatant can have (Melee Weapons: Skill)", () => {
    const scythe = (skill: string) => ({
      name: "scythe",
      melee: { skill, stat: "brawn", reach: [1, 2], brawn1h: 10, brawn2h: 8, damage: 10 },
    });
    expect(() => encounterFrom(file({ weapons: [scythe("scythes")] }))).toThrow(
      'test.yaml: combatants[0].weapons[0].melee.skill: skill is a weapon skill (sword, mace, axe, knife, fencing, spear, bow, crossbow, sling), such as sword, or "" for none',
    );
    const s = dungeonsOfOlde.setup(
      encounterFrom(file({ weapons: [scythe("axe")], skills: ["axe"] })).setup,
    );
    expect(s.combatants[0]!.steady.weapons[0]!.skilled).toBe(true);
  });

  it("a combatant may start wounded; at 0 HP or less it starts incapacitated", () => {
    const s = dungeonsOfOlde.setup(encounterFrom(file({ currentHitPoints: 0 })).setup);
    expect(s.combatants[0]!.status).toBe("incapacitated");
  });
});

describe("an exchange file", () => {
  it("a distance out of range says which values it takes", () => {
    const stats = { brawn: 8, finesse: 8, nerve: 8 };
    const exchange = {
      ruleset: "dungeons-of-olde",
      attacker: { id: "a", ...stats },
      defender: { id: "b", ...stats },
      situation: { distance: -2 },
    };
    expect(() => parseExchangeFile(exchange, registry, "x.yaml")).toThrow(
      "x.yaml: situation.distance: distance is a whole number of spaces from 0 to 200",
    );
  });
});
