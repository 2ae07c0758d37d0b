// The rolls of a fight as cached RollSpecs. Where a rule needs less than the number on the die,
// the roll answers only what it needs (the table still rolls and types the dice; the log keeps
// them): an attack roll answers fumble, miss, hit or natural 20 against the number it needs; a
// saving throw answers natural 1, failed, saved or natural 20; the Mighty Blow's effect die and
// the victim's save, rolled together, answer the band of the chart where the effect ends up.
// This keeps the exact odds of an exchange (every combination of answers) small.
import { Dist } from "../../core/dist.js";
import type { Roll } from "../../core/dice/index.js";
import type { RollSpec } from "../../engine/choice.js";
import { diceRoll } from "../../engine/roll-specs.js";
import { bandOf, type Band } from "./data/charts.js";

function derived(
  notation: string,
  read: (roll: Roll) => number,
  dist: () => Dist,
  describe?: (roll: Roll) => string,
): RollSpec {
  let cached: Dist | undefined;
  return { notation, read, dist: () => (cached ??= dist()), ...(describe && { describe }) };
}

const dice: RollSpec[] = [];

/** One die of `sides` sides; the answer is its face. */
export function die(sides: number): RollSpec {
  return (dice[sides] ??= diceRoll(`1d${sides}`));
}

/** Damage and other totals: the answer is the total of the notation. */
export function total(notation: string): RollSpec {
  return diceRoll(notation);
}

export const FUMBLE = 0;
export const MISS = 1;
export const HIT = 2;
export const NATURAL_20 = 3;
export type AttackClass = 0 | 1 | 2 | 3;

/** The class of an attack die that needs `need` or more (Critical Hits and Fumbles: 1 and 20). */
export function attackClass(natural: number, need: number): AttackClass {
  if (natural === 1) return FUMBLE;
  if (natural === 20) return NATURAL_20;
  return natural >= need ? HIT : MISS;
}

const attackSpecs: RollSpec[] = [];

/** The d20 attack roll against the natural it needs: fumble, miss, hit or natural 20. */
export function attackRoll(need: number): RollSpec {
  const n = Math.max(2, Math.min(21, need));
  return (attackSpecs[n] ??= derived(
    "1d20",
    (roll) => attackClass(roll.total, n),
    () => Dist.die(20).map((v) => attackClass(v, n)),
  ));
}

export const NAT_1 = 0;
export const FAILED = 1;
export const SAVED = 2;
export const NAT_20 = 3;

/** Saving Throw Criticals: a natural 20 always saves, a natural 1 always fails. */
export function saveClass(natural: number, need: number, nat1: boolean, nat20: boolean): number {
  if (natural === 1) return nat1 ? NAT_1 : FAILED;
  if (natural === 20) return nat20 ? NAT_20 : SAVED;
  return natural >= need ? SAVED : FAILED;
}

const saveSpecs = new Map<number, RollSpec>();

/**
 * A d20 saving throw that needs `need` or more. `nat1` and `nat20` keep those naturals apart
 * from a plain failure or success when the rule treats them differently.
 */
export function saveRoll(need: number, nat1 = false, nat20 = false): RollSpec {
  const n = Math.max(2, Math.min(21, need));
  const key = n * 4 + (nat1 ? 2 : 0) + (nat20 ? 1 : 0);
  let spec = saveSpecs.get(key);
  if (spec === undefined) {
    spec = derived(
      "1d20",
      (roll) => saveClass(roll.total, n, nat1, nat20),
      () => Dist.die(20).map((v) => saveClass(v, n, nat1, nat20)),
    );
    saveSpecs.set(key, spec);
  }
  return spec;
}

export type SaveReading = "rule-text" | "example";

/**
 * Where a Mighty Blow's effect ends up after the victim's save (Critical Hits and Fumbles): a
 * natural 20 on the save negates it; a save made at `need` or better takes one off and one more
 * for every point it is made by ("rule-text"), or the margin only as the Blogo example counts it
 * ("example"); a natural 1 takes the maximum possible effect, `most` (Saving Throw Criticals), or
 * (switch `mightyBlowNatural1: fails`) only fails.
 */
export function effectAfterSave(
  effect: number,
  save: number,
  need: number,
  reading: SaveReading,
  natural1Max: boolean,
  most = 20,
): number {
  if (save === 20) return 0;
  if (save === 1) return natural1Max ? Math.max(effect, most) : effect;
  if (save < need) return effect;
  const margin = save - need;
  return effect - (reading === "rule-text" ? margin + 1 : margin);
}

