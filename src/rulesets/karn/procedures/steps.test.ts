// Steps 2 to 5 of a melee beyond the chapter's worked examples: saved actions split, the dodge
// against several attackers, a winner's dodge in step 4, splitting a half into quarters, fleeing
// when not attacked, and the order of 5. Roll and Compare.
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/random.js";
import type { DecisionOptions } from "../../../engine/choice.js";
import type { Json } from "../../../engine/json.js";
import { karn } from "../index.js";
import { SeenContext, encounterState, meleeWith, pair } from "../test-support/table.js";

/** Which of the seven steps an event of a melee belongs to (0: none of them on its own). */
function stepOf(event: string): number {
  if (/^roll .*'s initiative/.test(event)) return 1;
  if (/^ask \w+:action-/.test(event)) return 2;
  if (/^ask \w+:(defence|counter)-/.test(event)) return 3;
  if (/^ask \w+:answer-/.test(event)) return 4;
  if (/^roll damage of /.test(event)) return 6;
  if (/^roll .*'s (strike|counterattack) at .* with the /.test(event)) return 5;
  return 0;
}

describe("Combat Melee Quick Chart", () => {
  it("the seven steps in their order: initiative, the winner's attacks, the defender's defences and counterattacks, the winner's defences, roll and compare, damage, start over", () => {
    const state = encounterState("chip-and-salemath.yaml");
    for (const f of state.fighters) f.hp = 200;
    const ctx = new SeenContext(Rng.stream(2, 1), {
      "chip:forfeit": true,
      "salemath:action-1": "strike",
      "salemath:action-2": "strike",
      "salemath:strike": "punch",
      "chip:defence-1": "block",
      "chip:defence-2": "none",
      "chip:counter-1": "strike",
      "chip:counter-2": "none",
      "chip:strike": "longsword",
      "salemath:answer-1": "none",
    });
    karn.round(state, ctx);
    karn.round(state, ctx);
    const all = ctx.seen.map(stepOf).filter((n) => n > 0);
    const steps = all.filter((n, i) => n !== all[i - 1]);
    expect(steps.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    // Once rolling starts nothing is chosen until the next melee starts over at step 1.
    const next = steps.indexOf(1, 1);
    expect(next).toBeGreaterThan(5);
    expect(steps.slice(4, next).every((n) => n === 5 || n === 6)).toBe(true);
    expect(steps.slice(next, next + 4)).toEqual([1, 2, 3, 4]);
  });
});

describe("2. Winner Chooses Attack(s): saved actions", () => {
  const ann = { actions: 1, block: 2, attacks: ["punch"] };
  const bob = { actions: 1, strike: 3, counterstrike: true, attacks: ["punch"] };
  const split = {
    "ann:action-1": "save",
    "bob:counter-1": "half",
    "bob:counter-2": "half",
    "ann:answer-1": "block:saved-half",
    "ann:answer-2": "block:saved-half",
  };

  it("split into two defences, each keeps the +5, and each half action halves its die (switch savedSplitsHalve)", () => {
    const ctx = meleeWith(pair(ann, bob), [[10, 10]], split);
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Bob's counterattack at Ann with the punch at +3, a half action (the die halved) against Ann's block +7 (half action) (a saved action): a hit, but the block holds",
    );
  });

  it("with savedSplitsHalve false, a split saved action rolls its die whole", () => {
    const ctx = meleeWith(pair(ann, bob, { savedSplitsHalve: false }), [[10, 10]], split);
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Bob's counterattack at Ann with the punch at +3, a half action (the die halved) against Ann's block +7 (a saved action): a hit, but the block holds",
    );
  });

  it("the winner may also opt to save some of their actions: three quarters struck and one saved, which blocks a counterstrike at +5", () => {
    const ctx = meleeWith(pair(ann, bob), [[2], [2], [2], [4, 16]], {
      "ann:action-1": "three-quarters-and-save",
      "bob:defence-1": "none",
      "bob:defence-2": "none",
      "bob:defence-3": "none",
      "bob:counter-1": "strike",
      "ann:answer-1": "block:saved-quarter",
    });
    expect(ctx.explanations).toContain(
      "karn, 2. Winner Chooses Attack(s): Ann saves 1/4 of an action for defence against counterstrikes (+5)",
    );
    expect(ctx.rolls.filter((r) => r.startsWith("Ann's strike"))).toHaveLength(3);
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Bob's counterattack at Ann with the punch at +3 against Ann's block +7 (quarter action) (a saved action): a hit, but the block holds",
    );
  });

  it("4. Winner May Choose Defense: only when counterattacked, and only defences: no strike, skill or flight among its answers", () => {
    const ann = { actions: 2, strike: 2, block: 3, attacks: ["longsword"] };
    const bob = { actions: 2, strike: 2, counterstrike: true, attacks: ["punch"] };
    const base = { "ann:action-1": "strike", "ann:action-2": "save", "bob:defence-1": "none" };
    const quiet = new SeenContext(Rng.stream(1, 1), { ...base, "bob:counter-1": "none" });
    karn.round(pair(ann, bob), quiet);
    expect(quiet.seen.some((e) => e.startsWith("ask ann:answer"))).toBe(false);

    const answers: Json[] = [];
    class Listing extends SeenContext {
      override decide<T extends Json>(
        actor: string,
        question: string,
        options: DecisionOptions<T>,
      ): T {
        if (question.startsWith("answer-"))
          answers.push(...(options.choices ?? []).map((c) => c.value));
        return super.decide(actor, question, options);
      }
    }
    const countered = { ...base, "bob:counter-1": "strike", "bob:counter-2": "none" };
    karn.round(pair(ann, bob), new Listing(Rng.stream(1, 1), countered));
    expect(answers).toContain("block:saved");
    expect(answers).toContain("block:cancel-1");
    for (const a of answers)
      expect(a).toMatch(
        /^(none|dodge|(block|parry):(saved(-half|-quarter)?|cancel-\d+|alter-\d+))$/,
      );
    expect(() =>
      karn.round(
        pair(ann, bob),
        new SeenContext(Rng.stream(1, 1), { ...countered, "ann:answer-1": "strike" }),
      ),
    ).toThrow();
  });

  it("a saved action cannot be used for a standard dodge", () => {
    expect(() =>
      meleeWith(pair({ ...ann, dodge: 3 }, bob), [], { ...split, "ann:answer-1": "dodge:saved" }),
    ).toThrow(/not one of the options/);
  });
});

