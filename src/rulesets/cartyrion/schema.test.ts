import { describe, expect, it } from "vitest";
import { InputError } from "../../engine/input-error.js";
import { cartyrion } from "./index.js";
import { encounterFrom, skirmish, who } from "./test-support/play.js";

const file = (combatant: Record<string, unknown>, options: Record<string, unknown> = {}) => ({
  ruleset: "cartyrion",
  options,
  combatants: [
    { id: "a", side: "x", level: 1, stamina: 5, ...combatant },
    { id: "b", side: "y", level: 1, stamina: 5 },
  ],
});

describe("encounter files", () => {
  it("a wrong field says which field and what is allowed", () => {
    expect(() => encounterFrom(file({ weapons: ["sward"] }))).toThrow(
      /combatants\[0\]\.weapons\[0\]: unknown weapon "sward"; known: battleaxe, club, /,
    );
    expect(() => encounterFrom(file({ weapons: [{ weapon: "dagger", magic: 11 }] }))).toThrow(
      /weapons\[0\]\.magic: magic \(the weapon's \+N\) is a whole number from 0 to 10/,
    );
    expect(() => encounterFrom(file({ weapons: [{ name: "claws" }] }))).toThrow(
      /with "name" and "die"/,
    );
    expect(() => encounterFrom(file({ armour: "mithril" }))).toThrow(
      /armour: unknown armour "mithril"; known: brigandine, chain, /,
    );
    expect(() => encounterFrom(file({ level: 0 }))).toThrow(
      /level: level is a whole number from 1 to 40/,
    );
    expect(() => encounterFrom(file({ speed: 3 }))).toThrow(/unknown field "speed"/);
    expect(() => encounterFrom(file({}, { start: "ambush" }))).toThrow(
      /options\.start: start is "unexpected"/,
    );
    expect(() => encounterFrom({ ...file({}), switches: { injurySlots: "slot" } })).toThrow(
      /injurySlots is "point" or "blow"/,
    );
    // A weapon object's own errors name their field, not "a weapon is a table key or ...".
    expect(() => encounterFrom(file({ weapons: [{ weapon: "dagger", carried: "belt" }] }))).toThrow(
      /combatants\[0\]\.weapons\[0\]\.carried: carried is "hand", "ready" \(scabbard, sheath, bandolier\) or "pack"/,
    );
    expect(() =>
      encounterFrom(file({ weapons: [{ name: "claws", die: 6, kind: "natural" }] })),
    ).toThrow(/weapons\[0\]\.kind: kind is "melee", "reach" or "ranged"/);
    expect(() => encounterFrom(file({ weapons: [{ weapon: "rapier", finesse: "yes" }] }))).toThrow(
      /weapons\[0\]\.finesse: finesse is true or false/,
    );
    expect(() => encounterFrom(file({ weapons: [3] }))).toThrow(
      /weapons\[0\]: weapon is 3; it is a table key or an object \{ weapon, magic/,
    );
    // Fields the weapon's kind would ignore or misuse are refused, saying which and why.
    expect(() => encounterFrom(file({ weapons: [{ weapon: "dagger", range: 30 }] }))).toThrow(
      /weapons\[0\]\.range: range is for ranged weapons; the dagger is a melee weapon/,
    );
    expect(() => encounterFrom(file({ weapons: [{ weapon: "longbow", reach: 10 }] }))).toThrow(
      /weapons\[0\]\.reach: reach is for melee and reach weapons; the longbow is ranged/,
    );
    expect(() => encounterFrom(file({ weapons: [{ weapon: "javelin", kind: "melee" }] }))).toThrow(
      /weapons\[0\]\.kind: thrown is for ranged weapons; the javelin is a melee weapon/,
    );
    expect(() =>
      encounterFrom(file({ weapons: [{ name: "claws", die: 6, natural: true, carried: "hand" }] })),
    ).toThrow(
      /weapons\[0\]\.carried: a natural weapon \(claws\) is part of the combatant, never carried/,
    );
    // Fields that contradict each other are refused rather than quietly clamped.
    expect(() => encounterFrom(file({ stamina: 20, currentStamina: 25 }))).toThrow(
      /combatants\[0\]\.currentStamina: currentStamina \(25\) is more than stamina \(20\): give at most 20/,
    );
    expect(() => encounterFrom(file({ injurySlots: 15, injuries: 16 }))).toThrow(
      /combatants\[0\]\.injuries: injuries \(16\) are more than injurySlots \(15\)/,
    );
    expect(() =>
      encounterFrom(
        file({
          weapons: [
            { weapon: "dagger", carried: "hand" },
            { weapon: "club", carried: "hand" },
          ],
        }),
      ),
    ).toThrow(
      /weapons\[1\]\.carried: only one weapon starts in hand and weapons\[0\] does: make this one "ready" or "pack"/,
    );
    // A spell without a die does no damage: what would shape its damage is refused.
    expect(() => encounterFrom(file({ spells: [{ name: "Sleep", direct: true }] }))).toThrow(
      /spells\[0\]\.direct: direct is for a spell that deals damage: give Sleep its die, or remove direct/,
    );
    // A party side the file does not have: an InputError naming the option, whether reading the
    // file or setting the encounter up finds it.
    const unknownParty = () => cartyrion.setup(encounterFrom(file({}, { party: "z" })).setup);
    expect(unknownParty).toThrow(InputError);
    expect(unknownParty).toThrow(/options\.party: unknown side "z"; sides: x, y/);
  });

  it("weapons from the table, with magic, natural weapons and where they are carried", () => {
    const def = skirmish(
      [
        {
          id: "ann",
          name: "Ann",
          weapons: [
            { weapon: "dagger", carried: "pack" },
            "longsword",
            { name: "claws", die: 8, natural: true },
          ],
        },
      ],
      [{ id: "bob", name: "Bob" }],
    );
    const s = cartyrion.setup(def.setup);
    expect(who(s, "ann").weapons.map((w) => [w.id, w.die, w.carried, w.natural])).toEqual([
      ["dagger", 4, "pack", false],
      ["longsword", 6, "hand", false],
      ["claws", 8, "ready", true],
    ]);
    // Bob has no weapons listed: bare hands.
    expect(who(s, "bob").weapons.map((w) => w.id)).toEqual(["unarmed"]);
  });

  it("every fight gets its own copy of the starting state", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", weapons: ["longsword"] }],
      [{ id: "bob", name: "Bob" }],
    );
    const first = cartyrion.setup(def.setup);
    who(first, "ann").stamina = 0;
    who(first, "ann").weapons[0]!.carried = "broken";
    who(first, "ann").attackedNow.push("bob");
    const second = cartyrion.setup(def.setup);
    expect(who(second, "ann").stamina).toBe(10);
    expect(who(second, "ann").weapons[0]!.carried).toBe("hand");
    expect(who(second, "ann").attackedNow).toEqual([]);
  });
});
