// Attacking as an Opposed Attempt, Weapons, Line of Sight, Shields and Armor: what goes into the
// Defense and Attack Checks, and into damage.
import { ownSteady } from "../own-steady.js";
import fc from "fast-check";
import { compileDice } from "../../../core/dice/index.js";
import { describe, expect, it } from "vitest";
import { playToEnd } from "../../../engine/autoplay.js";
import { Encounter } from "../../../engine/encounter.js";
import { Playbook } from "../../../engine/tactics.js";
import { dungeonsOfOlde } from "../index.js";
import type { Json } from "../../../engine/json.js";
import { HIT, MISS, opposedRoll } from "../dice/specs.js";
import { DISADVANTAGE, NORMAL } from "../dice/stat-die.js";
import type { DooState } from "../state.js";
import { A, B, duel, faces, loadEncounter, RollScript, texts } from "../test-support/play.js";
import { attackPlan } from "./actions.js";
import { ATTACKER_HAMPERED, attackSpec, DEFENDER_HAMPERED, resolveAttack } from "./attack.js";
import {
  attackAdjustment,
  attackMode,
  attackRank,
  defenceAdjustment,
  defenceMode,
  finesseRank,
  lineOfSight,
  rangeAdjustment,
  wielded,
} from "./derived.js";
import { takeRound } from "./turn.js";
import { MELEE } from "../data/weapons.js";

/** The offset (attack adjustments - defence adjustments) an attack spec was built with. */
function offsetOf(s: DooState, kind: "melee" | "ranged" = "melee"): number {
  const a = A(s);
  const b = B(s);
  const w = wielded(a);
  const range = kind === "ranged" ? (rangeAdjustment(w, Math.abs(a.pos - b.pos), b) ?? 0) : 0;
  return (
    attackAdjustment(s, a, w, kind, b) + range - defenceAdjustment(b, kind === "melee", s.switches)
  );
}