describe("2. Winner Chooses Attack(s): a skill in combat", () => {
  it("the GM says how many actions it takes; it is rolled at half the skill, and 96-100 is flagged as the chapter's skill critical", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [[1], [14], [98]], {
      "salemath:action-1": "skill:pick-locks",
      "gm:skill-actions": 2,
      "chip:flee": false,
      "chip:counter-1": "none",
    });
    expect(ctx.asked.some((a) => a.startsWith("salemath:action-2"))).toBe(false);
    expect(ctx.explanations).toContain(
      "karn, 2. Winner Chooses Attack(s): Salemath attempts pick-locks at half its 60% = 30%: fails (96-100, the chapter's skill critical: the GM rules what it means); what it does is the GM's",
    );
  });

  it("a defender uses skills only with the counterstrike skill", () => {
    const ctx = meleeWith(encounterState("chip-and-salemath.yaml"), [[15], [1]], {
      "chip:action-1": "save",
      "chip:action-2": "save",
      "chip:action-3": "save",
    });
    expect(ctx.asked.some((a) => a.startsWith("salemath:counter"))).toBe(false);
  });

  // 3. Defender Chooses Defense/Counterattack(s): skills are used "the same as if they won the
  // initiative": the GM says how many actions the skill takes.
  it("a defender with the counterstrike skill uses a skill as a winner does: the GM says it takes two of its three actions", () => {
    const ctx = meleeWith(
      pair(
        { actions: 1, attacks: ["punch"] },
        { actions: 3, counterstrike: true, skills: { "pick-locks": 60 } },
      ),
      [[25], [10, 10], [2]],
      {
        "ann:action-1": "save",
        "bob:counter-1": "skill:pick-locks",
        "gm:skill-actions": 2,
        "bob:counter-2": "strike",
        "bob:strike": "punch",
      },
    );
    expect(ctx.asked).toContain("gm:skill-actions=2");
    expect(ctx.explanations).toContain(
      "karn, 2. Winner Chooses Attack(s): Bob attempts pick-locks at half its 60% = 30%: succeeds; what it does is the GM's",
    );
    expect(ctx.asked.some((a) => a.startsWith("bob:counter-3"))).toBe(false);
  });
});

