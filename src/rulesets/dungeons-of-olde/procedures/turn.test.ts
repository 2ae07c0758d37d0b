// Turns and Phases, Movement and Actions (core rules): the reset phase, action points, the order
// within a round, the end of the action phase, the per-round AP limit, steps and free steps, and
// the actions a round may hold.
import { ownSteady } from "../own-steady.js";
import { describe, expect, it } from "vitest";
import type { Json } from "../../../engine/json.js";
import { MISS } from "../dice/specs.js";
import type { DooState } from "../state.js";
import { answer, pending } from "../../../engine/test-support/scripted.js";
import { A, B, duel, play, RollScript, skirmish, who } from "../test-support/play.js";
import { attackAdjustment, damageAdjustment } from "./derived.js";
import { actionPhase, endOfTurn, resetPhase, takeRound } from "./turn.js";

/** A duel in its first turn. */
function fight(
  a: Record<string, Json>,
  b: Record<string, Json>,
  options: Record<string, Json> = {},
  switches: Record<string, Json> = {},
): DooState {
  const s = duel(a, b, options, switches);
  s.turn = 1;
  return s;
}

describe("Turns and Phases: the reset phase", () => {
  it("action points are one Finesse die plus adjustments", () => {
    const s = fight({ finesse: 9, adjustments: { ap: 1 } }, { finesse: 6 });
    const ctx = new RollScript([[10], 4]);
    resetPhase(s, ctx);
    expect(ctx.rolls.map((r) => r.notation)).toEqual(["d10", "d6"]);
    // The d9's 10 counts as 5: 5 + 1.
    expect(A(s).ap).toBe(6);
    expect(B(s).ap).toBe(4);
    expect(A(s).freeSteps).toBe(2);
  });

  it("a surprised character receives 1 AP, with no adjustments, in the first turn", () => {
    const s = fight({ adjustments: { ap: 2 } }, {}, { surprised: ["a"] });
    const ctx = new RollScript([5]);
    resetPhase(s, ctx);
    expect(A(s).ap).toBe(1);
    expect(ctx.rolls).toHaveLength(1);
  });

  it("armour too heavy takes a die rank off the Finesse die of action points too (a Modification)", () => {
    const s = fight({ brawn: 10, finesse: 8, armour: "plate-and-mail" }, {});
    const ctx = new RollScript([3, 3]);
    resetPhase(s, ctx);
    expect(ctx.rolls[0]!.notation).toBe("d8");
    // A d7 now: the table rolls a d8 whose 8 counts as 4 (Dice, core rules).
    expect(ctx.texts[0]).toContain(
      "the Finesse die d8 (1 to 8, an 8 counts as 4) = 3 (Finesse 8 less 1 rank for armour too heavy): 3 AP",
    );
  });

  it("the AP die explodes only with switch apDieExplodes", () => {
    const s = fight({}, {}, {}, { apDieExplodes: true });
    const ctx = new RollScript([[8, 3], 2]);
    resetPhase(s, ctx);
    expect(A(s).ap).toBe(11);
    expect(ctx.texts[0]).toContain("the Finesse die d8! (1 to 8, an 8 explodes) = 11: 11 AP");
  });

  it("Reset phase: per-turn effects (the dying bleed), temporary conditions removed, action points set (one Finesse die plus adjustments; 1 for a surprised character), free steps recovered", () => {
    const s = fight({ finesse: 9, adjustments: { ap: 1 } }, {});
    s.turn = 2;
    const [ana, bo] = [A(s), B(s)];
    ana.freeSteps = 0;
    Object.assign(ownSteady(ana), { blocking: true, stunned: true, blind: 1 });
    Object.assign(bo, { hp: 0, status: "incapacitated" });
    ownSteady(bo).bleeding = true;
    resetPhase(s, new RollScript([[10]]));
    expect(bo.hp).toBe(-1);
    expect([ana.steady.blocking, ana.steady.stunned, ana.steady.blind]).toEqual([false, false, 0]);
    // The d9's 10 counts as 5: 5 + 1.
    expect(ana.ap).toBe(6);
    expect(ana.freeSteps).toBe(2);
    const surprised = fight({ adjustments: { ap: 2 } }, {}, { surprised: ["a"] });
    resetPhase(surprised, new RollScript([5]));
    expect(A(surprised).ap).toBe(1);
  });

  it("small characters recover 1 free step (freeSteps: 1)", () => {
    const s = fight({ freeSteps: 1 }, {});
    resetPhase(s, new RollScript([3, 3]));
    expect(A(s).freeSteps).toBe(1);
  });
});

