// Order of Battle, 3. Determine Initiative, 4. The Combat Round, 1. Determine Surprise, Surprise:
// whole rounds played with the dice stated.
import { describe, expect, it } from "vitest";
import { surpriseDieWith } from "../data/charts.js";
import { get, stateWith, Table } from "../test-support/table.js";
import { playRound } from "./round.js";

const sword = { class: "fighter", level: 1, hitPoints: 8, weapons: ["long-sword"] };

describe("3. Determine Initiative: the die by DEX, one roll per attack", () => {
  it("COMBAT INITIATIVE: d2 at DEX 3, d3 at 4-5, d4 at 6-8, d6 at 9-14, d8 at 15-17, d10 at 18-20, d12 at 21-24, d20 at 25", () => {
    const dice = [3, 4, 6, 9, 15, 18, 21, 25].map(
      (dex) => get(stateWith([{ id: "a", side: "a", dex }]), "a").sheet.initDie,
    );
    expect(dice).toEqual([2, 3, 4, 6, 8, 10, 12, 20]);
  });

  it("one roll is made for each attack: two weapons roll two initiative dice, one weapon one", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, offHand: "dagger" },
      { id: "bob", side: "b", pos: 5, ...sword },
    ]);
    const t = new Table(["two-weapons", [3], [5], [4], 0, 0, "wait", "wait", "wait"]);
    playRound(s, t);
    expect(t.asked.filter((a) => a.includes("initiative"))).toHaveLength(3);
    expect(get(s, "ann").slots.map((x) => x.count)).toEqual([3, 5]);
  });

  it("a roll above 10 acts before every 10 (switch initiativeAbove10: first); counted as 10 it acts with them, simultaneously", () => {
    for (const [above, asked] of [
      ["first", false],
      ["ten", true],
    ] as const) {
      const s = stateWith(
        [
          { id: "ann", side: "a", ...sword, dex: 21, str: 18 },
          { id: "bob", side: "b", pos: 5, ...sword, initiativeDie: 10, hitPoints: 1 },
        ],
        { initiativeAbove10: above, characterAtZero: "dead" },
      );
      const t = new Table([
        [12],
        [10],
        0,
        0,
        "attack:bob:long-sword",
        [15],
        [3],
        "attack:ann:long-sword",
        [2],
      ]);
      try {
        playRound(s, t);
      } catch {
        // "first": the script has a decision left over for bob, who never acts.
      }
      expect(get(s, "bob").status).toBe("dead");
      expect(t.asked.includes("bob:action")).toBe(asked);
    }
  });

  it("ties act simultaneously: two combatants can kill each other in the same round", () => {
    const s = stateWith(
      [
        { id: "ann", side: "a", ...sword, hitPoints: 2 },
        { id: "bob", side: "b", pos: 5, ...sword, hitPoints: 2 },
      ],
      { characterAtZero: "dead" },
    );
    playRound(
      s,
      new Table([
        [4],
        [4],
        0,
        0,
        "attack:bob:long-sword",
        [15],
        [5],
        "attack:ann:long-sword",
        [15],
        [5],
      ]),
    );
    expect([get(s, "ann").status, get(s, "bob").status]).toEqual(["dead", "dead"]);
  });

  it("Order of Battle: surprise, spells declared, initiative, then the count from the highest down, each acting on its number, the held actions after 1; then the next round", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      {
        id: "mage",
        side: "b",
        pos: 5,
        class: "magic-user",
        level: 3,
        bcb: 0,
        hitPoints: 20,
        spells: [{ name: "Magic Missile", damage: "1d4+1", range: 60 }],
      },
    ]);
    s.round = 0;
    s.start = { ...s.start, surprise: "roll" };
    const t = new Table([
      [4],
      [5],
      "cast:magic-missile:ann",
      [2],
      [5],
      0,
      [3],
      "hold",
      "attack:mage:long-sword",
      [3],
    ]);
    playRound(s, t);
    expect(t.asked).toEqual([
      expect.stringContaining("roll: ann's surprise die"),
      expect.stringContaining("roll: mage's surprise die"),
      "mage:plan",
      expect.stringContaining("roll: ann's initiative"),
      expect.stringContaining("roll: mage's initiative"),
      "ann:bcb",
      expect.stringContaining("roll: Magic Missile's damage to ann"),
      "ann:action",
      "ann:action",
      expect.stringContaining("roll: ann's attack on mage"),
    ]);
    expect(get(s, "ann").hp).toBe(4);
    // The next round begins again with the declarations: no more surprise.
    const t2 = new Table([[1], [2], 0, 0, "wait", "wait"]);
    playRound(s, t2);
    expect(s.round).toBe(2);
    expect(t2.asked[0]).toContain("roll: ann's initiative");
  });

  it("Order of Battle: whoever held its action acts after the count reaches 1", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 5, ...sword },
    ]);
    const t = new Table([[6], [1], 0, 0, "hold", "wait", "attack:bob:long-sword", [2]]);
    playRound(s, t);
    expect(t.asked.slice(-4)).toEqual([
      "ann:action",
      "bob:action",
      "ann:action",
      expect.stringContaining("roll: ann's attack"),
    ]);
    expect(t.texts).toContain(
      "swords-wizardry-fitz, Order of Battle: ann holds its action to the end of the round",
    );
  });
});