describe("3. Defender Chooses: the dodge", () => {
  const orcs = {
    "grub:action-1": "strike",
    "snaga:action-1": "strike",
    "ugluk:action-1": "strike",
    "chip:defence-1": "dodge",
  };
  const first = (ctx: { explanations: string[] }) =>
    ctx.explanations.find((e) => e.startsWith("karn, Strike Rolls And Defenses: Ugluk"));

  it("uses all actions and covers every attack, at -1 for each attacker after the first", () => {
    const ctx = meleeWith(
      encounterState("three-orcs.yaml"),
      [[1], [15], [15], [16], [10, 10]],
      orcs,
    );
    expect(ctx.asked.filter((a) => a.startsWith("chip:defence"))).toEqual([
      'chip:defence-1="dodge"',
    ]);
    expect(first(ctx)).toContain("against Chip Calhoon's dodge +0");
    expect(ctx.explanations).toContain(
      "karn, Multiple Attackers Or Defenders: Chip Calhoon dodges 3 attackers: -2 on its dodge",
    );
  });

  it("switch dodgeAgainstSeveral stacked: also -1 per opponent acted against", () => {
    const state = encounterState("three-orcs.yaml");
    const stacked = {
      ...state,
      switches: { ...state.switches, dodgeAgainstSeveral: "stacked" as const },
    };
    const ctx = meleeWith(stacked, [[1], [15], [15], [16], [10, 10]], orcs);
    expect(first(ctx)).toContain("against Chip Calhoon's dodge -3");
  });

  /** The three orcs strike (10 each) at Chip, who dodges once for the melee with `dodge`. */
  const dodgeOnce = (dodge: number) => {
    const state = encounterState("three-orcs.yaml");
    const once = { ...state, switches: { ...state.switches, dodgeRoll: "once" as const } };
    return { once, ctx: meleeWith(once, [[1], [15], [15], [16], [dodge], [10], [10], [10]], orcs) };
  };

  it("switch dodgeRoll once: the dodge is rolled once and stands against every strike", () => {
    const { ctx } = dodgeOnce(12);
    expect(ctx.explanations).toContain(
      "karn, 3. Defender Chooses Defense/Counterattack(s): Chip Calhoon rolls its dodge once for the melee: 12",
    );
    expect(ctx.rolls.filter((r) => r.startsWith("Chip Calhoon's dodge"))).toHaveLength(1);
  });

  // Strike Rolls And Defenses: a natural 20 "on a strike or defense" gives one Combat Skill Point.
  it("a dodge rolled once for the melee that comes up a natural 20 earns one Combat Skill Point, not one per orc it stops", () => {
    const { once, ctx } = dodgeOnce(20);
    expect(ctx.explanations).toContain(
      "karn, 3. Defender Chooses Defense/Counterattack(s): Chip Calhoon rolls its dodge once for the melee: 20 (a natural 20: a Combat Skill Point)",
    );
    expect(
      ctx.explanations.filter((e) => e.includes("but the dodge holds with a natural 20")),
    ).toHaveLength(3);
    expect(once.fighters[0]!.csp).toBe(1);
  });

  it("a defender without the counterstrike skill cannot counterattack", () => {
    const ctx = meleeWith(
      pair({ actions: 1, attacks: ["punch"] }, { actions: 2, attacks: ["punch"] }),
      [],
      {
        "ann:action-1": "strike",
        "bob:defence-1": "block",
      },
    );
    expect(ctx.asked.some((a) => a.startsWith("bob:counter"))).toBe(false);
  });

  it("a counterattack's question names the strikes it answers, by attacker (3. Defender Chooses Defense/Counterattack(s))", () => {
    const bob = { actions: 2, counterstrike: true, attacks: ["punch"] };
    const asked = (ann: Json, decisions: Record<string, Json>) =>
      meleeWith(pair({ actions: 1, attacks: ann }, bob), [], decisions).prompts.find((p) =>
        p.startsWith("bob:counter-1: "),
      );
    expect(asked(["punch"], { "ann:action-1": "strike", "bob:defence-1": "block" })).toBe(
      "bob:counter-1: Ann's strike at Bob with the punch: Bob has 4 quarter actions left: a counterattack or other action?",
    );
    expect(
      asked(["punch"], {
        "ann:action-1": "two-halves",
        "bob:defence-1": "none",
        "bob:defence-2": "none",
      }),
    ).toBe(
      "bob:counter-1: Ann's 2 strikes at Bob with the punch: Bob has 8 quarter actions left: a counterattack or other action?",
    );
  });

  it("fleeing is not possible on the defensive, unless the winner declared no attack against it", () => {
    const attacked = meleeWith(pair({ actions: 1, attacks: ["punch"] }, { actions: 1 }), [], {
      "ann:action-1": "strike",
    });
    expect(attacked.asked.some((a) => a.startsWith("bob:flee"))).toBe(false);
    const state = pair({ actions: 1, alt: 20, attacks: ["punch"] }, { actions: 1 });
    const free = meleeWith(state, [[90]], { "ann:action-1": "save", "bob:flee": true });
    expect(free.explanations).toContain(
      "karn, Fleeing Combat: Bob is not attacked and flees, with all its actions",
    );
    expect(state.fighters[1]!.status).toBe("fled");
  });
});

