// One exchange for exact odds (`fray odds <exchange.yaml>`): one attack by the attacker on the
// defender, with everything the attack can depend on fixed by the situation (how far apart, what
// kind of attack, whether the defender parries or is surprised). The categories are the chapter's
// own outcomes of a blow: nothing gets through, it drains stamina, it injures, it takes the
// defender out.
import { z } from "zod";
import { InputError } from "../../engine/input-error.js";
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, ExchangeResult, ExchangeRules } from "../../engine/ruleset.js";
import { opposingDefender } from "../../engine/ruleset-setup.js";
import { DEFAULTS } from "./data/defaults.js";
import { attackWith } from "./procedures/attack.js";
import { distance, usable } from "./procedures/field.js";
import { parryingWeapon } from "./procedures/parry.js";
import { gmAllowsSneakAttack } from "./procedures/sneak-attack.js";
import { combatant } from "./setup.js";
import type { CartyrionState } from "./state.js";
import { readSwitches } from "./switches.js";

export const EXCHANGE_CATEGORIES = ["no damage", "stamina drain", "injury", "taken out"] as const;

const flag = (what: string) => z.boolean({ error: `${what} is true or false` });

export const situationSchema = z.strictObject({
  attack: z
    .enum(["normal", "power", "sneak"], {
      error: 'attack is "normal", "power" (Power Attack) or "sneak" (Sneak Attack)',
    })
    .default("normal"),
  weapon: z.string({ error: "weapon is the id of one of the attacker's weapons" }).optional(),
  distance: z
    .number({ error: "distance is a whole number of feet" })
    .int()
    .min(0)
    .max(10000)
    .optional(),
  attackerConcealed: flag("attackerConcealed").optional(),
  defenderParry: z
    .enum(["none", "weapon", "shield", "both"], {
      error: 'defenderParry is "none", "weapon", "shield" or "both"',
    })
    .default("none"),
  defenderSurprised: flag("defenderSurprised").default(false),
});

type Situation = z.output<typeof situationSchema>;

function setup(
  attacker: CombatantSpec,
  defender: CombatantSpec,
  situation: JsonObject,
  switches: JsonObject,
): CartyrionState {
  const s: Situation = situationSchema.parse(situation);
  const a = combatant(attacker, true, 0);
  const d = combatant(opposingDefender(attacker, defender), false, 0);
  const w =
    s.weapon === undefined
      ? (a.weapons.find((x) => x.carried === "hand") ?? a.weapons.find(usable))
      : a.weapons.find((x) => x.id === s.weapon);
  if (w === undefined) {
    throw new InputError(
      `situation.weapon: unknown weapon "${s.weapon}"; ${a.name} carries: ${a.weapons.map((x) => x.id).join(", ")}`,
      "situation.weapon",
    );
  }
  if (w.carried !== "hand" && !w.natural) {
    for (const x of a.weapons) if (x.carried === "hand") x.carried = "ready";
    w.carried = "hand";
  }
  const ranged = w.kind === "ranged";
  d.pos = s.distance ?? (ranged ? 30 : w.reach);
  const gap = distance(a, d);
  if (ranged && (gap < DEFAULTS.rangedMinimum || gap > w.range)) {
    throw new InputError(
      `situation.distance: the ${w.name} shoots from ${DEFAULTS.rangedMinimum} to ${w.range} ft; got ${gap}`,
      "situation.distance",
    );
  }
  if (!ranged && gap > w.reach) {
    throw new InputError(
      `situation.distance: the ${w.name} reaches ${w.reach} ft; got ${gap}`,
      "situation.distance",
    );
  }
  a.concealed = s.attackerConcealed ?? s.attack === "sneak";
  d.surprised = s.defenderSurprised;
  if (s.defenderParry === "weapon" || s.defenderParry === "both") {
    const pw = parryingWeapon(d);
    if (pw === undefined)
      throw new InputError(
        `situation.defenderParry: ${d.name} has no weapon to parry with`,
        "situation.defenderParry",
      );
    d.parryWeapon = pw.id;
  }
  if ((s.defenderParry === "shield" || s.defenderParry === "both") && d.shield === null)
    throw new InputError(
      `situation.defenderParry: ${d.name} has no shield`,
      "situation.defenderParry",
    );
  if (s.defenderParry !== "none") d.parry = s.defenderParry;
  return {
    round: 1,
    progress: null,
    start: "expected",
    reverseAmbush: false,
    surprisedDex: null,
    cover: true,
    switches: readSwitches(switches),
    combatants: [a, d],
    exchange: { mode: s.attack, weapon: w.id },
  };
}

function run(
  state: CartyrionState,
  ctx: Parameters<ExchangeRules<CartyrionState>["run"]>[1],
): ExchangeResult {
  const [a, d] = state.combatants as [
    CartyrionState["combatants"][0],
    CartyrionState["combatants"][0],
  ];
  const ex = state.exchange!;
  const w = a.weapons.find((x) => x.id === ex.weapon)!;
  const before = { stamina: d.stamina, injuries: d.injuries };
  const mine = { stamina: a.stamina, injuries: a.injuries };
  const mode =
    ex.mode === "sneak" && !gmAllowsSneakAttack(state, a, d, w, ctx) ? "normal" : ex.mode;
  a.concealed = false;
  const through = attackWith(state, a, d, w, mode, ctx);
  const category =
    d.status !== "fighting"
      ? "taken out"
      : d.injuries > before.injuries
        ? "injury"
        : d.stamina < before.stamina
          ? "stamina drain"
          : "no damage";
  return {
    category,
    damage: through,
    // The attacker's own Stamina Drain (Range Combat: a shot costs stamina), in stamina and slots.
    damageTaken: mine.stamina - a.stamina + (a.injuries - mine.injuries),
    defenderOut: d.status !== "fighting",
    attackerOut: a.status !== "fighting",
  };
}

export const exchange: ExchangeRules<CartyrionState> = {
  categories: EXCHANGE_CATEGORIES,
  situationSchema,
  setup,
  run,
};
