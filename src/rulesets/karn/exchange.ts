// The exchange behind `fray odds`: one melee between two combatants, the attacker winning the
// initiative (situation.initiative: "attacker", "defender" or "roll"). The categories are the
// attacker's best strike of the melee. Fixing "<attacker>:action-1" in the exchange file answers
// "one full strike, two half-action strikes, or a half strike and a saved half action?" exactly.
import { z } from "zod";
import type { RuleContext } from "../../engine/choice.js";
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, ExchangeResult, ExchangeRules } from "../../engine/ruleset.js";
import { opposingDefender } from "../../engine/ruleset-setup.js";
import { playMelee } from "./procedures/melee.js";
import { makeState } from "./setup.js";
import { STRIKE_RESULTS, type KarnState } from "./state.js";

export const EXCHANGE_CATEGORIES = ["no strike", ...STRIKE_RESULTS] as const;

const situationSchema = z.strictObject({
  initiative: z
    .enum(["attacker", "defender", "roll"], {
      error: 'initiative is "attacker", "defender" or "roll"',
    })
    .default("attacker"),
  attackerHp: z.int().min(1, "attackerHp is at least 1").optional(),
  defenderHp: z.int().min(1, "defenderHp is at least 1").optional(),
});

function setup(
  attacker: CombatantSpec,
  defender: CombatantSpec,
  situation: JsonObject,
  switches: JsonObject,
): KarnState {
  const s = situationSchema.parse(situation);
  const state = makeState([attacker, opposingDefender(attacker, defender)], switches, {
    initiative: s.initiative,
  });
  if (s.attackerHp !== undefined) state.fighters[0]!.hp = s.attackerHp;
  if (s.defenderHp !== undefined) state.fighters[1]!.hp = s.defenderHp;
  state.fighters[0]!.facing = 1;
  state.fighters[1]!.facing = 0;
  return state;
}

function run(state: KarnState, ctx: RuleContext): ExchangeResult {
  const [a, d] = [state.fighters[0]!, state.fighters[1]!];
  const hpA = a.hp;
  const hpD = d.hp;
  playMelee(state, ctx);
  return {
    category: EXCHANGE_CATEGORIES[a.best + 1]!,
    damage: hpD - d.hp,
    damageTaken: hpA - a.hp,
    defenderOut: d.status !== "fighting",
    attackerOut: a.status !== "fighting",
  };
}

export const exchange: ExchangeRules<KarnState> = {
  categories: EXCHANGE_CATEGORIES,
  situationSchema,
  setup,
  run,
};