describe("4. Winner May Choose Defense", () => {
  const ann = { actions: 2, strike: 2, dodge: 2, attacks: ["punch"] };
  const bob = { actions: 2, strike: 2, counterstrike: true, attacks: ["punch"] };
  const plan = {
    "ann:action-1": "strike",
    "ann:action-2": "two-halves",
    "bob:defence-1": "block",
    "bob:defence-2": "none",
    "bob:defence-3": "none",
    "bob:counter-1": "strike",
  };

  it("a dodge here cancels every action but the first; the rest become fakes", () => {
    const ctx = meleeWith(
      pair(ann, bob),
      [
        [10, 15],
        [10, 10],
      ],
      { ...plan, "ann:answer-1": "dodge" },
    );
    expect(ctx.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Ann dodges the counterattacks: only its first action still goes ahead; the rest are fakes",
    );
    expect(ctx.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Ann's strike 2 was a fake",
    );
    expect(ctx.rolls.filter((r) => r.startsWith("Ann's strike"))).toHaveLength(1);
  });

  it("its first action not counting the parts of a split action as one: only the first half of a split first action (switch winnerDodgeKeeps)", () => {
    const split = {
      ...plan,
      "ann:action-1": "two-halves",
      "ann:action-2": "strike",
      "bob:defence-4": "none",
    };
    const strikes = (ctx: { rolls: string[] }) =>
      ctx.rolls.filter((r) => r.startsWith("Ann's strike")).length;
    const half = meleeWith(
      pair(ann, bob),
      [
        [10, 15],
        [10, 10],
      ],
      { ...split, "ann:answer-1": "dodge" },
    );
    expect(strikes(half)).toBe(1);
    const whole = meleeWith(
      pair(ann, bob, { winnerDodgeKeeps: "first-action" }),
      [[10, 15], [3], [10, 10]],
      {
        ...split,
        "ann:answer-1": "dodge",
      },
    );
    expect(strikes(whole)).toBe(2);
  });

  it("a half action can be split into quarters, but a quarter cannot be split", () => {
    const half = meleeWith(pair({ ...ann, actions: 1 }, bob), [], {
      "ann:action-1": "two-halves",
      "bob:defence-1": "none",
      "bob:defence-2": "none",
      "bob:counter-1": "strike",
      "ann:answer-1": "block:alter-1",
    });
    expect(half.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Ann splits strike 1: a quarter action strikes, a quarter action blocks",
    );
    // A parry splits the same way, said as a player says it ("parries", not "parrys").
    const parried = meleeWith(
      pair({ ...ann, actions: 1, parry: 3, attacks: ["shortsword"] }, bob),
      [],
      {
        "ann:action-1": "two-halves",
        "bob:defence-1": "none",
        "bob:defence-2": "none",
        "bob:counter-1": "strike",
        "ann:answer-1": "parry:alter-1",
      },
    );
    expect(parried.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Ann splits strike 1: a quarter action strikes, a quarter action parries",
    );
    expect(() =>
      meleeWith(pair({ ...ann, actions: 1 }, bob), [], {
        "ann:action-1": "four-quarters",
        "bob:counter-1": "strike",
        "ann:answer-1": "block:alter-1",
      }),
    ).toThrow(/not one of the options/);
  });
});

