// A tiny ruleset used only by the engine's own tests: every round each standing combatant
// chooses a target and a stance, then rolls damage. It exercises every engine feature
// (rolls, decisions with choices, GM decisions, views, exchange, a round resumable between
// attacks) without any chapter's rules.
import { z } from "zod";
import type { RuleContext, Section } from "../choice.js";
import type { JsonObject } from "../json.js";
import { diceRoll } from "../roll-specs.js";
import type {
  CombatantSpec,
  CombatantView,
  EncounterSetup,
  ExchangeResult,
  Ruleset,
} from "../ruleset.js";

interface Fighter {
  id: string;
  name: string;
  side: string;
  hp: number;
  maxHp: number;
  damage: string;
}

export interface SkirmishState {
  round: number;
  /** The next fighter to attack this round: the round resumes from here (0 between rounds). */
  next: number;
  fighters: Fighter[];
  bonusOnSix: boolean;
}

const ATTACK: Section = { id: "attack", title: "Attack" };
const stats = z.strictObject({
  hp: z.number().int().positive(),
  damage: z.enum(["d4", "d6", "2d6"]),
});
const stances = ["careful", "reckless"] as const;

function fighter(c: CombatantSpec): Fighter {
  const s = stats.parse(c.stats);
  return { id: c.id, name: c.name, side: c.side, hp: s.hp, maxHp: s.hp, damage: s.damage };
}

function attack(state: SkirmishState, me: Fighter, ctx: RuleContext): number {
  const foes = state.fighters.filter((f) => f.side !== me.side && f.hp > 0);
  if (foes.length === 0) return 0;
  const targetId = ctx.decide(me.id, "target", {
    prompt: `Whom does ${me.name} attack?`,
    schema: z.string(),
    choices: foes.map((f) => ({ value: f.id, label: f.name })),
    policy: () => foes.reduce((a, b) => (b.hp < a.hp ? b : a)).id,
  });
  const target = foes.find((f) => f.id === targetId)!;
  const stance = ctx.decide(me.id, "stance", {
    prompt: `How does ${me.name} fight?`,
    schema: z.enum(stances),
    choices: stances.map((s) => ({ value: s, label: s })),
    policy: () => (me.hp > target.hp ? "reckless" : "careful"),
  });
  let dmg = ctx.roll(diceRoll(me.damage), `${me.name}'s damage`, me.id);
  if (stance === "reckless")
    dmg += ctx.roll(diceRoll("d4"), `${me.name}'s reckless extra`, me.id) - 2;
  if (state.bonusOnSix && dmg >= 6) {
    const bonus = ctx.decide("gm", "bonus", {
      prompt: "Does the blow earn a bonus point?",
      schema: z.boolean(),
      choices: [
        { value: true, label: "yes" },
        { value: false, label: "no" },
      ],
      policy: () => true,
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
    if (state.next === 0) state.round += 1;
    const fighters = state.fighters;
    while (state.next < fighters.length) {
      const f = fighters[state.next]!;
      state.next += 1;
      if (f.hp > 0) attack(state, f, ctx);
      if (state.next < fighters.length) ctx.checkpoint?.();
    }
    state.next = 0;
  },
  outcome(state) {
    const standing = new Set(state.fighters.filter((f) => f.hp > 0).map((f) => f.side));
    if (standing.size > 1) return null;
    const [winner] = [...standing];
    return winner === undefined
      ? { winner: null, reason: "everyone fell" }
      : { winner, reason: "the other side fell" };
  },
  standing(state) {
    return state.fighters.map((f) => ({ id: f.id, health: f.hp, out: f.hp <= 0 }));
  },
  view(state, viewer): CombatantView[] {
    return state.fighters.map((f) => {
      const full = viewer.kind === "gm" || viewer.side === f.side;
      return {
        id: f.id,
        name: f.name,
        side: f.side,
        out: f.hp <= 0,
        status: full
          ? `${f.hp}/${f.maxHp} HP`
          : f.hp <= 0
            ? "down"
            : f.hp < f.maxHp
              ? "hurt"
              : "unhurt",
        fields: full
          ? ({ hp: f.hp, maxHp: f.maxHp, damage: f.damage } as JsonObject)
          : { damage: f.damage },
      };
    });
  },
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
