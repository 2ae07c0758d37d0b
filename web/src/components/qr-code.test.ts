import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-code.js";

describe("qrPath", () => {
  it("draws one unit square for each dark square, row by row", () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe("M0 0h1v1h-1zM1 1h1v1h-1z");
  });

  it("draws as many squares as a player's link has dark ones, inside the code", () => {
    const { data, size } = encode("http://192.168.1.20:4001/#/play/fp_x", { ecc: "M", border: 4 });
    const squares = [...qrPath(data).matchAll(/M(\d+) (\d+)/g)].map((m) => [+m[1]!, +m[2]!]);
    expect(squares.length).toBe(data.flat().filter(Boolean).length);
    // The quiet zone (four squares all round) stays light.
    for (const [x, y] of squares) {
      expect(x).toBeGreaterThanOrEqual(4);
      expect(y).toBeLessThan(size - 4);
    }
  });
});
