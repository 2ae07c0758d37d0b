// A strike and the defence declared against it, rolled together as one roll (the strike's d20,
// then the defence's d20): what the rules need from the pair is only which way it went
// (Strike Rolls And Defenses; Basic Defenses; Splitting Actions): a natural fumble, a fumble, a
// miss, held by the defence (with a natural 20 or not), or landed, and then whether on the armour
// (at or under its COV), over 10 (a knock-out blow), critical, by a natural 20 and against a
// defence's natural 1. That class is the roll's answer: seven or so values instead of 400 pairs,
// which keeps exact odds of an exchange small. The table rolls and types both dice; every driver
// (replay, advice) reads the same answer. An undefended strike rolls its d20 alone.
import { Memo } from "../../../engine/memo.js";
import type { Roll } from "../../../core/dice/index.js";
import { Dist } from "../../../core/dist.js";
import type { RollSpec } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";
import { signed } from "../../../engine/signed.js";

export const NATURAL_FUMBLE = 0;
export const FUMBLE = 1;
export const MISS = 2;
/** Held by the defence: HELD, plus HELD_BY_20 for its natural 20, plus STRUCK_20 for the strike's. */
export const HELD = 3;
export const HELD_BY_20 = 1;
export const STRUCK_20 = 2;
/**
 * Added to NATURAL_FUMBLE, FUMBLE or MISS when the defence rolled against the strike was a
 * natural 20: the strike failed on its own, but that roll still earns a Combat Skill Point.
 */
export const DEFENCE_20 = 8;
/** Landed: LANDED plus the flags below. */
export const LANDED = 16;
export const ON_ARMOUR = 1;
export const OVER_KO = 2;
export const CRITICAL = 4;
export const NATURAL_20 = 8;
export const DEFENCE_1 = 16;

/** What the strike roll is against. */
export interface StrikeTerms {
  /** The strike die's divisor: 1, 2 or 4 (full, half, quarter action). */
  readonly divisor: number;
  /** Everything added to the strike die after the split. */
  readonly modifier: number;
  /** A ranged attack misses at 10 or under. */
  readonly ranged: boolean;
  /** The coverage a strike at or under hits first, or -1 with no armour standing. */
  readonly cov: number;
  /** A knock-out blow needs at least this total (Infinity: not a knock-out blow). */
  readonly koAt: number;
  /** The defence: none, a roll (divisor and modifier), or a dodge rolled once (its natural). */
  readonly defence:
    | null
    | { readonly divisor: number; readonly modifier: number }
    | { readonly natural: number; readonly modifier: number };
}

export interface StrikeReading {
  readonly natural: number;
  /** The die after halving or quartering. */
  readonly value: number;
  /** The modified total (Infinity for a natural 20). */
  readonly total: number;
  /** The defence's natural and total, when it was rolled. */
  readonly defenceNatural: number;
  readonly defenceTotal: number;
  readonly code: number;
}

/** Reads a strike die and a defence die (0 when none is rolled) as the chapter does. */
export function readStrike(
  terms: StrikeTerms,
  strikeDie: number,
  defenceDie: number,
): StrikeReading {
  const value = Math.floor(strikeDie / terms.divisor);
  const total = strikeDie === 20 ? Infinity : value + terms.modifier;
  const d = terms.defence;
  let defenceNatural = 0;
  let defenceTotal = 0;
  if (d !== null) {
    defenceNatural = "natural" in d ? d.natural : defenceDie;
    const dv = "divisor" in d ? Math.floor(defenceNatural / d.divisor) : defenceNatural;
    defenceTotal =
      defenceNatural === 20 ? Infinity : defenceNatural === 1 ? -Infinity : dv + d.modifier;
  }
  const reading = (code: number) => ({
    natural: strikeDie,
    value,
    total,
    defenceNatural,
    defenceTotal,
    code,
  });
  const d20 = d !== null && defenceNatural === 20 ? DEFENCE_20 : 0;
  if (strikeDie === 1) return reading(NATURAL_FUMBLE + d20);
  if (strikeDie === 2) return reading(MISS + d20);
  if (strikeDie !== 20) {
    if (total < 1) return reading(FUMBLE + d20);
    if (total <= (terms.ranged ? 10 : 5)) return reading(MISS + d20);
  }
  if (d !== null && defenceTotal >= total) {
    return reading(
      HELD + (defenceNatural === 20 ? HELD_BY_20 : 0) + (strikeDie === 20 ? STRUCK_20 : 0),
    );
  }
  const critical = strikeDie === 20 || total > 24;
  let code = LANDED;
  if (critical) code += CRITICAL;
  if (strikeDie === 20) code += NATURAL_20;
  if (!critical && total <= terms.cov) code += ON_ARMOUR;
  if (terms.koAt !== Infinity && total >= terms.koAt) code += OVER_KO;
  if (d !== null && defenceNatural === 1) code += DEFENCE_1;
  return reading(code);
}

