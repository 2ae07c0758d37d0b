// The chapter's worked examples, replayed with the dice the chapter states (RULES-NOTES.md, 003:
// initiative, the half action, the punch and the block, the three armour examples, the arrow and
// its Internal Injuries, the three orcs). A strike and the defence set against it are rolled
// together (strike die first): the explanation says how it went, and `readStrike` gives the
// totals the chapter quotes from the same dice.
import { describe, expect, it } from "vitest";
import { readStrike, HELD, LANDED } from "./procedures/strike-roll.js";
import { encounterState, exchangeWith, meleeWith, who } from "./test-support/table.js";

describe("1. Initiative, example: Chip Calhoon (+6) against Salemath (+2)", () => {
  it("Chip rolls a 9 for a total of 15, Salemath a 14 for a total of 16: the lesser trained Salemath wins", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [[9], [14]]);
    expect(ctx.explanations).toContain("karn, 1. Initiative: Chip Calhoon rolls 9 + 6 = 15");
    expect(ctx.explanations).toContain("karn, 1. Initiative: Salemath rolls 14 + 2 = 16");
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Salemath has the highest total (16): Salemath wins the initiative",
    );
  });

  it("Chip rolls an 11 (17) and Salemath a 15 (17): they tie, and Chip's higher ALT wins", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [[11], [15]]);
    expect(ctx.explanations).toContain("karn, 1. Initiative: Chip Calhoon rolls 11 + 6 = 17");
    expect(ctx.explanations).toContain("karn, 1. Initiative: Salemath rolls 15 + 2 = 17");
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Chip Calhoon and Salemath tie at 17: Chip Calhoon has the higher ALT (70) and wins the initiative",
    );
    expect(ctx.asked.some((a) => a.startsWith("chip:action-1="))).toBe(true);
  });
});

describe("Splitting Actions, example: Salemath's half-action punch at +5", () => {
  it("a roll of 15 is cut in half to 7 (7.5 rounded down), then +5: a strike of 12", () => {
    const reading = readStrike(
      { divisor: 2, modifier: 5, ranged: false, cov: -1, koAt: Infinity, defence: null },
      15,
      0,
    );
    expect(reading.value).toBe(7);
    expect(reading.total).toBe(12);
    expect(reading.code).toBe(LANDED);
  });

  it("replayed: the punch is a half action, the other half saved for defence (+5)", () => {
    const { ctx } = exchangeWith("half-action-punch.yaml", [[15]]);
    expect(ctx.explanations).toContain(
      "karn, 2. Winner Chooses Attack(s): Salemath saves a half action for defence against counterstrikes (+5)",
    );
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Salemath's strike at Chip Calhoon with the punch at +5, a half action (the die halved): a hit",
    );
  });
});

describe("5. Roll and Compare, example: Salemath's punch against Chip's block", () => {
  it("a roll of 13 with +2 strikes 15; Chip's block rolls 13 with +4 for 17: the strike is blocked", () => {
    const reading = readStrike(
      {
        divisor: 1,
        modifier: 2,
        ranged: false,
        cov: -1,
        koAt: Infinity,
        defence: { divisor: 1, modifier: 4 },
      },
      13,
      13,
    );
    expect(reading.total).toBe(15);
    expect(reading.defenceTotal).toBe(17);
    expect(reading.code).toBe(HELD);
    const { state, ctx } = exchangeWith("punch-and-block.yaml", [[13, 13]]);
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Salemath's strike at Chip Calhoon with the punch at +2 against Chip Calhoon's block +4: a hit, but the block holds",
    );
    expect(who(state, "chip").hp).toBe(who(state, "chip").maxHp);
    expect(who(state, "salemath").best).toBe(2);
  });
});

