// The chapter's worked examples (RULES-NOTES.md 004), replayed with the dice the chapter states:
// Unarmed Combat's hero with Brawn 9 (a 7 on the Brawn die: 4 bare-fisted, 5 with a beer stein) and
// Crossbows' two cases (both Brawn Minimums: 1 AP reset + 2 AP shot every turn; only the first:
// 3 AP reset, a shot every other turn).
import { describe, expect, it } from "vitest";
import { HIT, MISS } from "./dice/specs.js";
import { dungeonsOfOlde } from "./index.js";
import type { DooState } from "./state.js";
import { loadEncounter, play, RanOut, RollScript, texts, who } from "./test-support/play.js";

/** Plays whole turns with scripted dice (decisions by policy) until the script runs out. */
function turns(
  name: string,
  script: readonly (number | readonly number[])[],
): { state: DooState; ctx: RollScript } {
  const def = loadEncounter(name);
  const state = dungeonsOfOlde.setup(def.setup);
  const ctx = new RollScript(script);
  try {
    for (let t = 0; t < 20; t += 1) dungeonsOfOlde.round(state, ctx);
  } catch (e) {
    if (!(e instanceof RanOut)) throw e;
  }
  return { state, ctx };
}

describe("Unarmed Combat: a hero with Brawn 9", () => {
  it("rolls his Brawn die (a d9: a d10 whose 10 counts as 5), gets a 7 and punching bare-fisted does 4 damage (7/2 = 3.5, rounded up)", () => {
    // Hob (Finesse 8) acts before Rolf (Finesse 7) at equal AP: AP 3 and 3, Hob hits, his Brawn die shows 7.
    const { state, ctx } = turns("tavern-brawl.yaml", [3, 3, HIT, [7]]);
    expect(who(state, "rolf").hp).toBe(9 + 3 - 4);
    expect(ctx.rolls[3]).toEqual({ label: "Hob's damage die", notation: "d10", value: 7 });
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Unarmed Combat: Hob's Brawn die shows 7, halved and rounded up: 4; raw damage 4, Rolf has no armour: 4 damage",
    );
  });

  it("a 10 on the Brawn die counts as 5: 3 damage bare-fisted", () => {
    const { state } = turns("tavern-brawl.yaml", [3, 3, HIT, [10]]);
    expect(who(state, "rolf").hp).toBe(12 - 3);
  });

  it("smacking his opponent with a beer stein does 5: the base unarmed damage of 4, plus 1 (more than 5 Brawn, less than 10)", () => {
    // Hob misses; Rolf hits with the stein and rolls a 7.
    const { state, ctx } = turns("tavern-brawl.yaml", [3, 3, MISS, HIT, [7]]);
    expect(who(state, "hob").hp).toBe(12 - 5);
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Unarmed Combat: Rolf's Brawn die shows 7, halved and rounded up: 4, +1 for the beer stein (1 per full 5 Brawn); raw damage 5, Hob has no armour: 5 damage",
    );
  });

  it("the same blow typed in at the table, die by die: Hob's punch and Rolf's stein", () => {
    const def = loadEncounter("tavern-brawl.yaml");
    // AP dice: Hob's d8 shows 3, Rolf's d7 (a d8 whose 8 counts as 4) shows 8: 4 AP, so Rolf acts first.
    // Rolf's stein: Hob's Defense dice 2, 3 (d8); Rolf's Attack dice 5, 4 (d9): 9 - 5 = +4, a critical hit.
    const e = play(def, [[3], [8], "strike:hob:beer-stein", [2, 3, 5, 4], "max-damage"]);
    expect(who(e, "hob").hp).toBe(12 - (5 + 1));
    expect(texts(e)).toContain(
      "dungeons-of-olde, Unarmed Combat: Rolf's Brawn die counts its maximum, 9, halved and rounded up: 5, +1 for the beer stein (1 per full 5 Brawn); raw damage 6, Hob has no armour: 6 damage",
    );
  });
});

function shotsByTurn(ctx: RollScript, who: string): number[] {
  const out: number[] = [];
  let turn = -1;
  for (const t of ctx.texts) {
    if (t.includes(`${who}'s action points`)) {
      turn += 1;
      out.push(0);
    }
    if (t.includes(`${who} attacks`)) out[turn] = (out[turn] ?? 0) + 1;
  }
  return out;
}

describe("Crossbows", () => {
  it("a hero who meets both Brawn Minimums resets by hand for 1 AP and shoots every round: 2 AP to aim and shoot, 1 to reset, with 3 AP to spend", () => {
    // Three turns: Garrick 3 AP, the ogre 1 AP; every bolt misses.
    const { state, ctx } = turns("crossbow-by-hand.yaml", [3, 1, MISS, 3, 1, MISS, 3, 1, MISS]);
    expect(shotsByTurn(ctx, "Garrick")).toEqual([1, 1, 1]);
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Crossbows: Garrick resets the crossbow by hand (Brawn 8 meets its second minimum, 8): 1 AP, 0 left",
    );
    expect(ctx.decisions.filter((d) => d.startsWith("garrick:"))).toEqual([
      'garrick:action-1="shoot:ogre:crossbow"',
      'garrick:action-2="reset:crossbow"',
      'garrick:action-1="shoot:ogre:crossbow"',
      'garrick:action-2="reset:crossbow"',
      'garrick:action-1="shoot:ogre:crossbow"',
      'garrick:action-2="reset:crossbow"',
    ]);
    expect(who(state, "garrick").steady.weapons[0]!.loaded).toBe(true);
  });

  it("a hero meeting only the first Brawn Minimum must crank: Reset crossbow costs 3 AP and she shoots only every other round", () => {
    // Four turns: Pip 3 AP, the ogre 1 AP; shots in turns 1 and 3, a 3 AP reset in turns 2 and 4.
    const { ctx } = turns("crossbow-with-a-crank.yaml", [3, 1, MISS, 3, 1, 3, 1, MISS, 3, 1]);
    expect(shotsByTurn(ctx, "Pip")).toEqual([1, 0, 1, 0]);
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Crossbows: Pip resets the crossbow with a crank (Brawn 5 is below its second minimum, 8): 3 AP, 0 left",
    );
    expect(ctx.decisions.filter((d) => d.startsWith("pip:"))).toEqual([
      'pip:action-1="shoot:ogre:crossbow"',
      'pip:action-2="pass"',
      'pip:action-1="reset:crossbow"',
      'pip:action-1="shoot:ogre:crossbow"',
      'pip:action-2="pass"',
      'pip:action-1="reset:crossbow"',
    ]);
  });

  it("with 5 AP the crank still lets her shoot in the same turn: the chapter's every other round assumes 3", () => {
    const { ctx } = turns("crossbow-with-a-crank.yaml", [5, 1, MISS, 5, 1, MISS]);
    expect(shotsByTurn(ctx, "Pip")).toEqual([1, 1]);
  });
});
