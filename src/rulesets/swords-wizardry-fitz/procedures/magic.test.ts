// Magic Use in Combat, 2. Declare Spells, Spells, Wands, Saving Throw Criticals/Fumbles.
import { describe, expect, it } from "vitest";
import type { Json } from "../../../engine/json.js";
import { get, stateWith, Table } from "../test-support/table.js";
import { listActions } from "./actions.js";
import { armourAllows, castNow, useWand } from "./magic.js";
import { declare, listPlans } from "./plans.js";
import { swordsWizardryFitz } from "../index.js";
import { playRound } from "./round.js";
import { resolveAttack } from "./attack.js";
import { gotAway } from "../../../engine/outcome.js";
import { ownSteady } from "../own-steady.js";

const missile = { name: "Magic Missile", level: 1, damage: "1d4+1", uses: 2 };
const fireball = { name: "Fireball", level: 3, damage: "3d6", save: "half", area: true };

/** A 3rd-level magic-user with 30 HP, on side "a" at 0 ft. */
const caster = (more: Record<string, Json>) => ({
  id: "mage",
  side: "a",
  class: "magic-user",
  level: 3,
  bcb: 1,
  hitPoints: 30,
  ...more,
});

/** A 1-HD orc with 30 HP, AC 13 and a long sword, on side "b" `pos` feet away. */
const swordOrc = (pos: number, more: Record<string, Json> = {}) => ({
  id: "orc",
  side: "b",
  pos,
  hitDice: 1,
  hitPoints: 30,
  ac: 13,
  weapons: ["long-sword"],
  ...more,
});

describe("Magic Use in Combat and 2. Declare Spells", () => {
  it("a spell declared before initiative goes off on the caster's count", () => {
    const s = stateWith([
      caster({ hitPoints: 8, spells: [missile] }),
      swordOrc(30, { hitPoints: 6 }),
    ]);
    const t = new Table(["cast:magic-missile:orc", "fight", [6], [2], 0, [4], "wait"]);
    playRound(s, t);
    expect(get(s, "orc").hp).toBe(1);
    expect(get(s, "mage").steady.spells[0]!.uses).toBe(1);
  });

  // Magic Use in Combat: a successful attack before the spell goes off disrupts it. Wands and
  // similar magic items: unlike a spell, a wand is interrupted only by a simultaneous attack, so a
  // simultaneous attack (the caster's own count) interrupts a spell too (switch spellSameCount).
  it("a successful attack before the count, or on the caster's own count, disrupts the spell and it is lost; one after it does not", () => {
    for (const [orcCount, lost] of [
      [[6], true],
      [[2], true],
      [[1], false],
    ] as const) {
      const s = stateWith([caster({ spells: [missile] }), swordOrc(5)]);
      const attack = ["attack:mage:long-sword", [15], [1]];
      // The mage's Magic Missile (1d4+1: a 4 and 1) goes off at the end of count 2.
      const script = orcCount[0] === 1 ? [[4], ...attack] : lost ? attack : [...attack, [4]];
      const t = new Table(["cast:magic-missile:orc", [2], orcCount, 0, ...script]);
      playRound(s, t);
      expect(get(s, "mage").disrupted).toBe(lost);
      expect(get(s, "mage").hp).toBe(29);
      expect(get(s, "orc").hp).toBe(lost ? 30 : 25);
      expect(get(s, "mage").steady.spells[0]!.uses).toBe(1);
    }
  });

  it("with spellSameCount: goes-off, a blow on the caster's own count does not stop the spell", () => {
    const s = stateWith([caster({ spells: [missile] }), swordOrc(5)], {
      spellSameCount: "goes-off",
    });
    const t = new Table([
      "cast:magic-missile:orc",
      [2],
      [2],
      0,
      "attack:mage:long-sword",
      [15],
      [1],
      [4],
    ]);
    playRound(s, t);
    expect(get(s, "mage").disrupted).toBe(false);
    expect(get(s, "orc").hp).toBe(25);
  });

  it("no casting while walking, and no BCB to AC while casting: a spell goes only at a foe within its range of where the caster stands, and the caster's AC has none of its BCB", () => {
    // Magic Missile's 150 ft: an orc 155 ft off cannot be the target of a caster who would walk.
    const far = stateWith([caster({ spells: [missile] }), swordOrc(155)]);
    expect(listPlans(far, get(far, "mage")).filter((c) => c.value.startsWith("cast:"))).toEqual([]);
    const near = stateWith([caster({ spells: [missile] }), swordOrc(150)]);
    expect(listPlans(near, get(near, "mage")).map((c) => c.value)).toContain(
      "cast:magic-missile:orc",
    );
    // The option says the spell's uses left, as the card does ("Magic Missile (2 left)").
    expect(listPlans(near, get(near, "mage")).find((c) => c.value.startsWith("cast:"))!.label).toBe(
      "cast Magic Missile at orc (2 left)",
    );
    // An area spell says whom else it catches.
    const area = stateWith([caster({ spells: [{ ...fireball, uses: 1 }] }), swordOrc(50)]);
    expect(listPlans(area, get(area, "mage")).find((c) => c.value.startsWith("cast:"))!.label).toBe(
      "cast Fireball at orc (1 left; every foe within 5 ft of orc too)",
    );
    const s = stateWith([caster({ bcb: 2, spells: [missile] }), swordOrc(5)]);
    const t = new Table([
      "cast:magic-missile:orc",
      [2],
      [6],
      0,
      "attack:mage:long-sword",
      [10],
      [1],
    ]);
    playRound(s, t);
    expect(t.texts.find((x) => x.includes("orc's attack on mage"))).toContain(
      "against AC 10 (10 base)",
    );
    expect(get(s, "mage").pos).toBe(0);
  });
});

