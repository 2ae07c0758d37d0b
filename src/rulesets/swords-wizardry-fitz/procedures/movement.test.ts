// Charging into combat, Closing into combat, Retreating, Movement within Melee, Spears and
// Polearms, Shield-wall: moves on the line with the dice stated.
import { describe, expect, it } from "vitest";
import { get, stateWith, Table } from "../test-support/table.js";
import { armourClass } from "./combat-numbers.js";
import { listActions, reachable } from "./actions.js";
import { readyForFreeAttack, resolveAttack } from "./attack.js";
import { moveToward, retreat } from "./movement.js";
import { playRound } from "./round.js";
import { performSlot } from "./slot.js";
import { wallNeighbours } from "./shield-wall.js";
import { order } from "../views.js";
import { ownSteady } from "../own-steady.js";

const sword = { class: "fighter", level: 3, hitPoints: 20, weapons: ["long-sword"] };

describe("Charging into combat", () => {
  it("declared before initiative; the full move in a straight line and one attack, with no DEX or BCB on AC that round", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, dex: 15 },
      { id: "bob", side: "b", pos: 50, ...sword },
    ]);
    const t = new Table(["charge:bob", "fight", [5], [2], 0, [12], [4], "wait"]);
    playRound(s, t);
    const ann = get(s, "ann");
    expect(ann.pos).toBe(45);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Charging into combat: ann declares: charge bob (50 ft) with the long sword: no DEX or BCB to AC",
    );
    expect(t.texts.some((x) => x.includes("ann's charge on bob"))).toBe(true);
    // Through the round her AC has no DEX (+1) and no BCB.
    expect(armourClass(s, ann, false, null)).toBe(10);
  });
});

describe("Closing into combat", () => {
  it("up to the full move, ending adjacent; neither gets a melee attack on the other that round: the closer none at all, its foe none on it", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 50, ...sword },
      { id: "cat", side: "b", pos: 50, ...sword },
    ]);
    const t = new Table([
      "fight",
      "fight",
      "fight",
      [5],
      [2],
      [1],
      0,
      "defend",
      "defend",
      "close:bob",
      "wait",
      "wait",
    ]);
    playRound(s, t);
    const ann = get(s, "ann");
    const bob = get(s, "bob");
    const cat = get(s, "cat");
    expect(ann.pos).toBe(45);
    expect(ann.closedWith).toBe("bob");
    expect(reachable(s, bob, ann, bob.steady.weapons[0]!, false)).toBe(false);
    expect(reachable(s, ann, cat, ann.steady.weapons[0]!, false)).toBe(false);
    expect(reachable(s, cat, ann, cat.steady.weapons[0]!, false)).toBe(true);
  });
});