describe("Attacking as an Opposed Attempt", () => {
  it("the defender rolls two exploding Finesse dice and adds its Defense adjustment: the CR; the attacker rolls two exploding dice of its weapon's stat", () => {
    const s = duel({ brawn: 9, weapons: ["broadsword"] }, { finesse: 8 });
    const spec = attackSpec(s, A(s), B(s), wielded(A(s)), "melee");
    // Defender's dice first (2d8!), then the attacker's Brawn dice (2d9!: d10s exploding on 9).
    expect(spec.notation).toBe("2d8!+2d10!9");
    expect(spec).toBe(opposedRoll(9, NORMAL, 8, NORMAL, 0, -3));
  });

  it("a Finesse weapon rolls Finesse dice: a rapier in the hand of Finesse 11", () => {
    const s = duel({ finesse: 11, weapons: ["rapier"] }, {});
    expect(attackSpec(s, A(s), B(s), wielded(A(s)), "melee").notation).toBe("2d8!+2d12!11");
  });

  it("3. the attacker's Attack Check: two exploding dice of the weapon's stat plus its adjustments; equal to the CR or above hits", () => {
    // Ana: Brawn 9, a broadsword (a Brawn weapon), +2 to attack; Bo: Finesse 8, no adjustment.
    const s = duel(
      { brawn: 9, weapons: ["broadsword"], adjustments: { attack: 2 } },
      { finesse: 8 },
    );
    const spec = attackSpec(s, A(s), B(s), wielded(A(s)), "melee");
    expect(spec.notation).toBe("2d8!+2d10!9");
    const dice = compileDice(spec.notation);
    const tier = (list: number[]) => spec.read(dice.roll(faces(list)));
    // CR 3 + 4 = 7. Attack 2 + 3 + 2 = 7 equals it: a hit; 2 + 2 + 2 = 6 falls short: a miss.
    expect(tier([3, 4, 2, 3])).toBe(HIT);
    expect(tier([2, 5, 2, 2])).toBe(MISS);
    // CR 8 (explodes) + 5 + 1 = 14. Attack 9 explodes into 2, then 1: 12 + 2 = 14, a hit, which
    // the two dice alone (9 + 2 + 2 = 13) would miss.
    expect(tier([8, 5, 1, 9, 2, 1])).toBe(HIT);
    // Without the +2 the same dice fall 2 short.
    const bare = duel({ brawn: 9, weapons: ["broadsword"] }, { finesse: 8 });
    const plain = attackSpec(bare, A(bare), B(bare), wielded(A(bare)), "melee");
    expect(plain.read(compileDice(plain.notation).roll(faces([8, 5, 1, 9, 2, 1])))).toBe(MISS);
  });

  it("if the total equals or exceeds the CR the attack hits and damage is rolled: the weapon's die less the defender's armour", () => {
    const s = duel({ weapons: ["broadsword"] }, { armour: "chainmail" });
    const ctx = new RollScript([HIT, 6]);
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", ctx);
    expect(B(s).hp).toBe(12 - (6 - 3));
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Attacking as an Opposed Attempt: Ana's broadsword rolls d8: 6; raw damage 6, less Bo's DR 3: 3 damage",
    );
  });

  it("2c and 3b: the roll's line states the CR (the Defense Check adjusted) and the Attack Check's total against it; the explanation what adjusts each", () => {
    const s = duel(
      { brawn: 8, weapons: ["broadsword"], adjustments: { attack: 2 } },
      { finesse: 8, adjustments: { defence: 1 } },
    );
    const ctx = new RollScript([[3, 4, 2, 3]]);
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", ctx);
    expect(ctx.lines).toEqual([
      "Defense Check [3, 4] = 7, adjusted +1: CR 8; Attack Check [2, 3] = 5, adjusted +2: 7, misses the CR by 1",
    ]);
    expect(ctx.texts).toEqual([
      "dungeons-of-olde, Attacking as an Opposed Attempt: Ana's Attack Check with the broadsword (2 exploding Brawn d8, adjusted +2: +2 Attack adjustment) against Bo's Defense Check, the CR (2 exploding Finesse d8, adjusted +1: +1 Defense adjustment) misses the CR by 1 to 3: a miss",
    ]);
    // A stunned defender makes no Defense Check: the CR is 6.
    const stunned = duel({ brawn: 9, weapons: ["broadsword"] }, { finesse: 8 });
    ownSteady(B(stunned)).stunned = true;
    const hit = new RollScript([[4, 1]]);
    resolveAttack(stunned, A(stunned), B(stunned), wielded(A(stunned)), "melee", hit);
    expect(hit.lines).toEqual([
      "no Defense Check (stunned): CR 6; Attack Check [4, 1] = 5, adjusted +0: 5, misses the CR by 1",
    ]);
  });

  it("a miss does no damage and rolls none", () => {
    const s = duel({ weapons: ["broadsword"] }, {});
    const ctx = new RollScript([MISS]);
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", ctx);
    expect(B(s).hp).toBe(12);
    expect(ctx.rolls).toHaveLength(1);
  });

  it("Damage and Armor adjustments (skills, spells, magic items) add to raw damage and to the DR", () => {
    const s = duel(
      { weapons: ["club"], adjustments: { damage: 2 } },
      { armour: "leather", adjustments: { armour: 1 } },
    );
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", new RollScript([HIT, 4]));
    expect(B(s).hp).toBe(12 - (4 + 2 - 2));
  });

  it("Defense and Attack adjustments move the offset of the opposed roll", () => {
    const s = duel(
      { weapons: ["club"], adjustments: { attack: 3 } },
      { adjustments: { defence: 1 } },
    );
    expect(offsetOf(s)).toBe(2);
  });

  it("a hampered check (the policies' what-if) is a blind combatant's, and a hampered defender's in melee a prone one's", () => {
    const melee = duel({ brawn: 9, weapons: ["broadsword"] }, { finesse: 8, shield: "heater" });
    const ranged = duel({ finesse: 9, weapons: ["shortbow"] }, {}, { distance: 4 });
    for (const [s, kind] of [
      [melee, "melee"],
      [ranged, "ranged"],
    ] as const) {
      const [a, b, w] = [A(s), B(s), wielded(A(s))];
      const spec = (hampered: number) => attackSpec(s, a, b, w, kind, 0, a.pos, hampered);
      expect(spec(ATTACKER_HAMPERED)).toBe(
        attackSpec(s, { ...a, steady: { ...a.steady, blind: 1 } }, b, w, kind),
      );
      expect(spec(DEFENDER_HAMPERED)).toBe(
        attackSpec(s, a, { ...b, steady: { ...b.steady, blind: 1 } }, w, kind),
      );
      expect(spec(ATTACKER_HAMPERED)).not.toBe(spec(0));
      expect(spec(DEFENDER_HAMPERED)).not.toBe(spec(0));
    }
    const [a, b, w] = [A(melee), B(melee), wielded(A(melee))];
    expect(attackSpec(melee, a, b, w, "melee", 0, a.pos, DEFENDER_HAMPERED)).toBe(
      attackSpec(melee, a, { ...b, prone: true }, w, "melee"),
    );
  });

  it("the baseline Defense adjustment is a switch, 0 by default", () => {
    expect(offsetOf(duel({ weapons: ["club"] }, {}))).toBe(0);
    expect(offsetOf(duel({ weapons: ["club"] }, {}, {}, { baselineDefence: 2 }))).toBe(-2);
  });
});

