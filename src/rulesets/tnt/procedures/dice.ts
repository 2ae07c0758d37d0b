// The rolls of a tnt fight, as cached RollSpecs. A pool of d20 is one roll whose answer is the
// kept (highest) die; damage is one roll of the damage die plus every crit die it gets.
//
// An active defence is rolled once the attack's total is known, and all the outline of
// Calculating hit or miss asks of it is whether its kept die is a natural 1 or 20 and whether
// its score reaches the attack's. Its answer is that class (five values, not twenty), which
// keeps exact odds of an exchange small; a CON save likewise answers saved or failed. The table
// still rolls and types the dice, and every driver (replay, advice) reads the same answer.
import type { Roll } from "../../../core/dice/index.js";
import type { RollSpec } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";

const pools: RollSpec[] = [];

/** `n` d20, keep the highest: the answer is the kept die (its natural value). */
export function poolRoll(n: number): RollSpec {
  return (pools[n] ??= diceRoll(n === 1 ? "1d20" : `${n}d20kh1`));
}

/** Classes of an active defence's kept die against a known attack total. */
export const DEFENCE_NATURAL_1_SHORT = 0;
export const DEFENCE_NATURAL_1_REACHES = 1;
export const DEFENCE_SHORT = 2;
export const DEFENCE_REACHES = 3;
export const DEFENCE_NATURAL_20 = 4;
export type DefenceClass = 0 | 1 | 2 | 3 | 4;

/** The class of a kept die: `need` is the die the defence must show to reach the attack. */
export function defenceClass(kept: number, need: number): DefenceClass {
  if (kept === 20) return DEFENCE_NATURAL_20;
  const reaches = kept >= need;
  if (kept === 1) return reaches ? DEFENCE_NATURAL_1_REACHES : DEFENCE_NATURAL_1_SHORT;
  return reaches ? DEFENCE_REACHES : DEFENCE_SHORT;
}

/** A kept die and a score (relative to the attack total) standing for each class. */
export const CLASS_KEPT = [1, 1, 10, 10, 20] as const;
export const CLASS_SCORE_OFFSET = [-1, 0, -1, 0, 0] as const;

const defenceSpecs: RollSpec[] = [];

/**
 * An active defence of `dice` d20 (keep the highest) against an attack `need` above its bonus:
 * the answer is the DefenceClass of the kept die.
 */
export function defenceRoll(dice: number, need: number): RollSpec {
  // Outside 1..21 every die is on the same side of the attack: clamp.
  const n = Math.min(21, Math.max(1, need));
  const key = dice * 32 + n;
  let spec = defenceSpecs[key];
  if (spec === undefined) {
    const fine = poolRoll(dice);
    const read = (kept: number): number => defenceClass(kept, n);
    let dist: ReturnType<RollSpec["dist"]> | undefined;
    spec = {
      notation: fine.notation,
      dist: () => (dist ??= fine.dist().map(read)),
      read: (roll: Roll) => read(fine.read(roll)),
    };
    defenceSpecs[key] = spec;
  }
  return spec;
}

export const SAVED = 1;
export const FAILED = 0;
const saveSpecs: RollSpec[] = [];

/** A d20 save that succeeds when the die is at least `need` (2 to 20): SAVED or FAILED. */
export function saveRoll(need: number): RollSpec {
  let spec = saveSpecs[need];
  if (spec === undefined) {
    const fine = poolRoll(1);
    const read = (die: number): number => (die >= need ? SAVED : FAILED);
    let dist: ReturnType<RollSpec["dist"]> | undefined;
    spec = {
      notation: fine.notation,
      dist: () => (dist ??= fine.dist().map(read)),
      read: (roll: Roll) => read(fine.read(roll)),
    };
    saveSpecs[need] = spec;
  }
  return spec;
}

const damageSpecs = new Map<number, RollSpec>();

/** The damage die plus `critCount` crit dice, as one roll: `1d8+3d10`. */
export function damageRoll(damageDie: number, critDie: number, critCount: number): RollSpec {
  const key = (damageDie * 128 + critDie) * 64 + critCount;
  let spec = damageSpecs.get(key);
  if (spec === undefined) {
    spec = diceRoll(critCount === 0 ? `1d${damageDie}` : `1d${damageDie}+${critCount}d${critDie}`);
    damageSpecs.set(key, spec);
  }
  return spec;
}

const critSpecs = new Map<number, RollSpec>();

/** `count` crit dice alone (twisting the blade). */
export function critRoll(critDie: number, count: number): RollSpec {
  const key = critDie * 64 + count;
  let spec = critSpecs.get(key);
  if (spec === undefined) {
    spec = diceRoll(`${count}d${critDie}`);
    critSpecs.set(key, spec);
  }
  return spec;
}
