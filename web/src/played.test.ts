import { describe, expect, it } from "vitest";
import { changesBetween, playedBetween } from "./played.js";
import type { CombatantView, Encounter } from "./types.js";

const view = (
  id: string,
  hp: number,
  more: Partial<Pick<CombatantView, "out" | "outAs">> = {},
): CombatantView =>
  ({
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    side: "a",
    status: "",
    out: false,
    health: [{ label: "Hit points", value: hp, max: 20, unit: "HP" }],
    conditions: [],
    details: [],
    ...more,
  }) as unknown as CombatantView;

const roll = { kind: "roll", label: "initiative", value: 5 } as const;
const decide = (value: string) =>
  ({ kind: "decide", actor: "hild", question: "move", value }) as const;

const encounter = (
  log: readonly object[],
  gm: readonly CombatantView[],
  over = false,
  said: readonly string[] = [],
) =>
  ({
    id: 1,
    version: log.length + 1,
    status: over ? "over" : "pending",
    order: { label: "Round 2", round: 2, entries: [] },
    log,
    views: { gm },
    lastResult: { outcome: said },
  }) as unknown as Encounter;

describe("what several steps played at once did", () => {
  it("says each bar that changed, who fell out in its ruleset's words, and who joined", () => {
    const before = [view("hild", 20), view("cutter", 18), view("weasel", 12)];
    const after = [
      view("hild", 19),
      view("cutter", -4, { out: true, outAs: "taken out" }),
      view("weasel", 14, { out: true, outAs: "fled" }),
      view("hild-2", 20),
    ];
    expect(changesBetween(before, after)).toEqual([
      "Hild: -1 HP (to 19/20 HP)",
      "Cutter: -22 HP (to -4/20 HP), taken out",
      "Weasel: +2 HP (to 14/20 HP), out of the fight (fled)",
      "Hild-2 joins the fight",
    ]);
  });

  it("is told for two decisions or more added to the log, not for one step, an undo or another log", () => {
    const gm = [view("hild", 20)];
    const start = encounter([roll], gm);
    const round = encounter(
      [roll, decide("stay"), roll, decide("attack"), roll],
      [view("hild", 12)],
    );
    expect(playedBetween(start, round)).toEqual({
      answers: 4,
      to: "round 2",
      changes: ["Hild: -8 HP (to 12/20 HP)"],
      allInLast: false,
    });
    expect(playedBetween(start, encounter([roll, decide("stay"), roll], gm))).toBeNull();
    expect(playedBetween(round, start)).toBeNull();
    expect(playedBetween(null, round)).toBeNull();
    const other = encounter([{ ...roll, value: 6 }, decide("stay"), decide("attack")], gm);
    expect(playedBetween(start, other)).toBeNull();
    const over = encounter([roll, decide("stay"), decide("attack")], gm, true);
    expect(playedBetween(start, over)).toEqual({
      answers: 2,
      to: null,
      changes: [],
      allInLast: false,
    });
    // What the last result says as it is, it alone says (cartyrion's goblins who withdrew).
    const fled = [view("hild", 20, { out: true, outAs: "fled" })];
    const said = ["Hild: out of the fight (fled)"];
    expect(playedBetween(start, encounter(over.log, fled, true, said))).toMatchObject({
      changes: [],
      allInLast: true,
    });
  });
});