describe("Melee Weapons", () => {
  it("Skill: without the weapon's skill the attacker takes -2", () => {
    expect(offsetOf(duel({ weapons: ["club"], skills: ["sword"] }, {}))).toBe(-2);
    expect(offsetOf(duel({ weapons: ["club"], skills: ["mace"] }, {}))).toBe(0);
  });

  it("Brawn Minimums: -1 to Attack Checks and damage for every point the one-hand minimum exceeds Brawn", () => {
    // A bastard sword (10/8) in one hand beside a shield, Brawn 7: -3.
    const s = duel({ brawn: 7, weapons: ["bastard-sword"], shield: "buckler" }, {});
    expect(wielded(A(s)).grip).toBe(1);
    // The buckler's own minimum (6) is met: no penalty from it.
    expect(offsetOf(s)).toBe(-3);
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", new RollScript([HIT, 8]));
    expect(B(s).hp).toBe(12 - (8 - 3));
  });

  it("two hands need only the two-hand minimum (and leave no hand for a shield)", () => {
    const s = duel({ brawn: 8, weapons: ["bastard-sword"] }, {});
    expect(wielded(A(s)).grip).toBe(2);
    expect(offsetOf(s)).toBe(0);
  });

  it("there is no damage bonus for Brawn above the minimum", () => {
    const s = duel({ brawn: 16, weapons: ["dagger"] }, {});
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", new RollScript([HIT, 3]));
    expect(B(s).hp).toBe(12 - 3);
  });

  it("Reach: a broadsword (reach 1) cannot strike in the same space, a dagger (0-1) can, a pike reaches 3 spaces", async () => {
    const { attackPlan } = await import("./actions.js");
    const s = duel({ weapons: ["broadsword"] }, {}, { distance: 0 });
    s.combatants[0]!.freeSteps = 0;
    s.combatants[0]!.ap = 2;
    expect(attackPlan(s, A(s), B(s), wielded(A(s)), "melee")).toBeNull();
    const t = duel({ weapons: ["dagger"] }, {}, { distance: 0 });
    t.combatants[0]!.ap = 2;
    expect(attackPlan(t, A(t), B(t), wielded(A(t)), "melee")).toBe(0);
    const p = duel({ brawn: 10, weapons: ["pike"] }, {}, { distance: 3 });
    p.combatants[0]!.ap = 2;
    expect(attackPlan(p, A(p), B(p), wielded(A(p)), "melee")).toBe(0);
  });

  it("Unarmed Combat: bare hands and a small improvised weapon strike at Reach 0 and 1, not 2; a longer improvised weapon is a Mace weapon (a club, a baton)", () => {
    for (const weapons of [[], ["improvised"]]) {
      const reach = [0, 1, 2].map((distance) => {
        const s = duel({ weapons }, {}, { distance });
        s.combatants[0]!.freeSteps = 0;
        s.combatants[0]!.ap = 2;
        return attackPlan(s, A(s), B(s), wielded(A(s)), "melee");
      });
      expect(reach, weapons.join()).toEqual([0, 0, null]);
    }
    expect([MELEE.club?.skill, MELEE.baton?.skill]).toEqual(["mace", "mace"]);
  });
});