describe("Retreating", () => {
  const near = () =>
    stateWith([
      { id: "ann", side: "a", ...sword, dex: 12 },
      { id: "bob", side: "b", pos: 5, ...sword },
    ]);

  it("up to a quarter of speed (switch retreatFree) costs nothing", () => {
    const s = near();
    retreat(s, get(s, "ann"), "free", new Table([]));
    expect(get(s, "ann").pos).toBe(-15);
    expect(get(s, "ann").retreat).toBe(0);
  });

  it("up to half speed: -2 AC and a DEX roll; a stumble gives the opponent a free attack and costs the next round's half-move", () => {
    const s = near();
    s.combatants[1]!.slots = [{ count: 1, use: "main", done: false, held: false }];
    const t = new Table([[15], [3]]);
    retreat(s, get(s, "ann"), "careful", t);
    const ann = get(s, "ann");
    expect([ann.pos, ann.retreat, ann.steady.proneRound]).toEqual([-30, 2, 2]);
    expect(t.asked[1]).toContain("roll: bob's attack on ann");
  });

  it("any faster: -4 AC and a free attack it may not reply to; clear of every foe at the round's end, it has left the fight", () => {
    const s = near();
    s.round = 0;
    const t = new Table([[5], [2], 0, 0, "retreat:run", [3], "wait"]);
    playRound(s, t);
    expect(get(s, "ann").pos).toBe(-60);
    expect(get(s, "ann").status).toBe("fled");
  });

  it("running grants an opponent (one) an immediate free attack, not every foe beside the runner: the GM says which, by default the one that hurts most", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 5, ...sword, weapons: ["dagger"] },
      { id: "cat", side: "b", pos: 5, ...sword, weapons: ["two-handed-sword"] },
    ]);
    const t = new Table(["policy", [3]]);
    const ann = get(s, "ann");
    const ac = armourClass(s, ann, false, null);
    retreat(s, ann, "run", t);
    expect(t.asked).toEqual([
      "gm:free-attack",
      expect.stringContaining("roll: cat's attack on ann"),
    ]);
    expect(t.texts[1]).toContain(`against AC ${ac - 4}`);
    expect(s.freeAttacker).toBe("");
  });

  it("while the free attack waits for its die, the turn order says so on the one taking it, not its own count", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 5, ...sword, weapons: ["dagger"] },
      { id: "cat", side: "b", pos: 5, ...sword, weapons: ["two-handed-sword"] },
    ]);
    // The script runs out at the free attack's die: the state as the fight waits for it.
    expect(() => retreat(s, get(s, "ann"), "run", new Table(["policy"]))).toThrow(/ran out/);
    expect(s.freeAttacker).toBe("cat");
    expect(order(s, "cat").entries.find((e) => e.id === "cat")).toEqual({
      id: "cat",
      state: "acting",
      note: "free attack",
    });
  });

  it("faster still: -4 AC and a free attack the runner may not reply to: having turned tail, it attacks no more that round, neither with its second weapon on a foe that follows it nor as a free attack", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, offHand: "dagger" },
      { id: "bob", side: "b", pos: 5, ...sword, hitPoints: 30 },
    ]);
    const ann = get(s, "ann");
    const bob = get(s, "bob");
    ownSteady(ann).plan = "two-weapons";
    ann.slots = [
      { count: 5, use: "main", done: false, held: false },
      { count: 3, use: "off", done: false, held: false },
    ];
    const ac = armourClass(s, ann, false, null);
    const t = new Table(["retreat:run", [3]]);
    performSlot(s, ann, 0, t, []);
    expect(t.texts[1]).toContain(`against AC ${ac - 4}`);
    expect(t.asked).toEqual(["ann:action", expect.stringContaining("roll: bob's attack on ann")]);
    // Bob follows her: before she ran, her dagger could have struck him; now only hold or wait.
    bob.pos = ann.pos + 5;
    expect(listActions(s, ann, 1).map((c) => c.value)).toEqual(["hold", "wait"]);
    expect(readyForFreeAttack(s, ann)).toBe(false);
    // The next round she may fight again.
    ann.fleeing = false;
    expect(listActions(s, ann, 1).map((c) => c.value)).toContain("attack:bob:dagger");
  });

  it("a stumble backing away at half speed gives the opponent (one) a free attack", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, dex: 12 },
      { id: "bob", side: "b", pos: 5, ...sword },
      { id: "cat", side: "b", pos: 5, ...sword },
    ]);
    const t = new Table([[15], "bob", [3]]);
    retreat(s, get(s, "ann"), "careful", t);
    expect(t.asked.slice(1)).toEqual([
      "gm:free-attack",
      expect.stringContaining("roll: bob's attack on ann"),
    ]);
  });
});

describe("Movement within Melee", () => {
  it("moving through a defended hex draws a free attack; a hit fends the mover into an adjacent hex, either way (1d2)", () => {
    for (const [way, pos] of [
      [[1], 5],
      [[2], 15],
    ] as const) {
      const s = stateWith([
        { id: "ann", side: "a", ...sword },
        { id: "bob", side: "b", pos: 10, ...sword },
        { id: "cat", side: "b", pos: 30, ...sword },
      ]);
      const t = new Table([[15], [3], way]);
      moveToward(s, get(s, "ann"), get(s, "cat"), 5, 60, t);
      expect(get(s, "ann").pos).toBe(pos);
      expect(t.texts.some((x) => x.includes("moves through bob's hex"))).toBe(true);
    }
  });

  it("it applies only to a creature moving through the controlled area, not one moving in to attack", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 20, ...sword },
    ]);
    const t = new Table([]);
    moveToward(s, get(s, "ann"), get(s, "bob"), 5, 30, t);
    expect([get(s, "ann").pos, t.asked]).toEqual([15, []]);
  });
});

describe("Closing into combat and Movement within Melee", () => {
  it("a foe that closed into combat this round gets no melee attack that round, not even a free attack on someone passing its hex", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 10, ...sword },
      { id: "cat", side: "b", pos: 30, ...sword },
      { id: "dan", side: "a", pos: 15, ...sword },
    ]);
    get(s, "bob").closedWith = "dan";
    const t = new Table([]);
    moveToward(s, get(s, "ann"), get(s, "cat"), 5, 60, t);
    expect(get(s, "ann").pos).toBe(25);
    expect(t.asked).toEqual([]);
    expect(
      reachable(s, get(s, "bob"), get(s, "ann"), get(s, "bob").steady.weapons[0]!, false),
    ).toBe(false);
  });
});