describe("Surprise: a segment is a round for blows, not for spell-casting", () => {
  it("a caster who cast in an earlier segment declares no spell in the next, and the declaration, the question and the card say why", () => {
    const why =
      "no spell until the surprise segments are over: mage has cast one in them, and a segment is a round for blows, not for spell-casting (Surprise)";
    const s = stateWith([caster({ spells: [missile] }), swordOrc(5)]);
    s.round = 2;
    s.segments = 2;
    const mage = get(s, "mage");
    ownSteady(mage).castInSurprise = true;
    expect(listPlans(s, mage).some((p) => p.value.startsWith("cast:"))).toBe(false);
    // Nothing else to declare: no question, and the declaration says why.
    const quiet = new Table([]);
    declare(s, quiet);
    expect(quiet.texts).toContain(`swords-wizardry-fitz, Surprise: mage declares ${why}`);
    const card = swordsWizardryFitz.view(s, { kind: "gm" }).find((c) => c.id === "mage")!;
    expect(card.details).toContainEqual({
      label: "Spells",
      value: `Magic Missile (2 left); ${why}`,
    });
    // A charge to declare: the question says why no spell is among its options.
    get(s, "orc").pos = 30;
    ownSteady(mage).weapons = get(s, "orc").steady.weapons.map((w) => ({ ...w }));
    const asked = new Table(["fight", "fight"]);
    declare(s, asked);
    expect(asked.prompts[0]).toBe(
      `mage declares before initiative: what does mage do this round? (${why})`,
    );
    // The surprise over, the spell is there again and nothing is said.
    s.round = 3;
    expect(listPlans(s, mage).some((p) => p.value.startsWith("cast:"))).toBe(true);
    expect(swordsWizardryFitz.view(s, { kind: "gm" })[0]!.details).toContainEqual({
      label: "Spells",
      value: "Magic Missile (2 left)",
    });
  });
});

