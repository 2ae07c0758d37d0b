import { describe, expect, it } from "vitest";
import { compileDice } from "../../core/dice/index.js";
import { Rng } from "../../core/random.js";
import type { RollSpec } from "../choice.js";
import { diceRoll } from "../roll-specs.js";
import { seededRoll } from "./live.js";
import type { PendingRoll } from "./pending.js";
import { joinedShares, seededShare, typedShare } from "./shares.js";

/** dungeons-of-olde's shape: the defender's exploding Defense Check, then the Attack Check. */
const opposed: PendingRoll = {
  kind: "roll",
  index: 7,
  label: "Aldric's attack",
  actor: "aldric",
  spec: Object.assign(Object.create(diceRoll("2d8!+2d10!9")) as RollSpec, {
    opposed: "brenna",
    shares: [
      { combatant: "brenna", notation: "2d8!", name: "Defense Check" },
      { combatant: "aldric", notation: "2d10!9", name: "Attack Check" },
    ],
  }),
};

describe("an opposed roll's dice by whose they are", () => {
  it("splits Fray's roll of the whole into its parts, explosions and all, for every seed", () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const faces: number[] = [];
      const stream = Rng.stream(seed, opposed.index);
      compileDice(opposed.spec.notation).roll({
        die: (sides) => {
          const face = stream.die(sides);
          faces.push(face);
          return face;
        },
      });
      const parts = [seededShare(opposed, seed, 0), seededShare(opposed, seed, 1)];
      expect([...parts[0]!, ...parts[1]!]).toEqual(faces);
      // Each part is a roll of its own notation: its dice all used.
      expect(typedShare(opposed, 0, "Brenna's Defense Check", parts[0]!)).toEqual(parts[0]);
      // Both by Fray: the answer Fray gives the whole roll.
      const both = parts.map((dice) => ({ dice, fray: true }));
      expect(joinedShares(opposed, seed, both)).toEqual(seededRoll(opposed, seed));
    }
  });

  it("checks a part typed against its own dice: an 8 explodes, so a third die is needed", () => {
    expect(typedShare(opposed, 0, "Brenna's Defense Check", [8, 5, 1])).toEqual([8, 5, 1]);
    expect(() => typedShare(opposed, 0, "Brenna's Defense Check", [8, 5])).toThrow(
      "Brenna's Defense Check: 2 dice typed but 2d8, an 8 explodes, needs more (next: a d8)",
    );
    expect(() => typedShare(opposed, 1, "Aldric's Attack Check", [3, 4, 5])).toThrow(
      "3 dice typed but 2d10, a 9 explodes, used 2",
    );
    // Typed parts answer the roll as the whole's dice typed in its order.
    const answer = joinedShares(opposed, 1, [
      { dice: [8, 5, 1], fray: false },
      { dice: [3, 4], fray: true },
    ]);
    expect(answer).toMatchObject({ by: "table", dice: "[8!, 5, 1] [3, 4] = 21" });
  });
});
