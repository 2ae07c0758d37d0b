// Expected damage of an attack between two fighters, as the policies need it many times a turn:
// the best over Attack in Anger and armour bypass, for each range bonus, number of attack dice
// and number of active-defence dice. Tables are keyed by the fighters' profiles (their static
// numbers, fixed at setup), so they survive the engine's cloning of the state and are shared by
// every fight between the same two kinds of fighter.
import { expectedDamage, type AttackShape, type DefenceShape } from "./odds.js";
import {
  activeDefenceBonus,
  activeDefenceDice,
  attackModifier,
  damageReduction,
  passiveDefence,
} from "../procedures/scores.js";
import type { Fighter, Range } from "../state.js";
import type { TntSwitches } from "../switches.js";

const MAX_DICE = 8;
const SIZE = 2 * MAX_DICE * MAX_DICE;
export const ANGER = 1;
export const BYPASS = 2;

interface PairTable {
  readonly values: Float64Array;
  readonly flags: Uint8Array;
}

const tables = new Map<string, Map<string, PairTable>>();

function tableFor(att: Fighter, target: Fighter): PairTable {
  let inner = tables.get(att.profile);
  if (inner === undefined) {
    inner = new Map();
    tables.set(att.profile, inner);
  }
  let table = inner.get(target.profile);
  if (table === undefined) {
    table = { values: new Float64Array(SIZE).fill(Number.NaN), flags: new Uint8Array(SIZE) };
    inner.set(target.profile, table);
  }
  return table;
}

/** The static numbers of a fighter that expectations depend on, with the switches they use. */
export function profileOf(
  f: Pick<Fighter, "attackSkill" | "damageBonus" | "weapon" | "defenceSkill" | "shield" | "armour">,
  sw: TntSwitches,
): string {
  const w = f.weapon;
  return [
    f.attackSkill,
    f.damageBonus,
    w.damageDie,
    w.critDie,
    w.reach,
    w.speed,
    w.armourPiercing,
    w.defence,
    f.defenceSkill,
    f.shield === null ? "-" : f.shield.defence,
    f.armour.dr,
    sw.bypassPenalty,
    sw.defenderNatural1,
  ].join(",");
}

export function attackShape(
  att: Fighter,
  target: Fighter,
  range: Range,
  dice: number,
  anger: boolean,
  bypass: boolean,
  sw: TntSwitches,
): AttackShape {
  return {
    rolled: dice - (anger ? 1 : 0),
    anger,
    modifier: attackModifier(att, range, bypass, sw),
    damageDie: att.weapon.damageDie,
    critDie: att.weapon.critDie,
    damageOffset: att.damageBonus - damageReduction(att, target, bypass),
  };
}

/** Defence with `poolDice` dice of active defence (0: passive defence). */
export function defenceShape(f: Fighter, poolDice: number, sw: TntSwitches): DefenceShape {
  const natural1Hits = sw.defenderNatural1 === "attack-hits";
  if (poolDice < 1) return { dice: 0, score: passiveDefence(f), natural1Hits };
  return { dice: activeDefenceDice(f, poolDice), score: activeDefenceBonus(f), natural1Hits };
}

function slot(
  att: Fighter,
  target: Fighter,
  range: Range,
  dice: number,
  defenceDice: number,
  sw: TntSwitches,
): number {
  const d = Math.min(MAX_DICE - 1, dice);
  const k = Math.min(MAX_DICE - 1, defenceDice);
  const index = ((range === "onset" ? 0 : 1) * MAX_DICE + d) * MAX_DICE + k;
  const table = tableFor(att, target);
  if (Number.isNaN(table.values[index]!)) {
    const defence = defenceShape(target, k, sw);
    const canBypass = target.armour.dr - att.weapon.armourPiercing > 0;
    let best = 0;
    let flags = 0;
    for (let a = 0; a < (d >= 2 ? 2 : 1); a += 1) {
      for (let b = 0; b < (canBypass ? 2 : 1); b += 1) {
        const value = expectedDamage(
          attackShape(att, target, range, d, a === 1, b === 1, sw),
          defence,
        );
        if (value > best + 1e-12) {
          best = value;
          flags = (a === 1 ? ANGER : 0) | (b === 1 ? BYPASS : 0);
        }
      }
    }
    table.values[index] = best;
    table.flags[index] = flags;
  }
  return index;
}

/**
 * The most damage `att` expects from one attack of `dice` dice on `target` at `range`, against
 * `defenceDice` dice of active defence (0: passive), choosing anger and bypass for it.
 */
export function bestDamage(
  att: Fighter,
  target: Fighter,
  range: Range,
  dice: number,
  defenceDice: number,
  sw: TntSwitches,
): number {
  if (dice < 1) return 0;
  return tableFor(att, target).values[slot(att, target, range, dice, defenceDice, sw)]!;
}

/** ANGER and BYPASS flags of the attack `bestDamage` assumes. */
export function bestOptions(
  att: Fighter,
  target: Fighter,
  range: Range,
  dice: number,
  defenceDice: number,
  sw: TntSwitches,
): number {
  if (dice < 1) return 0;
  return tableFor(att, target).flags[slot(att, target, range, dice, defenceDice, sw)]!;
}