describe("Base Combat Bonuses", () => {
  it("the BCB goes to hit, to AC or both, the split never more than the total", () => {
    for (const [answer, split] of [
      [2, [2, 0]],
      [0, [0, 2]],
      [1, [1, 1]],
    ] as const) {
      const s = stateWith([
        { id: "ann", side: "a", ...sword, level: 3 },
        { id: "bob", side: "b", pos: 5, ...sword },
      ]);
      playRound(s, new Table([[5], [2], answer, 0, "wait", "wait"]));
      expect([get(s, "ann").steady.bcbAttack, get(s, "ann").steady.bcbAc]).toEqual(split);
    }
    const s = stateWith([
      { id: "ann", side: "a", ...sword, level: 3 },
      { id: "bob", side: "b", pos: 5, ...sword },
    ]);
    expect(() => playRound(s, new Table([[5], [2], 3]))).toThrow(/bcb: 3 is not allowed/);
  });
});

describe("Surprise", () => {
  it("surprised on a 1 or 2 of the d6; the number rolled is how many segments, each played as a full round", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 5, ...sword, hitPoints: 30 },
    ]);
    s.round = 0;
    s.start = { ...s.start, surprise: "roll" };
    const t = new Table([[4], [2], [3], 0, "attack:bob:long-sword", [3]]);
    playRound(s, t);
    expect(s.segments).toBe(2);
    expect(get(s, "bob").steady.surprisedFor).toBe(2);
    expect(t.asked).not.toContain("bob:bcb");
    // The second segment: bob is still surprised.
    const t2 = new Table([[5], 0, "attack:bob:long-sword", [3]]);
    playRound(s, t2);
    expect(t2.asked).not.toContain("bob:action");
    // The first real round: bob acts.
    const t3 = new Table([[5], [2], 0, 0, "wait", "wait"]);
    playRound(s, t3);
    expect(t3.asked).toContain("bob:action");
  });

  it("alert creatures are surprised only on a 1; a 1 always surprises", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword, surprisedOn: 1 },
      { id: "bob", side: "b", pos: 5, ...sword },
    ]);
    s.round = 0;
    s.start = { ...s.start, surprise: "roll" };
    playRound(s, new Table([[2], [3], [3], [3], 0, 0, "wait", "wait"]));
    expect(get(s, "ann").steady.surprisedFor).toBe(0);
  });

  // 1. Determine Surprise: high or low wisdom, keen or dull senses may modify the surprise roll.
  it("dull senses are surprised on a 1-3 of the d6: a 3 is three segments; the file cannot make the d6 surprise on a 6", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 5, ...sword, surprisedOn: 3 },
    ]);
    s.round = 0;
    s.start = { ...s.start, surprise: "roll" };
    playRound(s, new Table([[4], [3], [3], 0, "wait"]));
    expect([get(s, "bob").steady.surprisedFor, s.segments]).toEqual([3, 3]);
    expect(() => stateWith([{ id: "a", side: "a", surprisedOn: 6 }])).toThrow(
      /surprisedOn is below the surprise die/,
    );
  });

  it("a vision-restricting helm drops the surprise die: a closed armet turns the d6 into a d3, a closed helm into a d4", () => {
    expect(surpriseDieWith(6, 2)).toBe(3);
    expect(surpriseDieWith(6, 1)).toBe(4);
    expect(get(stateWith([{ id: "a", side: "a", helm: "armet" }]), "a").sheet.surpriseDie).toBe(3);
    expect(
      get(stateWith([{ id: "a", side: "a", surpriseDie: 10, helm: "closed" }]), "a").sheet
        .surpriseDie,
    ).toBe(8);
  });

  it("when everyone is surprised, the segments in which nobody could act are not played", () => {
    const s = stateWith([
      { id: "ann", side: "a", ...sword },
      { id: "bob", side: "b", pos: 5, ...sword },
    ]);
    s.round = 0;
    s.start = { ...s.start, surprise: "roll" };
    playRound(s, new Table([[1], [2], [3], 0, "wait"]));
    expect([
      get(s, "ann").steady.surprisedFor,
      get(s, "bob").steady.surprisedFor,
      s.segments,
    ]).toEqual([0, 1, 1]);
  });

  it("1. Determine Surprise: an ambush with a 50% chance gives the ambushers a free phase when it succeeds", () => {
    for (const [d100, segments] of [
      [[30], 1],
      [[80], 0],
    ] as const) {
      const s = stateWith([
        { id: "ann", side: "a", ...sword },
        { id: "bob", side: "b", pos: 5, ...sword },
      ]);
      s.round = 0;
      s.start = { surprise: "ambush", ambusher: "b", ambushChance: 50, ambushSegments: 1 };
      const t = new Table([
        d100,
        [3],
        ...(segments === 0 ? [[3], 0, 0, "wait", "wait"] : [0, "wait"]),
      ]);
      playRound(s, t);
      const said = t.explanations.map((e) => e.text);
      expect(s.segments).toBe(segments);
      // The ambushers by name ("the b side gets" read the side's id as a word).
      expect(said).toContain(
        segments === 1
          ? "the ambush succeeds: bob gets 1 free phase before the first initiative roll"
          : "the ambush fails: nobody is surprised",
      );
    }
  });
});
