// 4. The Combat Round, Multiple Melee Targets and Unarmed Combat (wrestling): actions at a count.
import { describe, expect, it } from "vitest";
import { get, stateWith, Table } from "../test-support/table.js";
import { listActions } from "./actions.js";
import { armourClass } from "./combat-numbers.js";
import { playRound } from "./round.js";
import { performSlot } from "./slot.js";
import { ownSteady } from "../own-steady.js";

const sword = { class: "fighter", level: 3, hitPoints: 20, weapons: ["long-sword"] };

function ready(s: ReturnType<typeof stateWith>) {
  for (const c of s.combatants) c.slots = [{ count: 5, use: "main", done: false, held: false }];
}

describe("Multiple Melee Targets", () => {
  it("with more than one opponent in reach, the target of an attack is usually determined randomly", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "o1", side: "b", pos: 5, hitDice: 1, hitPoints: 9 },
      { id: "o2", side: "b", pos: 5, hitDice: 1, hitPoints: 9 },
    ]);
    ready(s);
    const actions = listActions(s, get(s, "ann"), 0);
    expect(actions.map((c) => c.value)).toContain("attack:random:long-sword");
    // The foes it may go to said as a choice reads ("o1, o2" read as a list of both).
    expect(actions.find((c) => c.value === "attack:random:long-sword")?.label).toBe(
      "attack with the long sword: a random one of o1 or o2",
    );
    const t = new Table(["attack:random:long-sword", [2], [15], [4]]);
    performSlot(s, get(s, "ann"), 0, t, []);
    expect([get(s, "o1").hp, get(s, "o2").hp]).toEqual([9, 5]);
    expect(get(s, "ann").steady.concentrating).toBe("");
  });

  it("one who moves up among several without singling one out strikes one at random: the option and the result say so, the die's faces named", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "o1", side: "b", pos: 20, hitDice: 1, hitPoints: 9 },
      { id: "o2", side: "b", pos: 20, hitDice: 1, hitPoints: 9 },
    ]);
    ready(s);
    const labels = listActions(s, get(s, "ann"), 0).map((c) => c.label);
    expect(labels).toContain("move up to o1, then attack with the long sword: o1 or o2, rolled");
    expect(labels).not.toContain("attack o1 with the long sword (moving up first)");
    const t = new Table(["attack:o1:long-sword", [2], [15], [4]]);
    performSlot(s, get(s, "ann"), 0, t, []);
    expect([get(s, "o1").hp, get(s, "o2").hp]).toEqual([9, 5]);
    expect(t.asked).toContain("roll: ann's target (1 o1, 2 o2)");
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Multiple Melee Targets: ann moved up to o1 among o1, o2, none singled out: it attacks whoever the fight brings, o2 (not o1)",
    );
    // One foe there: the blow goes where it was aimed.
    const apart = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "o1", side: "b", pos: 20, hitDice: 1, hitPoints: 9 },
      { id: "o2", side: "b", pos: 40, hitDice: 1, hitPoints: 9 },
    ]);
    ready(apart);
    expect(listActions(apart, get(apart, "ann"), 0).map((c) => c.label)).toContain(
      "attack o1 with the long sword (moving up first)",
    );
  });

  it("a player who directs his attack against a specific opponent is treated by all other opponents as attacked from behind: for the whole round, even when he acts last", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "o1", side: "b", pos: 5, hitDice: 1, hitPoints: 9, weapons: ["long-sword"] },
      { id: "o2", side: "b", pos: 5, hitDice: 1, hitPoints: 9, weapons: ["long-sword"] },
    ]);
    s.round = 0;
    const t = new Table([
      "o1", // ann singles out o1 for the round, before initiative
      [1], // ann's initiative: she acts last
      [6],
      [5],
      0,
      1,
      1,
      "attack:ann:long-sword",
      [3],
      "attack:ann:long-sword",
      [3],
      "attack:o1:long-sword",
      [3],
    ]);
    playRound(s, t);
    // The foes in reach said as a list reads ("o1, o2" read as if a name were missing).
    expect(t.prompts[0]).toBe("ann has o1 and o2 in reach: does it single one out for the round?");
    const o2 = t.texts.find((x) => x.includes("o2's attack on ann"))!;
    expect(o2).toContain("+2 as from behind (it singled out another)");
    const o1 = t.texts.find((x) => x.includes("o1's attack on ann"))!;
    expect(o1).not.toContain("behind");
    // Singled out for the round, her attacks go to o1 (or at random): o2 is not hers to choose.
    const ann = get(s, "ann");
    ann.slots = [{ count: 1, use: "main", done: false, held: false }];
    ann.acted = false;
    const values = listActions(s, ann, 0).map((c) => c.value);
    expect(values).toContain("attack:o1:long-sword");
    expect(values).toContain("attack:random:long-sword");
    expect(values).not.toContain("attack:o2:long-sword");
  });
});

