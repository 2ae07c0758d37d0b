// The Attack Roll, Critical Hits and Fumbles, Fumbles, Unarmed Combat, Subdual Damage,
// "Assassination" attacks, Invisible Opponents, Terrain Features, Multiple Melee Targets,
// Two-Weapon Fighting: one attack at a time, with the dice stated.
import { describe, expect, it } from "vitest";
import { bandOf, mightyBlowRow } from "../data/charts.js";
import { FUMBLE, HIT, MISS, NATURAL_20 } from "../rolls.js";
import { get, stateWith, Table } from "../test-support/table.js";
import { resolveAttack } from "./attack.js";
import { fumbleQuestion } from "./gm-questions.js";
import { inCombat, inReach } from "./field.js";
import { armourClass, toHit } from "./combat-numbers.js";
import { play, skirmish, texts } from "../test-support/play.js";
import { ownSteady } from "../own-steady.js";

const fighter = { class: "fighter", level: 3, hitPoints: 20, weapons: ["long-sword"] };
const orc = { hitDice: 1, hitPoints: 6, ac: 13, weapons: ["long-sword"] };

describe("The Attack Roll: d20 and modifiers against ascending AC", () => {
  it("equal to or greater than the target's AC hits: a 12 with +1 against AC 13", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, str: 13 },
      { id: "orc", side: "b", pos: 5, ...orc },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).bcbAttack = 0;
    const t = new Table([[12], [5]]);
    expect(resolveAttack(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", "normal", t)).toBe(
      HIT,
    );
    expect(t.texts[0]).toContain("+1 STR (+1) against AC 13 (13 base): needs 12: hit");
    // No bonus to the damage: the die and its total once, not "1d8 = 5 = 5".
    expect(t.texts).toContain("swords-wizardry-fitz, The Attack Roll: ann's damage: 1d8 = 5");
    expect(get(s, "orc").hp).toBe(1);
  });

  it("d20 plus the Base Combat Bonus, STR for a hand-held weapon, DEX for a missile, magic and the GM's situational adjustment", () => {
    const s = stateWith([
      {
        id: "ann",
        side: "a",
        ...fighter,
        str: 16,
        dex: 13,
        weapons: [{ weapon: "long-sword", magic: 1 }, "short-bow"],
      },
      { id: "orc", side: "b", pos: 5, ...orc },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).bcbAttack = 2;
    const melee: string[] = [];
    expect(toHit(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", 1, melee)).toBe(5);
    expect(melee).toEqual(["+2 BCB", "+1 STR", "+1 magic", "+1 terrain"]);
    const missile: string[] = [];
    expect(toHit(s, ann, get(s, "orc"), ann.steady.weapons[1]!, "main", -2, missile)).toBe(1);
    expect(missile).toEqual(["+2 BCB", "+1 DEX", "-2 terrain"]);
  });

  it("compared to the target's ascending AC: equal to or greater than it hits, one short misses", () => {
    for (const [die, result] of [
      [[12], HIT],
      [[13], HIT],
      [[11], MISS],
    ] as const) {
      const s = stateWith([
        { id: "ann", side: "a", ...fighter, str: 13 },
        { id: "orc", side: "b", pos: 5, ...orc },
      ]);
      const ann = get(s, "ann");
      ownSteady(ann).bcbAttack = 0;
      const t = new Table([die, [1]]);
      expect(
        resolveAttack(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", "normal", t),
      ).toBe(result);
    }
  });

  it("one short misses", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "orc", side: "b", pos: 5, ...orc },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).bcbAttack = 0;
    expect(
      resolveAttack(
        s,
        ann,
        get(s, "orc"),
        ann.steady.weapons[0]!,
        "main",
        "normal",
        new Table([[12]]),
      ),
    ).toBe(MISS);
  });
});