describe("Turns and Phases: a turn is a reset phase, then an action phase", () => {
  it("combat begins with a reset phase: the action points are rolled before anyone acts, and again when the action phase ends", () => {
    // Ana and Bo stand 6 spaces apart, out of reach: each rolls 1 AP, steps once and is done.
    const def = skirmish([{ id: "a", name: "Ana" }], [{ id: "b", name: "Bo" }], { distance: 6 });
    const e = play(def, []);
    expect(pending(e)).toMatch(/^roll: .*Ana.*action points/);
    answer(e, [[1], [1]]);
    expect(pending(e)).toBe("a:action-1");
    expect(who(e, "a").ap).toBe(1);
    answer(e, ["pass", "pass"]);
    // Everyone passed: the action phase is over, and turn 2 starts with its reset phase.
    expect(pending(e)).toMatch(/^roll: .*Ana.*action points/);
    expect((e.state as DooState).turn).toBe(2);
  });
});

describe("Turns and Phases: the action phase", () => {
  it("Action phase: in each round characters act in descending order of current action points; a pass keeps the AP, and the phase ends after a round in which everyone is out of AP or passed", () => {
    const s = fight({ finesse: 6, weapons: ["club"] }, { finesse: 9, weapons: ["club"] });
    A(s).ap = 5;
    B(s).ap = 2;
    A(s).freeSteps = B(s).freeSteps = 2;
    const ctx = new RollScript([MISS, MISS, MISS]);
    actionPhase(s, ctx);
    // Ana 5, Bo 2: Ana; then Ana 3, Bo 2: Ana, Bo; then Ana 1: she passes and the phase ends.
    expect(ctx.decisions).toEqual([
      'a:action-1="strike:b:club"',
      'b:action-1="strike:a:club"',
      'a:action-2="strike:b:club"',
      'a:action-3="pass"',
    ]);
    expect([A(s).ap, B(s).ap]).toEqual([1, 0]);
  });

  it("ties go to the higher Finesse", () => {
    const s = fight({ finesse: 6, weapons: ["club"] }, { finesse: 9, weapons: ["club"] });
    A(s).ap = 2;
    B(s).ap = 2;
    const ctx = new RollScript([MISS, MISS]);
    actionPhase(s, ctx);
    expect(ctx.decisions[0]).toBe('b:action-1="strike:a:club"');
  });

  it("the action phase ends after a round in which every character passed", () => {
    const s = fight({ weapons: ["club"] }, { weapons: ["club"] });
    A(s).ap = 4;
    B(s).ap = 4;
    const ctx = new RollScript([], { "a:action-1": "pass", "b:action-1": "pass" });
    actionPhase(s, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="pass"', 'b:action-1="pass"']);
    expect(A(s).ap).toBe(4);
  });

  it("a character may spend at most 3 AP a round (switch roundApLimit): a step and an attack, not two steps and an attack", () => {
    // Ana at 0, Bo at 5: free steps bring her to 2 spaces off; one more AP step and the attack make 3.
    const s = fight({ weapons: ["club"] }, {}, { distance: 4 });
    A(s).ap = 6;
    A(s).freeSteps = 2;
    const ctx = new RollScript([MISS]);
    takeRound(s, A(s), 1, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="strike:b:club"']);
    expect(A(s).ap).toBe(3);
    const far = fight({ weapons: ["club"] }, {}, { distance: 5 });
    A(far).ap = 6;
    A(far).freeSteps = 2;
    const c2 = new RollScript([]);
    takeRound(far, A(far), 1, c2);
    expect(c2.decisions).toEqual(['a:action-1="move:b"']);
    expect(A(far).pos).toBe(4);
    const free = fight({ weapons: ["club"] }, {}, { distance: 5 }, { roundApLimit: 0 });
    A(free).ap = 6;
    A(free).freeSteps = 2;
    takeRound(free, A(free), 1, new RollScript([MISS]));
    expect(A(free).ap).toBe(2);
  });

  it("steps: free steps first, then 1 AP a space, at most 3 spaces a round", () => {
    const s = fight({ weapons: ["club"] }, {}, { distance: 9 });
    A(s).ap = 5;
    A(s).freeSteps = 2;
    takeRound(s, A(s), 1, new RollScript([]));
    expect(A(s).pos).toBe(5);
    expect(A(s).ap).toBe(2);
    expect(A(s).freeSteps).toBe(0);
  });

  it("Movement and Actions: Step 1 AP a space, up to 3 a round; drop 1; rise 2 and nothing else; a free step of 1 or 2 spaces a turn", () => {
    const at = (ap: number, freeSteps: number, more: Record<string, Json> = {}) => {
      const s = fight({ weapons: ["club"], ...more }, {}, { distance: 9 });
      A(s).ap = ap;
      A(s).freeSteps = freeSteps;
      return s;
    };
    // Steps paid in AP: 3 spaces for 3 AP, and no more in the round.
    const paid = at(5, 0);
    takeRound(paid, A(paid), 1, new RollScript([]));
    expect([A(paid).pos, A(paid).ap]).toEqual([3, 2]);
    // The free steps come on top, at no AP: 2 spaces a turn, 1 for a small character.
    const free = at(5, 2);
    takeRound(free, A(free), 1, new RollScript([]));
    expect([A(free).pos, A(free).ap]).toEqual([5, 2]);
    const small = fight({ freeSteps: 1 }, {});
    resetPhase(small, new RollScript([3, 3]));
    expect(A(small).freeSteps).toBe(1);
    // Drop: 1 AP.
    const drop = at(3, 0);
    takeRound(drop, A(drop), 1, new RollScript([], { "a:action-1": "drop" }));
    expect([A(drop).prone, A(drop).ap]).toEqual([true, 2]);
    // Rise: 2 AP, and no step after it in the round.
    const rise = at(4, 2);
    A(rise).prone = true;
    const ctx = new RollScript([]);
    takeRound(rise, A(rise), 1, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="rise"']);
    expect([A(rise).prone, A(rise).pos, A(rise).ap]).toEqual([false, 0, 2]);
  });

  it("free steps are taken once a turn: a spear that uses 1 of its 2 free steps has none left in a later round", () => {
    // Turns and Phases (core rules): in a round a character may first use its free steps for the
    // turn "if he hasn't already used them" (RULES-NOTES.md 004: one free step of 1-2 spaces a turn).
    // Ana's spear (reach 1-2) at 1 space from Bo's club steps back 1 space, out of its reach.
    const s = fight({ weapons: ["spear"] }, { weapons: ["club"] });
    A(s).ap = 1;
    A(s).freeSteps = 2;
    takeRound(s, A(s), 1, new RollScript([]));
    expect(A(s).pos).toBe(-1);
    expect(A(s).ap).toBe(1);
    expect(A(s).freeSteps).toBe(0);
    // Bo steps back to space 3: in the next round Ana's 2 spaces to reach 2 of him cost 2 AP.
    B(s).pos = 3;
    A(s).ap = 3;
    takeRound(s, A(s), 2, new RollScript([], { "a:action-2": "move:b" }));
    expect(A(s).pos).toBe(1);
    expect(A(s).ap).toBe(1);
  });

  it("Shield Block: 2 AP for +2 Defense against melee attacks, until the reset phase; it needs the Shield skill", () => {
    const s = fight({ weapons: ["club"], shield: "buckler" }, { weapons: ["club"] });
    A(s).ap = 2;
    takeRound(s, A(s), 1, new RollScript([], { "a:action-1": "block" }));
    expect(A(s).steady.blocking).toBe(true);
    expect(A(s).ap).toBe(0);
    resetPhase(s, new RollScript([3, 3]));
    expect(A(s).steady.blocking).toBe(false);
    const u = fight({ weapons: ["club"], shield: "buckler", skills: ["mace"] }, {});
    expect(u.combatants[0]!.steady.sheet.shieldSkill).toBe(false);
  });

  it("Rise: 2 AP and nothing else that round; a prone character cannot step", () => {
    const s = fight({ weapons: ["club"] }, {}, { distance: 3 });
    A(s).prone = true;
    A(s).ap = 4;
    A(s).freeSteps = 2;
    const ctx = new RollScript([]);
    takeRound(s, A(s), 1, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="rise"']);
    expect(A(s).pos).toBe(0);
    expect(A(s).ap).toBe(2);
    expect(A(s).prone).toBe(false);
  });

  it("Ready: a disarmed fighter picks its weapon up from its own space for 1 AP", () => {
    const s = fight({ weapons: ["club"] }, {});
    const club = A(s).steady.weapons[0]!;
    club.where = "ground";
    club.groundPos = 0;
    ownSteady(A(s)).hand = 1;
    A(s).ap = 3;
    const ctx = new RollScript([]);
    takeRound(s, A(s), 1, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="ready:club"']);
    expect(A(s).steady.hand).toBe(0);
    expect(A(s).ap).toBe(2);
  });

  it("a crossbow is not shot again until it is reset", () => {
    const s = fight({ weapons: ["crossbow"] }, {}, { distance: 6 });
    A(s).ap = 6;
    const ctx = new RollScript([MISS, MISS]);
    actionPhase(s, ctx);
    expect(ctx.decisions.filter((d) => d.startsWith("a:"))).toEqual([
      'a:action-1="shoot:b:crossbow"',
      'a:action-2="reset:crossbow"',
      'a:action-3="shoot:b:crossbow"',
      'a:action-4="reset:crossbow"',
    ]);
  });

  it("a crossbow starts the fight loaded; below even its first Brawn Minimum it shoots at -1 a point short and resets with the crank, 3 AP", () => {
    // Crossbows prices the reset for one who meets the first minimum (4 for a crossbow) only;
    // Brawn 3 is a point short: Ranged Combat's -1, and the crank (Fray's defaults).
    const s = fight({ brawn: 3, weapons: ["crossbow"] }, {}, { distance: 6 });
    const bow = A(s).steady.weapons[0]!;
    expect(bow.loaded).toBe(true);
    expect(attackAdjustment(s, A(s), bow, "ranged", B(s))).toBe(-1);
    expect(damageAdjustment(A(s), bow, "ranged")).toBe(-1);
    A(s).ap = 5;
    const ctx = new RollScript([MISS]);
    actionPhase(s, ctx);
    expect(ctx.decisions.filter((d) => d.startsWith("a:"))).toEqual([
      'a:action-1="shoot:b:crossbow"',
      'a:action-2="reset:crossbow"',
    ]);
    expect(A(s).ap).toBe(0);
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Crossbows: Ana resets the crossbow with a crank (Brawn 3 is below its second minimum, 8): 3 AP, 0 left",
    );
  });

  it("withdraw: a combatant that ends the turn 8 spaces or more from every foe has left the fight", () => {
    const s = fight({}, {}, { distance: 5 });
    A(s).ap = 1;
    A(s).freeSteps = 2;
    takeRound(s, A(s), 1, new RollScript([], { "a:action-1": "withdraw" }));
    expect(A(s).pos).toBe(-3);
    endOfTurn(s, new RollScript([]));
    expect(A(s).status).toBe("fled");
  });

  it("cast: 2 AP and a Savvy check with the shield's spellcasting adjustment against the CR the GM sets; the GM rules the effect", () => {
    const s = fight({ savvy: 10, caster: true, shield: "heater", brawn: 8 }, {}, { distance: 4 });
    A(s).ap = 2;
    const ctx = new RollScript([1], { "a:action-1": "cast:b", "gm:effect": "damage:b:4" });
    takeRound(s, A(s), 1, ctx);
    expect(ctx.decisions).toEqual([
      'a:action-1="cast:b"',
      "gm:cast-cr=9",
      'gm:effect="damage:b:4"',
    ]);
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Shields: Ana casts a spell at Bo (2 AP): Savvy check -2 for the heater against CR 9 succeeds",
    );
    expect(B(s).hp).toBe(12 - 4);
  });

  it("use an item: 3 AP and nothing else that round; the GM rules its effect (none by default)", () => {
    const s = fight({}, {});
    A(s).ap = 3;
    const ctx = new RollScript([], { "a:action-1": "use-item" });
    takeRound(s, A(s), 1, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="use-item"', 'gm:effect="none"']);
    expect(A(s).ap).toBe(0);
  });
});