describe("Spears and Polearms", () => {
  const line = (massive: boolean) =>
    stateWith([
      { id: "spear", side: "a", ...sword, weapons: ["spear"] },
      { id: "bob", side: "b", pos: 40, ...sword, massive },
    ]);

  it("a spear strikes a foe coming at it before it has closed to arm's reach, and a hit fends it off for the round", () => {
    const s = line(false);
    get(s, "spear").slots = [{ count: 1, use: "main", done: false, held: false }];
    const t = new Table([true, [15], [2], "policy"]);
    moveToward(s, get(s, "bob"), get(s, "spear"), 5, 60, t);
    expect(get(s, "bob").pos).toBe(10);
    expect(get(s, "bob").fendedBy).toBe("spear");
    expect(get(s, "spear").slots[0]!.done).toBe(true);
    expect(
      reachable(s, get(s, "bob"), get(s, "spear"), get(s, "bob").steady.weapons[0]!, true),
    ).toBe(false);
  });

  it("a massive or determined opponent may not be dissuaded (the GM's default for a massive one)", () => {
    const s = line(true);
    get(s, "spear").slots = [{ count: 1, use: "main", done: false, held: false }];
    moveToward(s, get(s, "bob"), get(s, "spear"), 5, 60, new Table([true, [15], [2], "policy"]));
    expect(get(s, "bob").pos).toBe(5);
  });

  it("pikes reach from the third rank; once the foe is in the adjacent hex a long spear or pike is useless", () => {
    const s = stateWith([
      { id: "pike", side: "a", ...sword, weapons: ["pike"] },
      { id: "bob", side: "b", pos: 15, ...sword },
    ]);
    const pike = get(s, "pike");
    expect(reachable(s, pike, get(s, "bob"), pike.steady.weapons[0]!, false)).toBe(true);
    get(s, "bob").pos = 5;
    expect(reachable(s, pike, get(s, "bob"), pike.steady.weapons[0]!, false)).toBe(false);
  });
});

describe("Shield-wall", () => {
  const wall = () => {
    const s = stateWith([
      { id: "l", side: "a", ...sword, shield: "shield", dex: 15 },
      { id: "c", side: "a", ...sword, shield: "shield" },
      { id: "r", side: "a", ...sword, shield: "shield", dex: 5 },
      { id: "foe", side: "b", pos: 5, ...sword },
    ]);
    s.walls = [["l", "c", "r"]];
    return s;
  };

  it("the flanks at +2 and the centre at +3 (their own shield and their neighbours'), with no DEX bonus but a low DEX's penalty", () => {
    const s = wall();
    expect([0, 1, 2].map((i) => wallNeighbours(s, s.combatants[i]!))).toEqual([1, 2, 1]);
    // Base 10 + shield 1, then the neighbours' shields; l loses its DEX +1, r keeps its -1.
    expect(armourClass(s, get(s, "l"), false, null)).toBe(12);
    expect(armourClass(s, get(s, "c"), false, null)).toBe(13);
    expect(armourClass(s, get(s, "r"), false, null)).toBe(11);
  });

  it("from the flanks or rear they get no shield bonus at all", () => {
    const s = wall();
    const behind = stateWith([
      ...["l", "c", "r"].map((id) => ({ id, side: "a", ...sword, shield: "shield" })),
      { id: "foe", side: "b", pos: 5, ...sword },
      { id: "sneak", side: "b", pos: -5, ...sword },
    ]);
    behind.walls = s.walls;
    const t = new Table([[3]]);
    const sneak = get(behind, "sneak");
    resolveAttack(behind, sneak, get(behind, "c"), sneak.steady.weapons[0]!, "main", "normal", t);
    expect(t.texts[0]).toContain("against AC 10 (11 base -1 shield-wall taken from the rear)");
  });

  it("the wall marches in step, and breaks when a member falls out of line", () => {
    const s = wall();
    moveToward(s, get(s, "c"), get(s, "foe"), 5, 30, new Table([]));
    expect(s.combatants.slice(0, 3).map((c) => c.pos)).toEqual([0, 0, 0]);
    get(s, "foe").pos = 20;
    moveToward(s, get(s, "c"), get(s, "foe"), 5, 30, new Table([]));
    expect(s.combatants.slice(0, 3).map((c) => c.pos)).toEqual([15, 15, 15]);
    get(s, "l").pos = 0;
    expect(wallNeighbours(s, get(s, "l"))).toBe(-1);
    expect(wallNeighbours(s, get(s, "c"))).toBe(1);
  });
});
