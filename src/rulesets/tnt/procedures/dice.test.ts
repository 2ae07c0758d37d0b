// The rolls: a pool keeps its highest die, and the coarse readings of an active defence and a
// CON save agree die for die with the dice themselves.
import { describe, expect, it } from "vitest";
import { compileDice } from "../../../core/dice/index.js";
import {
  DEFENCE_NATURAL_1_REACHES,
  DEFENCE_NATURAL_1_SHORT,
  DEFENCE_NATURAL_20,
  DEFENCE_REACHES,
  DEFENCE_SHORT,
  FAILED,
  SAVED,
  damageRoll,
  defenceClass,
  defenceRoll,
  poolRoll,
  saveRoll,
} from "./dice.js";

function rollWith(notation: string, faces: readonly number[]) {
  return rollCompiled(compileDice(notation), faces);
}

/** A compiled roll rolled with `faces` for its dice, in order. */
function rollCompiled(dice: ReturnType<typeof compileDice>, faces: readonly number[]) {
  let i = 0;
  return dice.roll({ die: () => faces[i++]! });
}

/** Every sequence of `n` d20 faces. */
function* allFaces(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of allFaces(n - 1)) for (let f = 1; f <= 20; f += 1) yield [...rest, f];
}

describe("Offense and Active defense: roll the dice, keep the highest", () => {
  it("a pool of 3 d20 answers its highest die", () => {
    const spec = poolRoll(3);
    expect(spec.notation).toBe("3d20kh1");
    expect(spec.read(rollWith(spec.notation, [4, 17, 9]))).toBe(17);
  });

  it("one die that turns up 1 is no fumble when another die rolled higher", () => {
    const spec = poolRoll(2);
    expect(spec.read(rollWith(spec.notation, [1, 15]))).toBe(15);
    expect(spec.read(rollWith(spec.notation, [1, 1]))).toBe(1);
  });

  it("the kept die of n d20 has P(max <= x) = (x/20)^n", () => {
    const dist = poolRoll(3).dist();
    for (let x = 1; x <= 20; x += 1) expect(dist.atMost(x)).toBeCloseTo((x / 20) ** 3, 12);
  });
});

describe("An active defence is read as its class against the attack", () => {
  it("classes: natural 20, natural 1 short or reaching, short, reaching", () => {
    expect(defenceClass(20, 25)).toBe(DEFENCE_NATURAL_20);
    expect(defenceClass(1, 5)).toBe(DEFENCE_NATURAL_1_SHORT);
    expect(defenceClass(1, 1)).toBe(DEFENCE_NATURAL_1_REACHES);
    expect(defenceClass(11, 12)).toBe(DEFENCE_SHORT);
    expect(defenceClass(12, 12)).toBe(DEFENCE_REACHES);
  });

  for (const dice of [1, 2, 3]) {
    it(`${dice}d20: every combination of faces reads as the class of its highest die, for every need`, () => {
      for (let need = -3; need <= 24; need += 1) {
        const spec = defenceRoll(dice, need);
        // The notation compiled once per need, and the combinations read wrong gathered into one
        // assertion: an `expect` for each of 3d20's 8,000 combinations of 28 needs was most of
        // the test's time.
        const roll = compileDice(spec.notation);
        const counts = new Map<number, number>();
        const wrong: { faces: number[]; read: number; class: number }[] = [];
        let total = 0;
        for (const faces of allFaces(dice)) {
          const cls = spec.read(rollCompiled(roll, faces));
          const expected = defenceClass(Math.max(...faces), Math.min(21, Math.max(1, need)));
          if (cls !== expected) wrong.push({ faces, read: cls, class: expected });
          counts.set(cls, (counts.get(cls) ?? 0) + 1);
          total += 1;
        }
        expect(wrong, `need ${need}`).toEqual([]);
        expect(total).toBe(20 ** dice);
        for (const [cls, n] of counts) expect(spec.dist().p(cls)).toBeCloseTo(n / total, 12);
      }
    });
  }
});

describe("Calculating damage: the CON save against the damage inflicted", () => {
  it("saves when the d20 reaches the need, fails below it", () => {
    const spec = saveRoll(12);
    expect(spec.read(rollWith(spec.notation, [12]))).toBe(SAVED);
    expect(spec.read(rollWith(spec.notation, [11]))).toBe(FAILED);
    expect(spec.dist().p(SAVED)).toBeCloseTo(9 / 20, 12);
  });
});

describe("Damage: the damage die and every crit die in one roll", () => {
  it("writes the roll the table makes", () => {
    expect(damageRoll(8, 10, 0).notation).toBe("1d8");
    expect(damageRoll(8, 10, 3).notation).toBe("1d8+3d10");
    expect(damageRoll(8, 10, 3).dist().mean()).toBeCloseTo(4.5 + 3 * 5.5, 12);
  });
});