describe("4. The Combat Round", () => {
  it("characters can move up to half their speed and attack once: a two-weapon fighter who moves 15 ft has no second attack", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, offHand: "dagger" },
      { id: "bob", side: "b", pos: 20, ...sword, hitPoints: 30 },
    ]);
    const ann = get(s, "ann");
    ownSteady(ann).plan = "two-weapons";
    ann.slots = [
      { count: 5, use: "main", done: false, held: false },
      { count: 3, use: "off", done: false, held: false },
    ];
    performSlot(s, ann, 0, new Table(["attack:bob:long-sword", [15], [3]]), []);
    expect([ann.pos, get(s, "bob").hp]).toEqual([15, 27]);
    const second = listActions(s, ann, 1).map((c) => c.value);
    expect(second.filter((v) => v.startsWith("attack:"))).toEqual([]);
    // Half of its 60 ft and a sword's reach: a foe 40 ft away is closed with, not attacked.
    const far = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 40, ...sword },
    ]);
    ready(far);
    const first = listActions(far, get(far, "ann"), 0).map((c) => c.value);
    expect([first.includes("attack:bob:long-sword"), first.includes("close:bob")]).toEqual([
      false,
      true,
    ]);
    get(far, "bob").pos = 35;
    expect(listActions(far, get(far, "ann"), 0).map((c) => c.value)).toContain(
      "attack:bob:long-sword",
    );
    // Standing still, both attacks: the dagger is there for the second.
    const still = stateWith([
      { id: "ann", side: "a", ...sword, offHand: "dagger" },
      { id: "bob", side: "b", pos: 5, ...sword, hitPoints: 30 },
    ]);
    const a2 = get(still, "ann");
    ownSteady(a2).plan = "two-weapons";
    a2.slots = ann.slots.map((x) => ({ ...x, done: false }));
    performSlot(still, a2, 0, new Table(["attack:bob:long-sword", [15], [3]]), []);
    expect(listActions(still, a2, 1).map((c) => c.value)).toContain("attack:bob:dagger");
  });
});

describe("Unarmed Combat: wrestling and pushing", () => {
  it("the GM's common sense decides (by default: a much smaller foe is pinned, a massive one is not)", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, level: 6 },
      { id: "gob", side: "b", pos: 5, hitDice: 1, hitPoints: 5 },
      { id: "troll", side: "b", pos: 5, hitDice: 6, hitPoints: 30 },
    ]);
    ready(s);
    const t = new Table(["wrestle:gob", "policy"]);
    performSlot(s, get(s, "ann"), 0, t, []);
    expect(get(s, "gob").steady.pinnedThrough).toBe(2);
    get(s, "ann").acted = false;
    get(s, "ann").slots[0]!.done = false;
    performSlot(s, get(s, "ann"), 0, new Table(["shove:troll", "policy"]), []);
    expect(get(s, "troll").pos).toBe(5);
  });

  it("Fighting Defensively: the whole BCB on defence and no attacks gives +2 AC more than the whole BCB on AC", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "gob", side: "b", pos: 5, hitDice: 1, hitPoints: 5 },
    ]);
    ready(s);
    const ann = get(s, "ann");
    ownSteady(ann).bcbAttack = 0;
    ownSteady(ann).bcbAc = ann.sheet.bcb;
    const onAc = armourClass(s, ann, false, null);
    ownSteady(ann).fullDefence = true;
    expect(armourClass(s, ann, false, null)).toBe(onAc + 2);
    expect(listActions(s, ann, 0).filter((c) => c.value.startsWith("attack:"))).toEqual([]);
  });

  it("Fighting Defensively: one that gives all its BCB to defence makes no attacks, so it neither wrestles nor shoves", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "gob", side: "b", pos: 5, hitDice: 1, hitPoints: 5 },
    ]);
    ready(s);
    const ann = get(s, "ann");
    expect(listActions(s, ann, 0).map((c) => c.value)).toContain("wrestle:gob");
    ownSteady(ann).fullDefence = true;
    const values = listActions(s, ann, 0).map((c) => c.value);
    expect(values.filter((v) => /^(attack|wrestle|shove):/.test(v))).toEqual([]);
    expect(values).toContain("retreat:free");
  });

  it("Magic Use in Combat: a wizard who is even shoved while casting loses the spell", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      {
        id: "mage",
        side: "b",
        pos: 5,
        class: "magic-user",
        bcb: 0,
        spells: [{ name: "Sleep", effect: "out" }],
      },
    ]);
    ready(s);
    const mage = get(s, "mage");
    ownSteady(mage).plan = "cast";
    ownSteady(mage).castCount = 2;
    performSlot(s, get(s, "ann"), 0, new Table(["shove:mage", "pushed"]), []);
    expect([mage.pos, mage.disrupted]).toEqual([10, true]);
  });
});
