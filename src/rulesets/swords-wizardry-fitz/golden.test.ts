// The chapter's worked examples, replayed with the dice the chapter states (RULES-NOTES.md, 002):
// Blogo's Mighty Blow (Critical Hits and Fumbles), the fist that stuns (Unarmed Combat), the 7th-
// level fighter's BCB of +4 split +2/+2 (Base Combat Bonuses), and two and three attackers
// (Backstabbing and Flanking).
import { describe, expect, it } from "vitest";
import { OOF, bandOf, fighterBcb } from "./data/charts.js";
import { effectAfterSave, mightyBlowRoll } from "./rolls.js";
import {
  loadEncounter,
  pending,
  play,
  skirmish,
  stateOf,
  texts,
  who,
} from "./test-support/play.js";

describe("Critical Hits and Fumbles: Blogo is walloped", () => {
  it("Blogo's save of 17 against 10 is made by 7: the rule text takes one and seven more off his 19, to 11 (the example's 12 is the slip)", () => {
    expect(effectAfterSave(19, 17, 10, "rule-text", false)).toBe(11);
    expect(effectAfterSave(19, 17, 10, "example", false)).toBe(12);
    // Both land in the same band of the chart: Oof! (7-14), the painful but survivable blow.
    expect(bandOf(11)).toBe(OOF);
    expect(bandOf(12)).toBe(OOF);
    // 19 itself would have been an Incapacitating Strike, not the example's "Deadly Blow" (20).
    expect(bandOf(19)).toBe(4);
  });

  it("the two readings part where a save made exactly takes one off: 15 with a 10 against 10 is 14 (Oof!) by the text, 15 (Crushing Blow!) by the example", () => {
    expect(bandOf(effectAfterSave(15, 10, 10, "rule-text", false))).toBe(OOF);
    expect(bandOf(effectAfterSave(15, 10, 10, "example", false))).toBe(3);
    // A natural 20 on the save negates the critical entirely; a natural 1 leaves it standing.
    expect(effectAfterSave(19, 20, 10, "rule-text", false)).toBe(0);
    expect(effectAfterSave(19, 1, 10, "rule-text", false)).toBe(19);
    expect(effectAfterSave(3, 1, 10, "rule-text", true)).toBe(20);
  });

  const def = loadEncounter("blogo-walloped.yaml");
  const walloped = [
    "fight", // Blogo declares no spell
    [2], // Blogo's initiative d6
    [5], // Grashnak's
    0, // Blogo: all his BCB on AC
    4, // Grashnak: all of his on attack
    "attack:blogo:club",
    [20], // a natural 20 that would have hit anyway
    [3], // the club: 3, +2 STR
    [19, 17], // Blogo rolls 19 for effect and 17 on his save
  ] as const;

  it("the ogre's natural 20 would have hit anyway: Blogo takes 3 + 2 STR and rolls 19 for effect and 17 to save: Oof! Stunned, a flesh wound, -2 CON", () => {
    const e = play(def, [...walloped]);
    const blogo = who(e, "blogo");
    expect(blogo.hp).toBe(9);
    expect(blogo.stunnedThrough).toBe(1);
    expect(blogo.stunDie).toBe(3);
    expect(blogo.fleshWounds).toBe(1);
    expect(blogo.penalty).toBe(2);
    expect(blogo.con).toBe(9);
    const t = texts(e);
    expect(t).toContain(
      "swords-wizardry-fitz, Melee Attacks: Grashnak the ogre's attack on Blogo with the club: d20 +4 BCB +2 STR (+6) against AC 12 (10 base +2 BCB): needs 6: natural 20 that would have hit anyway: a Mighty Blow",
    );
    expect(t).toContain(
      "swords-wizardry-fitz, Effects of Mighty Blows: Blogo's effect after the save is 7-14: Oof!",
    );
    // The effect die and the save die read apart, never summed; the CON comes off under the
    // Mighty Blows' rule, not under Assassination's.
    // Asked as Blogo's roll against the ogre's blow: it read "Blogo's Mighty Blow, ...", which
    // a player at the table took for a blow Blogo struck.
    expect(e.log.at(-1)).toMatchObject({
      kind: "roll",
      label:
        "Blogo's effect and save against the Mighty Blow: the effect die then the save die (needs 10)",
      value: OOF,
      dice: "effect [19], save [17]",
    });
    expect(t).toContain("swords-wizardry-fitz, Effects of Mighty Blows: Blogo loses 2 CON: 9/11");
    expect(t.filter((x) => x.includes("CON"))).toEqual([
      "swords-wizardry-fitz, Effects of Mighty Blows: Blogo loses 2 CON: 9/11",
    ]);
    // Stunned at the ogre's count, Blogo loses his own later count.
    expect(pending(e)).not.toBe("blogo:action");
  });

  it("with the example's reading (switch mightyBlowSave: example) the same dice land in the same band", () => {
    const spec = mightyBlowRoll(10, 0, "example", false);
    expect(spec.read({ total: 36, dice: [{ value: 19 }, { value: 17 }] } as never)).toBe(OOF);
    expect(
      mightyBlowRoll(10, 0, "rule-text", false).read({
        total: 36,
        dice: [{ value: 19 }, { value: 17 }],
      } as never),
    ).toBe(OOF);
  });

  it("next round the 1d3 of the stun is rolled: a 2 keeps Blogo stunned through round 2", () => {
    const e = play(def, [...walloped, [2]]);
    expect(who(e, "blogo").stunnedThrough).toBe(2);
    expect(texts(e)).toContain(
      "swords-wizardry-fitz, Effects of Mighty Blows: Blogo is stunned for 2 rounds: through round 2",
    );
  });
});