describe("5. Roll and Compare: the order of actions", () => {
  it("the winner's first full action, the defender's first full action of counterattacks, then the second of each", () => {
    const state = pair(
      { actions: 2, strike: 2, attacks: ["punch"] },
      { actions: 2, strike: 2, counterstrike: true, attacks: ["punch"] },
    );
    const ctx = meleeWith(state, [[2], [2], [2], [2]], {
      "ann:action-1": "strike",
      "ann:action-2": "strike",
      "bob:defence-1": "none",
      "bob:defence-2": "none",
      "bob:counter-1": "strike",
      "bob:counter-2": "strike",
      "ann:answer-1": "none",
      "ann:answer-2": "none",
    });
    expect(ctx.rolls.map((r) => r.slice(0, r.indexOf(" at "))).slice(0, 4)).toEqual([
      "Ann's strike",
      "Bob's counterattack",
      "Ann's strike",
      "Bob's counterattack",
    ]);
  });

  it("a defender's counterattacks of a half, a full, a half and a full action are its three full actions: the two halves its first (2. The Defender's first full action ... 4. The Defender's second full action)", () => {
    const state = pair(
      { actions: 3, strike: 2, attacks: ["punch"] },
      { actions: 3, strike: 2, counterstrike: true, attacks: ["punch"] },
    );
    const ctx = meleeWith(state, [[2], [2], [2], [2], [2], [2], [2]], {
      "ann:action-1": "strike",
      "ann:action-2": "strike",
      "ann:action-3": "strike",
      "bob:defence-1": "none",
      "bob:defence-2": "none",
      "bob:defence-3": "none",
      "bob:counter-1": "half",
      "bob:counter-2": "strike",
      "bob:counter-3": "half",
      "bob:counter-4": "strike",
      "ann:answer-1": "none",
      "ann:answer-2": "none",
      "ann:answer-3": "none",
      "ann:answer-4": "none",
    });
    expect(ctx.rolls.map((r) => r.slice(0, r.indexOf(" at ")))).toEqual([
      "Ann's strike",
      "Bob's counterattack",
      "Bob's counterattack",
      "Ann's strike",
      "Bob's counterattack",
      "Ann's strike",
      "Bob's counterattack",
    ]);
    expect(ctx.rolls[1]).toContain("a half action");
    expect(ctx.rolls[2]).toContain("a half action");
  });
});
