// The exchange behind `fray odds`: one action phase between two duellists with fixed action points
// (no reset phase, no AP roll), everyone acting by the rules of the round: most AP first, one
// movement and one action a round. It answers the designer's question of how to spend action
// points: with 4 AP, attack twice, or Shield Block and attack? Fix "<attacker>:action-1" and
// "<attacker>:action-2" in the exchange file ("attack", "block", "strike:<foe>:<weapon>", ...).
// The category is the attacker's best attack of the phase (Critical Outcomes in Combat); damage is
// the HP it took off the defender, damage taken the HP the defender took off it.
import { z } from "zod";
import type { RuleContext } from "../../engine/choice.js";
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, ExchangeResult, ExchangeRules } from "../../engine/ruleset.js";
import { opposingDefender } from "../../engine/ruleset-setup.js";
import { ownSteady } from "./own-steady.js";
import { COVER } from "./data/rules.js";
import { TIER_NAMES } from "./dice/specs.js";
import { actionPhase } from "./procedures/turn.js";
import { wielded } from "./procedures/derived.js";
import { combatant } from "./setup.js";
import type { DooState } from "./state.js";
import { readSwitches } from "./switches.js";

export const EXCHANGE_CATEGORIES = ["no attack", ...TIER_NAMES] as const;

const ap = (what: string) =>
  z
    .number({ error: `${what} is a whole number of action points from 0 to 20` })
    .int()
    .min(0)
    .max(20);

const situationSchema = z.strictObject({
  attackerAp: ap("attackerAp").default(4),
  defenderAp: ap("defenderAp").default(2),
  distance: z
    .number({ error: "distance is a whole number of spaces from 0 to 200" })
    .int()
    .min(0)
    .max(200)
    .optional(),
  defenderStunned: z.boolean({ error: "defenderStunned is true or false" }).default(false),
  defenderProne: z.boolean({ error: "defenderProne is true or false" }).default(false),
  defenderCover: z
    .enum(["clear", "partial", "minimal"], {
      error: 'defenderCover is "clear", "partial" or "minimal"',
    })
    .default("clear"),
});

function setup(
  attacker: CombatantSpec,
  defender: CombatantSpec,
  situation: JsonObject,
  switches: JsonObject,
): DooState {
  const s = situationSchema.parse(situation);
  const a = combatant(attacker, true, 0, 0);
  const d = combatant(opposingDefender(attacker, defender), false, 0, 1);
  const w = wielded(a);
  d.pos = s.distance ?? (w.melee !== null ? w.melee.reachMax : (w.ranged?.baseRange ?? 1));
  a.ap = s.attackerAp;
  d.ap = s.defenderAp;
  a.freeSteps = a.steady.sheet.freeStepsMax;
  d.freeSteps = d.steady.sheet.freeStepsMax;
  ownSteady(d).stunned = s.defenderStunned;
  d.prone = s.defenderProne;
  return {
    turn: 1,
    inTurn: true,
    actionRound: 0,
    queue: [],
    acted: false,
    switches: readSwitches(switches),
    combatants: [a, d],
    // The line between them passes through the defender's cover: a place where it stands.
    cover: s.defenderCover === "clear" ? [] : [{ space: d.pos, penalty: COVER[s.defenderCover] }],
    exchange: { attackerAp: s.attackerAp, defenderAp: s.defenderAp },
  };
}

function run(state: DooState, ctx: RuleContext): ExchangeResult {
  actionPhase(state, ctx);
  const [a, d] = state.combatants as [DooState["combatants"][0], DooState["combatants"][0]];
  return {
    category: a.best < 0 ? "no attack" : TIER_NAMES[a.best]!,
    damage: a.dealt,
    damageTaken: d.dealt,
    defenderOut: d.status !== "fighting",
    attackerOut: a.status !== "fighting",
  };
}

export const exchange: ExchangeRules<DooState> = {
  categories: EXCHANGE_CATEGORIES,
  situationSchema,
  setup,
  run,
};
