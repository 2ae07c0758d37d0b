// Movement and Actions (core rules), as the Combat Reference orders a round: free steps, then one
// movement, then one action, within the round's action points. A step (or a drop) and then any
// action the AP allow in one round; what may not combine: Rise "2/Only", and use an item, first aid
// and recover "3/Only" (switches riseThenAction, freeStepsBeforeOnly); Flop after any movement
// (switch flop).
import { ownSteady } from "../own-steady.js";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/random.js";
import { PolicyContext } from "../../../engine/drivers/policy.js";
import type { Json } from "../../../engine/json.js";
import { Playbook } from "../../../engine/tactics.js";
import { DISADVANTAGE } from "../dice/stat-die.js";
import { MISS, opposedRoll } from "../dice/specs.js";
import { dungeonsOfOlde } from "../index.js";
import type { CombatantState, DooState } from "../state.js";
import { A, duel, RollScript, skirmish } from "../test-support/play.js";
import { listActions } from "./choices.js";
import { takeRound } from "./turn.js";

/** A duel in its first turn, free steps ready, Ana with `ap` action points. */
function fight(
  a: Record<string, Json>,
  b: Record<string, Json>,
  ap: number,
  options: Record<string, Json> = {},
  switches: Record<string, Json> = {},
): DooState {
  const s = duel(a, b, options, switches);
  s.turn = 1;
  for (const c of s.combatants) c.freeSteps = c.steady.sheet.freeStepsMax;
  A(s).ap = ap;
  return s;
}

const offered = (s: DooState, c: CombatantState = A(s)) =>
  new Map(listActions(s, c, false).map((x) => [x.value, x.label]));

/** Ana (Healing skill, 3 AP, free steps ready) 2 spaces from Cay, dying; Bo far off. */
function dyingCay(switches: Record<string, Json> = {}): DooState {
  const def = skirmish(
    [
      { id: "a", name: "Ana", savvy: 10, skills: ["healing"] },
      { id: "c", name: "Cay" },
    ],
    [{ id: "b", name: "Bo" }],
    { positions: { a: 0, c: -2, b: 10 } },
    switches,
  );
  const s = dungeonsOfOlde.setup(def.setup);
  const [ana, cay] = [s.combatants[0]!, s.combatants[1]!];
  cay.hp = -1;
  cay.status = "incapacitated";
  ownSteady(cay).bleeding = true;
  ana.ap = 3;
  ana.freeSteps = 2;
  return s;
}

/** Ana's round with `answer`: what she did, and the explanations. */
function round(s: DooState, answer: string, rolls: readonly (number | readonly number[])[] = []) {
  const ctx = new RollScript(rolls, { "a:action-1": answer });
  const acted = takeRound(s, A(s), 1, ctx);
  return { acted, ctx };
}

