// Critical Hits and Fumbles: monsters and NPCs at 0 hit points or below; the characters' switch.
import { describe, expect, it } from "vitest";
import { get, stateWith, Table } from "../test-support/table.js";
import { hurt } from "./damage.js";
import { knockOut, tickConditions } from "./status.js";

const orc = () => stateWith([{ id: "orc", side: "b", hitDice: 1, hitPoints: 6, save: 12 }]);

describe("Critical Hits and Fumbles: 0 hit points or below", () => {
  it("from 0 to -5 a save versus death: success fights on at -2, failure is unconscious, a 1 dies", () => {
    for (const [die, status, penalty] of [
      [[14], "fighting", 2],
      [[5], "down", 0],
      [[1], "dead", 0],
    ] as const) {
      const s = orc();
      hurt(s, get(s, "orc"), 8, false, new Table([die]));
      expect([get(s, "orc").status, get(s, "orc").penalty]).toEqual([status, penalty]);
    }
  });

  it("from -6 to -10 unconscious, dying unless it saves versus death; -11 and below dead", () => {
    for (const [damage, die, status] of [
      [14, [15], "down"],
      [14, [4], "dead"],
      [17, [], "dead"],
    ] as const) {
      const s = orc();
      hurt(s, get(s, "orc"), damage, false, new Table([...(die.length > 0 ? [die] : [])]));
      expect(get(s, "orc").status).toBe(status);
    }
  });

  it("characters follow the same ladder (switch characterAtZero: ladder), or die at 0 (dead)", () => {
    const pc = (rule: "ladder" | "dead") =>
      stateWith([{ id: "pc", side: "a", level: 1, hitPoints: 5, save: 15 }], {
        characterAtZero: rule,
      });
    const a = pc("ladder");
    hurt(a, get(a, "pc"), 6, false, new Table([[16]]));
    expect(get(a, "pc").status).toBe("fighting");
    const b = pc("dead");
    hurt(b, get(b, "pc"), 6, false, new Table([]));
    expect(get(b, "pc").status).toBe("dead");
  });

  it("knocked out below 0 hit points, a fighter comes round after the 1d4 rounds only if it saved versus death (it fights on at -2)", () => {
    for (const [save, after] of [
      [[16], "fighting"],
      [[5], "down"],
    ] as const) {
      const s = stateWith([{ id: "pc", side: "a", level: 1, hitPoints: 2, save: 15 }]);
      const pc = get(s, "pc");
      pc.stunnedThrough = 1;
      hurt(s, pc, 3, false, new Table([save]));
      knockOut(s, pc, new Table([]));
      expect(pc.status).toBe("knocked-out");
      s.round = 2;
      tickConditions(s, new Table([[1]]));
      expect(pc.status).toBe(after);
    }
  });
});