/** A code without its DEFENCE_20 flag: NATURAL_FUMBLE, FUMBLE, MISS, a held or a landed code. */
export function baseCode(code: number): number {
  return code >= DEFENCE_20 && code < LANDED ? code - DEFENCE_20 : code;
}

/** The defence rolled against the strike was a natural 20 (Strike Rolls And Defenses: a CSP). */
export function defenceRolled20(code: number): boolean {
  if (code >= LANDED) return false;
  if (code >= DEFENCE_20) return true;
  return code >= HELD && ((code - HELD) & HELD_BY_20) !== 0;
}

/** One die as the chapter reads it: `7, quartered 1, + 3 = 4`, or `20 (natural 20)`. */
function describeDie(natural: number, divisor: number, modifier: number, total: number): string {
  if (natural === 20) return "20 (natural 20)";
  if (natural === 1 && total === -Infinity) return "1 (natural 1)";
  const split =
    divisor === 1
      ? ""
      : `, ${divisor === 2 ? "halved" : "quartered"} ${Math.floor(natural / divisor)}`;
  return `${natural}${split} ${signed(modifier, " ")} = ${total}`;
}

/** The strike roll's dice and totals (Strike Rolls And Defenses; Splitting Actions). */
export function describeStrike(terms: StrikeTerms, r: StrikeReading): string {
  const strike = `strike ${describeDie(r.natural, terms.divisor, terms.modifier, r.total)}`;
  const d = terms.defence;
  if (d === null) return strike;
  const divisor = "divisor" in d ? d.divisor : 1;
  const defence = describeDie(r.defenceNatural, divisor, d.modifier, r.defenceTotal);
  return `${strike}; ${"divisor" in d ? "defence" : "the dodge's roll"} ${defence}`;
}

/** Strike rolls by their terms packed into one number (keyOf). */
const specs = new Memo<number, RollSpec>(100_000);
const TWO = diceRoll("2d20");
const ONE = diceRoll("1d20");

const inRange = (m: number) => m >= -60 && m <= 60;

/** The terms as one number (a cache key), or -1 when a field is out of the packed ranges. */
function keyOf(t: StrikeTerms): number {
  const d = t.defence;
  if (!inRange(t.modifier) || (d !== null && !inRange(d.modifier))) return -1;
  if (t.cov < -1 || t.cov > 24 || !(t.koAt === Infinity || t.koAt === 10 || t.koAt === 11))
    return -1;
  const def =
    d === null
      ? 0
      : "divisor" in d
        ? 1 + (d.divisor >> 1) * 121 + d.modifier + 60
        : 364 + (d.natural - 1) * 121 + d.modifier + 60;
  const ko = t.koAt === Infinity ? 0 : t.koAt - 9;
  const strike = ((t.divisor >> 1) * 121 + t.modifier + 60) * 2 + (t.ranged ? 1 : 0);
  return ((strike * 26 + t.cov + 1) * 3 + ko) * 2784 + def;
}

/** The strike's roll: "1d20", or "2d20" (strike die, then defence die) against a rolled defence. */
export function strikeRoll(terms: StrikeTerms): RollSpec {
  const key = keyOf(terms);
  return key < 0 ? strikeSpec(terms) : specs.get(key, () => strikeSpec(terms));
}

/** A new strike roll for `terms`, its distribution worked out at its first use. */
function strikeSpec(terms: StrikeTerms): RollSpec {
  const rolled = terms.defence !== null && "divisor" in terms.defence;
  const base = rolled ? TWO : ONE;
  let dist: Dist | undefined;
  const reading = (roll: Roll): StrikeReading =>
    readStrike(terms, roll.dice[0]!.value, rolled ? roll.dice[1]!.value : 0);
  const read = (roll: Roll): number => reading(roll).code;
  return {
    notation: base.notation,
    dist: () => {
      if (dist === undefined) {
        const counts = new Map<number, number>();
        const faces = rolled ? 20 : 1;
        for (let s = 1; s <= 20; s += 1) {
          for (let e = 1; e <= faces; e += 1) {
            const code = readStrike(terms, s, rolled ? e : 0).code;
            counts.set(code, (counts.get(code) ?? 0) + 1);
          }
        }
        const n = 20 * faces;
        const entries: [number, number][] = [];
        for (const [code, c] of counts) entries.push([code, c / n]);
        dist = Dist.fromEntries(entries);
      }
      return dist;
    },
    read,
    describe: (roll: Roll) => describeStrike(terms, reading(roll)),
  };
}