describe("Movement and Actions: a step, then an action, in one round", () => {
  it("a step and then a Shield Block: Ana steps back out of the warhammer's reach with a free step and raises her buckler (2 AP)", () => {
    const s = fight({ weapons: ["club"], shield: "buckler" }, { weapons: ["warhammer"] }, 4);
    expect(offered(s).get("away:b+block")).toBe(
      "step back out of Bo's reach: to range 2 (moving 1 space, free steps), then Shield Block with the buckler (+2 Defense against melee, 2 AP)",
    );
    const { acted, ctx } = round(s, "away:b+block");
    expect(acted).toBe(true);
    expect(A(s).pos).toBe(-1);
    expect(A(s).ap).toBe(2);
    expect(A(s).steady.blocking).toBe(true);
    expect(A(s).freeSteps).toBe(0);
    expect(ctx.texts).toEqual([
      "dungeons-of-olde, Movement and Actions (core rules): Ana steps back out of Bo's reach: 1 space, from 0 to -1 (range 2; free steps)",
      "dungeons-of-olde, Movement and Actions (core rules): Ana raises the buckler in a Shield Block (2 AP, 2 left): +2 Defense against melee attacks until the reset phase",
    ]);
  });

  it("the step and the action spend at most 3 AP in the round together (switch roundApLimit): with 6 AP, a Shield Block leaves 1 AP of steps after the free steps", () => {
    const s = fight({ weapons: ["club"], shield: "buckler" }, { weapons: ["club"] }, 6, {
      distance: 6,
    });
    round(s, "move:b+block");
    expect(A(s).pos).toBe(3);
    expect(A(s).ap).toBe(6 - 1 - 2);
    const free = fight(
      { weapons: ["club"], shield: "buckler" },
      { weapons: ["club"] },
      6,
      { distance: 6 },
      { roundApLimit: 0 },
    );
    round(free, "move:b+block");
    expect(A(free).pos).toBe(5);
    expect(A(free).ap).toBe(6 - 3 - 2);
  });

  it("Crossbows: a step and then Reset crossbow: Ana steps out of the club's reach with a free step and resets by hand (1 AP); with a crank (3 AP) only free steps are left for the step", () => {
    const s = fight({ brawn: 8, weapons: ["crossbow"] }, { weapons: ["club"] }, 3);
    A(s).steady.weapons[0]!.loaded = false;
    expect(offered(s).get("move:b+reset:crossbow")).toBe(
      "take position against Bo: to range 2 (moving 1 space, free steps), then reset the crossbow (1 AP)",
    );
    round(s, "move:b+reset:crossbow");
    expect(A(s).pos).toBe(-1);
    expect(A(s).steady.weapons[0]!.loaded).toBe(true);
    expect(A(s).ap).toBe(2);
    const crank = fight({ brawn: 5, weapons: ["crossbow"] }, { weapons: ["club"] }, 5, {
      distance: 0,
    });
    A(crank).steady.weapons[0]!.loaded = false;
    round(crank, "withdraw+reset:crossbow");
    // 3 AP for the crank leave no AP for steps in a 3 AP round: the 2 free steps only.
    expect(A(crank).pos).toBe(-2);
    expect(A(crank).ap).toBe(2);
    expect(A(crank).steady.weapons[0]!.loaded).toBe(true);
  });

  it("a step and then readying a weapon: empty-handed Ana takes position against Bo and draws her broadsword (1 AP)", () => {
    const s = fight({ weapons: ["broadsword"] }, { weapons: ["club"] }, 3, { distance: 4 });
    A(s).steady.weapons[0]!.where = "carried";
    ownSteady(A(s)).hand = 1;
    round(s, "move:b+ready:broadsword");
    expect(A(s).pos).toBe(3);
    expect(A(s).steady.hand).toBe(0);
    expect(A(s).ap).toBe(3 - 1 - 1);
  });

  it("Drop (1 AP) may be followed by an action: Ana steps up with her free steps, drops prone and attacks, with disadvantage as a prone attacker (2 AP)", () => {
    const s = fight({ weapons: ["club"] }, { weapons: ["club"] }, 3, { distance: 3 });
    expect(offered(s).get("drop+strike:b:club")).toBe(
      "step to space 2 (moving 2 spaces, free steps), drop prone (1 AP), then attack Bo with the club",
    );
    const { ctx } = round(s, "drop+strike:b:club", [MISS]);
    expect(A(s).pos).toBe(2);
    expect(A(s).prone).toBe(true);
    expect(A(s).ap).toBe(0);
    expect(ctx.rolls[0]!.notation).toBe(opposedRoll(8, DISADVANTAGE, 8, 0, 0, -3).notation);
  });

  it("one movement a round: no step and then a drop, and nothing after an attack", () => {
    const s = fight({ weapons: ["club"], shield: "buckler" }, { weapons: ["club"] }, 6, {
      distance: 2,
    });
    const values = [...offered(s).keys()];
    expect(values.filter((v) => v.endsWith("+drop") || v.includes("+rise"))).toEqual([]);
    expect(values.filter((v) => /^(strike|shoot|attack|block)[^+]*\+/.test(v))).toEqual([]);
    // An answer in the wrong order (an action, then a movement) does nothing: the round passes.
    const { acted, ctx } = round(s, "block+move:b");
    expect(acted).toBe(false);
    expect(A(s).ap).toBe(6);
    expect(ctx.texts).toEqual([
      "dungeons-of-olde, Movement and Actions (core rules): Ana cannot block and then move now: the round passes",
    ]);
  });

  it("Rise costs 2/Only: nothing follows it in the same round; with switch riseThenAction (the Rise row's note, May be followed by an Action) an action may", () => {
    const s = fight({ weapons: ["dagger"] }, {}, 3);
    A(s).prone = true;
    A(s).steady.weapons[0]!.where = "carried";
    ownSteady(A(s)).hand = 1;
    expect(offered(s).get("rise")).toBe("rise (2 AP; nothing else this round)");
    expect([...offered(s).keys()].filter((v) => v.startsWith("rise+"))).toEqual([]);
    const r = fight({ weapons: ["dagger"] }, {}, 3, {}, { riseThenAction: true });
    A(r).prone = true;
    A(r).steady.weapons[0]!.where = "carried";
    ownSteady(A(r)).hand = 1;
    expect(offered(r).get("rise+ready:dagger")).toBe("rise (2 AP), then draw the dagger (1 AP)");
    round(r, "rise+ready:dagger");
    expect(A(r).prone).toBe(false);
    expect(A(r).steady.hand).toBe(0);
    expect(A(r).ap).toBe(0);
  });

  it("use an item, first aid and recover cost 3 AP and nothing else: free steps may come first (switch freeStepsBeforeOnly), never a step paid in AP or a drop", () => {
    const s = fight({}, {}, 6, { distance: 5 }, { roundApLimit: 0 });
    const values = [...offered(s).keys()];
    expect(values).toContain("move:b+use-item");
    expect(values).not.toContain("drop+use-item");
    const { ctx } = round(s, "move:b+use-item");
    expect(A(s).pos).toBe(2);
    expect(A(s).ap).toBe(3);
    expect(ctx.decisions).toEqual(['a:action-1="move:b+use-item"', 'gm:effect="none"']);
    const none = fight({}, {}, 6, { distance: 5 }, { freeStepsBeforeOnly: false });
    expect([...offered(none).keys()].filter((v) => v.endsWith("+use-item"))).toEqual([]);
  });

  it("Movement and Actions: Attack 2 AP; Shield Block 2 AP; cast 2; use an item or first aid 3 and nothing else; flop 0", () => {
    /** Ana's action points left after `answer` from 3, next to Bo. */
    const left = (answer: string, rolls: readonly number[] = []) => {
      const gear = { weapons: ["club"], shield: "buckler", skills: ["shield"], caster: true };
      const s = fight({ ...gear, savvy: 10 }, {}, 3, { distance: 1 });
      A(s).freeSteps = 0;
      round(s, answer, rolls);
      return A(s).ap;
    };
    expect(left("strike:b:club", [MISS])).toBe(1);
    expect(left("block")).toBe(1);
    expect(left("cast:b", [1])).toBe(1);
    expect(left("use-item")).toBe(0);
    expect(left("flop")).toBe(3);
    const s = dyingCay();
    const ana = s.combatants[0]!;
    ana.freeSteps = 0;
    s.combatants[1]!.pos = -1;
    takeRound(s, ana, 1, new RollScript([1], { "a:action-1": "first-aid:c:bind" }));
    expect(ana.ap).toBe(0);
    // Nothing else: with 6 AP and no round limit, no movement paid in AP leads an item's use.
    const rich = fight({}, {}, 6, { distance: 3 }, { roundApLimit: 0 });
    A(rich).freeSteps = 0;
    const values = [...offered(rich).keys()];
    expect(values).toContain("use-item");
    expect(values.filter((v) => v.includes("+use-item"))).toEqual([]);
  });

  it("First Aid: a dying ally two spaces off: Ana's free step takes her next to him, then she binds his wounds (3 AP)", () => {
    const s = dyingCay();
    const [ana, cay] = [s.combatants[0]!, s.combatants[1]!];
    expect(offered(s, ana).get("first-aid:c:bind")).toBe(
      "first aid: bind Cay's wounds (3 AP; a Healing check) (moving 1 space, free steps)",
    );
    const ctx = new RollScript([1], { "a:action-1": "first-aid:c:bind" });
    takeRound(s, ana, 1, ctx);
    expect(ana.pos).toBe(-1);
    expect(cay.hp).toBe(1);
    expect(ana.ap).toBe(0);
    const none = dyingCay({ freeStepsBeforeOnly: false });
    expect(offered(none, none.combatants[0]!).has("first-aid:c:bind")).toBe(false);
  });

  it("Flop may be used after any movement (switch flop: action); as a movement (switch flop: movement) it may be followed by an action", () => {
    const s = fight({ weapons: ["club"], shield: "buckler" }, {}, 3, { distance: 4 });
    expect(offered(s).get("move:b+flop")).toBe(
      "take position against Bo: to range 1 (moving 3 spaces, 1 AP), then flop prone (0 AP)",
    );
    expect(offered(s).has("flop+block")).toBe(false);
    const m = fight(
      { weapons: ["club"], shield: "buckler" },
      {},
      3,
      { distance: 4 },
      {
        flop: "movement",
      },
    );
    expect(offered(m).has("move:b+flop")).toBe(false);
    expect(offered(m).get("flop+block")).toBe(
      "flop prone (0 AP), then Shield Block with the buckler (+2 Defense against melee, 2 AP)",
    );
    round(m, "flop+block");
    expect(A(m).prone).toBe(true);
    expect(A(m).steady.blocking).toBe(true);
    expect(A(m).ap).toBe(1);
  });

  it("Ready: Ana steps to the javelin she threw, lying 2 spaces off, and picks it up (1 AP)", () => {
    const s = fight({ weapons: [{ weapon: "javelin", count: 1 }] }, {}, 2, { distance: 6 });
    const jav = A(s).steady.weapons[0]!;
    jav.where = "ground";
    jav.groundPos = 2;
    ownSteady(A(s)).hand = 1;
    expect(offered(s).get("ready:javelin")).toBe(
      "pick up the javelin (1 AP) (moving 2 spaces, free steps)",
    );
    round(s, "ready:javelin");
    expect(A(s).pos).toBe(2);
    expect(A(s).steady.hand).toBe(0);
    expect(A(s).ap).toBe(1);
  });

  it("Recover (3 AP and nothing else) is a caster's: Fray counts no Mana or Faith Points", () => {
    const s = fight({ caster: true, savvy: 10 }, {}, 3, { distance: 4 });
    expect(offered(s).has("recover")).toBe(true);
    const { ctx } = round(s, "recover");
    expect(A(s).ap).toBe(0);
    expect(ctx.texts).toEqual([
      "dungeons-of-olde, Movement and Actions (core rules): Ana rests to recover 2 Mana or Faith Points (3 AP, nothing else this round; Fray does not count them, the GM does)",
    ]);
    expect(offered(fight({}, {}, 3, { distance: 4 })).has("recover")).toBe(false);
  });

  it("every listed answer is taken as listed: it acts, and spends no more than the round's 3 AP", () => {
    const states = [
      fight({ weapons: ["club"], shield: "buckler" }, { weapons: ["warhammer"] }, 6),
      fight({ brawn: 8, weapons: ["crossbow", "sax"], caster: true }, { weapons: ["spear"] }, 5, {
        distance: 3,
      }),
      fight({ weapons: ["spear", "dagger"], shield: "buckler" }, { weapons: ["club"] }, 4, {
        distance: 7,
      }),
    ];
    A(states[1]!).steady.weapons[0]!.loaded = false;
    let taken = 0;
    for (const s of states)
      for (const { value } of listActions(s, A(s), true)) {
        if (value === "pass") continue;
        const copy = structuredClone(s);
        const ctx = new PolicyContext(Rng.stream(3, taken), new Playbook(dungeonsOfOlde.tactics), {
          "a:action-1": value,
        });
        expect(takeRound(copy, A(copy), 1, ctx), value).toBe(true);
        const spent = A(s).ap - A(copy).ap;
        expect(spent, value).toBeGreaterThanOrEqual(0);
        expect(spent, value).toBeLessThanOrEqual(3);
        taken += 1;
      }
    expect(taken).toBeGreaterThan(40);
  });
});
