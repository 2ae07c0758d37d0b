// One exchange for exact odds (`fray odds <exchange.yaml>`): one round between two duellists,
// played by the round's own procedure: both split their Base Combat Bonus once initiative is
// known, and each attacks on its count (the defender back at the attacker, unless
// `defenderAttacks: false`). Only the order of two single attacks matters, so initiative is one
// roll of both dice (or fixed by `initiative`). The categories are the attacker's best attack of
// the round: no attack, fumble, miss, hit, natural 20 (a hit on the 20 alone), mighty blow.
// Fixing "<attacker>:bcb" compares the splits of its BCB between attack and AC.
import { z } from "zod";
import { InputError } from "../../engine/input-error.js";
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, ExchangeResult, ExchangeRules } from "../../engine/ruleset.js";
import type { RuleContext } from "../../engine/choice.js";
import { ATTACK_CATEGORIES } from "./procedures/attack.js";
import { playRound } from "./procedures/round.js";
import { fighterFrom } from "./setup.js";
import type { SwState } from "./state.js";
import { readSwitches } from "./switches.js";

export const EXCHANGE_CATEGORIES = ["no attack", ...ATTACK_CATEGORIES] as const;

const whole = (what: string, min: number, max: number) => {
  const error = `${what} is a whole number from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const situationSchema = z.strictObject({
  distance: whole("distance (feet)", 0, 1000).default(5),
  initiative: z
    .enum(["roll", "attacker-first", "defender-first", "simultaneous"], {
      error: 'initiative is "roll", "attacker-first", "defender-first" or "simultaneous"',
    })
    .default("roll"),
  defenderAttacks: z.boolean({ error: "defenderAttacks is true or false" }).default(true),
  attackerHp: whole("attackerHp", 1, 10000).optional(),
  defenderHp: whole("defenderHp", 1, 10000).optional(),
});

function setup(
  attacker: CombatantSpec,
  defender: CombatantSpec,
  situation: JsonObject,
  switches: JsonObject,
): SwState {
  const s = situationSchema.parse(situation);
  const a = fighterFrom({ ...attacker, side: "attacker" }, 0, 0);
  const d = fighterFrom({ ...defender, side: "defender" }, 1, s.distance);
  d.facing = -1;
  if (s.attackerHp !== undefined) a.hp = s.attackerHp;
  if (s.defenderHp !== undefined) d.hp = s.defenderHp;
  if (a.status !== "fighting" || d.status !== "fighting")
    throw new InputError("situation: both combatants need hit points left", "situation");
  return {
    round: 0,
    start: { surprise: "none", ambusher: "", ambushChance: 100, ambushSegments: 1 },
    segments: 0,
    count: -1,
    midRound: false,
    blow: null,
    freeAttacker: "",
    switches: readSwitches(switches),
    terrainDexModifier: 0,
    askTerrain: false,
    walls: [],
    combatants: [a, d],
    exchange: { initiative: s.initiative, defenderAttacks: s.defenderAttacks },
  };
}

function run(state: SwState, ctx: RuleContext): ExchangeResult {
  const [a, d] = state.combatants as [SwState["combatants"][0], SwState["combatants"][0]];
  const aHp = a.hp;
  const dHp = d.hp;
  playRound(state, ctx);
  return {
    category: EXCHANGE_CATEGORIES[a.best + 1]!,
    damage: Math.max(0, dHp - Math.max(0, d.hp)),
    damageTaken: Math.max(0, aHp - Math.max(0, a.hp)),
    defenderOut: d.status !== "fighting",
    attackerOut: a.status !== "fighting",
  };
}

export const exchange: ExchangeRules<SwState> = {
  categories: EXCHANGE_CATEGORIES,
  situationSchema,
  setup,
  run,
};
