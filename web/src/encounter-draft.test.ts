import { describe, expect, it } from "vitest";
import {
  anotherSide,
  copyTitle,
  DEFAULT_SIDES,
  defaultTitle,
  draftFile,
  draftOfFile,
  placeOf,
  namedBox,
  plainRefusal,
  type Draft,
} from "./encounter-draft.js";
import type { SwitchJson } from "./types.js";

const provenance = { source: "default" as const, ref: "a guess" };
const SWITCHES: SwitchJson[] = [
  {
    key: "grapple",
    description: "who may grapple",
    default: "all",
    provenance,
    schema: { type: "string", enum: ["all", "small"] },
  },
  {
    key: "crits",
    description: "critical dice",
    default: { blunt: 6 },
    provenance,
    schema: { type: "object" },
  },
];

const draft = (over: Partial<Draft> = {}): Draft => ({
  ruleset: "tnt",
  title: "A duel",
  seed: "7",
  sides: DEFAULT_SIDES,
  combatants: [
    { key: 1, block: { id: "pip", name: "Pip", side: "party", hitPoints: 18, weapon: "dagger" } },
    {
      key: 2,
      block: { id: "orc", name: "Orc", side: "foes", hitPoints: undefined, gear: ["rope"] },
    },
  ],
  options: {},
  switches: {},
  ...over,
});