describe("Spells: armour", () => {
  it("magic-users cast in no armour but magical bracers; fighter-mages only in magical armour of the quality the spell needs", () => {
    const mu = (armour: string) =>
      get(stateWith([{ id: "m", side: "a", class: "magic-user", bcb: 0, armour }]), "m");
    expect(armourAllows(mu("none"), 1)).toBe(true);
    expect(armourAllows(mu("bracers"), 5)).toBe(true);
    expect(armourAllows(mu("leather"), 1)).toBe(false);
    const fm = (armourMagic: number) =>
      get(
        stateWith([
          { id: "m", side: "a", class: "fighter-mage", bcb: 1, armour: "chain", armourMagic },
        ]),
        "m",
      );
    expect(armourAllows(fm(0), 1)).toBe(false);
    expect(armourAllows(fm(1), 3)).toBe(true);
    expect(armourAllows(fm(1), 4)).toBe(false);
    expect(armourAllows(fm(2), 6)).toBe(true);
    expect(armourAllows(fm(3), 10)).toBe(false);
  });
});

describe("Saving Throw Criticals/Fumbles", () => {
  const crowd = () =>
    stateWith([
      { id: "mage", side: "a", class: "magic-user", level: 5, bcb: 1, spells: [fireball] },
      { id: "o1", side: "b", pos: 40, hitDice: 1, hitPoints: 30, save: 12 },
      { id: "o2", side: "b", pos: 40, hitDice: 1, hitPoints: 30, save: 12 },
      { id: "o3", side: "b", pos: 40, hitDice: 1, hitPoints: 30, save: 12 },
    ]);

  it("an area spell takes everyone beside its target; a save halves it, a natural 20 escapes even that, a natural 1 takes the maximum", () => {
    const s = crowd();
    const mage = get(s, "mage");
    castNow(s, mage, mage.steady.spells[0]!, "o1", new Table([[15], [4, 4, 4], [20], [1]]));
    expect(["o1", "o2", "o3"].map((id) => get(s, id).hp)).toEqual([24, 30, 12]);
  });

  it("Invisible Opponents: a suspected but undetected invisible opponent can never be attacked except with area spells", () => {
    const s = stateWith([
      { id: "mage", side: "a", class: "magic-user", level: 5, bcb: 1, spells: [fireball] },
      { id: "ann", side: "a", class: "fighter", level: 3, weapons: ["long-sword"] },
      { id: "o1", side: "b", pos: 5, hitDice: 1, hitPoints: 30, save: 12 },
      { id: "ghost", side: "b", pos: 5, hitDice: 1, hitPoints: 30, save: 12, invisible: true },
    ]);
    ownSteady(get(s, "ghost")).undetected = true;
    const ann = get(s, "ann");
    ann.slots = [{ count: 5, use: "main", done: false, held: false }];
    const values = listActions(s, ann, 0).map((c) => c.value);
    expect(values).toContain("attack:o1:long-sword");
    expect(values.filter((v) => v.includes("ghost"))).toEqual([]);
    const mage = get(s, "mage");
    castNow(s, mage, mage.steady.spells[0]!, "o1", new Table([[5], [5, 5, 5], [5], [4, 4, 4]]));
    expect([get(s, "o1").hp, get(s, "ghost").hp]).toEqual([15, 18]);
  });
});

describe("Wands and similar magic items", () => {
  it("a command word: interrupted only by a successful attack on the same count, and then no charge is used", () => {
    for (const [hitAt, fired] of [
      [3, false],
      [5, true],
    ] as const) {
      const s = stateWith([
        caster({ wands: [{ name: "wand of fire", damage: "2d6", charges: 3 }] }),
        swordOrc(5),
      ]);
      const mage = get(s, "mage");
      const orc = get(s, "orc");
      s.count = hitAt;
      resolveAttack(s, orc, mage, orc.steady.weapons[0]!, "main", "normal", new Table([[15], [1]]));
      useWand(s, mage, mage.steady.wands[0]!, "orc", 3, new Table(fired ? [[3, 3]] : []));
      expect(mage.steady.wands[0]!.uses).toBe(fired ? 2 : 3);
      expect(orc.hp).toBe(fired ? 24 : 30);
    }
  });

  it("a wand's option says the charges it has left, one as one charge", () => {
    const s = stateWith([
      caster({ wands: [{ name: "wand of fire", damage: "2d6", charges: 1 }] }),
      swordOrc(5),
    ]);
    const mage = get(s, "mage");
    mage.slots = [{ count: 5, use: "main", done: false, held: false }];
    expect(listActions(s, mage, 0).find((c) => c.value.startsWith("wand:"))!.label).toBe(
      "use the wand of fire on orc (1 charge left)",
    );
  });
});

