import { describe, expect, it } from "vitest";
import { freshest, pendingKey } from "./freshest.js";
import type { Encounter, Pending } from "./types.js";

const at = (id: number, version: number) => ({ id, version }) as Encounter;

describe("the copy of an encounter the console shows", () => {
  it("takes a newer version, keeps the one shown for the same or an older one", () => {
    const shown = at(1, 4);
    expect(freshest(null, at(1, 2))).toEqual(at(1, 2));
    expect(freshest(shown, at(1, 5))).toEqual(at(1, 5));
    expect(freshest(shown, at(1, 4))).toBe(shown);
    expect(freshest(shown, at(1, 3))).toBe(shown);
    expect(freshest(shown, at(2, 1))).toEqual(at(2, 1));
  });

  it("keys a prompt by the choice pending and where it is in the log", () => {
    const roll = { kind: "roll", label: "Tombril's damage" } as Pending;
    const decision = { kind: "decide", actor: "giant", question: "action" } as Pending;
    expect(pendingKey(2, roll)).toBe("2:roll:Tombril's damage");
    expect(pendingKey(3, decision)).toBe("3:giant:action");
  });
});