describe("Line of Sight", () => {
  it("partial line of sight is a -3 Adjustment, minimal -6, clear none", () => {
    expect(
      offsetOf(duel({ weapons: ["club"] }, {}, { cover: [{ space: 1, lineOfSight: "partial" }] })),
    ).toBe(-3);
    expect(
      offsetOf(duel({ weapons: ["club"] }, {}, { cover: [{ space: 1, lineOfSight: "minimal" }] })),
    ).toBe(-6);
    expect(offsetOf(duel({ weapons: ["club"] }, {}, { cover: [] }))).toBe(0);
  });

  it("Line of Sight is drawn from the attacker's space to the target's: cover belongs to a place on that line, not to the defender", () => {
    // A parapet at space 5 (partial) and a wall at space 8 (minimal).
    const s = duel(
      { weapons: ["shortbow"] },
      {},
      {
        distance: 6,
        cover: [
          { space: 5, lineOfSight: "partial" },
          { space: 8, lineOfSight: "minimal" },
        ],
      },
    );
    expect(lineOfSight(s, 0, 6)).toBe(3); // over the parapet
    expect(lineOfSight(s, 0, 5)).toBe(3); // the defender stands in it
    expect(lineOfSight(s, 0, 4)).toBe(0); // stepped out in front of it
    expect(lineOfSight(s, 5, 0)).toBe(0); // from behind it, the attacker looks over it
    expect(lineOfSight(s, 0, 9)).toBe(6); // the worst place on the line counts
    expect(lineOfSight(s, 9, 6)).toBe(6);
    expect(lineOfSight(s, 6, 6)).toBe(0);
    // The same defender, struck from beside it, has no cover.
    A(s).pos = 7;
    expect(attackAdjustment(s, A(s), wielded(A(s)), "ranged", B(s))).toBe(0);
    A(s).pos = 0;
    expect(attackAdjustment(s, A(s), wielded(A(s)), "ranged", B(s))).toBe(-3);
  });

  it("Line of Sight: Fletch walks from behind the parapet into melee, and the parapet covers him no more", () => {
    // The bandits fight to the death (reckless): by default they withdraw from a lost fight.
    const def = loadEncounter("ambush-at-the-old-bridge.yaml");
    const reckless = new Playbook(dungeonsOfOlde.tactics, {
      archer: "reckless",
      slinger: "reckless",
      cutter: "reckless",
      knuckles: "reckless",
    });
    // Seed 7: Fletch is attacked seven times (seed 5's fight, where he was attacked twice, ends
    // after one since a critical hit blinds rather than trips).
    const e = playToEnd(new Encounter({ ...def, playbook: reckless }), 7);
    const attacks = texts(e).filter((t) => t.includes("against Fletch's Defense Check"));
    expect(attacks.length).toBeGreaterThan(1);
    expect(attacks.filter((t) => t.includes("(Line of Sight)"))).toEqual([]);
  });

  it("1. the attacker declares an attack only on a defender within its reach (melee) or its range (ranged), and in clear or partial line of sight", () => {
    /** Can Ana, with no steps left, declare a `kind` attack on Bo `distance` spaces away? */
    const can = (
      weapon: string,
      kind: "melee" | "ranged",
      distance: number,
      options: Record<string, Json> = {},
      switches: Record<string, Json> = {},
    ) => {
      const s = duel({ finesse: 9, weapons: [weapon] }, {}, { distance, ...options }, switches);
      s.turn = 1;
      A(s).freeSteps = 0;
      A(s).ap = 2;
      return attackPlan(s, A(s), B(s), wielded(A(s)), kind) !== null;
    };
    // Melee: a broadsword's reach is 1: the next space, not two away.
    expect([can("broadsword", "melee", 1), can("broadsword", "melee", 2)]).toEqual([true, false]);
    // Ranged: a shortbow's Range Limit ends at 48 spaces.
    expect([can("shortbow", "ranged", 48), can("shortbow", "ranged", 49)]).toEqual([true, false]);
    // Line of sight: clear or partial, not minimal (switch minimalLineOfSight: no-attack).
    const through = (lineOfSight: string) =>
      can(
        "broadsword",
        "melee",
        1,
        { cover: [{ space: 1, lineOfSight }] },
        {
          minimalLineOfSight: "no-attack",
        },
      );
    expect([through("partial"), through("minimal")]).toEqual([true, false]);
  });

  it("step 1 asks for a clear or partial line of sight: with switch minimalLineOfSight: no-attack a defender in minimal line of sight cannot be attacked", () => {
    // Attacking as an Opposed Attempt, step 1, against Line of Sight's -6 for a minimal line of
    // sight: by default the attack is made at -6; the switch takes the step's reading.
    const club = { weapons: ["club"] };
    const open = duel(club, {}, { cover: [{ space: 1, lineOfSight: "minimal" }] });
    open.turn = 1;
    A(open).ap = 2;
    expect(attackPlan(open, A(open), B(open), wielded(A(open)), "melee")).toBe(0);
    const hidden = duel(
      club,
      {},
      { cover: [{ space: 1, lineOfSight: "minimal" }] },
      { minimalLineOfSight: "no-attack" },
    );
    hidden.turn = 1;
    A(hidden).ap = 2;
    expect(attackPlan(hidden, A(hidden), B(hidden), wielded(A(hidden)), "melee")).toBeNull();
    const ctx = new RollScript([], { "a:action-1": "strike:b:club" });
    expect(takeRound(hidden, A(hidden), 1, ctx)).toBe(false);
    expect(A(hidden).ap).toBe(2);
    expect(ctx.texts).toContain(
      "dungeons-of-olde, Line of Sight: Ana has only a minimal line of sight to Bo (switch minimalLineOfSight: no-attack): the round passes",
    );
    const partial = duel(
      club,
      {},
      { cover: [{ space: 1, lineOfSight: "partial" }] },
      { minimalLineOfSight: "no-attack" },
    );
    partial.turn = 1;
    A(partial).ap = 2;
    expect(attackPlan(partial, A(partial), B(partial), wielded(A(partial)), "melee")).toBe(0);
  });
});