/**
 * The Mighty Blow specs made so far, by the reading and a number made of the other arguments
 * (no string built per roll: exact odds ask for one at every Mighty Blow of every run).
 */
const mightySpecs: Record<SaveReading, Map<number, RollSpec>> = {
  "rule-text": new Map(),
  example: new Map(),
};

/**
 * The victim's two d20 for a Mighty Blow, effect first and then the save: the answer is the band
 * of the chart the effect lands in (0 when the save negates it). The most an effect can be is the
 * die's 20 plus the attacker's bonus.
 */
export function mightyBlowRoll(
  need: number,
  bonus: number,
  reading: SaveReading,
  natural1Max: boolean,
): RollSpec {
  const n = Math.max(2, Math.min(21, need));
  const specs = mightySpecs[reading];
  const key = (bonus * 32 + n) * 2 + (natural1Max ? 1 : 0);
  let spec = specs.get(key);
  if (spec === undefined) {
    const band = (effect: number, save: number): Band =>
      bandOf(effectAfterSave(effect + bonus, save, n, reading, natural1Max, 20 + bonus));
    spec = derived(
      "2d20",
      (roll) => band(roll.dice[0]!.value, roll.dice[1]!.value),
      () => {
        const counts = new Map<number, number>();
        for (let e = 1; e <= 20; e += 1)
          for (let s = 1; s <= 20; s += 1) {
            const b = band(e, s);
            counts.set(b, (counts.get(b) ?? 0) + 1 / 400);
          }
        return Dist.fromEntries([...counts]);
      },
      // Two dice read apart, never summed: "effect [7] + 1, save [11]".
      (roll) =>
        `effect [${roll.dice[0]!.value}]${bonus > 0 ? ` + ${bonus}` : ""}, save [${roll.dice[1]!.value}]`,
    );
    specs.set(key, spec);
  }
  return spec;
}

/** An initiative count: the die's face, or at most 10 when the switch caps it. */
export function countOf(face: number, capAtTen: boolean): number {
  return capAtTen ? Math.min(10, face) : face;
}

const contestSpecs = new Map<number, RollSpec>();

export const FIRST_WINS = 1;
export const TIE = 0;
export const SECOND_WINS = -1;

/**
 * Two initiative dice rolled together when only their order matters (an exchange between two
 * single attacks): 1 the first die acts first, 0 they act together, -1 the second acts first.
 */
export function initiativeContest(a: number, b: number, capAtTen: boolean): RollSpec {
  const key = (a * 32 + b) * 2 + (capAtTen ? 1 : 0);
  let spec = contestSpecs.get(key);
  if (spec === undefined) {
    const order = (x: number, y: number) => Math.sign(countOf(x, capAtTen) - countOf(y, capAtTen));
    spec = derived(
      `1d${a}+1d${b}`,
      (roll) => order(roll.dice[0]!.value, roll.dice[1]!.value),
      () => Dist.die(a).combine(Dist.die(b), order),
    );
    contestSpecs.set(key, spec);
  }
  return spec;
}

const surpriseSpecs = new Map<number, RollSpec>();

/** A surprise die: 0 not surprised, else the number of segments surprised (the number rolled). */
export function surpriseRoll(sides: number, surprisedOn: number): RollSpec {
  const key = sides * 4 + surprisedOn;
  let spec = surpriseSpecs.get(key);
  if (spec === undefined) {
    const read = (face: number) => (face <= Math.max(1, surprisedOn) ? face : 0);
    spec = derived(
      `1d${sides}`,
      (roll) => read(roll.total),
      () => Dist.die(sides).map(read),
    );
    surpriseSpecs.set(key, spec);
  }
  return spec;
}

const percentSpecs: RollSpec[] = [];

/** A percentile roll under `chance`: 1 success, 0 failure. */
export function percentRoll(chance: number): RollSpec {
  return (percentSpecs[chance] ??= derived(
    "1d100",
    (roll) => (roll.total <= chance ? 1 : 0),
    () => Dist.die(100).map((v) => (v <= chance ? 1 : 0)),
  ));
}

const rollUnderSpecs = new Map<number, RollSpec>();

/** A d20 roll at or under `target` (an ability roll): 1 success, 0 failure. */
export function rollUnder(target: number): RollSpec {
  const t = Math.max(0, Math.min(20, target));
  let spec = rollUnderSpecs.get(t);
  if (spec === undefined) {
    spec = derived(
      "1d20",
      (roll) => (roll.total <= t ? 1 : 0),
      () => Dist.die(20).map((v) => (v <= t ? 1 : 0)),
    );
    rollUnderSpecs.set(t, spec);
  }
  return spec;
}
