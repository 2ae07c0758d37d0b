// The last result as a side's players see it: the GM's rulings inside a step are among its lines,
// filtered by the side as its rolls and results are.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { autoStep } from "../engine/autoplay.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { actionStart, blowSoFar, lastResult, type LastResult } from "../engine/last-result.js";
import { exampleFiles } from "../engine/test-support/scripted.js";
import { skirmish } from "../engine/test-support/skirmish.js";
import { dungeonsOfOlde } from "../rulesets/dungeons-of-olde/index.js";
import { karn } from "../rulesets/karn/index.js";
import { swordsWizardryFitz } from "../rulesets/swords-wizardry-fitz/index.js";
import { loadEncounter, play } from "../rulesets/swords-wizardry-fitz/test-support/play.js";
import { tnt } from "../rulesets/tnt/index.js";
import { namedCombatants } from "./player-json.js";
import {
  questionFor,
  sideBlow,
  sideOutcome,
  sideReader,
  sideResult,
  withoutNumbers,
} from "./player-result.js";

const file = fileURLToPath(
  new URL("../engine/test-support/files/skirmish-duel.yaml", import.meta.url),
);
const named = [
  { id: "ann", name: "Ann", side: "red" },
  { id: "bob", name: "Bob", side: "blue" },
];

/** Ann's blow of 6 on Bob, and the GM's bonus point granted after its damage die. */
function bonusGranted(): Encounter {
  const duel = parseEncounterFile(parse(readFileSync(file, "utf8")), { skirmish }, "duel.yaml");
  const e = new Encounter(duel);
  e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
  e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
  e.give({ kind: "roll", label: "", value: 6, dice: "[6] = 6", by: "table" });
  e.give({ kind: "decide", actor: "gm", question: "bonus", value: true });
  return e;
}