describe("Critical Hits and Fumbles", () => {
  it("a natural 20 does damage even when it would not normally hit, and rolls no Mighty Blow", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 10, ac: 30 },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).bcbAttack = 0;
    const t = new Table([[20], [4]]);
    expect(resolveAttack(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", "normal", t)).toBe(
      NATURAL_20,
    );
    expect(get(s, "bob").hp).toBe(6);
    expect(t.asked).toHaveLength(2);
    expect(t.texts[0]).toContain("natural 20: it hits whatever the AC");
  });

  it("monsters and NPCs do not roll on the Mighty Blows chart (switch mightyBlowsFor: characters); with everyone they do", () => {
    for (const [who, rolls] of [
      ["characters", 2],
      ["everyone", 3],
    ] as const) {
      const s = stateWith(
        [
          { id: "ann", side: "a", ...fighter },
          { id: "orc", side: "b", pos: 5, ...orc, hitPoints: 30 },
        ],
        { mightyBlowsFor: who },
      );
      const ann = get(s, "ann");
      const t = new Table([[20], [4], [1, 2], [5]]);
      resolveAttack(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", "normal", t);
      expect(t.asked).toHaveLength(rolls);
    }
  });

  // Critical Hits and Fumbles: "hit-point damage is applied as usual and the effect of the
  // Critical Hit is determined on the Mighty Blows chart": both, whatever the damage did.
  it("a natural 20 that takes a character below 0 still rolls on the Mighty Blows chart: a Deadly Blow kills him", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 5 },
    ]);
    const ann = get(s, "ann");
    // The long sword's 8 takes Bob to -3: he fails his save versus death (10 against 15) and is
    // unconscious; then 20 for effect and a 5 to save: Deadly Blow!
    const t = new Table([[20], [8], [10], [20, 5]]);
    resolveAttack(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", "normal", t);
    expect(get(s, "bob").hp).toBe(-3);
    expect(get(s, "bob").status).toBe("dead");
    expect(get(s, "bob").con).toBe(0);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Effects of Mighty Blows: bob's effect after the save is 20: Deadly Blow!",
    );
  });

  it("the Mighty Blows chart: 1-6 a flesh wound (-1 CON), 7-14 Oof! (-2), 15-17 Crushing Blow! (-4), 18-19 Incapacitating Strike! (-8), 20 Deadly Blow! and 21+ Mangled! (all of it)", () => {
    const rows = [1, 6, 7, 14, 15, 17, 18, 19, 20, 21, 25].map((e) => {
      const row = mightyBlowRow(bandOf(e))!;
      return [e, row.name, row.con];
    });
    expect(rows).toEqual([
      [1, "Merely a flesh wound!", 1],
      [6, "Merely a flesh wound!", 1],
      [7, "Oof!", 2],
      [14, "Oof!", 2],
      [15, "Crushing Blow!", 4],
      [17, "Crushing Blow!", 4],
      [18, "Incapacitating Strike!", 8],
      [19, "Incapacitating Strike!", 8],
      [20, "Deadly Blow!", -1],
      [21, "Mangled!", -1],
      [25, "Mangled!", -1],
    ]);
    // What each band does to a character: a Crushing Blow stuns for 1d6, flesh-wounds, and a
    // failed save takes him out; the CON column comes off.
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 30, con: 12, save: 15 },
    ]);
    const ann = get(s, "ann");
    const t = new Table([[20], [4], [16, 3], [3]]);
    resolveAttack(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", "normal", t);
    const bob = get(s, "bob");
    expect([bob.status, bob.stunDie, bob.fleshWounds, bob.con]).toEqual(["down", 6, 1, 8]);
  });

  it("a critical hit with a missile leaves it in the wound", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, weapons: ["long-bow"] },
      { id: "orc", side: "b", pos: 30, ...orc, hitPoints: 20 },
    ]);
    const ann = get(s, "ann");
    resolveAttack(
      s,
      ann,
      get(s, "orc"),
      ann.steady.weapons[0]!,
      "main",
      "normal",
      new Table([[20], [3]]),
    );
    expect(get(s, "orc").steady.embedded).toEqual(["1d6"]);
  });
});