describe("Ranged Combat", () => {
  const bow = (d: number, target: Record<string, Json> = {}) =>
    duel({ finesse: 9, weapons: ["shortbow"] }, target, { distance: d });

  it("all ranged weapons use Finesse dice", () => {
    const s = bow(4, {});
    expect(attackSpec(s, A(s), B(s), wielded(A(s)), "ranged").notation).toBe("2d8!+2d10!9");
  });

  it("within the Base Range no penalty; every doubling of it -3; beyond the Range Limit no attack", () => {
    const w = wielded(A(bow(1)));
    const b = B(bow(1));
    expect(rangeAdjustment(w, 6, b)).toBe(0);
    expect(rangeAdjustment(w, 7, b)).toBe(-3);
    expect(rangeAdjustment(w, 12, b)).toBe(-3);
    expect(rangeAdjustment(w, 13, b)).toBe(-6);
    expect(rangeAdjustment(w, 48, b)).toBe(-9);
    expect(rangeAdjustment(w, 49, b)).toBeNull();
  });

  it("no ranged attack at Range 0; at Range 1 -3 unless the defender is motionless", () => {
    const s = bow(1);
    const w = wielded(A(s));
    expect(rangeAdjustment(w, 0, B(s))).toBeNull();
    expect(rangeAdjustment(w, 1, B(s))).toBe(-3);
    ownSteady(B(s)).stunned = true;
    expect(rangeAdjustment(w, 1, B(s))).toBe(0);
  });

  it("a thrown weapon leaves the hand and lies where its target stands", () => {
    const s = duel({ weapons: [{ weapon: "javelin" }, "dagger"] }, {}, { distance: 5 });
    resolveAttack(s, A(s), B(s), wielded(A(s)), "ranged", new RollScript([MISS]));
    // A change to a weapon replaces the combatant's weapons (own-weapons.ts): read them afresh.
    const w = A(s).steady.weapons[0]!;
    expect(w.where).toBe("ground");
    expect(w.groundPos).toBe(5);
    expect(wielded(A(s)).natural).toBe(true);
  });

  it("Hands: a two-handed bow leaves no hand for the shield", () => {
    const s = duel({ weapons: ["club"] }, { brawn: 10, weapons: ["shortbow"], shield: "heater" });
    expect(offsetOf(s)).toBe(0);
  });

  it("Brawn Minimums: a longbow (Brawn 10) drawn with Brawn 7 takes -3 to hit and to damage", () => {
    const s = duel({ brawn: 7, finesse: 9, weapons: ["longbow"] }, {}, { distance: 5 });
    expect(offsetOf(s, "ranged")).toBe(-3);
    resolveAttack(s, A(s), B(s), wielded(A(s)), "ranged", new RollScript([HIT, 9]));
    expect(B(s).hp).toBe(12 - 6);
  });

  it("two throwing knives: the first thrown leaves one in hand", () => {
    const s = duel({ weapons: [{ weapon: "throwing-knife", count: 2 }] }, {}, { distance: 3 });
    resolveAttack(s, A(s), B(s), wielded(A(s)), "ranged", new RollScript([MISS]));
    const w = A(s).steady.weapons[0]!;
    expect(w.count).toBe(1);
    expect(w.where).toBe("hand");
  });
});