describe("Spells: scrolls", () => {
  it("take one round per spell level; a hit in any of them loses the spell", () => {
    const s = stateWith([
      caster({ scrolls: [{ ...missile, level: 2, uses: 1, name: "Scroll" }] }),
      swordOrc(30),
    ]);
    const t = new Table(["read:scroll:orc", "fight", [4], [2], 0, "wait"]);
    playRound(s, t);
    expect(get(s, "mage").steady.readLeft).toBe(1);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Magic Use in Combat: mage reads on from the scroll of Scroll (1 more round)",
    );
    const t2 = new Table(["fight", [4], [2], 0, [4], "wait"]);
    playRound(s, t2);
    expect(get(s, "orc").hp).toBe(25);
    expect(get(s, "mage").steady.scrolls[0]!.uses).toBe(0);
  });

  it("a hit later in the first round of a two-round scroll, after the reader's count, still loses it", () => {
    const s = stateWith([
      caster({ scrolls: [{ ...missile, level: 2, uses: 1, name: "Scroll" }] }),
      swordOrc(5),
    ]);
    // The mage reads at count 4; the orc strikes at count 2, with a round of reading still to go.
    const t = new Table(["read:scroll:orc", [4], [2], 0, "attack:mage:long-sword", [15], [1]]);
    playRound(s, t);
    expect(get(s, "mage").disrupted).toBe(true);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Magic Use in Combat: mage is struck before the spell goes off: it is disrupted and lost",
    );
    expect(get(s, "mage").steady.readLeft).toBe(2);
    const t2 = new Table([[3], [1], 0, 0, "wait", "wait"]);
    playRound(s, t2);
    expect(get(s, "mage").steady.scrolls[0]!.uses).toBe(0);
    expect(t2.texts).toContain(
      "swords-wizardry-fitz, Magic Use in Combat: mage's reading of the scroll was disrupted: it is lost",
    );
  });
});

describe("Spells: what the file leaves to the GM", () => {
  it("a spell with no damage or effect of its own does what the GM rules: nothing, out of the fight, or damage", () => {
    for (const [ruling, hp, status] of [
      ["none", 10, "fighting"],
      ["out", 10, "down"],
      ["damage:3", 7, "fighting"],
    ] as const) {
      const s = stateWith([
        caster({ hitPoints: 8, spells: [{ name: "Web", save: "none" }] }),
        { id: "orc", side: "b", pos: 30, hitDice: 1, hitPoints: 10 },
      ]);
      const mage = get(s, "mage");
      const t = new Table([ruling]);
      castNow(s, mage, mage.steady.spells[0]!, "orc", t);
      expect([get(s, "orc").hp, get(s, "orc").status]).toEqual([hp, status]);
      expect(t.asked).toEqual(["gm:spell-effect"]);
    }
  });
});

describe("Spells: a foe put to sleep has not got away", () => {
  it("an orc the Sleep puts out lies at the winners' mercy: its side lost outright, as `fray sim` and the audit's mirror count it; one that fled got away", () => {
    const s = stateWith([
      caster({ spells: [{ name: "Sleep", effect: "out", save: "none", area: true }] }),
      { id: "orc", side: "b", pos: 30, hitDice: 1, hitPoints: 6 },
    ]);
    const mage = get(s, "mage");
    castNow(s, mage, mage.steady.spells[0]!, "orc", new Table([]));
    expect(swordsWizardryFitz.outcome(s)?.winner).toBe("a");
    const orc = swordsWizardryFitz.standing(s).find((c) => c.id === "orc")!;
    expect(orc).toEqual({ id: "orc", health: 6, out: true, gotAway: false });
    expect(gotAway(orc)).toBe(false);
    get(s, "orc").status = "fled";
    const fled = swordsWizardryFitz.standing(s).find((c) => c.id === "orc")!;
    expect(gotAway(fled)).toBe(true);
  });
});
