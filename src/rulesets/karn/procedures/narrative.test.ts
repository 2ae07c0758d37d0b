// The chapter's other examples, in its own words (Timing Within A Melee, 2. Winner Chooses
// Attack(s), Fleeing Combat, 3. Defender Chooses Defense/Counterattack(s), 4. Winner May Choose
// Defense, Splitting Actions), replayed on Chip and Salemath with typed dice.
import { describe, expect, it } from "vitest";
import { encounterState, meleeWith, who } from "../test-support/table.js";

/** Chip wins the initiative (15 + 6 against 1 + 2). */
const CHIP_FIRST = [[15], [1]];
/** Salemath wins the initiative (1 + 6 against 14 + 2). */
const SALEMATH_FIRST = [[1], [14]];

describe("2. Winner Chooses Attack(s), examples", () => {
  it("Chip has three actions and punches, kicks, then punches again", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, CHIP_FIRST, {
      "chip:action-1": "strike",
      "chip:action-2": "strike",
      "chip:action-3": "strike",
    }).asked;
    const strikes = ctx.filter((a) => a.startsWith("chip:strike=")).map((a) => a.slice(12));
    expect(strikes).toHaveLength(3);
    const again = meleeWith(encounterState("chip-and-salemath.yaml"), CHIP_FIRST, {
      "chip:action-1": "strike",
      "chip:action-2": "strike",
      "chip:action-3": "strike",
      "chip:strike": "punch",
    });
    expect(
      again.explanations.filter((e) => e.includes("strikes at Salemath with the punch")),
    ).toHaveLength(3);
  });

  it("Salemath attempts to pick the lock, a full action at half his 60%: 30%; his saved action gives +5 to a defence", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...SALEMATH_FIRST, [25], [10, 12]], {
      "salemath:action-1": "skill:pick-locks",
      "salemath:action-2": "save",
      "chip:flee": false,
      "chip:counter-1": "strike",
      "chip:counter-2": "none",
      "chip:strike": "punch",
      "salemath:answer-1": "block:saved",
    });
    expect(ctx.explanations).toContain(
      "karn, 2. Winner Chooses Attack(s): Salemath attempts pick-locks at half its 60% = 30%: succeeds; what it does is the GM's",
    );
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Chip Calhoon's counterattack at Salemath with the punch at +3 against Salemath's block +6 (a saved action): a hit, but the block holds",
    );
  });

  it("Salemath's two actions: one at full, one half and two quarters; or eight quarter actions", () => {
    const forms = (a: string, b: string) => {
      const state = encounterState("chip-and-salemath.yaml");
      return meleeWith(state, SALEMATH_FIRST, {
        "salemath:action-1": a,
        "salemath:action-2": b,
        "salemath:strike": "punch",
      }).explanations.filter((e) =>
        e.startsWith("karn, 2. Winner Chooses Attack(s): Salemath strikes"),
      );
    };
    const mixed = forms("strike", "half-and-quarters");
    expect(mixed.map((e) => e.slice(e.lastIndexOf("(")))).toEqual([
      "(full action)",
      "(half action)",
      "(quarter action)",
      "(quarter action)",
    ]);
    expect(forms("four-quarters", "four-quarters")).toHaveLength(8);
  });
});

describe("Timing Within A Melee, example: Chip fumbles and drops his sword", () => {
  const three = {
    "chip:action-1": "strike",
    "chip:action-2": "strike",
    "chip:action-3": "strike",
    "chip:strike": "longsword",
    "salemath:defence-1": "none",
    "salemath:defence-2": "none",
    "salemath:defence-3": "none",
  };

  it("on the first of three sword strikes he fumbles and drops it: the other two cannot be taken", () => {
    // A natural 1; the fumble chart (Swing) 55: Dropped Weapon; 1D6 SP.
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...CHIP_FIRST, [1], [55], [3]], {
      ...three,
      "chip:pick-up": false,
    });
    expect(ctx.explanations).toContain(
      "karn, Fumble: Dropped Weapon: Chip Calhoon's Longsword is at its feet; it takes 3 SP (17 SP left)",
    );
    expect(ctx.explanations).toContain(
      "karn, Fumble: every action of Chip Calhoon's that would have used the Longsword this melee is cancelled",
    );
    expect(ctx.left).toBe(0);
    expect(ctx.rolls.filter((r) => r.startsWith("Chip Calhoon's strike"))).toHaveLength(1);
    expect(who(state, "chip").held[2]).toBe(1);
  });

  it("Dropped Weapon: a remaining action set to use the weapon may pick it up; the last strike then goes ahead", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...CHIP_FIRST, [1], [55], [3], [12]], {
      ...three,
      "chip:pick-up": true,
    });
    expect(ctx.explanations).toContain(
      "karn, Fumble: Chip Calhoon spends a full action picking up its Longsword",
    );
    expect(ctx.rolls.filter((r) => r.startsWith("Chip Calhoon's strike"))).toHaveLength(2);
  });
});