describe("Fumbles", () => {
  it("a natural 1 is an automatic miss and gives every opponent within reach a free attack", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "orc", side: "b", pos: 5, ...orc },
      { id: "orc2", side: "b", pos: 5, ...orc },
    ]);
    const ann = get(s, "ann");
    const t = new Table([[1], "nothing", [10], [2], [3]]);
    expect(resolveAttack(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", "normal", t)).toBe(
      FUMBLE,
    );
    expect(t.asked).toEqual([
      expect.stringContaining("roll: ann's attack"),
      "gm:fumble",
      expect.stringContaining("roll: orc's attack on ann"),
      expect.stringContaining("roll: orc's damage"),
      expect.stringContaining("roll: orc2's attack on ann"),
    ]);
    expect(t.texts.filter((x) => x.includes("free attack"))).toHaveLength(4);
  });

  it("the GM may rule the weapon dropped: it cannot be used until picked up", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "orc", side: "b", pos: 50, ...orc },
    ]);
    const ann = get(s, "ann");
    resolveAttack(
      s,
      ann,
      get(s, "orc"),
      ann.steady.weapons[0]!,
      "main",
      "normal",
      new Table([[1], "drop"]),
    );
    expect(ann.steady.weapons[0]!.dropped).toBe(true);
  });

  it("the GM may rule the fumbler's blow strikes the fumbler: weapon damage, said without a pronoun", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "orc", side: "b", pos: 50, ...orc },
    ]);
    const ann = get(s, "ann");
    const choice = fumbleQuestion(ann, get(s, "orc"))
      .choices?.()
      .find((c) => c.value === "self");
    expect(choice?.label).toBe(`${ann.name}'s blow strikes ${ann.name} (weapon damage)`);
    const t = new Table([[1], "self", [5]]);
    resolveAttack(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", "normal", t);
    expect(ann.hp).toBe(20 - 5);
    expect(t.texts).toContain(
      `swords-wizardry-fitz, Fumbles: the GM rules: ${ann.name}'s blow strikes ${ann.name}`,
    );
    expect(t.texts.join("\n")).not.toContain("itself");
  });
});

describe("Subdual Damage and Assassination attacks", () => {
  it("half real, half subdual damage; knocked out when the hit points are all subdual", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, subdual: "always" },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 6 },
    ]);
    const ann = get(s, "ann");
    const bob = get(s, "bob");
    resolveAttack(s, ann, bob, ann.steady.weapons[0]!, "main", "normal", new Table([[15], [5]]));
    expect([bob.hp, bob.subdual, bob.status]).toEqual([4, 3, "fighting"]);
    resolveAttack(s, ann, bob, ann.steady.weapons[0]!, "main", "normal", new Table([[15], [1]]));
    expect([bob.hp, bob.subdual, bob.status]).toEqual([4, 4, "subdued"]);
  });

  it("the real damage alone reaching 0 kills: accidentally killed", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, subdual: "always" },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 2 },
    ]);
    const ann = get(s, "ann");
    resolveAttack(
      s,
      ann,
      get(s, "bob"),
      ann.steady.weapons[0]!,
      "main",
      "normal",
      new Table([[15], [6]]),
    );
    expect(get(s, "bob").status).toBe("dead");
  });

  it("a blow on a helpless or unaware victim goes to CON; a successful save turns it back into hit-point damage", () => {
    for (const [save, con, hp] of [
      [[3], 5, 10],
      [[18], 10, 5],
    ] as const) {
      const s = stateWith([
        { id: "ann", side: "a", ...fighter },
        { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 10, con: 10 },
      ]);
      s.segments = 1;
      ownSteady(get(s, "bob")).surprisedFor = 1;
      const ann = get(s, "ann");
      const t = new Table([[15], [5], true, save]);
      resolveAttack(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", "normal", t);
      expect([get(s, "bob").con, get(s, "bob").hp]).toEqual([con, hp]);
      expect(t.asked).toContain("gm:assassination");
    }
  });
});

