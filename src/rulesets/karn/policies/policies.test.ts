// The default policies: every answer is one of the listed choices, and they play as a sensible
// player would (defend what is worth defending, dodge a flurry, flee a lost fight, pick up a
// dropped weapon, answer counterattacks with saved actions).
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/random.js";
import type { DecisionOptions } from "../../../engine/choice.js";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import type { Json } from "../../../engine/json.js";
import { Playbook } from "../../../engine/tactics.js";
import { CheckedPolicy, fightToTheEnd } from "../../../engine/test-support/checked-policy.js";
import { karn } from "../index.js";
import {
  encounterState,
  loadEncounter,
  meleeWith,
  pair,
  who,
  type TableContext,
} from "../test-support/table.js";
import { hitDamage } from "./odds.js";
import { dynamicCode } from "./plan.js";

/** The policies, with every initiative winner's answer for its full actions counted. */
class CountingForms extends CheckedPolicy {
  readonly forms = new Map<string, number>();

  override decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const answer = super.decide(actor, question, options);
    if (question.startsWith("action-"))
      this.forms.set(String(answer), (this.forms.get(String(answer)) ?? 0) + 1);
    return answer;
  }
}

describe("the policies' answers", () => {
  it("are always among the choices listed for the table and the advisor (whole fights of every example)", () => {
    for (const file of ["duel.yaml", "ambush-in-the-pass.yaml", "chip-and-salemath.yaml"]) {
      const def = loadEncounter(file);
      for (let seed = 0; seed < 12; seed += 1) {
        fightToTheEnd(karn, karn.setup(def.setup), Rng.stream(seed, 3), undefined, 60);
      }
    }
  });

  it("a duel ends in a few melees, and either side can win it", () => {
    const def = loadEncounter("duel.yaml");
    const winners = new Set<string | null>();
    let melees = 0;
    for (let seed = 0; seed < 60; seed += 1) {
      const state = karn.setup(def.setup);
      fightToTheEnd(karn, state, Rng.stream(seed, 9));
      melees += state.melee;
      winners.add(karn.outcome(state)!.winner);
    }
    expect(melees / 60).toBeLessThan(8);
    expect(winners.has("chip") && winners.has("axeman")).toBe(true);
  });
});

describe("the odds the policies weigh", () => {
  it("a fumble costs what its column of the fumble chart makes it cost: 2.9 SP for a punch; 3 SP and a third of a clean hit for a swing (the strikes a dropped or flung weapon loses)", () => {
    const state = pair({ actions: 1, attacks: ["punch", "longsword"] }, { actions: 1 });
    const ann = who(state, "ann");
    const bob = who(state, "bob");
    // Hand to hand: Bad Miss 30% x 1, All Turned Around 20% x 2, Overexerted Self 30% x 2D4,
    // Hit Other 20% x 1D6.
    const punch = hitDamage(ann, ann.attacks[0]!, bob, 25);
    expect(punch.fumble).toBeCloseTo(0.3 + 0.4 + 0.3 * 5 + 0.2 * 3.5, 12);
    // Swing: 20% x 1, 30% x 2, Dropped Weapon 10% x 1D6, Flung Weapon 20% x 2D4, 10% x 2D4,
    // 10% x 1D6; and the strikes lost with the weapon (1.5 dropped, 2.5 flung), each worth half
    // of a clean hit (a longsword's 1d8 on Bob, unarmoured: 4.5).
    const sword = hitDamage(ann, ann.attacks[1]!, bob, 25);
    expect(sword.clear).toBeCloseTo(4.5, 12);
    expect(sword.fumble).toBeCloseTo(3 + (0.1 * 1.5 + 0.2 * 2.5) * 0.5 * 4.5, 12);
  });
});

describe("the defender", () => {
  it("blocks a strike it can stop rather than taking it, when it has nothing better to do", () => {
    const ctx = meleeWith(
      pair({ actions: 1, strike: 2, attacks: ["longsword"] }, { actions: 1, block: 4 }),
      [],
      {
        "ann:action-1": "strike",
      },
    );
    expect(ctx.asked).toContain('bob:defence-1="block"');
  });

  it("dodges a flurry of quarter strikes (one dodge covers them all)", () => {
    const ctx = meleeWith(
      pair({ actions: 2, strike: 4, attacks: ["longsword"] }, { actions: 2, block: 2, dodge: 3 }),
      [],
      { "ann:action-1": "four-quarters", "ann:action-2": "four-quarters" },
    );
    expect(ctx.asked).toContain('bob:defence-1="dodge"');
  });
});