describe("the encounter builder's draft", () => {
  it("gives the encounter file: empty boxes, switches at their defaults and unset options left out", () => {
    expect(draftFile(draft(), SWITCHES)).toEqual({
      ruleset: "tnt",
      title: "A duel",
      seed: 7,
      sides: [
        { id: "party", name: "The party" },
        { id: "foes", name: "The foes" },
      ],
      combatants: [
        { id: "pip", name: "Pip", side: "party", hitPoints: 18, weapon: "dagger" },
        { id: "orc", name: "Orc", side: "foes", gear: ["rope"] },
      ],
    });
    const changed = draftFile(
      draft({
        switches: { grapple: "small", crits: { blunt: 6 } },
        options: { startRange: "melee", otherEfforts: undefined },
        seed: "",
        title: " ",
      }),
      SWITCHES,
    );
    expect(changed).toMatchObject({
      switches: { grapple: "small" },
      options: { startRange: "melee" },
    });
    expect(changed.switches).toEqual({ grapple: "small" });
    expect(changed.options).toEqual({ startRange: "melee" });
    expect(Object.keys(changed)).not.toContain("seed");
    // A title left empty is who fights whom, not the file's default (the ruleset's title).
    expect(changed.title).toBe("Pip against Orc");
  });

  it("names an encounter the GM did not name by who fights whom", () => {
    // With no one on them yet, the sides; "The" lowered past the title's start.
    expect(defaultTitle(DEFAULT_SIDES)).toBe("The party against the foes");
    const goblin = (n: string, side = "foes") => ({ id: n.toLowerCase(), name: n, side });
    // Two fights built alike are told apart by their fighters, the numbered ones counted.
    expect(
      defaultTitle(DEFAULT_SIDES, [
        goblin("Cedryk", "party"),
        goblin("Wren", "party"),
        goblin("Goblin"),
        goblin("Goblin 2"),
        goblin("Goblin 3"),
      ]),
    ).toBe("Cedryk and Wren against three goblins");
    expect(
      defaultTitle(DEFAULT_SIDES, [
        goblin("Chip Calhoon", "party"),
        goblin("Wolf"),
        goblin("Wolf 2"),
        goblin("Orc 3"),
      ]),
    ).toBe("Chip Calhoon against two wolves and Orc 3");
    // A name already ending in s, counted as it is (it was "two knuckleses"); "ss" takes "es".
    expect(
      defaultTitle(DEFAULT_SIDES, [
        goblin("Knuckles"),
        goblin("Knuckles 2"),
        goblin("Boss"),
        goblin("Boss 2"),
      ]),
    ).toBe("The party against two knuckles and two bosses");
    // Past three names, the rest counted.
    expect(
      defaultTitle(
        DEFAULT_SIDES,
        ["Grub", "Snaga", "Ugluk", "Kell", "Varn"].map((n) => goblin(n)),
      ),
    ).toBe("The party against Grub, Snaga and 3 others");
    expect(
      defaultTitle([
        { id: "watch", name: "The watch" },
        { id: "smugglers", name: "Smugglers" },
        { id: "side-3", name: " " },
      ]),
    ).toBe("The watch against Smugglers against side-3");
  });

  it("reads which box a refusal names", () => {
    expect(placeOf("file: combatants[1].weapons[0].weapon")).toEqual({
      kind: "combatant",
      index: 1,
      path: "weapons[0].weapon",
    });
    expect(placeOf("file: combatants[0]")).toEqual({ kind: "combatant", index: 0, path: "" });
    expect(placeOf("file: switches.grapple")).toEqual({ kind: "switches", path: "grapple" });
    expect(placeOf("file: options.positions.orc")).toEqual({
      kind: "options",
      path: "positions.orc",
    });
    expect(placeOf("file: combatants")).toEqual({ kind: "file", key: "combatants" });
    expect(placeOf("file: seed")).toEqual({ kind: "file", key: "seed" });
    expect(placeOf(undefined)).toEqual({ kind: "file", key: "" });
  });

  it("adds a side with an id not yet taken", () => {
    expect(anotherSide(DEFAULT_SIDES)).toEqual({ id: "side-3", name: "Side 3" });
    expect(anotherSide([...DEFAULT_SIDES, { id: "side-3", name: "Bandits" }])).toEqual({
      id: "side-4",
      name: "Side 4",
    });
  });

  it("says a refusal beside its box without its path, and a field's program name in words", () => {
    const titles: Record<string, string> = {
      hitPoints: "Hit points",
      weapon: "Weapon",
      level: "Level",
      stamina: "Stamina at full (SP)",
    };
    const titleOf = (key: string) => titles[key] ?? key.toUpperCase();
    const nameOf = (index: number) => ["Sigrun", "Pip"][index] ?? "?";
    expect(
      plainRefusal(
        "combatants[0].hitPoints: hitPoints is 1 to 1000",
        "file: combatants[0].hitPoints",
        titleOf,
        nameOf,
      ),
    ).toBe("Hit points is 1 to 1000");
    expect(
      plainRefusal(
        'combatants[1].name: "SIGRUN" is also the name of combatants[0] (id sigrun); each combatant needs a name of its own',
        "file: combatants[1].name",
        titleOf,
        nameOf,
      ),
    ).toBe('"SIGRUN" is also the name of Sigrun; each combatant needs a name of its own');
    // What is said in words already stays as it is; only the box's own path is taken off.
    expect(plainRefusal("magic is a whole number from 0 to 5", "file: x", titleOf, nameOf)).toBe(
      "magic is a whole number from 0 to 5",
    );
    expect(plainRefusal('unknown weapon "longsward"', undefined, titleOf, nameOf)).toBe(
      'unknown weapon "longsward"',
    );
    // A stat left out of a new combatant: its box is a list of names, not of the keys.
    expect(
      plainRefusal(
        "combatants[0].weapon: weapon is required: one of arming-sword, axe, club, or a full record { name, damageDie, damageType }",
        "file: combatants[0].weapon",
        titleOf,
        nameOf,
      ),
    ).toBe("Weapon is required: pick one from its list");
    // The other refusals of a new combatant (cartyrion's, dungeons-of-olde's): their own paths
    // off, another combatant's by its name; it said "Sigrun.stamina: stamina …". Each stat said
    // by its box's label: it read "level is …", "stamina (Stamina Points) is …" over the boxes
    // "Level" and "Stamina at full (SP)".
    expect(
      plainRefusal(
        "combatants[0].level: level is a whole number from 1 to 40 (and 2 more: combatants[0].stamina: stamina (Stamina Points) is a whole number from 0 to 10000; combatants[1].maxHitPoints: maxHitPoints is a whole number from 1 to 10000)",
        "file: combatants[0].level",
        titleOf,
        nameOf,
      ),
    ).toBe(
      "Level is a whole number from 1 to 40 (and 2 more: Stamina at full (SP) is a whole number from 0 to 10000; Pip: MAXHITPOINTS is a whole number from 1 to 10000)",
    );
  });

  it("finds the box a refusal of a whole stat block names first", () => {
    // Swords & Wizardry's new combatant: the message sat under the form, pages below its boxes.
    const labels = ["Id (unique)", "Name", "Side", "Hit dice", "Level", "Hit points at full"];
    expect(
      namedBox("a combatant needs level (a character or NPC) or Hit dice (a monster)", labels),
    ).toBe(4);
    expect(namedBox("an encounter needs at least two combatants", labels)).toBe(-1);
    expect(namedBox("Hit dice (3+1) or level", ["Level", "Hit dice", ""])).toBe(1);
  });

  it("copies a stored encounter's file into a draft that gives the same file back, titled as a copy", () => {
    const file = {
      ruleset: "tnt",
      title: "Bandits on the old road",
      seed: 4,
      switches: { grapple: "small" },
      options: { startRange: "melee" },
      sides: [
        { id: "party", name: "The party" },
        { id: "bandits", name: "Bandits" },
      ],
      combatants: [
        { id: "hild", name: "Hild", side: "party", hitPoints: 22, tactics: "cautious" },
        { id: "bandit", name: "Bandit", side: "bandits", weapon: "club" },
      ],
    };
    let n = 10;
    const copy = draftOfFile(file, () => n++);
    expect(copy.title).toBe("Bandits on the old road (copy)");
    expect(copy.combatants.map((c) => c.key)).toEqual([10, 11]);
    expect(draftFile(copy, SWITCHES)).toEqual({ ...file, title: "Bandits on the old road (copy)" });
    // A file that names no sides: one per side its combatants name; no title: who fights whom.
    const bare = draftOfFile(
      {
        ruleset: "karn",
        combatants: [file.combatants[0], { ...file.combatants[1], side: "foes" }],
      },
      () => n++,
    );
    expect(bare.sides).toEqual([
      { id: "party", name: "party" },
      { id: "foes", name: "foes" },
    ]);
    expect(draftFile(bare, []).title).toBe("Hild against Bandit");
  });

  it("numbers a copy past the titles the list holds, a copy of a copy from the same title", () => {
    expect(copyTitle("Bandits")).toBe("Bandits (copy)");
    expect(copyTitle("Bandits", ["Bandits", "Bandits (copy)"])).toBe("Bandits (copy 2)");
    // A copy of the copy: numbered on, not "Bandits (copy) (copy)".
    expect(copyTitle("Bandits (copy)", ["Bandits", "Bandits (copy)"])).toBe("Bandits (copy 2)");
    expect(copyTitle("Bandits (copy 2)", ["Bandits", "Bandits (copy)", "Bandits (copy 2)"])).toBe(
      "Bandits (copy 3)",
    );
    // A number freed by a deleted copy is taken again.
    expect(copyTitle("Bandits (copy 3)", ["Bandits", "Bandits (copy 3)"])).toBe("Bandits (copy)");
    let n = 1;
    const copy = draftOfFile({ ruleset: "tnt", title: "Bandits (copy)" }, () => n++, [
      "Bandits (copy)",
    ]);
    expect(copy.title).toBe("Bandits (copy 2)");
  });
});
