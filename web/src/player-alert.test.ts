import { describe, expect, it } from "vitest";
import { choiceKey, see, SEEN_MAX } from "./player-alert.js";
import type { PlayerState } from "./types.js";

type State = Pick<PlayerState, "tableAnswers" | "pending">;
const decision = (tableAnswers: number, actor = "tombril"): State =>
  ({ tableAnswers, pending: { kind: "decide", actor, question: "action" } }) as State;
const roll = (tableAnswers: number): State =>
  ({ tableAnswers, pending: { kind: "roll", label: "Tombril's damage" } }) as State;
const none = (tableAnswers: number): State => ({ tableAnswers, pending: null });

describe("which states alert a player", () => {
  it("alerts once for each new decision of the player's, never again for the same one", () => {
    const first = see([], decision(1), false);
    expect(first).toEqual({ seen: ["1:tombril:action"], alert: true });
    // The same decision again (a reload, the GM's change by hand): no alert.
    expect(see(first.seen, decision(1), false)).toEqual({ seen: first.seen, alert: false });
    // The next decision of the same combatant, further in the log: a new one.
    expect(see(first.seen, decision(5), false).alert).toBe(true);
  });

  it("alerts for a roll only when it follows no choice of the player's", () => {
    expect(see(["1:tombril:action"], roll(2), true)).toEqual({
      seen: ["1:tombril:action", "2:roll:Tombril's damage"],
      alert: false,
    });
    expect(see([], roll(7), false).alert).toBe(true);
  });

  it("alerts for nothing while the choice is another's", () => {
    expect(choiceKey(none(3))).toBeNull();
    expect(see(["1:tombril:action"], none(3), true)).toEqual({
      seen: ["1:tombril:action"],
      alert: false,
    });
  });

  it("remembers the last SEEN_MAX choices", () => {
    let seen: readonly string[] = [];
    for (let answers = 0; answers < SEEN_MAX + 5; answers++)
      seen = see(seen, decision(answers), false).seen;
    expect(seen).toHaveLength(SEEN_MAX);
    expect(seen.at(-1)).toBe(`${SEEN_MAX + 4}:tombril:action`);
    expect(seen[0]).toBe("5:tombril:action");
  });
});
