import { describe, expect, it } from "vitest";
import { compileDice } from "../../../core/dice/index.js";
import { parseExchangeFile } from "../../../engine/encounter-file.js";
import { exchangeOdds } from "../../../engine/exchange.js";
import { pending, play, registry, skirmish, stateOf, texts, who } from "../test-support/play.js";
import { listActions } from "./actions.js";

const bob = {
  id: "bob",
  name: "Bob",
  dex: 1,
  stamina: 20,
  injurySlots: 10,
  armour: "chain",
  shield: "buckler",
  weapons: ["club"],
};

describe("attacks and damage", () => {
  it("Resolving Combat: melee damage is the dice + STR + magic - the target's DEX - its armour points", () => {
    const ann = {
      id: "ann",
      name: "Ann",
      level: 3,
      str: 2,
      weapons: [{ weapon: "longsword", magic: 1 }],
    };
    const e = play(skirmish([ann], [bob]), [4, "attack:bob:longsword", 7]);
    expect(texts(e)).toContain(
      "cartyrion, Resolving Combat: Ann rolls 2d6! with the longsword +1: 7, +2 magic (+1 on each of 2 dice, none on explosions), +2 STR = 11; less Bob's 5 (DEX 1, armour 4) = 6",
    );
    expect(who(e, "bob").stamina).toBe(14);
    expect(who(e, "bob").injuries).toBe(0);
    // Switch shieldArmour: false, the buckler only matters when parrying.
    const noShield = play(skirmish([ann], [bob], {}, { shieldArmour: false }), [
      4,
      "attack:bob:longsword",
      7,
    ]);
    expect(who(noShield, "bob").stamina).toBe(13);
  });

  it("Melee and Reach Combat: with a finesse weapon a DEX bonus may be used instead of STR: the attacker adds the better", () => {
    const target = { id: "bob", name: "Bob", stamina: 20, weapons: ["club"] };
    const strong = { id: "ann", name: "Ann", str: 4, dex: 3, weapons: ["dagger"] };
    const e = play(skirmish([strong], [target]), [4, "attack:bob:dagger", 2]);
    expect(who(e, "bob").stamina).toBe(20 - 6);
    expect(texts(e)).toContain(
      "cartyrion, Resolving Combat: Ann rolls 1d4! with the dagger: 2, +4 STR = 6; less Bob's 0 (DEX 0, armour 0) = 6",
    );
    const nimble = { ...strong, str: 1 };
    expect(
      who(play(skirmish([nimble], [target]), [4, "attack:bob:dagger", 2]), "bob").stamina,
    ).toBe(20 - 5);
  });

  it("Melee and Reach Combat: STR +4, DEX +1 and a dagger against chain: 2d4! - 1 when he may keep STR, not 2d4! - 4", () => {
    const odds = exchangeOdds(
      parseExchangeFile(
        {
          ruleset: "cartyrion",
          attacker: {
            id: "ann",
            name: "Ann",
            level: 3,
            str: 4,
            dex: 1,
            stamina: 20,
            weapons: ["dagger"],
          },
          defender: {
            id: "bob",
            name: "Bob",
            level: 3,
            dex: 2,
            stamina: 40,
            armour: "chain",
            weapons: ["club"],
          },
          situation: { attack: "normal" },
        },
        registry,
        "test.yaml",
      ),
    );
    let mean = 0;
    let none = 0;
    for (const [t, p] of compileDice("2d4!").dist().entries()) {
      mean += p * Math.max(0, t + 4 - 2 - 3);
      if (t + 4 - 2 - 3 <= 0) none += p;
    }
    expect(odds.damage.mean()).toBeCloseTo(mean, 9);
    expect(odds.damage.mean()).toBeCloseTo(17 / 3, 9);
    expect(odds.categories.find((c) => c.category === "no damage")!.p).toBeCloseTo(none, 12);
  });

  it("Melee and Reach Combat: melee needs the opponents adjacent: a swordsman closes to 5 ft to strike, and cannot strike beyond his Move", () => {
    const ann = { id: "ann", name: "Ann", move: 30, weapons: ["longsword"] };
    const target = { id: "bob", name: "Bob", stamina: 20, weapons: ["club"] };
    const e = play(skirmish([ann], [target], { distance: 25 }), [4, "attack:bob:longsword", 3]);
    expect(who(e, "ann").pos).toBe(20);
    expect(who(e, "bob").stamina).toBe(17);
    const far = stateOf(play(skirmish([ann], [target], { distance: 40 }), []));
    expect(listActions(far, who(far, "ann")).map((c) => c.value)).not.toContain(
      "attack:bob:longsword",
    );
  });

  it("Melee and Reach Combat: a reach weapon strikes from its length away", () => {
    const ann = { id: "ann", name: "Ann", str: 1, weapons: ["spear"] };
    const e = play(skirmish([ann], [{ ...bob, armour: "none" }], { distance: 10 }), [
      4,
      "attack:bob:spear",
      5,
    ]);
    expect(who(e, "ann").pos).toBe(0);
    expect(who(e, "bob").stamina).toBe(20 - (5 + 1 - 1 - 1));
    // From 15 ft she closes 5 ft and strikes from 10 ft.
    const far = play(skirmish([ann], [{ ...bob, armour: "none" }], { distance: 15 }), [
      4,
      "attack:bob:spear",
      5,
    ]);
    expect(who(far, "ann").pos).toBe(5);
  });

  it("Range Combat: a ranged attack needs the target at least 10 ft away and adds AWA", () => {
    const ann = { id: "ann", name: "Ann", awa: 3, str: 5, weapons: ["shortbow"] };
    const e = play(skirmish([ann], [{ ...bob, dex: 0, armour: "none" }]), [
      4,
      "attack:bob:shortbow",
      4,
      1,
    ]);
    expect(who(e, "ann").pos).toBe(-5);
    expect(texts(e)).toContain(
      "cartyrion, Resolving Combat: Ann rolls 1d6! with the shortbow: 4, +3 AWA = 7; less Bob's 1 (DEX 0, armour 1) = 6",
    );
  });

  it("Range Combat: ranged damage is Direct Damage after DEX and armour", () => {
    const ann = { id: "ann", name: "Ann", awa: 3, weapons: ["shortbow"] };
    const e = play(skirmish([ann], [bob], { distance: 30 }), [4, "attack:bob:shortbow", [6, 1], 1]);
    // 6 + 1 (exploded) + 3 AWA - 1 DEX - 4 armour = 5 Direct Damage; stamina untouched.
    expect(who(e, "bob").injuries).toBe(5);
    expect(who(e, "bob").stamina).toBe(20);
    // A shortbow+1 adds its bonus to the die rolled, not to the explosion: one more.
    const magic = { ...ann, weapons: [{ weapon: "shortbow", magic: 1 }] };
    const m = play(skirmish([magic], [bob], { distance: 30 }), [
      4,
      "attack:bob:shortbow",
      [6, 1],
      1,
    ]);
    expect(who(m, "bob").injuries).toBe(6);
  });

  it("Range Combat: the shooter spends d4 stamina, halved and rounded up with Weapon Specialization", () => {
    const plain = { id: "ann", name: "Ann", awa: 3, stamina: 10, weapons: ["shortbow"] };
    const special = { ...plain, weapons: [{ weapon: "shortbow", specialised: true }] };
    expect(
      who(play(skirmish([plain], [bob], { distance: 30 }), [4, "attack:bob:shortbow", 3, 3]), "ann")
        .stamina,
    ).toBe(7);
    const e = play(skirmish([special], [bob], { distance: 30 }), [4, "attack:bob:shortbow", 3, 3]);
    expect(who(e, "ann").stamina).toBe(8);
    expect(texts(e)).toContain(
      "cartyrion, Range Combat: Ann spends 2 stamina on the shot (d4 = 3, halved and rounded up for Weapon Specialization): 8 SP left",
    );
  });

  it("Range Combat: with no stamina left the cost becomes Direct Damage (switch exhaustedRangedCost)", () => {
    const tired = {
      id: "ann",
      name: "Ann",
      awa: 3,
      stamina: 10,
      currentStamina: 1,
      weapons: ["shortbow"],
    };
    const e = play(skirmish([tired], [bob], { distance: 30 }), [4, "attack:bob:shortbow", 3, 4]);
    expect(who(e, "ann").stamina).toBe(0);
    expect(who(e, "ann").injuries).toBe(3);
    const ignored = play(
      skirmish([tired], [bob], { distance: 30 }, { exhaustedRangedCost: "ignore" }),
      [4, "attack:bob:shortbow", 3, 4],
    );
    expect(who(ignored, "ann").injuries).toBe(0);
  });

  it("Resolving Combat: whether a surprised or held target's DEX counts is the GM's call", () => {
    const ann = { id: "ann", name: "Ann", weapons: ["club"] };
    const def = skirmish([ann], [{ ...bob, dex: 3 }], { start: "party-ambush" });
    const asked = play(def, [6, "attack:bob:club"]);
    expect(pending(asked)).toBe("gm:dex-applies");
    // A club total of 5 against armour 4 (chain and buckler): 1 through, or nothing if DEX 3 counts too.
    expect(who(play(def, [6, "attack:bob:club", false, 5]), "bob").stamina).toBe(19);
    expect(who(play(def, [6, "attack:bob:club", true, 5]), "bob").stamina).toBe(20);
  });

  it("Surprise: the GM's ruling on a surprised target's DEX is asked once and holds for the round, which undo takes back with it", () => {
    // Surprise lasts the first Combat Round: Ann's blow on Bob asks, Cat's on Dan is ruled alike.
    const ann = { id: "ann", name: "Ann", weapons: ["club"] };
    const cat = { id: "cat", name: "Cat", weapons: ["club"] };
    const dan = { ...bob, id: "dan", name: "Dan" };
    const def = skirmish([ann, cat], [{ ...bob, dex: 3 }, dan], { start: "party-ambush" });
    const first = [6, "ann", "attack:bob:club"];
    expect(pending(play(def, first))).toBe("gm:dex-applies");
    const ruled = play(def, [...first, true, 5, "attack:dan:club"]);
    expect(pending(ruled)).toBe("roll: Cat's damage");
    expect(stateOf(ruled).surprisedDex).toBe(true);
    const asked = ruled.log.filter((a) => a.kind === "decide" && a.question === "dex-applies");
    expect(asked).toHaveLength(1);
    // Undone to before the ruling (Cat's attack, Ann's damage, the ruling), the round holds
    // none: Ann's blow asks again.
    ruled.undo(3);
    expect(pending(ruled)).toBe("gm:dex-applies");
    expect(stateOf(ruled).surprisedDex).toBe(null);
    // Dan's DEX counts as the GM ruled: a club's 6 and 1 against armour 4 and DEX 1, 2 through.
    const hit = play(def, [...first, true, 5, "attack:dan:club", [6, 1]]);
    expect(who(hit, "dan").stamina).toBe(18);
    expect(texts(hit)).toContain(
      "cartyrion, Surprise: Dan is surprised: its DEX bonus counts, as the GM ruled for this round",
    );
    // Round 2: surprise has worn off, and the ruling with it.
    expect(stateOf(hit).round).toBe(2);
    expect(stateOf(hit).surprisedDex).toBe(null);
  });

  it("Surprise: with switch surprisedDexRuling \"blow\" the GM's ruling on a surprised target's DEX is asked at every blow, as Fray's cartyrion 1.0.0 asked, which is said once", () => {
    const ann = { id: "ann", name: "Ann", weapons: ["club"] };
    const cat = { id: "cat", name: "Cat", weapons: ["club"] };
    const dan = { ...bob, id: "dan", name: "Dan" };
    const def = skirmish(
      [ann, cat],
      [{ ...bob, dex: 3 }, dan],
      { start: "party-ambush" },
      { surprisedDexRuling: "blow" },
    );
    const first = [6, "ann", "attack:bob:club"];
    // Cat's blow on Dan asks again, in the words of a blow's ruling.
    const again = play(def, [...first, true, 5, "attack:dan:club"]);
    expect(pending(again)).toBe("gm:dex-applies");
    const s = again.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(s.choice.options.prompt).toBe(
      "Dan is surprised: does its DEX bonus (1) still count against this blow?",
    );
    // Ruled otherwise this time: Dan's DEX does not count, a club's 6 and 1 against armour 4, 3.
    const hit = play(def, [...first, true, 5, "attack:dan:club", false, [6, 1]]);
    expect(who(hit, "dan").stamina).toBe(17);
    expect(texts(hit).filter((t) => t.includes("reading"))).toEqual([
      "cartyrion, Surprise: played under Fray's cartyrion 1.0.0 reading: the DEX ruling at every blow (switch surprisedDexRuling)",
    ]);
  });

  it("Damage Dice: the magic bonus is added to each die rolled, not to explosions", () => {
    const level2 = {
      id: "ann",
      name: "Ann",
      level: 2,
      weapons: [{ weapon: "longsword", magic: 1 }],
    };
    const target = { id: "bob", name: "Bob", stamina: 30, weapons: ["club"] };
    // A Longsword+1 at level 2: d6+1. A 6 explodes into a 3: 9 + 1, not 9 + 2.
    expect(
      who(play(skirmish([level2], [target]), [4, "attack:bob:longsword", [6, 3]]), "bob").stamina,
    ).toBe(20);
    // At level 3: 2d6+2.
    const level3 = { ...level2, level: 3 };
    expect(
      who(play(skirmish([level3], [target]), [4, "attack:bob:longsword", [2, 3]]), "bob").stamina,
    ).toBe(30 - 7);
  });

  it("Power Attacks: double the dice, and the weapon is broken after the attack", () => {
    const ann = { id: "ann", name: "Ann", level: 3, str: 1, weapons: ["longsword", "mace"] };
    const target = { id: "bob", name: "Bob", stamina: 40, weapons: ["club"] };
    const e = play(skirmish([ann], [target]), [4, "power:bob:longsword", [1, 2, 3, 4]]);
    expect(texts(e)).toContain(
      "cartyrion, Power Attacks: Ann makes a Power Attack and rolls 4d6! with the longsword: 10, +1 STR = 11; less Bob's 0 (DEX 0, armour 0) = 11",
    );
    expect(texts(e)).toContain(
      "cartyrion, Power Attacks: Ann's longsword is broken and unusable after the Power Attack",
    );
    expect(who(e, "ann").weapons[0]!.carried).toBe("broken");
    expect(who(e, "bob").stamina).toBe(29);
  });
});
