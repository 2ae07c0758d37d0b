import { describe, expect, it } from "vitest";
import { shareNote, sharesText, waitingText } from "./roll-shares.js";
import type { PendingRoll } from "./types.js";

const names: Record<string, string> = { kell: "Kell", orrin: "Orrin" };
const nameOf = (id: string) => names[id] ?? id;

/** Kell's strike against Orrin's dodge, with `given` the parts in. */
function strike(given: Partial<Record<"kell" | "orrin", number[]>> = {}): PendingRoll {
  const share = (combatant: "kell" | "orrin", name: string) => ({
    combatant,
    name,
    notation: "d20",
    given: given[combatant] !== undefined,
    dice: given[combatant] ?? null,
    player: given[combatant] === undefined ? null : combatant === "orrin" ? "Ben" : null,
  });
  return {
    kind: "roll",
    label: "Kell's strike at Orrin with the spear against Orrin's dodge",
    actor: "kell",
    opposed: "orrin",
    shares: [share("kell", "strike die"), share("orrin", "dodge die")],
    notation: "d20",
    min: 1,
    max: 20,
    open: false,
    faces: null,
    eachDie: false,
    prompt: "…",
    answer: "…",
  };
}

describe("an opposed roll's parts on the screens", () => {
  it("asks a player for their own die only, saying the other's and whether it is in", () => {
    expect(shareNote(strike(), ["orrin"], nameOf)).toBe(
      "Roll your dodge die only: Kell's strike die is rolled for its side, before or after yours, and the roll is answered once both are in.",
    );
    expect(shareNote(strike({ kell: [14] }), ["orrin"], nameOf)).toBe(
      "Kell's strike die is in: your dodge die answers the roll.",
    );
    // Both parts the player's (or a roll of one's dice): nothing to say.
    expect(shareNote(strike(), ["orrin", "kell"], nameOf)).toBeNull();
    expect(waitingText("strike die", "Orrin's dodge die")).toBe(
      "Your strike die is in: waiting for Orrin's dodge die.",
    );
  });

  it("tells the GM who still has to roll which part, and what is in", () => {
    const rollerOf = (id: string) => (id === "orrin" ? { name: "Ben", open: true } : undefined);
    expect(sharesText(strike().shares!, nameOf, rollerOf)).toBe(
      "Still to roll: Kell's strike die, yours; Orrin's dodge die, Ben's, on their screen. You can roll or type both here.",
    );
    expect(sharesText(strike({ orrin: [12] }).shares!, nameOf, rollerOf)).toBe(
      "Orrin's dodge die is in (Ben: 12). Still to roll: Kell's strike die, yours. You can roll or type it here.",
    );
    const away = (id: string) => (id === "orrin" ? { name: "Ben", open: false } : undefined);
    expect(sharesText(strike({ kell: [3] }).shares!, nameOf, away)).toBe(
      "Kell's strike die is in (you: 3). Still to roll: Orrin's dodge die, Ben's, whose screen is not open. You can roll or type it here.",
    );
  });
});
