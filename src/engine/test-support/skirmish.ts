// A tiny ruleset used only by the engine's own tests: every round each standing combatant
// chooses a target and a stance, then rolls damage. It exercises every engine feature
// (rolls, decisions with choices, GM decisions, views, turn order, the GM's changes, exchange, a
// round resumable between attacks) without any chapter's rules.
import { z } from "zod";
import type { RuleContext, Section } from "../choice.js";
import type { GmRules } from "../gm-changes.js";
import { diceRoll } from "../roll-specs.js";
import type {
  CombatantSpec,
  CombatantView,
  EncounterSetup,
  ExchangeResult,
  Ruleset,
} from "../ruleset.js";
import { declareTactics } from "../tactics.js";

interface Fighter {
  id: string;
  name: string;
  side: string;
  hp: number;
  maxHp: number;
  damage: string;
  /** Rounds of daze left (a dazed fighter does not attack). */
  dazed: number;
  /** Taken out of the fight by the GM. */
  removed: boolean;
  /** Has attacked this round. */
  acted: boolean;
}

export interface SkirmishState {
  round: number;
  /** The next fighter to attack this round: the round resumes from here (0 between rounds). */
  next: number;
  fighters: Fighter[];
  bonusOnSix: boolean;
}

const inFight = (f: Fighter): boolean => f.hp > 0 && !f.removed;

const ATTACK: Section = { id: "attack", title: "Attack" };
const stats = z.strictObject({
  hp: z.number().int().positive(),
  damage: z.enum(["d4", "d6", "2d6"]),
});
const stances = ["careful", "reckless"] as const;
/**
 * The attack's questions' schemas, made once: a zod schema made for each question asked was most
 * of the engine tests' fights by this ruleset (docs/benchmarks.md, "The test suite").
 */
const TARGET = z.string();
const STANCE = z.enum(stances);
const BONUS = z.boolean();

function fighter(c: CombatantSpec): Fighter {
  const s = stats.parse(c.stats);
  const f = { id: c.id, name: c.name, side: c.side, hp: s.hp, maxHp: s.hp, damage: s.damage };
  return { ...f, dazed: 0, removed: false, acted: false };
}

function who(state: SkirmishState, id: string): Fighter {
  return state.fighters.find((f) => f.id === id)!;
}

const gm: GmRules<SkirmishState> = {
  fields(state, id) {
    const f = who(state, id);
    return [
      {
        key: "hp",
        label: "Hit points",
        schema: z.number().int().min(0).max(f.maxHp),
        value: f.hp,
      },
      {
        key: "damage",
        label: "Damage dice",
        schema: z.enum(["d4", "d6", "2d6"]),
        value: f.damage,
        choices: ["d4", "d6", "2d6"].map((d) => ({ value: d, label: d })),
      },
    ];
  },
  set(state, id, field, value) {
    const f = who(state, id);
    if (field === "hp") f.hp = value as number;
    else f.damage = value as string;
  },
  conditions: [
    {
      id: "dazed",
      label: "dazed",
      description: "does not attack while dazed",
      rounds: { unit: "round" },
    },
  ],
  addCondition(state, id, _condition, rounds) {
    who(state, id).dazed = rounds!;
  },
  removeCondition(state, id) {
    who(state, id).dazed = 0;
  },
  addCombatant(state, spec) {
    // A late arrival acts from the next round on: it has "acted" in this one.
    state.fighters.push({ ...fighter(spec), acted: true });
  },
  removeCombatant(state, id) {
    who(state, id).removed = true;
  },
};

interface Targets {
  readonly foes: readonly Fighter[];
}
interface Matchup {
  readonly me: Fighter;
  readonly target: Fighter;
}

/** The weakest foe first; reckless against a weaker foe; the GM grants the bonus point. */
const tactics = declareTactics({
  questions: {
    target: ({ foes }: Targets) => foes.reduce((a, b) => (b.hp < a.hp ? b : a)).id,
    stance: ({ me, target }: Matchup) => (me.hp > target.hp ? "reckless" : "careful"),
    bonus: () => true,
  },
  about: {
    target: { description: "which foe it attacks", by: "combatant" },
    stance: { description: "whether it attacks carefully or recklessly", by: "combatant" },
    bonus: { description: "whether a hit gets the bonus point", by: "gm" },
  },
  profiles: {
    cautious: {
      description: "always careful",
      questions: { stance: () => "careful" },
    },
    reckless: {
      description: "always reckless, at the strongest foe",
      questions: {
        target: ({ foes }: Targets) => foes.reduce((a, b) => (b.hp > a.hp ? b : a)).id,
        stance: () => "reckless",
      },
    },
  },
});