describe("Armor And Clothing, examples", () => {
  it("Salemath's armour, Chop 1 (4): a small axe's 3 chop under his COV: 1 stopped, 2 get through, the armour takes all 3", () => {
    const { state, ctx } = exchangeWith("axe-on-salemath.yaml", [[10], [3]]);
    const salemath = who(state, "salemath");
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: the strike is at or under Salemath's COV: Salemath's armour (chop 1 (4)) stops 1 of 3, 2 get through; the armour takes 3 (17 HP left)",
    );
    expect(salemath.hp).toBe(12);
    expect(salemath.armourHp).toBe(17);
  });

  it("Chip's armour, Cut 6 (3): a cut of 5 under his COV is stopped entirely, but the armour takes 3", () => {
    const { state, ctx } = exchangeWith("cut-on-chip.yaml", [[10], [5]]);
    const chip = who(state, "chip");
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: the strike is at or under Chip Calhoon's COV: Chip's armour (cut 6 (3)) stops 5 of 5, 0 get through; the armour takes 3 (37 HP left)",
    );
    expect(chip.hp).toBe(20);
    expect(chip.armourHp).toBe(37);
  });

  it("Chip's armour, Crush 3 (1), and natural armour 3 against crush: a hammer's 15 crush leaves 12, then 9", () => {
    const { state, ctx } = exchangeWith("hammer-on-chip.yaml", [[10], [5, 5, 5]]);
    const chip = who(state, "chip");
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: the strike is at or under Chip Calhoon's COV: Chip's armour (crush 3 (1)) stops 3 of 15, 12 get through; the armour takes 1 (39 HP left)",
    );
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: Chip Calhoon's natural armour against crush (3) takes 12 to 9",
    );
    expect(chip.hp).toBe(20 - 9);
  });
});

describe("Pierce (P), example: an arrow against Chip", () => {
  // Strike 12 + 3 = 15, over 10 at range and under the COV 20; 4 pierce damage; 2 stopped by the
  // armour, 1 by natural protection.
  const through = [[12], [4]];

  it("4 damage, 2 absorbed by armour and 1 by natural protection: 1 point gets through, with a 25% chance of critical damage", () => {
    const { state, ctx } = exchangeWith("arrow-on-chip.yaml", [...through, [60]]);
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: the strike is at or under Chip Calhoon's COV: Chip's armour (pierce 2 (3)) stops 2 of 4, 2 get through; the armour takes 3 (37 HP left)",
    );
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: Chip Calhoon's natural armour against pierce (1) takes 2 to 1",
    );
    expect(ctx.explanations).toContain(
      "karn, Pierce (P): pierce damage got through (1): a 25% chance of critical damage: not critical",
    );
    expect(who(state, "chip").hp).toBe(19);
  });

  it("the critical rolled as Internal Injuries (x3) to the mid-body: Chip takes 3, and 3D6 SP", () => {
    const { state, ctx } = exchangeWith("arrow-on-chip.yaml", [...through, [20], [80], [3, 4, 5]]);
    expect(ctx.explanations).toContain(
      "karn, Pierce (P): pierce damage got through (1): a 25% chance of critical damage: critical",
    );
    expect(ctx.explanations).toContain(
      "karn, Critical: Internal Injuries (x3): 1 damage becomes 3 to Chip Calhoon",
    );
    const chip = who(state, "chip");
    expect(chip.hp).toBe(17);
    expect(chip.sp).toBe(chip.maxSp - 12);
    expect(ctx.asked).toContain('gm:injury="none"');
  });
});

describe("Multiple Attackers Or Defenders, example: three orcs attack Chip", () => {
  it("he defends against two and ignores the third: each of his defences is at -2", () => {
    const state = encounterState("three-orcs.yaml");
    const ctx = meleeWith(state, [[1], [15], [15], [16], [10, 10]], {
      "grub:action-1": "strike",
      "snaga:action-1": "strike",
      "ugluk:action-1": "strike",
      "chip:defence-1": "block",
      "chip:defence-2": "block",
      "chip:defence-3": "none",
      "chip:counter-1": "none",
    });
    expect(ctx.explanations).toContain(
      "karn, Multiple Attackers Or Defenders: Chip Calhoon acts against 2 opponents this melee: -2 on all its rolls",
    );
    // Block +4, less 2: the first strike (Ugluk's) meets a block of +2.
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Ugluk's strike at Chip Calhoon with the short sword at +2 against Chip Calhoon's block +2: a hit, but the block holds",
    );
  });
});