describe("Shields", () => {
  it("a shield's Defense bonus is added to the Defense Check", () => {
    expect(offsetOf(duel({ weapons: ["club"] }, { brawn: 10, shield: "kite" }))).toBe(-3);
  });

  it("a shield is no use beside a two-handed weapon", () => {
    const s = duel(
      { weapons: ["club"] },
      { brawn: 10, weapons: [{ weapon: "broad-axe", grip: 2 }], shield: "kite" },
    );
    expect(offsetOf(s)).toBe(0);
  });

  it("each point of Brawn below the shield's minimum is -1 on all Brawn and Finesse checks, Attack and Defense Checks included", () => {
    // Tower shield (Brawn 12) on Brawn 9: -3 to the bearer's Attack and Defense Checks.
    const s = duel(
      { brawn: 9, weapons: ["club"], shield: "tower" },
      { brawn: 9, weapons: ["club"], shield: "tower" },
    );
    expect(offsetOf(s)).toBe(-3 - (4 - 3));
  });
});

describe("Armor", () => {
  it("armour does not change the chance to hit, only the damage", () => {
    expect(offsetOf(duel({ weapons: ["club"] }, { brawn: 12, armour: "full-plate" }))).toBe(0);
  });

  it("each point of Brawn below the armour's minimum is a Modification of -1 die rank to Finesse dice and an Adjustment of -1 on Brawn checks", () => {
    // Full plate (Brawn 12) on Brawn 9, Finesse 10: Finesse dice are d7, Brawn attacks -3.
    const s = duel(
      { brawn: 9, finesse: 10, weapons: ["club"], armour: "full-plate" },
      { finesse: 10, brawn: 9, armour: "full-plate" },
    );
    expect(finesseRank(B(s))).toBe(7);
    expect(attackRank(A(s), wielded(A(s)), "melee")).toBe(9);
    expect(offsetOf(s)).toBe(-3);
    expect(attackSpec(s, A(s), B(s), wielded(A(s)), "melee").notation).toBe("2d8!7+2d10!9");
  });
});