describe("Unarmed Combat: the fist that stuns", () => {
  const def = loadEncounter("fisticuffs.yaml");
  const opening = [[6], [1], 0, 0, "attack:pike:unarmed", [15]] as const;

  it("a blow of the fist inflicts 3 hit points of damage and the defender has 4: more than half, so he is stunned", () => {
    const e = play(def, [...opening, [2]]);
    const pike = who(e, "pike");
    expect(pike.hp).toBe(1);
    expect(pike.stunnedThrough).toBeGreaterThanOrEqual(1);
    expect(texts(e)).toContain(
      "swords-wizardry-fitz, Unarmed Combat: Dunstan's damage: 1d2 = 2 +1 = 3",
    );
    expect(texts(e)).toContain(
      "swords-wizardry-fitz, Unarmed Combat: 3 is more than half of Pike's 4 hit points: stunned",
    );
  });

  it("had the blow only inflicted 2 points of damage (exactly half), the defender would not be stunned", () => {
    const e = play(def, [...opening, [1]]);
    const pike = who(e, "pike");
    expect(pike.hp).toBe(2);
    expect(pike.stunnedThrough).toBe(-1);
    expect(texts(e)).toContain(
      "swords-wizardry-fitz, Unarmed Combat: 2 is not more than half of Pike's 4 hit points: not stunned",
    );
  });

  it("if the stunned character is hit a second time, he is knocked unconscious (for 1d4 rounds)", () => {
    // The second blow also takes Pike's last hit point: he saves versus death (15 against 14).
    const e = play(def, [...opening, [2], [4], 0, "attack:pike:unarmed", [12], [1], [15]]);
    expect(who(e, "pike").status).toBe("knocked-out");
    expect(who(e, "pike").hp).toBe(-1);
    expect(texts(e)).toContain(
      "swords-wizardry-fitz, Unarmed Combat: Pike, already stunned, is knocked unconscious for 1d4 rounds",
    );
    expect(e.status).toMatchObject({ kind: "over", outcome: { winner: "locals" } });
  });

  it("anyone who is already stunned will be knocked unconscious for 1d4 rounds by the next successful attack, whatever his save versus death", () => {
    // The same second blow, and Pike fails his save versus death (5 against 14): knocked out all
    // the same; the failed save keeps him unconscious after the 1d4 rounds.
    const e = play(def, [...opening, [2], [4], 0, "attack:pike:unarmed", [12], [1], [5]]);
    const pike = who(e, "pike");
    expect([pike.status, pike.hp, pike.steady.knockoutDie, pike.steady.knockoutWakes]).toEqual([
      "knocked-out",
      -1,
      4,
      false,
    ]);
    expect(texts(e)).toContain(
      "swords-wizardry-fitz, Unarmed Combat: Pike, already stunned, is knocked unconscious for 1d4 rounds, and stays unconscious after them (its failed save versus death)",
    );
  });
});