describe("the initiative winner", () => {
  it("saves no action for defence against a foe that cannot counterstrike", () => {
    const ctx = meleeWith(
      pair({ actions: 3, strike: 3, attacks: ["longsword"] }, { actions: 2, block: 3 }),
      [],
    );
    expect(
      ctx.asked.filter((a) => a.startsWith("ann:action-")).some((a) => a.includes("save")),
    ).toBe(false);
  });

  // 2. Winner Chooses Attack(s): actions are saved "for defense against any possible counterstrikes
  // the defender may take"; Multiple Attackers Or Defenders: a character "can only focus on one
  // opponent at a time", and Chip's counterstrikes go at the orc he faces.
  it("three orcs win the initiative against Chip: the two he does not face strike rather than save their one action", () => {
    const state = encounterState("three-orcs.yaml");
    const ctx = meleeWith(state, [[1], [15], [2], [2]], { "chip:opponent": "grub" });
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Grub has the highest total (15): Grub wins the initiative, and so does its side",
    );
    const actions = ctx.asked.filter((a) => /^(snaga|ugluk):action-1=/.test(a));
    expect(actions).toHaveLength(2);
    expect(actions.filter((a) => a.includes("save"))).toEqual([]);
  });

  // Splitting Actions: a quarter action's die is quartered, but "fumbles (natural 1 for combat)
  // ... still take place": four quarter strikes are four chances of the fumble chart.
  it("strikes whole rather than splitting every action into four quarter strikes, each of which fumbles on a natural 1 (duel.yaml: 61% of the winners' actions were four quarters)", () => {
    const first = meleeWith(encounterState("duel.yaml"), [[15], [5]]);
    expect(first.asked.filter((a) => a.startsWith("chip:action-"))).toEqual([
      'chip:action-1="strike"',
      'chip:action-2="strike"',
      'chip:action-3="strike"',
    ]);
    const def = loadEncounter("duel.yaml");
    const ctx = new CountingForms(Rng.stream(7, 3), def.playbook);
    for (let fight = 0; fight < 20; fight += 1) {
      const state = karn.setup(def.setup);
      for (let melee = 0; melee < 60 && karn.outcome(state) === null; melee += 1)
        karn.round(state, ctx);
    }
    const all = [...ctx.forms.values()].reduce((a, b) => a + b, 0);
    expect(all).toBeGreaterThan(100);
    expect((ctx.forms.get("four-quarters") ?? 0) / all).toBeLessThan(0.05);
  });

  it("flees when badly hurt against a healthier foe", () => {
    const state = pair({ actions: 2, hp: 16, attacks: ["longsword"] }, { actions: 2, hp: 16 });
    who(state, "ann").hp = 3;
    const ctx = meleeWith(state, [[90]]);
    expect(ctx.asked).toContain('ann:action-1="flee"');
  });

  // Fleeing Combat: the winner "has the option of using their initiative win to attempt to flee"
  // with all its actions. `fray audit examples/karn/three-orcs.yaml --runs 20 --seed 1`, fight 7,
  // round 2: Grub down, Chip at 20 of 24, Snaga saved its one action (0.07 of a win played out)
  // where fleeing was worth 0.23 (a fight lost by getting away is worth 0.25).
  it("three orcs against Chip: once Grub is down, Snaga, unhurt, uses his initiative to flee rather than save his action", () => {
    const state = encounterState("three-orcs.yaml");
    who(state, "grub").hp = -22;
    who(state, "grub").status = "down";
    who(state, "chip").hp = 20;
    const ctx = meleeWith(state, [[1], [15], [2]], { "chip:opponent": "ugluk" });
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Snaga has the highest total (15): Snaga wins the initiative, and so does its side",
    );
    expect(ctx.asked).toContain('snaga:action-1="flee"');
  });

  // An unhurt side came for this fight: the orcs stand until it has told on them.
  it("three orcs against Chip, all unhurt: none of them flees", () => {
    const ctx = meleeWith(encounterState("three-orcs.yaml"), [[1], [15], [2], [2]], {
      "chip:opponent": "grub",
    });
    const actions = ctx.asked.filter((a) => /^(grub|snaga|ugluk):action-1=/.test(a));
    expect(actions).toHaveLength(3);
    expect(actions.filter((a) => a.includes("flee"))).toEqual([]);
  });

  it("picks up a dropped weapon before striking with its fists", () => {
    const state = pair({ actions: 2, strike: 3, attacks: ["longsword", "punch"] }, { actions: 1 });
    who(state, "ann").held[0] = 1;
    const ctx = meleeWith(state, []);
    expect(ctx.asked[0]).toBe('ann:action-1="pick-up:longsword"');
  });

  it("answers a counterattack with its saved action", () => {
    const ctx = meleeWith(
      pair(
        { actions: 2, strike: 2, block: 3, attacks: ["longsword"] },
        { actions: 2, counterstrike: true, strike: 2 },
      ),
      [],
      {
        "ann:action-1": "strike",
        "ann:action-2": "save",
        "bob:defence-1": "none",
        "bob:counter-1": "strike",
        "bob:counter-2": "none",
      },
    );
    expect(ctx.asked).toContain('ann:answer-1="block:saved"');
  });

  // 4. Winner Defends: saved actions meet counterattacks at +5, and a split saved action is
  // halved or quartered like any split action (switch savedSplitsHalve).
  it("shares a saved action out by what each defence spares: the full counterattack gets the larger share, not a quarter", () => {
    const ctx = meleeWith(
      pair(
        { actions: 2, strike: 2, block: 3, attacks: ["longsword"] },
        { actions: 2, counterstrike: true, strike: 2, attacks: ["longsword"] },
      ),
      [],
      {
        "ann:action-1": "strike",
        "ann:action-2": "save",
        "bob:defence-1": "none",
        "bob:counter-1": "strike",
        "bob:counter-2": "quarter",
        "bob:counter-3": "quarter",
        "bob:counter-4": "none",
      },
    );
    // Shared out evenly it was a quarter against the full counter and half against the last
    // quarter one; by what each defence spares, the full counter gets the larger share.
    expect(ctx.asked.filter((a) => a.startsWith("ann:answer-"))).toEqual([
      'ann:answer-1="block:saved-half"',
      'ann:answer-2="block:saved-quarter"',
      'ann:answer-3="block:saved-quarter"',
    ]);
  });
});

