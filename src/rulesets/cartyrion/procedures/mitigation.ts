// The numbers on both sides of the damage formula ("Resolving Combat"): the attacker's bonus
// (STR, or DEX for finesse, AWA for ranged) and the defender's armour points.
import type { Switches } from "../switches.js";
import type { CombatantState, WeaponState } from "../state.js";

export type BonusName = "STR" | "DEX" | "AWA";

/**
 * Which ability bonus a weapon adds. Range Combat: AWA. Melee and Reach Combat: STR, but with a
 * finesse weapon "a DEX bonus may be used instead", so the attacker takes the better of the two.
 * Sneak Attacks name the bonus for each kind of attack: DEX for finesse melee or reach.
 */
export function bonusName(me: CombatantState, w: WeaponState, sneak: boolean): BonusName {
  if (w.kind === "ranged") return "AWA";
  if (w.finesse) return sneak || me.dex >= me.str ? "DEX" : "STR";
  return "STR";
}

export function bonusValue(me: CombatantState, name: BonusName): number {
  return name === "STR" ? me.str : name === "DEX" ? me.dex : me.awa;
}

/** Armour points against a blow: worn and natural armour, plus an intact shield (switch `shieldArmour`). */
export function armourPoints(target: CombatantState, sw: Switches): number {
  const shield = target.shield;
  return (
    target.armour + (sw.shieldArmour && shield !== null && shield.left > 0 ? shield.points : 0)
  );
}