describe("a side's last result", () => {
  it("shows the victim's side its Mighty Blow roll, whose save's number is the victim's own", () => {
    // swords-wizardry-fitz's Blogo walloped (golden.test.ts): the ogre's natural 20, Blogo's
    // effect die 19 and save 17. Labelled "... against Grashnak the ogre's Mighty Blow: the
    // effect die then the save die (needs 10)", the 10 and the dice were taken for the ogre's
    // (they follow its name): Blogo's side lost its own roll.
    const e = play(loadEncounter("blogo-walloped.yaml"), [
      ...["fight", [2], [5], 0, 4, "attack:blogo:club", [20], [3], [19, 17]],
    ] as const);
    const party = sideResult(lastResult(e), e, namedCombatants(e), "party")!;
    expect(party.rolls.map((r) => r.label)).toContain(
      "Blogo's effect and save against the Mighty Blow: the effect die then the save die (needs 10)",
    );
  });

  it("has the GM's ruling inside the step among its lines, placed among the rolls it sees", () => {
    const e = bonusGranted();
    const ruling = { question: "Does the blow earn a bonus point?", answer: "yes" };
    // Ann's side sees her damage die, then the ruling (not Bob's hit points left).
    expect(sideResult(lastResult(e), e, named, "red")).toMatchObject({
      rolls: [{ label: "Ann's damage" }],
      rulings: [{ ...ruling, rollsBefore: 1 }],
      withheld: 1,
    });
    // Bob's side does not see Ann's die (another side's number): the ruling comes first.
    expect(sideResult(lastResult(e), e, named, "blue")).toMatchObject({
      rolls: [],
      rulings: [{ ...ruling, rollsBefore: 0 }],
      withheld: 2,
    });
  });

  it("says what the GM tells at the table without its numbers: a kept roll by what it rolls for, a kept ruling by its question, the rules kept by their titles", () => {
    const e = bonusGranted();
    const result = lastResult(e)!;
    const rolls = [
      { label: "Bob's attack on Ann with the mace (needs 13)", dice: "[9] = 9", total: 9 },
      { label: "Bob's active defence against 20", dice: "[8] = 8", total: 8 },
      { label: "Bob's damage", dice: "[5] = 5", total: 5 },
      { label: "Bob's damage", dice: "[2] = 2", total: 2 },
    ];
    const rulings = [
      {
        question: "Bob (7/7 HP): does it fight on, flee or surrender?",
        answer: "flees",
        rollsBefore: 4,
      },
      { question: "What DC for Bob to hide?", answer: "15", rollsBefore: 4 },
    ];
    const explanations = [
      { rule: "skirmish, Melee Attacks", text: "Bob's attack on Ann: needs 13: hit" },
      { rule: "skirmish, Damage", text: "Bob's damage: 5" },
      { rule: "skirmish, Damage", text: "Bob's damage: 2" },
      { rule: "skirmish, Morale", text: "Bob flees" },
    ];
    const red = sideResult({ ...result, rolls, rulings, explanations }, e, named, "red")!;
    expect(red.withheld).toBe(8);
    expect(red.told).toEqual([
      "Bob's attack on Ann with the mace",
      "Bob's active defence",
      "Bob's damage",
      "the GM's answer to “What DC for Bob to hide?”",
    ]);
    // A ruling answered in words is said, its question without Bob's hit points.
    expect(red.rulings.map((r) => `${r.question} The GM ruled: ${r.answer}`)).toEqual([
      "Bob: does it fight on, flee or surrender? The GM ruled: flees",
    ]);
    expect(red.rules).toEqual(["Melee Attacks", "Damage"]);
    // A name's own digits are no number of its: the text goes on past them.
    const orcs = [...named, { id: "orc-3", name: "Orc 3", side: "blue" }];
    expect(withoutNumbers("Orc 3's target (1 Ann, 2 Bob)", orcs)).toBe("Orc 3's target");
    expect(withoutNumbers("Orc 3 rolls 16 + 0 = 16", orcs)).toBe("Orc 3");
  });

  it("says a ruling that gives another side's number without it, and keeps one answered with a number for the GM", () => {
    const e = bonusGranted();
    const result = lastResult(e)!;
    const rulings = [
      { question: "Bob is surprised: does his DEX bonus (2) count?", answer: "no", rollsBefore: 1 },
      { question: "What DC for Ann to hide?", answer: "15", rollsBefore: 1 },
    ];
    const red = sideResult({ ...result, rulings }, e, named, "red")!;
    // What the GM ruled, in the question's words less Bob's DEX (the Friday rehearsal's phones
    // read "The GM tells at the table: the GM's answer to “…DEX…”" and not the answer).
    expect(red.rulings).toEqual([
      { question: "Bob is surprised: does his DEX bonus count?", answer: "no", rollsBefore: 1 },
    ]);
    expect(red.told).not.toContainEqual(expect.stringMatching(/DEX/u));
    expect(red.withheld).toBe(2);
    // Bob's own side reads his DEX; the DC is the GM's to tell either way.
    const blue = sideResult({ ...result, rulings }, e, named, "blue")!;
    expect(blue.rulings.map((r) => r.question)).toEqual([rulings[0]!.question]);
  });

  it("shows a ruling answered with a distance, which the table sees (cartyrion's Dash and Charge)", () => {
    const e = bonusGranted();
    const result = lastResult(e)!;
    const rulings = [
      { question: "How many feet beyond its Move (40 ft) does Ann's Dash carry it?", answer: "40" },
      {
        question: "How many feet beyond its Move (30 ft) does Bob's Charge carry it?",
        answer: "25",
      },
    ].map((r) => ({ ...r, rollsBefore: 1 }));
    // Both sides read both: how far a combatant went is on the table.
    for (const side of ["red", "blue"]) {
      expect(sideResult({ ...result, rulings }, e, named, side)!.rulings).toHaveLength(2);
    }
    // Not a number that is no distance, whose question gives another side's number.
    const other = [{ question: "How many feet is Bob's DC (12)?", answer: "15", rollsBefore: 1 }];
    expect(sideResult({ ...result, rulings: other }, e, named, "red")!.rulings).toEqual([]);
  });

  it("shows a combatant's decision inside the blow to its side, to another when its words give no number of theirs", () => {
    const e = bonusGranted();
    const result = lastResult(e)!;
    const bob = { id: "bob", name: "Bob" };
    const rulings = [
      // Bob's answer to Ann's blow, asked with Ann's kept die: the question is his side's alone.
      { question: "Ann's attack scores 6: how does Bob defend?", answer: "passive defence" },
      { question: "Bob has 3 dice: how many defend?", answer: "2 dice" },
    ].map((r) => ({ ...r, rollsBefore: 1, decider: bob }));
    const blue = sideResult({ ...result, rulings }, e, named, "blue")!;
    expect(blue.rulings).toEqual(rulings.map((r) => ({ ...r, rollsBefore: 0 })));
    // Ann's side reads Bob's answer with the question that gives her own score (it names Bob
    // but gives no number of his); not his "2 dice", a number of Bob's.
    const red = sideResult({ ...result, rulings }, e, named, "red")!;
    expect(red.rulings).toEqual([{ ...rulings[0], rollsBefore: 1 }]);
  });

  it("reads a foe's move by its distances, which the table sees, and still keeps its numbers", () => {
    const bridge = [
      { id: "brenna", name: "Brenna", side: "party" },
      { id: "archer", name: "Fletch", side: "bandits" },
      { id: "cudgel", name: "Cudgel", side: "bandits" },
    ];
    const party = sideReader(bridge, "party");
    // What a player at the table sees happen to them (dungeons-of-olde, swords-wizardry-fitz).
    expect(party("Fletch: shoot the shortbow at Brenna from range 10")).toBe(true);
    expect(party("Cudgel: charge Brenna (15 ft) with the mace: no DEX or BCB to AC")).toBe(true);
    expect(party("Cudgel moves 10 ft toward Brenna (now 5 ft apart)")).toBe(true);
    expect(party("Fletch: take position against Brenna: to range 1 (moving 4 spaces)")).toBe(true);
    // A foe's action points, hit points and what it needs stay the GM's.
    expect(party("Fletch attacks Brenna (2 AP, 7 left) at range 10")).toBe(false);
    expect(party("Cudgel takes 4: 0/10 HP")).toBe(false);
    expect(party("Cudgel's attack on Brenna with the mace (needs 10)")).toBe(false);
  });

  it("reads a side's own figures in a text that names a foe, never a foe's figures", () => {
    const pass = [
      { id: "aldric", name: "Aldric", side: "party" },
      { id: "osric", name: "Osric", side: "party" },
      { id: "cutter", name: "Cutter", side: "bandits" },
      { id: "kell", name: "Kell", side: "bandits" },
    ];
    const party = sideReader(pass, "party");
    const bandits = sideReader(pass, "bandits");
    // The subject's action points, its score, its actions left, its move along the line.
    for (const own of [
      "Aldric attacks Cutter (2 AP, 3 left) at reach 1",
      "Aldric takes position against Cutter: 1 space, from 2 to 3 (range 2; 1 AP)",
      "Osric's attack scores 6: how does Cutter defend?",
      "Osric has 12 quarter actions left: a counterattack or other action? follow Kell",
    ])
      expect([own, party(own)]).toEqual([own, true]);
    // Another side's: what the attack needs (the target's armour in it), the target's damage
    // reduction, a foe's bonus after the side's name, the subject's ALT after a foe's name, a
    // foe's action points wherever they stand, a foe's dice after the side's.
    for (const theirs of [
      "Osric's attack on Cutter with the mace (needs 13)",
      "Aldric's broadsword rolls d8: 2; raw damage 2, less Cutter's DR 1: 1 damage",
      "Kell will block Osric's counterattack with a saved half action (+5)",
      "Cutter attacks Aldric (2 AP, 3 left) at reach 1",
      "Kell's strike at Osric with the hand axe against Osric's dodge strike 2 + 2 = 4; defence 11 + 3 = 14",
    ])
      expect([theirs, party(theirs)]).toEqual([theirs, false]);
    const notice = "Osric notices Kell's flight (ALT 55 - 20% = 35%) and can react";
    expect(bandits(notice)).toBe(false);
    expect(bandits("Aldric attacks Cutter (2 AP, 3 left) at reach 1")).toBe(false);
  });

  it("shows dungeons-of-olde's attacker its action points as it attacks a foe, and not the foe's side", () => {
    const registry = { "dungeons-of-olde": dungeonsOfOlde };
    const file = exampleFiles(registry, "dungeons-of-olde").loadEncounter(
      "ambush-at-the-old-bridge.yaml",
    );
    const e = new Encounter(file);
    const attack = /^(.+) attacks (.+) \(2 AP, \d+ left\) at (?:reach|range) \d+$/;
    let seen = 0;
    while (autoStep(e, 1)) {
      const result = lastResult(e)!;
      const named = namedCombatants(e);
      const sideOf = (name: string) => named.find((c) => c.name === name)!.side;
      const read = (side: string) =>
        sideResult(result, e, named, side)!.explanations.map((x) => x.text);
      for (const { text } of result.explanations) {
        const [, attacker, target] = attack.exec(text) ?? [];
        if (attacker === undefined || target === undefined) continue;
        seen += 1;
        expect(read(sideOf(attacker))).toContain(text);
        expect(read(sideOf(target))).not.toContain(text);
      }
      // A foe's damage reduction stays the GM's: the attacker's side never reads it.
      for (const { text } of result.explanations) {
        const dr = /^(\w+)'s .* less (\w+)'s DR \d+/.exec(text);
        if (dr !== null) expect(read(sideOf(dr[1]!))).not.toContain(text);
      }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it("shows a player the dice they gave on their screen, though they name another side's die", () => {
    const e = bonusGranted();
    const result = lastResult(e)!;
    // karn's strike against a dodge, both dice typed by Ann's player Bea: Bob's die is in it.
    const strike = {
      label: "Ann's strike at Bob against Bob's dodge",
      dice: "strike 17 + 1 = 18; defence 1 (natural 1)",
      total: 18,
      by: "table" as const,
      player: "Bea",
    };
    const rolls = [strike];
    expect(sideResult({ ...result, rolls }, e, named, "red", "Bea")?.rolls).toEqual([strike]);
    // Another player of the side, or the side's view with no player, does not read Bob's die.
    expect(sideResult({ ...result, rolls }, e, named, "red", "Cal")?.rolls).toEqual([]);
    expect(sideResult({ ...result, rolls }, e, named, "red")?.rolls).toEqual([]);
  });
});

/** tnt's group fight played as `fray play --auto --seed 3` does, up to `answers` answers. */
function groupFight(answers: number): Encounter {
  const e = new Encounter(exampleFiles({ tnt }, "tnt").loadEncounter("group-fight.yaml"));
  while (e.log.length < answers && autoStep(e, 3));
  return e;
}

describe("a side's blow, as the GM's page tells it", () => {
  it("opens the last result with what the blow did: whole on the side's own, a foe's without its numbers", () => {
    // Answer 34 of tnt's group fight: Oswin's blow felled Cutter (18 HP at most).
    const e = groupFight(34);
    const named = namedCombatants(e);
    expect(lastResult(e)?.outcome).toEqual([
      "Oswin hits Cutter with the spear: -11 HP (to -4/18 HP), taken out",
    ]);
    // The bandits read their own Cutter's hit points; Oswin's side reads that Cutter fell.
    expect(sideResult(lastResult(e), e, named, "bandits")?.outcome).toEqual([
      "Oswin hits Cutter with the spear: -11 HP (to -4/18 HP), taken out",
    ]);
    expect(sideResult(lastResult(e), e, named, "sellswords")?.outcome).toEqual([
      "Oswin hits Cutter with the spear: taken out",
    ]);
    // A line with nothing left but numbers says who was hurt; a name's digits are its own.
    const orcs = [...named, { id: "orc-3", name: "Orc 3", side: "bandits" }];
    const outcome = [
      "Orc 3: -4 HP (to 2/6 HP)",
      "Oswin hits Orc 3: -2 HP (to 0/6 HP), +1 injuries (to 1/3 injuries)",
    ];
    expect(sideOutcome(outcome, orcs, "sellswords")).toEqual(["Orc 3: hurt", "Oswin hits Orc 3"]);
    expect(sideOutcome(outcome, orcs, "bandits")).toEqual(outcome);
  });

  it("shows the blow under way from its first choice, with what the side may read of it", () => {
    // Answer 40: Hild's attack rolled, Knuckles's defence chosen, his dice wait. The last
    // result is her dice (the blow's beginning), which the blow shows whole.
    const e = groupFight(40);
    const named = namedCombatants(e);
    const heading =
      "Hild: one attack with 3 dice at Knuckles (onset range); attack in anger (set one die aside)";
    // Her side reads her choices and her die; Knuckles's answer names his 2 dice: the GM's.
    expect(sideBlow(blowSoFar(e), e, named, "sellswords")).toEqual({
      heading,
      rolls: [{ label: "Hild's attack", dice: "[1d, 14] = 14", total: 14, by: "fray" }],
      rulings: [],
      holdsLastResult: true,
    });
    // Knuckles's side reads his answer (asked of it, with her score), not her dice or choices:
    // whom she attacks, which the table sees (it read "Hild decides").
    expect(sideBlow(blowSoFar(e), e, named, "bandits")).toMatchObject({
      heading: "Hild attacks Knuckles",
      rolls: [],
      rulings: [
        {
          answer: "active defence with 2 dice",
          decider: { id: "knuckles", name: "Knuckles" },
          question: expect.stringMatching(/^Hild's attack scores 20 /),
          rollsBefore: 0,
        },
      ],
      holdsLastResult: true,
    });
    // Nothing under way once the blow is the last result.
    expect(sideBlow(blowSoFar(groupFight(34)), e, named, "sellswords")).toBeNull();
  });
});

describe("what the GM tells at the table of another side's own decision", () => {
  it("does not name the rule of a foe's split of its Base Combat Bonus, whose numbers it keeps (a default of Fray's)", () => {
    // swords-wizardry-fitz's group fight, played until a foe's split heads the last result (round
    // 1's, answer 24, is a line under Orc 1's charge at Mirelle, which heads its step).
    const registry = { "swords-wizardry-fitz": swordsWizardryFitz };
    const file = exampleFiles(registry, "swords-wizardry-fitz").loadEncounter("group-fight.yaml");
    const e = new Encounter(file);
    const split = /^Orc \d puts BCB \+\d on attack and \+\d on AC$/;
    const heads = (r: LastResult | null) =>
      r?.explanations.some((x) => split.test(x.text)) === true && /^Orc \d: /.test(r.heading);
    while (!heads(lastResult(e)) && autoStep(e, 3));
    const named = namedCombatants(e);
    const result = lastResult(e)!;
    expect(result).toMatchObject({ at: 60, heading: "Orc 1: +1 to hit, +0 to AC" });
    // The orcs' side reads its own split; the party reads neither it nor its rule's title.
    const orcs = sideResult(result, e, named, "orcs")!;
    expect(orcs.explanations.map((x) => x.text)).toContainEqual(expect.stringMatching(split));
    const party = sideResult(result, e, named, "party")!;
    expect(party.heading).toMatch(/^Orc \d decides$/);
    expect(party.explanations.map((x) => x.text)).not.toContainEqual(expect.stringMatching(split));
    // Nothing of it is told at the table, so the screen does not say "1 more the GM tells".
    expect(party.rules).not.toContain("Base Combat Bonuses");
    expect(party.withheld).toBe(
      result.explanations.filter((x) => !split.test(x.text)).length - party.explanations.length,
    );
  });
});

describe("a blow under way is no miss", () => {
  it("says no miss while the target's defence waits (its choice or its dice), nor for a strike whose dice are still to come", () => {
    // tnt's group fight, answer 11: Hild's attack on Cutter is rolled, Cutter's defence waits.
    const e = groupFight(11);
    expect(e.status).toMatchObject({ kind: "pending", choice: { question: "defence" } });
    expect(lastResult(e)?.outcome).toEqual([]);
    expect(sideResult(lastResult(e), e, namedCombatants(e), "bandits")?.outcome).toEqual([]);
    // Answer 40: Knuckles chose his active defence against Hild's attack; his dice wait.
    const dice = groupFight(40);
    expect(dice.status).toMatchObject({ kind: "pending", choice: { actor: "knuckles" } });
    expect(lastResult(dice)?.outcome).toEqual([]);
    // karn's three orcs, answer 13: Chip does not defend against Grub's strike, whose dice come
    // once his defence against each of Ugluk's is chosen.
    const orcs = new Encounter(exampleFiles({ karn }, "karn").loadEncounter("three-orcs.yaml"));
    while (orcs.log.length < 13 && autoStep(orcs, 3));
    expect(orcs.log.at(-1)).toMatchObject({ actor: "chip", label: "no defence" });
    expect(lastResult(orcs)?.outcome).toEqual([]);
    expect(sideResult(lastResult(orcs), orcs, namedCombatants(orcs), "chip")?.outcome).toEqual([]);
  });
});

describe("a step begun by a ruling of the GM's", () => {
  /** The first result of `name` (played by its policies and Fray's dice) begun by the GM's `question`. */
  function ruledBy(
    registry: Parameters<typeof exampleFiles>[0],
    id: string,
    name: string,
    question: string,
  ) {
    const e = new Encounter(exampleFiles(registry, id).loadEncounter(name));
    const begun = () => {
      const result = lastResult(e);
      const first = result === null ? undefined : e.log[actionStart(e, result.at)];
      return first?.kind === "decide" && first.actor === "gm" && first.question === question;
    };
    while (!begun() && autoStep(e, 7));
    expect(begun()).toBe(true);
    return e;
  }

  it("says what the GM ruled in the options' words, with the question less another side's numbers", () => {
    const morale = ruledBy(
      { "swords-wizardry-fitz": swordsWizardryFitz },
      "swords-wizardry-fitz",
      "group-fight.yaml",
      "morale",
    );
    expect(sideResult(lastResult(morale), morale, namedCombatants(morale), "party")?.heading).toBe(
      "Orc 1: does it fight on, flee or surrender? The GM ruled: Orc 1 flees",
    );
    // The GM's page: "The GM: Orc 1 flees".
    expect(lastResult(morale)?.heading).toBe("The GM: Orc 1 flees");
  });

  it("heads a ruling that settles a blow under way by the blow, as the GM's page does", () => {
    // karn's duel: Chip's counterattack is critical; its question gives the damage that got
    // through the axeman's armour, which Chip's side does not read.
    const duel = ruledBy({ karn }, "karn", "duel.yaml", "critical");
    const heading = "Chip Calhoon: a critical strike at Brannoc the axeman with the longsword";
    expect(lastResult(duel)?.heading).toBe(heading);
    expect(sideResult(lastResult(duel), duel, namedCombatants(duel), "chip")?.heading).toBe(
      heading,
    );
  });

  it("asks a question of the GM's as a question: less another side's numbers, or its last clause, never cut short", () => {
    const pass = [
      { id: "hedda", name: "Hedda", side: "travellers" },
      { id: "varn", name: "Varn", side: "brigands" },
    ];
    const travellers = sideReader(pass, "travellers");
    const asked = (q: string) => questionFor(q, pass, travellers);
    // karn's overkill, Varn's numbers in it, as the travellers' phones said it: "Varn needed".
    expect(
      asked(
        "Varn needed 3 to go down and took 6 in its first blow: is it overkill, losing its actions after the first?",
      ),
    ).toBe("Varn: is it overkill, losing its actions after the first?");
    expect(asked("Varn (7/13 HP): does it fight on, flee or surrender?")).toBe(
      "Varn: does it fight on, flee or surrender?",
    );
    // Whole when the side may read it; nothing when no question is left.
    expect(asked("Hedda fumbles: roll on the fumble chart, or rule it?")).toBe(
      "Hedda fumbles: roll on the fumble chart, or rule it?",
    );
    expect(asked("Varn needed 3 to go down")).toBe("");
    // The last clause names its own subject: not said twice.
    expect(asked("Varn took 6 of 13: does Varn fall?")).toBe("does Varn fall?");
  });

  it("never says a number the GM answered, but a distance; a yes or a no only with its question", () => {
    const e = bonusGranted();
    const heading = (prompt: string, value: number | boolean | string, label: string) => {
      const log = [{ kind: "decide", actor: "gm", question: "q", value, prompt, label }] as const;
      const ruled = new Proxy(e, { get: (t, k) => (k === "log" ? log : Reflect.get(t, k)) });
      // As the GM's page heads it (last-result.ts): a bare value after its question.
      const gm =
        typeof value === "string" ? `The GM: ${label}` : `${prompt} The GM ruled: ${label}`;
      return sideResult({ ...lastResult(e)!, at: 1, heading: gm }, ruled, named, "red")?.heading;
    };
    expect(heading("What DC for Bob to hide?", 15, "15")).toBe(
      "The GM's ruling: What DC for Bob to hide?",
    );
    expect(
      heading("How many feet beyond its Move (30 ft) does Bob's Charge carry it?", 25, "25"),
    ).toBe("How many feet beyond its Move (30 ft) does Bob's Charge carry it? The GM ruled: 25");
    // Bob's hit points come first: the question is its last clause, after his name (karn's
    // overkill read "Varn needed" on the phones' banners, and "The GM's ruling" here).
    expect(heading("Bob needed 7 to go down: is it overkill?", false, "no")).toBe(
      "Bob: is it overkill? The GM ruled: no",
    );
    // A last clause that gives a number too says nothing; "no" alone neither.
    expect(heading("Bob needed 7 to go down: is 7 too much?", false, "no")).toBe("The GM's ruling");
    expect(heading("Bob (7/7 HP): does it fight on, flee or surrender?", "flee", "Bob flees")).toBe(
      "Bob: does it fight on, flee or surrender? The GM ruled: Bob flees",
    );
  });
});

describe("a change by hand between a decision and its roll", () => {
  it("is a line the side it names reads, and a change by hand the GM tells the other", () => {
    // karn's ambush (seed 3): Hedda rolls for the initiative, the GM sets her SP to 9 before her
    // die. Her side read the change in the rules' lines and was told "the GM's answer to “By
    // hand”" of it.
    const start = new Encounter(
      exampleFiles({ karn }, "karn").loadEncounter("ambush-in-the-pass.yaml"),
    );
    while (start.log.length < 6 && autoStep(start, 3));
    const e = start.branch(6);
    e.give({ kind: "gm", change: { op: "set", combatant: "hedda", field: "sp", value: 9 } });
    autoStep(e, 3);
    const named = namedCombatants(e);
    const change = "the GM sets Hedda's Stamina (SP) to 9 (was 18)";
    expect(sideResult(lastResult(e), e, named, "travellers")).toMatchObject({
      heading: "Hedda: roll for the initiative",
      rulings: [{ answer: change, rollsBefore: 0, byHand: true }],
      withheld: 0,
      told: [],
    });
    expect(sideResult(lastResult(e), e, named, "brigands")).toMatchObject({
      rulings: [],
      told: ["Hedda's initiative", "a change by hand"],
    });
  });
});