describe("Saving Throw Criticals: a natural 1 takes the maximum possible effect", () => {
  it("a natural 1 on the save against a Mighty Blow takes the maximum possible effect: a Deadly Blow (switch mightyBlowNatural1: fails lets the effect rolled stand)", () => {
    for (const [rule, status, fleshWounds] of [
      ["maximum", "dead", 0],
      ["fails", "fighting", 1],
    ] as const) {
      const s = stateWith(
        [
          { id: "ann", side: "a", ...fighter },
          { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 30 },
        ],
        { mightyBlowNatural1: rule },
      );
      const ann = get(s, "ann");
      // A natural 20, 4 damage; Bob rolls 5 for effect (a flesh wound) and a natural 1 to save.
      resolveAttack(
        s,
        ann,
        get(s, "bob"),
        ann.steady.weapons[0]!,
        "main",
        "normal",
        new Table([[20], [4], [5, 1]]),
      );
      expect([get(s, "bob").status, get(s, "bob").fleshWounds]).toEqual([status, fleshWounds]);
    }
  });

  it("a natural 1 on the save against an assassination takes the maximum possible effect: the blow's most, 8 of the long sword, to CON", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 10, con: 10 },
    ]);
    s.segments = 1;
    ownSteady(get(s, "bob")).surprisedFor = 1;
    const ann = get(s, "ann");
    const t = new Table([[15], [5], true, [1]]);
    resolveAttack(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", "normal", t);
    expect([get(s, "bob").con, get(s, "bob").hp]).toEqual([2, 10]);
  });
});

describe("Backstabbing and Flanking: attacks from behind gain a bonus to hit of +2", () => {
  it("a foe on the side of the line its target does not face attacks from behind; the target turns to face whoever it attacks", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "bob", side: "b", pos: 5, ...orc },
      { id: "cat", side: "b", pos: -10, ...orc, weapons: ["spear"] },
    ]);
    const ann = get(s, "ann");
    const cat = get(s, "cat");
    const bob = get(s, "bob");
    const behind = (att: typeof ann, w = att.steady.weapons[0]!) => {
      const parts: string[] = [];
      toHit(s, att, ann, w, "main", 0, parts);
      return parts.includes("+2 from behind");
    };
    // Ann faces the nearer foe, Bob; Cat's spear reaches her back.
    expect([behind(bob), behind(cat)]).toEqual([false, true]);
    resolveAttack(s, ann, cat, ann.steady.weapons[0]!, "main", "normal", new Table([[3]]));
    expect([behind(bob), behind(cat)]).toEqual([true, false]);
  });

  it("multiple attackers against an opponent without all-round vision get +1 per additional attacker; one with all-round vision gives none, and has no behind", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter },
      { id: "bob", side: "b", pos: 5, ...orc },
      { id: "cat", side: "b", pos: 5, ...orc },
      { id: "dan", side: "b", pos: -5, ...orc },
    ]);
    const ann = get(s, "ann");
    const parts = (att: string) => {
      const out: string[] = [];
      toHit(s, get(s, att), ann, get(s, att).steady.weapons[0]!, "main", 0, out);
      return out.filter((x) => x.includes("attackers") || x.includes("behind"));
    };
    expect(parts("bob")).toEqual(["+2 other attackers"]);
    expect(parts("dan")).toEqual(["+2 other attackers", "+2 from behind"]);
    ann.sheet = { ...ann.sheet, allRoundVision: true };
    expect([parts("bob"), parts("dan")]).toEqual([[], []]);
  });

  it("the GM can set a sentry with its back to its foes (options.facing: away): the thief's first blow is from behind", () => {
    const def = skirmish(
      [{ id: "thief", name: "Thief", class: "thief", bcb: 0, weapons: ["dagger"] }],
      [{ id: "sentry", name: "Sentry", hitDice: 1, hitPoints: 6, ac: 12, weapons: ["spear"] }],
      { facing: { sentry: "away" } },
    );
    const e = play(def, [[5], [2], 0, 0, "attack:sentry:dagger", [3]]);
    expect(texts(e).find((x) => x.includes("Thief's attack on Sentry"))).toContain(
      "+2 from behind",
    );
    expect(() =>
      skirmish([{ id: "thief" }], [{ id: "sentry", hitDice: 1 }], { facing: { sentry: "up" } }),
    ).toThrow(/facing is "toward" its foes \(the default\) or "away"/);
  });

  it("a shield-wall member who singles out one foe gives the others +2, not its shields: from the front they meet the wall's AC", () => {
    const s = stateWith([
      { id: "l", side: "a", ...fighter, shield: "shield" },
      { id: "c", side: "a", ...fighter, shield: "shield" },
      { id: "r", side: "a", ...fighter, shield: "shield" },
      { id: "raider", side: "b", pos: 5, ...orc },
      { id: "giant", side: "b", pos: 5, ...orc },
    ]);
    s.walls = [["l", "c", "r"]];
    const c = get(s, "c");
    ownSteady(c).concentrating = "raider";
    const t = new Table([[3]]);
    resolveAttack(s, get(s, "giant"), c, get(s, "giant").steady.weapons[0]!, "main", "normal", t);
    expect(t.texts[0]).toContain("+2 as from behind (it singled out another)");
    expect(t.texts[0]).toContain("against AC 13 (11 base +2 shield-wall)");
  });
});

