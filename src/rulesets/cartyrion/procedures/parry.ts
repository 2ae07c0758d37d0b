// Parrying: a combatant who parries makes no attack; until its next turn incoming damage from all
// sources is mitigated, by the weapon ("Parrying with a Weapon": nothing gets through until an
// attack die explodes, one more explosion per magic plus; then the weapon shatters, that blow
// still fully stopped) or by the shield ("Parrying with a Shield": the shield takes double the
// damage it absorbs; when it is destroyed the excess of that blow, and all later damage, gets
// through), or "with either a weapon or a shield, or both": Fray's reading of both is the weapon
// first and, once it shatters, the shield for the blows after.
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, WeaponState } from "../state.js";
import { weaponName } from "./weapon-name.js";

/** The weapon a combatant parries with: the one in hand, else the best ready hand-held one. */
export function parryingWeapon(c: CombatantState): WeaponState | undefined {
  let best: WeaponState | undefined;
  for (const w of c.weapons) {
    if (w.natural || w.kind === "ranged" || w.count <= 0) continue;
    if (w.carried === "hand") return w;
    if (w.carried === "ready" && (best === undefined || w.magic > best.magic)) best = w;
  }
  return best;
}

export function canParryWithWeapon(c: CombatantState): boolean {
  return parryingWeapon(c) !== undefined;
}

export function canParryWithShield(c: CombatantState): boolean {
  return c.shield !== null && c.shield.left > 0;
}

/** Explosions a parrying weapon withstands before the one that shatters it: 1 + its magic. */
export function explosionsToShatter(w: WeaponState): number {
  return 1 + w.magic;
}

/**
 * Applies the defender's parry to one blow of `damage` (after DEX and armour) whose dice
 * exploded `explosions` times. Returns the damage that gets through.
 */
export function parryBlow(
  defender: CombatantState,
  damage: number,
  explosions: number,
  ctx: RuleContext,
): number {
  if (defender.parry === "weapon" || defender.parry === "both") {
    const w = defender.weapons.find((x) => x.id === defender.parryWeapon);
    if (w === undefined || w.carried === "broken") {
      defender.parry = "";
      return damage;
    }
    defender.parryExplosions += explosions;
    const needed = explosionsToShatter(w);
    if (defender.parryExplosions >= needed) {
      w.carried = "broken";
      const shieldNext = defender.parry === "both" && canParryWithShield(defender);
      defender.parry = shieldNext ? "shield" : "";
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.parryWeapon,
          () =>
            `exploding dice shatter ${defender.name}'s ${weaponName(w)} (${defender.parryExplosions} of the ${needed} explosion${needed === 1 ? "" : "s"} it takes); this blow of ${damage} is still fully parried` +
            (shieldNext
              ? `, and ${defender.name}'s ${defender.shield!.name} parries the blows after it`
              : ", but nothing more will be"),
        );
      }
    } else if (ctx.explaining) {
      ctx.explain(
        SECTIONS.parryWeapon,
        () =>
          `${defender.name} parries the blow of ${damage} with the ${w.name}` +
          (explosions > 0
            ? ` (${defender.parryExplosions} of the ${needed} explosions it takes to shatter it)`
            : ""),
      );
    }
    return 0;
  }
  if (defender.parry === "shield" && defender.shield !== null) {
    const shield = defender.shield;
    if (damage <= 0) return 0;
    if (2 * damage <= shield.left) {
      shield.left -= 2 * damage;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.parryShield,
          () =>
            `${defender.name}'s ${shield.name} absorbs the blow of ${damage}, taking double (${2 * damage}): ${shield.left}/${shield.durability} left`,
        );
      }
      return 0;
    }
    // The shield stops one point of damage for every two points of durability it has left.
    const absorbed = Math.floor(shield.left / 2);
    const through = damage - absorbed;
    shield.left = 0;
    defender.parry = "";
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.parryShield,
        () =>
          `${defender.name}'s ${shield.name} is destroyed absorbing ${absorbed} of the blow of ${damage}; ${through} get${through === 1 ? "s" : ""} through`,
      );
    }
    return through;
  }
  return damage;
}
