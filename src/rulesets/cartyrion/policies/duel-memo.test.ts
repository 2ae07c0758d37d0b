import { describe, expect, it } from "vitest";
import type { ActionParts } from "../procedures/actions.js";
import { copyState } from "../setup.js";
import type { CartyrionState } from "../state.js";
import type { Switches } from "../switches.js";
import { play, skirmish, stateOf, who } from "../test-support/play.js";
import { chooseAction, STEADY } from "./action-policy.js";
import { lookUp } from "./duel-memo.js";

/** Another value of each switch that is not a yes or no. */
const SWITCH_VALUES = {
  injurySlots: ["point", "blow"],
  slotsFull: ["dead", "down"],
  exhaustedRangedCost: ["injury", "ignore"],
  surprisedDexRuling: ["round", "blow"],
} as const;

const parts = (): ActionParts => ({ verb: "wait", target: "", item: "", back: false });

/** A duel 20 ft apart, the knight with a shield and a spell so that every field is there. */
function duel(): CartyrionState {
  const knight = { id: "knight", level: 3, stamina: 12, weapons: ["longsword"], shield: "shield" };
  const orc = { id: "orc", level: 3, str: 2, stamina: 20, weapons: ["battleaxe"] };
  const s = stateOf(play(skirmish([knight], [orc], { distance: 20 }), []));
  who(s, "knight").spells.push({
    id: "spark",
    name: "spark",
    die: 6,
    range: 30,
    bonus: 0,
    direct: true,
    mitigated: false,
    uses: 2,
  });
  return s;
}

type Leaf = [holder: Record<string, unknown> | unknown[], key: string | number];

/** Every field of a combatant, its weapons', shield's and spells' too, and its lists' ends. */
function leaves(o: Record<string, unknown>, out: Leaf[] = []): Leaf[] {
  for (const [key, value] of Object.entries(o)) {
    if (Array.isArray(value)) {
      out.push([value, value.length]); // a name added to a list
      for (const x of value)
        if (typeof x === "object" && x !== null) leaves(x as Record<string, unknown>, out);
    } else if (typeof value === "object" && value !== null) {
      leaves(value as Record<string, unknown>, out);
    } else out.push([o, key]);
  }
  return out;
}

/** Another value the field may hold (the enumerations' other members). */
function changed(key: string | number, value: unknown, foe: string): unknown {
  if (typeof key === "number") return foe;
  if (key === "status") return value === "fighting" ? "down" : "fighting";
  if (key === "parry") return value === "" ? "weapon" : "";
  if (key === "carried") return value === "hand" ? "ready" : "hand";
  if (key === "kind") return value === "melee" ? "reach" : "melee";
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  return `${String(value)}x`;
}

describe("the duel's kept answers (duel-memo.ts)", () => {
  it("recall a position met before, and no position that differs in any field of either combatant", () => {
    const s = duel();
    let fields = 0;
    for (const id of ["knight", "orc"]) {
      const foe = id === "knight" ? "orc" : "knight";
      const count = leaves(who(s, id) as unknown as Record<string, unknown>).length;
      for (let i = 0; i < count; i += 1) {
        const text = chooseAction(s, who(s, "knight"));
        const same = copyState(s);
        const out = parts();
        expect(lookUp(same, who(same, "knight"), STEADY, out)).toBe(true);
        expect(chooseAction(same, who(same, "knight"))).toBe(text);
        const t = copyState(s);
        const [holder, key] = leaves(who(t, id) as unknown as Record<string, unknown>)[i]!;
        const before = (holder as Record<string | number, unknown>)[key];
        (holder as Record<string | number, unknown>)[key] = changed(key, before, foe);
        // The knight by its place: its id is among the fields changed.
        expect(lookUp(t, t.combatants[0]!, STEADY, parts()), `${id}: ${String(key)}`).toBe(false);
        fields += 1;
      }
    }
    // Both combatants' fields, the knight's shield and spell among them.
    expect(fields).toBeGreaterThan(90);
  });

  it("recall the same duel elsewhere on the line: only the distance between the two counts", () => {
    const s = duel();
    const first = parts();
    chooseAction(s, who(s, "knight"), first);
    const moved = copyState(s);
    for (const c of moved.combatants) c.pos += 35;
    const out = parts();
    expect(lookUp(moved, moved.combatants[0]!, STEADY, out)).toBe(true);
    expect(out).toEqual(first);
  });

  it("recall a position of the same round only", () => {
    const s = duel();
    chooseAction(s, who(s, "knight"));
    const later = copyState(s);
    later.round += 1;
    expect(lookUp(later, later.combatants[0]!, STEADY, parts())).toBe(false);
  });

  it("recall no position of a fight whose switches differ in any one of them", () => {
    const s = duel();
    chooseAction(s, who(s, "knight"));
    const keys = Object.keys(s.switches) as (keyof Switches)[];
    for (const key of keys) {
      const other = copyState(s);
      const value = s.switches[key];
      const flipped =
        typeof value === "boolean"
          ? !value
          : SWITCH_VALUES[key as keyof typeof SWITCH_VALUES].find((v) => v !== value)!;
      other.switches = { ...s.switches, [key]: flipped };
      expect(lookUp(other, other.combatants[0]!, STEADY, parts()), key).toBe(false);
      // The fight the table holds is the other one now: back to the first, nothing kept.
      chooseAction(s, who(s, "knight"));
    }
    expect(keys.length).toBe(7);
  });

  it("keep nothing of a fight with more than one combatant a side", () => {
    const s = stateOf(play(skirmish([{ id: "a" }, { id: "b" }], [{ id: "c" }]), []));
    chooseAction(s, who(s, "a"));
    expect(lookUp(s, who(s, "a"), STEADY, parts())).toBe(false);
  });
});
