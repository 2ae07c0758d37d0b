// The exchange behind `fray odds`: one round between two duellists at a given range. The
// attacker acts first, splitting its combat dice between attacks and the reserve it keeps for
// active defence; the defender answers (defence, counter-attack) and then takes its own turn
// against the attacker's reserve. Fixing "<attacker>:attack-dice" to 3 or to 2 in the exchange
// file answers "attack with 3 dice, or with 2 and defend with 1?" with exact numbers.
import { z } from "zod";
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, ExchangeResult, ExchangeRules } from "../../engine/ruleset.js";
import type { RuleContext } from "../../engine/choice.js";
import { RESULT_NAMES } from "./procedures/hit-or-miss.js";
import { playRound } from "./procedures/round.js";
import { makeState } from "./setup.js";
import { BEST_NONE, inFight, type TntState } from "./state.js";

export const EXCHANGE_CATEGORIES = ["no attack", ...RESULT_NAMES] as const;

const hp = (field: string) =>
  z
    .int({ error: `${field} is a whole number of hit points, 1 to 1000` })
    .min(1, `${field} is 1 to 1000`)
    .max(1000, `${field} is 1 to 1000`);

const situationSchema = z.strictObject({
  range: z
    .enum(["onset", "melee", "grapple"], { error: 'range is "onset", "melee" or "grapple"' })
    .default("onset"),
  attackerHp: hp("attackerHp").optional(),
  defenderHp: hp("defenderHp").optional(),
  defenderAttacks: z.boolean({ error: "defenderAttacks is true or false" }).default(true),
});

function setup(
  attacker: CombatantSpec,
  defender: CombatantSpec,
  situation: JsonObject,
  switches: JsonObject,
): TntState {
  const s = situationSchema.parse(situation);
  const base = makeState([attacker, defender], switches, s.range, true);
  const state: TntState = { ...base, exchange: { defenderAttacks: s.defenderAttacks } };
  if (s.attackerHp !== undefined) state.fighters[0]!.hp = s.attackerHp;
  if (s.defenderHp !== undefined) state.fighters[1]!.hp = s.defenderHp;
  return state;
}

const BOTH = [0, 1];
const ATTACKER_ONLY = [0];

function run(state: TntState, ctx: RuleContext): ExchangeResult {
  playRound(state, ctx, state.exchange?.defenderAttacks === false ? ATTACKER_ONLY : BOTH);
  const attacker = state.fighters[0]!;
  const defender = state.fighters[1]!;
  return {
    category: attacker.best === BEST_NONE ? "no attack" : RESULT_NAMES[attacker.best]!,
    damage: attacker.dealt,
    damageTaken: defender.dealt,
    defenderOut: !inFight(defender),
    attackerOut: !inFight(attacker),
  };
}

export const exchange: ExchangeRules<TntState> = {
  categories: EXCHANGE_CATEGORIES,
  situationSchema,
  setup,
  run,
};
