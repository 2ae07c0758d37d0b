import { describe, expect, it } from "vitest";
import { draftAfter } from "./dice-draft.js";
import type { PlayerState } from "./types.js";

type Pending = NonNullable<PlayerState["pending"]>;
const roll = (label: string) => ({ kind: "roll", label }) as unknown as Pending;
const decision = { kind: "decide", question: "what does Tombril do?" } as unknown as Pending;
const typed = { label: "Tombril's damage", text: "5 3 4 3 2", sent: false };

describe("dice typed for a roll that changed under the player", () => {
  it("are said to be not sent, with the dice and the roll, once the roll is no longer asked", () => {
    const after = draftAfter(typed, decision);
    expect(after.kind).toBe("lost");
    expect(after.kind === "lost" && after.message).toContain("Tombril's damage is no longer asked");
    expect(after.kind === "lost" && after.message).toContain("(5 3 4 3 2)");
    expect(draftAfter(typed, null).kind).toBe("lost");
    expect(draftAfter(typed, roll("Hill giant's damage")).kind).toBe("lost");
  });
  it("are kept in the box when the same roll is asked again, sent or not", () => {
    expect(draftAfter(typed, roll("Tombril's damage"))).toEqual({
      kind: "keep",
      text: "5 3 4 3 2",
    });
    expect(draftAfter({ ...typed, sent: true }, roll("Tombril's damage")).kind).toBe("keep");
  });
  it("say nothing when nothing was typed, or when they were sent (the reply says)", () => {
    expect(draftAfter(null, decision).kind).toBe("none");
    expect(draftAfter({ ...typed, text: "  " }, decision).kind).toBe("none");
    expect(draftAfter({ ...typed, sent: true }, decision).kind).toBe("none");
  });
});