describe("modifiers to the attack roll", () => {
  const base = () =>
    stateWith([
      { id: "ann", side: "a", ...fighter, terrain: 3 },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 10, invisible: true, cover: 2 },
      { id: "cat", side: "b", pos: 5, level: 1, hitPoints: 10 },
    ]);

  it("Invisible Opponents: -4 against a detected but unseen opponent (not for those who see invisible)", () => {
    const s = base();
    const ann = get(s, "ann");
    const parts: string[] = [];
    toHit(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", 0, parts);
    expect(parts).toContain("-4 invisible");
    ann.sheet = { ...ann.sheet, seesInvisible: true };
    const seen: string[] = [];
    toHit(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", 0, seen);
    expect(seen).not.toContain("-4 invisible");
  });

  it("Terrain Features: the GM's adjustment, at most +/- 4 (asked with options.askTerrain)", () => {
    const s = base();
    s.askTerrain = true;
    const ann = get(s, "ann");
    const t = new Table([4, [10], [1]]);
    resolveAttack(s, ann, get(s, "cat"), ann.steady.weapons[0]!, "main", "normal", t);
    expect(t.asked[0]).toBe("gm:terrain");
    expect(t.texts[0]).toContain("+4 terrain");
    expect(() =>
      resolveAttack(
        s,
        ann,
        get(s, "cat"),
        ann.steady.weapons[0]!,
        "main",
        "normal",
        new Table([5]),
      ),
    ).toThrow(/-4 to 4/);
    // Without the question, vantage less cover: +3 - 2.
    s.askTerrain = false;
    const parts: string[] = [];
    toHit(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", 1, parts);
    expect(parts).toContain("+1 terrain");
  });

  it("Multiple Melee Targets: a combatant who singles one out is attacked by the others as from behind (+2)", () => {
    const s = base();
    const ann = get(s, "ann");
    ownSteady(ann).concentrating = "cat";
    const parts: string[] = [];
    toHit(s, get(s, "bob"), ann, get(s, "bob").steady.weapons[0]!, "main", 0, parts);
    expect(parts).toContain("+2 as from behind (it singled out another)");
    const none: string[] = [];
    toHit(s, get(s, "cat"), ann, get(s, "cat").steady.weapons[0]!, "main", 0, none);
    expect(none.filter((p) => p.includes("behind"))).toEqual([]);
  });

  it("Two-Weapon Fighting: a free attack is not one of the two attacks, so it carries no -3", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, offHand: "dagger" },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 10 },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).plan = "two-weapons";
    ownSteady(ann).bcbAttack = 0;
    const t = new Table([[5]]);
    resolveAttack(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", "free", t);
    expect(t.texts[0]).toContain("free attack on bob with the long sword: d20 (+0) against AC 10");
  });

  it("Two-Weapon Fighting: two attacks at -3 each, or one at -1 with the off hand on defence (+1 AC)", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, offHand: "dagger" },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 10 },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).plan = "two-weapons";
    const parts: string[] = [];
    toHit(s, ann, get(s, "bob"), ann.steady.weapons[ann.sheet.offHand]!, "off", 0, parts);
    expect(parts).toContain("-3 two weapons");
    ownSteady(ann).plan = "off-hand-defence";
    const one: string[] = [];
    toHit(s, ann, get(s, "bob"), ann.steady.weapons[0]!, "main", 0, one);
    expect(one).toContain("-1 off hand on defence");
    const ac: string[] = [];
    expect(armourClass(s, ann, false, ac)).toBe(11);
    expect(ac).toContain("+1 off hand on defence");
  });
});