describe("Fleeing Combat, example", () => {
  it("Chip (three actions) flees; Salemath's ALT check is at -30%; he notices, counterstrikes twice instead of following, and Chip is out of melee range", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...CHIP_FIRST, [20], [2], [2]], {
      "chip:action-1": "flee",
      "salemath:counter-1": "strike",
      "salemath:counter-2": "strike",
      "salemath:strike": "punch",
    });
    expect(ctx.explanations).toContain(
      "karn, Fleeing Combat: Salemath notices Chip Calhoon's flight (ALT 55 - 30% = 25%) and can react",
    );
    expect(
      ctx.explanations.filter((e) => e.includes("Salemath counterattacks at Chip Calhoon")),
    ).toHaveLength(2);
    expect(who(state, "chip").status).toBe("fled");
  });

  it("had Salemath used a full action to follow, the flight would have failed", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...CHIP_FIRST, [20], [2]], {
      "chip:action-1": "flee",
      "salemath:counter-1": "follow:chip",
      "salemath:counter-2": "strike",
      "salemath:strike": "punch",
    });
    expect(ctx.explanations).toContain(
      "karn, Fleeing Combat: Chip Calhoon's flight fails: it was followed",
    );
    expect(who(state, "chip").status).toBe("fighting");
  });

  it("a failed ALT check: the flight succeeds with no reaction", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...CHIP_FIRST, [90]], { "chip:action-1": "flee" });
    expect(ctx.asked.some((a) => a.startsWith("salemath:counter"))).toBe(false);
    expect(who(state, "chip").status).toBe("fled");
  });

  // Fleeing Combat: the ALT check is "to see if they can react before they can run"; only a
  // successful one lets the defender react. The counterstrike skill does not get round it.
  it("Salemath flees from Chip (ALT 70, at -20% for Salemath's two actions): Chip fails the check and, counterstrike skill or not, cannot strike him before he is gone", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...SALEMATH_FIRST, [51]], { "salemath:action-1": "flee" });
    expect(ctx.explanations).toContain(
      "karn, Fleeing Combat: Chip Calhoon misses Salemath's flight (ALT check at 50% failed)",
    );
    expect(ctx.asked.filter((a) => /^chip:counter-\d+="(strike|half|quarter)"/.test(a))).toEqual(
      [],
    );
    expect(ctx.rolls.filter((r) => r.includes("counterattack"))).toEqual([]);
    expect(ctx.left).toBe(0);
    expect(who(state, "salemath").status).toBe("fled");
    expect(who(state, "salemath").hp).toBe(14);
  });

  it("had Chip made the check (50 or under), he could counterstrike the fleeing Salemath", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...SALEMATH_FIRST, [50]], {
      "salemath:action-1": "flee",
      "chip:counter-1": "strike",
      "chip:strike": "punch",
    });
    expect(ctx.explanations).toContain(
      "karn, Fleeing Combat: Chip Calhoon notices Salemath's flight (ALT 70 - 20% = 50%) and can react",
    );
    expect(ctx.explanations).toContain(
      "karn, 3. Defender Chooses Defense/Counterattack(s): Chip Calhoon counterattacks at Salemath with the punch (full action)",
    );
  });
});

describe("3. and 4., examples: Salemath punches and kicks, Chip blocks both and punches back", () => {
  const declared = {
    "salemath:action-1": "strike",
    "salemath:action-2": "strike",
    "chip:defence-1": "block",
    "chip:defence-2": "block",
    "chip:counter-1": "strike",
  };
  const strikes = (ctx: { asked: string[] }) => ctx.asked.filter((a) => a.includes(":strike="));

  it("Salemath cancels the kick to block the punch: the kick is a fake, and Chip's block is spent on it", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...SALEMATH_FIRST, [10, 10], [10, 15]], {
      ...declared,
      "salemath:strike": "punch",
      "chip:strike": "punch",
      "salemath:answer-1": "block:cancel-2",
    });
    expect(strikes(ctx)).toHaveLength(3);
    expect(ctx.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Salemath cancels strike 2 to block instead: a fake, and Chip Calhoon's defence against it is still spent",
    );
    expect(ctx.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Salemath's strike 2 was a fake: Chip Calhoon falls for it and spends its block on it",
    );
  });

  it("or he splits the kick: both the kick and the block are half actions", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [...SALEMATH_FIRST, [10, 10], [3, 10], [10, 10]], {
      ...declared,
      "salemath:strike": "punch",
      "chip:strike": "punch",
      "salemath:answer-1": "block:alter-2",
    });
    expect(ctx.explanations).toContain(
      "karn, 4. Winner May Choose Defense: Salemath splits strike 2: a half action strikes, a half action blocks",
    );
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Chip Calhoon's counterattack at Salemath with the punch at +3 against Salemath's block +1 (half action): a hit, but the block holds",
    );
    expect(
      ctx.explanations.some((e) =>
        e.startsWith(
          "karn, Strike Rolls And Defenses: Salemath's strike at Chip Calhoon with the punch at +2, a half action",
        ),
      ),
    ).toBe(true);
  });
});