describe("the counterattacker", () => {
  /**
   * Three orcs win the initiative against Chip, who faces Grub: Grub saves both of his actions for
   * defence against counterstrikes (+5 each), Ugluk, unarmoured, spends his action striking.
   */
  function grubSavesUglukStrikes(): TableContext {
    const file = structuredClone(loadEncounter("three-orcs.yaml").file) as {
      combatants: Record<string, unknown>[];
    };
    for (const c of file.combatants) {
      if (c.id === "grub") c.actions = 2;
      if (c.id === "ugluk") delete c.armour;
    }
    const state = encounterState(parseEncounterFile(file, { karn }, "three-orcs.yaml"));
    return meleeWith(state, [[1], [15], [2], [2]], {
      "chip:opponent": "grub",
      "grub:action-1": "save",
      "grub:action-2": "save",
      "snaga:action-1": "strike",
      "ugluk:action-1": "strike",
    });
  }

  it("counterattacks the unarmoured orc who spent every action striking, not the one he faces with two saved blocks", () => {
    const ctx = grubSavesUglukStrikes();
    const targets = ctx.asked.filter((a) => a.startsWith("chip:target="));
    expect(targets.length, ctx.asked.join("; ")).toBeGreaterThan(0);
    expect(targets.every((a) => a === 'chip:target="ugluk"')).toBe(true);
  });
});

describe("the opponent", () => {
  it("ambush-in-the-pass.yaml: Kell, with Hedda and Orrin both unfaced, faces Orrin (leather, two actions, no counterstrike) rather than Hedda (chain mail, three actions, counterstrike)", () => {
    const ctx = meleeWith(encounterState("ambush-in-the-pass.yaml"), []);
    expect(ctx.asked).toContain('hedda:opponent="sly"');
    expect(ctx.asked).toContain('kell:opponent="orrin"');
  });
});