function attack(state: SkirmishState, me: Fighter, ctx: RuleContext): number {
  const foes = state.fighters.filter((f) => f.side !== me.side && inFight(f));
  if (foes.length === 0) return 0;
  const targetId = ctx.decide(me.id, "target", {
    prompt: `Whom does ${me.name} attack?`,
    schema: TARGET,
    choices: foes.map((f) => ({ value: f.id, label: f.name })),
    situation: { foes } satisfies Targets,
  });
  const target = foes.find((f) => f.id === targetId)!;
  const stance = ctx.decide(me.id, "stance", {
    prompt: `How does ${me.name} fight?`,
    schema: STANCE,
    choices: stances.map((s) => ({ value: s, label: s })),
    situation: { me, target } satisfies Matchup,
  });
  let dmg = ctx.roll(diceRoll(me.damage), `${me.name}'s damage`, me.id);
  if (stance === "reckless")
    dmg += ctx.roll(diceRoll("d4"), `${me.name}'s reckless extra`, me.id) - 2;
  if (state.bonusOnSix && dmg >= 6) {
    const bonus = ctx.decide("gm", "bonus", {
      prompt: "Does the blow earn a bonus point?",
      schema: BONUS,
      choices: [
        { value: true, label: "yes" },
        { value: false, label: "no" },
      ],
    });
    if (bonus) dmg += 1;
  }
  dmg = Math.max(0, dmg);
  target.hp -= dmg;
  ctx.explain(ATTACK, () => `${me.name} deals ${dmg} to ${target.name} (${target.hp} left)`, {
    dmg,
  });
  return dmg;
}

export const skirmish: Ruleset<SkirmishState> = {
  id: "skirmish",
  version: "1.0.0",
  title: "Skirmish (engine test fixture)",
  source: "Fray's engine tests",
  sections: [ATTACK],
  switches: [
    {
      key: "bonusOnSix",
      description: "A blow of 6 or more asks the GM for a bonus point.",
      schema: z.boolean(),
      default: true,
      provenance: { source: "default", ref: "test fixture" },
    },
  ],
  tables: [
    {
      id: "damage",
      title: "Damage dice",
      rows: [
        {
          key: "d6",
          values: { die: "d6" },
          provenance: { source: "default", ref: "test fixture" },
        },
      ],
    },
  ],
  frayDefaults: [],
  coverage: [
    {
      section: "Attack",
      paragraph: "roll damage",
      status: "implemented",
      where: "skirmish.ts attack",
    },
  ],
  combatantSchema: stats,
  encounterOptionsSchema: z.strictObject({}),
  setup(e: EncounterSetup): SkirmishState {
    return {
      round: 0,
      next: 0,
      fighters: e.combatants.map(fighter),
      bonusOnSix: e.switches.bonusOnSix === true,
    };
  },
  round(state, ctx) {
    if (state.next === 0) {
      state.round += 1;
      for (const f of state.fighters) f.acted = false;
    }
    const fighters = state.fighters;
    while (state.next < fighters.length) {
      const f = fighters[state.next]!;
      state.next += 1;
      // A late arrival has "acted" in the round it came in: it waits for the next one.
      if (!f.acted && inFight(f) && f.dazed === 0) attack(state, f, ctx);
      f.acted = true;
      if (state.next < fighters.length) ctx.checkpoint?.();
    }
    state.next = 0;
    for (const f of fighters) if (f.dazed > 0) f.dazed -= 1;
  },
  outcome(state) {
    const standing = new Set(state.fighters.filter(inFight).map((f) => f.side));
    if (standing.size > 1) return null;
    const [winner] = [...standing];
    return winner === undefined
      ? { winner: null, reason: "everyone fell" }
      : { winner, reason: "the other side fell" };
  },
  standing(state) {
    return state.fighters.map((f) => ({ id: f.id, health: f.hp, out: !inFight(f) }));
  },
  view(state, viewer): CombatantView[] {
    return state.fighters
      .filter((f) => !f.removed)
      .map((f) => {
        const full = viewer.kind === "gm" || viewer.side === f.side;
        const looks = f.hp <= 0 ? "down" : f.hp < f.maxHp ? "hurt" : "unhurt";
        return {
          id: f.id,
          name: f.name,
          side: f.side,
          out: f.hp <= 0,
          status: full ? `${f.hp}/${f.maxHp} HP` : looks,
          health: full ? [{ label: "Hit points", value: f.hp, max: f.maxHp, unit: "HP" }] : [],
          conditions: f.dazed > 0 ? [{ id: "dazed", label: "dazed", rounds: f.dazed }] : [],
          details: full
            ? [
                { label: "Damage dice", value: f.damage },
                { label: "Hit points", value: `${f.hp} of ${f.maxHp}` },
              ]
            : [{ label: "Damage dice", value: f.damage }],
        };
      });
  },
  order(state, acting) {
    return {
      round: state.round,
      label: `Round ${state.round}`,
      entries: state.fighters
        .filter((f) => !f.removed)
        .map((f) => ({
          id: f.id,
          state: !inFight(f) ? "out" : f.id === acting ? "acting" : f.acted ? "done" : "waiting",
        })),
    };
  },
  gm,
  tactics,
  exchange: {
    categories: ["graze", "blow", "smash"],
    situationSchema: z.strictObject({}),
    setup(attacker, defender, _situation, switches) {
      return {
        round: 0,
        next: 0,
        fighters: [fighter(attacker), fighter(defender)],
        bonusOnSix: switches.bonusOnSix === true,
      };
    },
    run(state, ctx): ExchangeResult {
      const [a, d] = state.fighters as [Fighter, Fighter];
      const dmg = attack(state, a, ctx);
      return {
        category: dmg <= 2 ? "graze" : dmg <= 5 ? "blow" : "smash",
        damage: dmg,
        damageTaken: 0,
        defenderOut: d.hp <= 0,
        attackerOut: false,
      };
    },
  },
};