describe("more of the attack", () => {
  it("Critical Hits: even a natural 20 does not hurt a creature that needs special weapons unless one is used", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, weapons: ["long-sword", { weapon: "dagger", magic: 1 }] },
      { id: "wight", side: "b", pos: 5, hitDice: 3, hitPoints: 15, needsMagic: 1 },
    ]);
    const ann = get(s, "ann");
    resolveAttack(
      s,
      ann,
      get(s, "wight"),
      ann.steady.weapons[0]!,
      "main",
      "normal",
      new Table([[20]]),
    );
    expect(get(s, "wight").hp).toBe(15);
    resolveAttack(
      s,
      ann,
      get(s, "wight"),
      ann.steady.weapons[1]!,
      "main",
      "normal",
      new Table([[15], [3]]),
    );
    expect(get(s, "wight").hp).toBe(11);
  });

  it("Critical Hits: a natural 20 of a weapon that cannot affect a caster needing magic weapons does not disrupt its spell; a +1 dagger's hit does", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, weapons: ["long-sword", { weapon: "dagger", magic: 1 }] },
      { id: "lich", side: "b", pos: 5, hitDice: 3, hitPoints: 15, needsMagic: 1 },
    ]);
    const ann = get(s, "ann");
    const lich = get(s, "lich");
    Object.assign(ownSteady(lich), { plan: "cast", castCount: 2 });
    resolveAttack(s, ann, lich, ann.steady.weapons[0]!, "main", "normal", new Table([[20]]));
    expect([lich.hp, lich.disrupted]).toEqual([15, false]);
    resolveAttack(s, ann, lich, ann.steady.weapons[1]!, "main", "normal", new Table([[15], [3]]));
    expect([lich.hp, lich.disrupted]).toEqual([11, true]);
  });

  it("Missile Attacks: a thrown weapon adds STR to damage only within its first range increment", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, str: 18, weapons: ["javelin"] },
      { id: "orc", side: "b", pos: 20, hitDice: 1, hitPoints: 30 },
    ]);
    const ann = get(s, "ann");
    resolveAttack(
      s,
      ann,
      get(s, "orc"),
      ann.steady.weapons[0]!,
      "main",
      "normal",
      new Table([[19], [2]]),
    );
    expect(get(s, "orc").hp).toBe(25);
    get(s, "orc").pos = 30;
    resolveAttack(
      s,
      ann,
      get(s, "orc"),
      ann.steady.weapons[0]!,
      "main",
      "normal",
      new Table([[19], [2]]),
    );
    expect(get(s, "orc").hp).toBe(23);
  });

  it("Unarmed Combat: common sense about fists on armour (the GM: against plate the fist hurts only the puncher)", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, weapons: [] },
      { id: "knight", side: "b", pos: 5, level: 1, hitPoints: 10, armour: "plate" },
    ]);
    const ann = get(s, "ann");
    const fist = ann.steady.weapons.find((w) => w.unarmed)!;
    const t = new Table([[19], "policy", [2]]);
    resolveAttack(s, ann, get(s, "knight"), fist, "main", "normal", t);
    expect(t.asked).toContain("gm:unarmed-armour");
    expect([ann.hp, get(s, "knight").hp]).toEqual([18, 10]);
  });

  // Unarmed Combat: the damage the blow inflicts against half the defender's remaining hit points,
  // whether it is real or (Subdual Damage) half subdual.
  it("Unarmed Combat: a fist beating a man down inflicts 3 (1 real, 2 subdual) on 4 hit points: more than half, he is stunned", () => {
    const s = stateWith([
      { id: "dunstan", side: "a", ...fighter, str: 16, weapons: [], subdual: "always" },
      { id: "pike", side: "b", pos: 5, level: 1, hitPoints: 4 },
    ]);
    const dunstan = get(s, "dunstan");
    const fist = dunstan.steady.weapons.find((w) => w.unarmed)!;
    const t = new Table([[15], [2]]);
    resolveAttack(s, dunstan, get(s, "pike"), fist, "main", "normal", t);
    const pike = get(s, "pike");
    expect([pike.hp, pike.subdual]).toEqual([3, 2]);
    expect(pike.stunnedThrough).toBe(2);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Unarmed Combat: 3 is more than half of pike's 4 hit points: stunned",
    );
  });

  it("Unarmed Combat: a natural 20 of the fist stuns, whatever its damage", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, weapons: [] },
      { id: "bob", side: "b", pos: 5, level: 1, hitPoints: 20 },
    ]);
    const ann = get(s, "ann");
    const fist = ann.steady.weapons.find((w) => w.unarmed)!;
    // 1 damage of 20 hit points; the Mighty Blow's effect 1 is negated by a save of 15.
    const t = new Table([[20], [1], [1, 15]]);
    resolveAttack(s, ann, get(s, "bob"), fist, "main", "normal", t);
    const bob = get(s, "bob");
    expect([bob.status, bob.hp, bob.stunnedThrough]).toEqual(["fighting", 19, 2]);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Unarmed Combat: a natural 20 with a fist: bob is stunned",
    );
  });

  it("Melee Attacks: STR to hit and on damage with a hand-held weapon, within its reach: the adjacent hex, the second rank with a spear; within ten feet is in combat", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, str: 18, weapons: ["long-sword", "spear"] },
      { id: "orc", side: "b", pos: 5, ...orc, hitPoints: 30 },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).bcbAttack = 0;
    const t = new Table([[11], [4]]);
    resolveAttack(s, ann, get(s, "orc"), ann.steady.weapons[0]!, "main", "normal", t);
    expect(t.texts[0]).toContain("d20 +2 STR (+2) against AC 13");
    expect(get(s, "orc").hp).toBe(23);
    get(s, "orc").pos = 10;
    expect([inReach(ann.steady.weapons[0]!, 10), inReach(ann.steady.weapons[1]!, 10)]).toEqual([
      false,
      true,
    ]);
    expect(inCombat(s, ann)).toBe(true);
    get(s, "orc").pos = 15;
    expect(inCombat(s, ann)).toBe(false);
  });

  it("Unarmed Combat: a natural 20 of a fist that the GM rules hurts only the puncher (plate) does not stun the knight", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...fighter, weapons: [] },
      { id: "knight", side: "b", pos: 5, level: 1, hitPoints: 10, armour: "plate" },
    ]);
    const ann = get(s, "ann");
    const fist = ann.steady.weapons.find((w) => w.unarmed)!;
    resolveAttack(
      s,
      ann,
      get(s, "knight"),
      fist,
      "main",
      "normal",
      new Table([[20], "hurts", [2]]),
    );
    expect([ann.hp, get(s, "knight").hp, get(s, "knight").stunnedThrough]).toEqual([18, 10, -1]);
  });

  it("Magic Use in Combat: a miss (a sting foiled by a Cloak of Protection) does not disrupt the spell", () => {
    const s = stateWith([
      {
        id: "mage",
        side: "a",
        class: "magic-user",
        level: 3,
        bcb: 0,
        spells: [{ name: "Magic Missile", damage: "1d4+1" }],
      },
      { id: "orc", side: "b", pos: 5, hitDice: 1, hitPoints: 6 },
    ]);
    const mage = get(s, "mage");
    ownSteady(mage).plan = "cast";
    ownSteady(mage).castCount = 2;
    s.count = 6;
    resolveAttack(
      s,
      get(s, "orc"),
      mage,
      get(s, "orc").steady.weapons[0]!,
      "main",
      "normal",
      new Table([[5]]),
    );
    expect(mage.disrupted).toBe(false);
  });
});