describe("the flat attack spec the policies use", () => {
  it("builds the same roll as the rule-by-rule adjustments, for any gear and conditions", () => {
    const weapons = ["club", "rapier", "bastard-sword", "shortbow", "dagger", "pike"];
    const shields = [undefined, "buckler", "tower"];
    const armours = ["none", "leather", "full-plate"];
    fc.assert(
      fc.property(
        fc.record({
          ab: fc.integer({ min: 3, max: 14 }),
          af: fc.integer({ min: 3, max: 14 }),
          db: fc.integer({ min: 3, max: 14 }),
          df: fc.integer({ min: 3, max: 14 }),
          w: fc.constantFrom(...weapons),
          sh: fc.constantFrom(...shields),
          dsh: fc.constantFrom(...shields),
          ar: fc.constantFrom(...armours),
          dar: fc.constantFrom(...armours),
          d: fc.integer({ min: 1, max: 3 }),
          blocking: fc.boolean(),
          prone: fc.boolean(),
          blind: fc.constantFrom(0, 1),
          stunned: fc.boolean(),
          cover: fc.constantFrom<Json[][]>([], [{ space: 1, lineOfSight: "partial" }]),
          skilled: fc.boolean(),
        }),
        (r) => {
          const s = duel(
            {
              brawn: r.ab,
              finesse: r.af,
              weapons: [r.w],
              ...(r.sh === undefined ? {} : { shield: r.sh }),
              armour: r.ar,
              ...(r.skilled ? {} : { skills: [] }),
            },
            {
              brawn: r.db,
              finesse: r.df,
              armour: r.dar,
              ...(r.dsh === undefined ? {} : { shield: r.dsh }),
            },
            { distance: r.d, cover: r.cover.map((p) => ({ ...(p as object), space: r.d })) },
          );
          const a = A(s);
          const b = B(s);
          ownSteady(b).blocking = r.blocking;
          b.prone = r.prone;
          ownSteady(a).blind = r.blind as 0 | 1;
          ownSteady(b).stunned = r.stunned;
          const w = wielded(a);
          const kind = w.ranged !== null && w.melee === null ? "ranged" : "melee";
          const melee = kind === "melee";
          const range = kind === "ranged" ? (rangeAdjustment(w, r.d, b) ?? 0) : 0;
          const off = attackAdjustment(s, a, w, kind, b) + range;
          const expected = b.steady.stunned
            ? opposedRoll(attackRank(a, w, kind), attackMode(a), 0, NORMAL, off - 6, -3)
            : opposedRoll(
                attackRank(a, w, kind),
                attackMode(a),
                finesseRank(b),
                defenceMode(b, melee),
                off - defenceAdjustment(b, melee, s.switches),
                -3,
              );
          expect(attackSpec(s, a, b, w, kind)).toBe(expected);
        },
      ),
      { numRuns: 300, seed: 4 },
    );
  });

  it("a blind attacker rolls with disadvantage; a prone defender defends against melee with disadvantage", () => {
    const s = duel({ weapons: ["club"] }, {});
    ownSteady(A(s)).blind = 1;
    B(s).prone = true;
    expect(attackSpec(s, A(s), B(s), wielded(A(s)), "melee")).toBe(
      opposedRoll(8, DISADVANTAGE, 8, DISADVANTAGE, 0, -3),
    );
  });
});