describe("profiles", () => {
  const profile = (name: string) => new Playbook(karn.tactics, { ann: name });

  it("a cautious winner at half its hit points flees a healthier foe where a steady one fights on", () => {
    const hurt = () => {
      const state = pair({ actions: 2, hp: 16, attacks: ["longsword"] }, { actions: 2, hp: 16 });
      who(state, "ann").hp = 8;
      return state;
    };
    expect(meleeWith(hurt(), []).asked[0]).toBe('ann:action-1="strike"');
    expect(meleeWith(hurt(), [], {}, profile("cautious")).asked[0]).toBe('ann:action-1="flee"');
  });

  it("a reckless winner fights on at a quarter of its hit points, and saves no action against a counterstriker", () => {
    const state = pair({ actions: 2, hp: 16, attacks: ["longsword"] }, { actions: 2, hp: 16 });
    who(state, "ann").hp = 3;
    expect(meleeWith(state, [], {}, profile("reckless")).asked[0]).not.toBe('ann:action-1="flee"');
    const countered = () =>
      pair(
        { actions: 3, strike: 2, block: 6, attacks: ["longsword"] },
        { actions: 3, counterstrike: true, strike: 6, attacks: ["longsword"] },
      );
    const forms = (ctx: TableContext) => ctx.asked.filter((a) => a.startsWith("ann:action-"));
    expect(forms(meleeWith(countered(), [])).some((a) => a.includes("save"))).toBe(true);
    expect(
      forms(meleeWith(countered(), [], {}, profile("reckless"))).some((a) => a.includes("save")),
    ).toBe(false);
  });
});

describe("the plans' cache key", () => {
  it("tells apart every state of three attacks, among them the two that held * 1021 + untrained made one (a dropped third weapon, and the penalties -1, 2, 8, 0)", () => {
    const state = pair({ attacks: ["punch", "kick", "longsword"] }, {});
    const f = who(state, "ann");
    // Each attack in hand, dropped, flung or broken; each penalty not asked yet, none, 7 or 15.
    const penalties = [-1, 0, 7, 15];
    const seen = new Set<number>();
    for (let h = 0; h < 4 ** 3; h += 1)
      for (let u = 0; u < 4 ** 4; u += 1) {
        for (let i = 0; i < 3; i += 1) f.held[i] = Math.floor(h / 4 ** i) % 4;
        for (let i = 0; i < 4; i += 1)
          f.untrainedPenalty[i] = penalties[Math.floor(u / 4 ** i) % 4]!;
        seen.add(dynamicCode(state, f));
      }
    expect(seen.size).toBe(4 ** 3 * 4 ** 4);
    f.held = [0, 0, 1];
    f.untrainedPenalty = [-1, -1, -1, -1];
    const dropped = dynamicCode(state, f);
    f.held = [0, 0, 0];
    f.untrainedPenalty = [-1, 2, 8, 0];
    expect(dynamicCode(state, f)).not.toBe(dropped);
  });

  it("tells apart the states of six attacks, past what packs into one number", () => {
    const state = pair({ attacks: ["punch", "kick", "longsword", "dagger", "club", "spear"] }, {});
    const f = who(state, "ann");
    const first = dynamicCode(state, f);
    f.held[5] = 1;
    const second = dynamicCode(state, f);
    f.untrainedPenalty[6] = 3;
    expect(new Set([first, second, dynamicCode(state, f)]).size).toBe(3);
    f.held[5] = 0;
    f.untrainedPenalty[6] = -1;
    expect(dynamicCode(state, f)).toBe(first);
  });
});

describe("the GM's defaults", () => {
  it("the GM rolls on the fumble chart rather than ruling the fumble", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [[15], [1], [1], [50], [3]], {
      "chip:action-1": "strike",
      "chip:action-2": "strike",
      "chip:action-3": "strike",
      "chip:strike": "longsword",
      "salemath:defence-1": "none",
      "salemath:defence-2": "none",
      "salemath:defence-3": "none",
    });
    expect(ctx.asked).toContain('gm:fumble="chart"');
  });
});