describe("Base Combat Bonuses: a 7th level fighter has a BCB of +4", () => {
  const def = skirmish(
    [
      {
        id: "hal",
        name: "Sir Hal",
        class: "fighter",
        level: 7,
        hitPoints: 40,
        armour: "chain",
        weapons: ["long-sword"],
      },
    ],
    [{ id: "orc", name: "Orc", hitDice: 1, hitPoints: 30, ac: 13, weapons: ["long-sword"] }],
  );

  it("the fighter table gives +4 at 7th level; he may use it as +4 to hit, +4 to AC, or +2 both", () => {
    expect(fighterBcb(7)).toBe(4);
    const e = play(def, [[5], [2]]);
    expect(pending(e)).toBe("hal:bcb");
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide")
      throw new Error("expected the bcb decision");
    const labels = s.choice.options.choices!.map((c) => c.label);
    expect(labels).toContain("+4 to hit, +0 to AC");
    expect(labels).toContain("+0 to hit, +4 to AC");
    expect(labels).toContain("+2 to hit, +2 to AC");
  });

  it("+2 both to hit and to AC: the attack adds +2 BCB and the orc's attack meets AC 14 + 2", () => {
    const e = play(def, [
      [5],
      [2],
      2,
      1,
      "attack:orc:long-sword",
      [11],
      [4],
      "attack:hal:long-sword",
      [12],
    ]);
    const hal = who(e, "hal");
    expect(hal.steady.bcbAttack).toBe(2);
    expect(hal.steady.bcbAc).toBe(2);
    const t = texts(e);
    expect(t).toContain(
      "swords-wizardry-fitz, Base Combat Bonuses: Sir Hal puts BCB +2 on attack and +2 on AC",
    );
    expect(t).toContain(
      "swords-wizardry-fitz, Melee Attacks: Sir Hal's attack on Orc with the long sword: d20 +2 BCB (+2) against AC 13 (13 base): needs 11: hit",
    );
    expect(t).toContain(
      "swords-wizardry-fitz, Melee Attacks: Orc's attack on Sir Hal with the long sword: d20 +1 BCB (+1) against AC 16 (14 base +2 BCB): needs 15: miss",
    );
  });
});

describe("Backstabbing and Flanking: 2 attackers get +1 each, 3 attackers get +2 each", () => {
  it("three goblins round the sergeant: each of their attacks has +2", () => {
    const e = play(loadEncounter("ganging-up.yaml"), [
      "random", // the sergeant singles none of them out
      [1], // the sergeant's initiative
      [6],
      [5],
      [4], // the goblins'
      0, // sergeant: BCB on AC
      1,
      1,
      1, // the goblins: +1 on attack
      "attack:sergeant:short-sword",
      [10],
      "attack:sergeant:short-sword",
      [10],
      "attack:sergeant:spear",
      [10],
    ]);
    const t = texts(e).filter((x) => x.includes("'s attack on Sergeant Bram"));
    expect(t).toHaveLength(3);
    for (const line of t) expect(line).toContain("+2 other attackers");
    expect(stateOf(e).count).toBeGreaterThan(0);
  });

  it("two goblins: +1 each", () => {
    const def = skirmish(
      [
        {
          id: "bram",
          name: "Bram",
          class: "fighter",
          level: 3,
          hitPoints: 18,
          armour: "chain",
          weapons: ["long-sword"],
        },
      ],
      [
        { id: "g1", name: "Goblin 1", hitDice: 1, hitPoints: 5, ac: 13, weapons: ["short-sword"] },
        { id: "g2", name: "Goblin 2", hitDice: 1, hitPoints: 5, ac: 13, weapons: ["short-sword"] },
      ],
    );
    const e = play(def, [
      "random",
      [1],
      [6],
      [5],
      0,
      1,
      1,
      "attack:bram:short-sword",
      [10],
      "attack:bram:short-sword",
      [10],
    ]);
    const t = texts(e).filter((x) => x.includes("'s attack on Bram"));
    expect(t).toHaveLength(2);
    for (const line of t) expect(line).toContain("+1 other attackers");
  });
});
