import { describe, expect, it } from "vitest";
import type { Encounter } from "./types.js";
import {
  actorName,
  alikeOnce,
  answersText,
  answerText,
  elsewhereText,
  lastStep,
  restates,
  restatesHeading,
  saidWithQuestion,
  tookBack,
  gaveBack,
  stepText,
  type LogAnswer,
} from "./log-steps.js";

const initiative: LogAnswer = { kind: "roll", label: "initiative", value: 5, by: "table" };
const attack: LogAnswer = { kind: "decide", actor: "tombril", question: "action", value: "attack" };
const damage: LogAnswer = {
  kind: "roll",
  label: "Tombril's damage",
  value: 17,
  dice: "[5, 3, 4, 3, 2] = 17",
  by: "table",
};

describe("the log as the GM reads it", () => {
  it("finds the last step: the last decision with the rolls after it", () => {
    expect(lastStep([initiative, attack, damage])).toEqual([attack, damage]);
    expect(lastStep([initiative, attack])).toEqual([attack]);
    expect(lastStep([initiative])).toEqual([initiative]);
    expect(lastStep([])).toEqual([]);
  });

  it("writes each answer in a line, a decision with its actor's name", () => {
    const names = (id: string) => (id === "tombril" ? "Tombril" : id);
    expect(answerText(damage, names)).toBe("Tombril's damage: [5, 3, 4, 3, 2] = 17 (table)");
    // Fray's dice named as the timeline names them, not by the log's field value.
    expect(answerText({ ...damage, by: "fray" }, names)).toBe(
      "Tombril's damage: [5, 3, 4, 3, 2] = 17 (Fray)",
    );
    expect(answerText({ kind: "roll", label: "initiative", value: 3 }, names)).toBe(
      "initiative: 3",
    );
    expect(answerText(attack, names)).toBe("Tombril: action: attack");
    expect(answerText({ ...attack, value: 2 }, names)).toBe("Tombril: action: 2");
  });

  it("says a choice of a combatant alone (a target) with its question", () => {
    const names = (id: string) =>
      (({ knuckles: "Knuckles", hild: "Hild" }) as Record<string, string>)[id] ?? id;
    const target: LogAnswer = {
      kind: "decide",
      actor: "knuckles",
      question: "target",
      value: "hild",
      prompt: "Whom does Knuckles attack with 1 die?",
      label: "Hild (onset range)",
    };
    // It read "Knuckles: Hild (onset range)", as if he were Hild.
    expect(answerText(target, names)).toBe(
      "Whom does Knuckles attack with 1 die? Knuckles: Hild (onset range)",
    );
    // A label that says what is done with the combatant is a sentence already.
    const faces = { ...target, prompt: "Whom does Knuckles face?", label: "face Hild" };
    expect(answerText(faces, names)).toBe("Knuckles: face Hild");
  });

  it("says which player gave an answer on their screen", () => {
    const names = (id: string) => (id === "tombril" ? "Tombril" : id);
    const typed = { ...damage, dice: "[5, 3] = 8", value: 8, player: "Mara" };
    expect(answerText(typed, names)).toBe("Mara typed [5, 3] = 8 for Tombril's damage");
    expect(answerText({ ...typed, by: "fray" }, names)).toBe(
      "Mara had Fray roll Tombril's damage: [5, 3] = 8",
    );
    expect(answerText({ ...attack, player: "Mara" }, names)).toBe(
      "Mara chose for Tombril: action: attack",
    );
  });

  it("tells a step in a line, counting its rolls past two", () => {
    const names = (id: string) => (id === "tombril" ? "Tombril" : id);
    // Rolls in words, what each was for and its total, not its dice ("[5, 3, 4, 3, 2] = 17").
    expect(stepText([attack, damage], names)).toBe(
      "Tombril: action: attack, then Tombril's damage (17, typed at the table)",
    );
    expect(stepText([attack, damage, initiative, initiative], names)).toBe(
      "Tombril: action: attack, then 3 rolls, the last initiative (5, typed at the table)",
    );
    expect(stepText([initiative, damage], names)).toBe(
      "initiative (5, typed at the table); Tombril's damage (17, typed at the table)",
    );
    expect(stepText([initiative, initiative, damage], names)).toBe(
      "3 rolls, the last Tombril's damage (17, typed at the table)",
    );
    expect(stepText([{ ...damage, by: "fray" }], names)).toBe(
      "Tombril's damage (17, rolled by Fray)",
    );
    // A label with its own parenthesis takes its total after a colon.
    const surprise = { ...damage, label: "Hrolf's surprise die (surprised on a 1 or 2)" };
    expect(stepText([{ ...surprise, dice: "[4] = 4", by: "fray" }], names)).toBe(
      "Hrolf's surprise die (surprised on a 1 or 2): 4, rolled by Fray",
    );
    expect(stepText([{ ...damage, player: "Mara" }], names)).toBe(
      "Tombril's damage (17, typed by Mara)",
    );
    expect(stepText([], names)).toBe("");
  });

  it("names whose answer it is: a combatant, a side, the GM, never an id", () => {
    const encounter = {
      views: { gm: [{ id: "tombril", name: "Tombril" }] },
      sides: [{ id: "party", name: "The party" }],
    } as unknown as Encounter;
    expect(actorName(encounter, "tombril")).toBe("Tombril");
    expect(actorName(encounter, "party")).toBe("The party");
    expect(actorName(encounter, "gm")).toBe("The GM");
    expect(
      answerText(
        {
          kind: "decide",
          actor: "gm",
          question: "chart",
          value: 1,
          label: "roll on the critical chart",
        },
        (w) => actorName(encounter, w),
      ),
    ).toBe("The GM: roll on the critical chart");
    // A bare number or yes/no is said with its question (it read "The GM: 40").
    const dash = {
      kind: "decide",
      actor: "gm",
      question: "dash",
      value: 40,
      prompt: "How many feet beyond its Move (40 ft) does Goblin spearman's Dash carry it?",
      label: "40",
    } as const;
    expect(answerText(dash, (w) => actorName(encounter, w))).toBe(
      "How many feet beyond its Move (40 ft) does Goblin spearman's Dash carry it? The GM ruled: 40",
    );
    expect(
      answerText(
        {
          ...dash,
          question: "sneak",
          value: true,
          prompt: "Are the conditions met?",
          label: "yes",
        },
        (w) => actorName(encounter, w),
      ),
    ).toBe("Are the conditions met? The GM ruled: yes");
  });

  it("says a combatant's bare yes or no after its question, in the log and the result's lines", () => {
    const encounter = {
      views: { gm: [{ id: "grub", name: "Grub" }] },
      sides: [],
    } as unknown as Encounter;
    const nameOf = (w: string) => actorName(encounter, w);
    // karn's three orcs: "Grub: no" said nothing of what was asked.
    const flee = {
      kind: "decide",
      actor: "grub",
      question: "flee",
      value: false,
      prompt: "No attack is declared against Grub: does it flee (all its actions)?",
      label: "no",
    } as const;
    expect(answerText(flee, nameOf)).toBe(
      "No attack is declared against Grub: does it flee (all its actions)? Grub: no",
    );
    expect(answerText({ ...flee, player: "Anna" }, nameOf)).toBe(
      "No attack is declared against Grub: does it flee (all its actions)? Anna chose for Grub: no",
    );
    // A yes or no whose option says what it is stays as it was.
    const forfeit = { ...flee, question: "forfeit", label: "roll for the initiative" } as const;
    expect(answerText(forfeit, nameOf)).toBe("Grub: roll for the initiative");
    expect(saidWithQuestion({ answer: "yes" })).toBe(true);
    expect(saidWithQuestion({ answer: "3" })).toBe(true);
    expect(saidWithQuestion({ answer: "passive defence" })).toBe(false);
  });

  it("tells what an undo took back, and nothing for another change", () => {
    const at = (log: LogAnswer[], canRedo: number, version: number) =>
      ({ id: 1, version, answers: log.length, canRedo, log }) as unknown as Encounter;
    const played = at([initiative, attack, damage], 0, 4);
    const undone = at([initiative], 2, 5);
    expect(tookBack(played, undone)).toEqual([attack, damage]);
    // A redo, an answer, a first load, another encounter, a stale reply: none is an undo.
    expect(tookBack(undone, at([initiative, attack, damage], 0, 6))).toBeNull();
    expect(tookBack(undone, at([initiative, attack], 0, 6))).toBeNull();
    expect(tookBack(null, played)).toBeNull();
    expect(tookBack({ ...played, id: 2 }, undone)).toBeNull();
    expect(tookBack(undone, played)).toBeNull();
  });

  it("tells what a redo gave back: the answers taken back, not another answer given after an undo", () => {
    const at = (log: LogAnswer[], canRedo: number, version: number) =>
      ({ id: 1, version, answers: log.length, canRedo, log }) as unknown as Encounter;
    const played = at([initiative, attack, damage], 0, 4);
    const undone = at([initiative], 2, 5);
    const redone = at([initiative, attack, damage], 0, 6);
    expect(gaveBack(undone, redone, [attack, damage])).toEqual([attack, damage]);
    // One answer redone of two: the other is still to redo.
    expect(gaveBack(undone, at([initiative, attack], 1, 6), [attack, damage])).toEqual([attack]);
    // Another answer in place of the one taken back leaves nothing to redo: not a redo.
    const other = { ...attack, value: "flee" } as LogAnswer;
    const lone = at([initiative, attack], 1, 5);
    expect(gaveBack(lone, at([initiative, attack, other], 0, 6), [damage])).toBeNull();
    // An undo, a first load, another encounter, a stale reply: none is a redo.
    expect(gaveBack(played, undone, [])).toBeNull();
    expect(gaveBack(null, redone, [attack, damage])).toBeNull();
    expect(gaveBack({ ...undone, id: 2 }, redone, [attack, damage])).toBeNull();
    expect(gaveBack(undone, { ...redone, version: 5 }, [attack, damage])).toBeNull();
    const names = (id: string) => (id === "tombril" ? "Tombril" : id);
    expect(answersText([attack, damage], names)).toBe(
      "Tombril: action: attack, then Tombril's damage (17, typed at the table)",
    );
    // Two decisions, both said (karn's Chip Calhoon faced Snaga, then chose to roll for the
    // initiative: it read "2 answers, from ... to ...").
    expect(answersText([attack, attack], names)).toBe(
      "Tombril: action: attack, then action: attack",
    );
    expect(answersText([initiative, attack], names)).toBe(
      "initiative (5, typed at the table), then Tombril: action: attack",
    );
    expect(answersText([initiative, attack, damage, attack], names)).toBe(
      "4 answers, from initiative (5, typed at the table) to Tombril: action: attack",
    );
  });
});

describe("a change made elsewhere, as the GM's page says it", () => {
  const chose: LogAnswer = { ...attack, player: "Anna" };
  const typed: LogAnswer = { ...damage, player: "Anna" };

  it("names the player when the answers it added are all theirs", () => {
    expect(elsewhereText({ log: [initiative, chose, typed], answers: 3 }, 1)).toBe(
      "Anna answered on their screen: now 3 answers.",
    );
  });

  it("says where it may have come from otherwise: the GM's answers, two players', an undo", () => {
    const generic = (n: number) => `Changed elsewhere (a player, another tab or the API): now ${n}`;
    expect(elsewhereText({ log: [initiative, attack, typed], answers: 3 }, 1)).toBe(
      `${generic(3)} answers.`,
    );
    const ben: LogAnswer = { ...damage, player: "Ben" };
    expect(elsewhereText({ log: [initiative, chose, ben], answers: 3 }, 1)).toBe(
      `${generic(3)} answers.`,
    );
    expect(elsewhereText({ log: [initiative], answers: 1 }, 3)).toBe(`${generic(1)} answer.`);
  });

  it("says a part of an opposed roll given elsewhere, not an unchanged count; nothing for a player's", () => {
    // karn: Orrin's dodge die held, Chip's strike die still to roll, no answer added.
    const share = (combatant: string, name: string, given: boolean, player: string | null) => ({
      combatant,
      name,
      notation: "1d6",
      given,
      dice: given ? [4] : null,
      player,
    });
    const held = (player: string | null) =>
      ({
        log: [initiative],
        answers: 1,
        pending: {
          kind: "roll",
          shares: [
            share("chip", "strike die", false, null),
            share("orrin", "dodge die", true, player),
          ],
        },
        views: {
          gm: [
            { id: "chip", name: "Chip Calhoon" },
            { id: "orrin", name: "Orrin" },
          ],
        },
      }) as unknown as Parameters<typeof elsewhereText>[0];
    // The line of the roll's parts says it: "Orrin's dodge die is in (Anna: 4). Still to roll: ...".
    expect(elsewhereText(held("Anna"), 1)).toBe("");
    expect(elsewhereText(held(null), 1)).toBe(
      "Orrin's dodge die came in from elsewhere (another tab or the API); still to roll: Chip Calhoon's strike die.",
    );
    // The roll answered (both in): an answer added, said as before.
    expect(elsewhereText({ ...held("Anna"), answers: 2, log: [initiative, typed] }, 1)).toBe(
      "Anna answered on their screen: now 2 answers.",
    );
  });
});

describe("a result that only says the decision again", () => {
  it("is a decision's words after its actor and a verb, nothing more", () => {
    const heading = "Osric: two weapons: two attacks at -3 (with the dagger)";
    expect(
      restatesHeading(heading, "Osric declares: two weapons: two attacks at -3 (with the dagger)"),
    ).toBe(true);
    expect(
      restates("Cutter", "trip the defender prone", "Cutter chooses trip the defender prone"),
    ).toBe(true);
    // A result that says more, or another's, is a result of its own.
    expect(
      restates(
        "Brenna",
        "rise (2 AP; nothing else this round)",
        "Brenna rises (2 AP, nothing else this round)",
      ),
    ).toBe(false);
    expect(
      restatesHeading(heading, "Ysolde declares: two weapons: two attacks at -3 (with the dagger)"),
    ).toBe(false);
    expect(restatesHeading("The ambush (it works at or under 50)", "the ambush fails")).toBe(false);
    // A ruling whose result says its answer again.
    expect(restatesHeading("The GM: Cudgel fights on", "Cudgel fights on")).toBe(true);
    // A change by the GM's hand, headed by what it does.
    expect(
      restatesHeading(
        "The GM sets Osric's Hit points to 15 (was 17)",
        "the GM sets Osric's Hit points to 15 (was 17)",
      ),
    ).toBe(true);
  });
});

describe("results alike in a row, said once", () => {
  it("counts karn's three strikes declared alike, keeping apart what differs in text or rule", () => {
    const strike = {
      rule: "2. Winner Chooses Attack(s)",
      text: "Chip Calhoon strikes at Salemath with the longsword (full action)",
    };
    const dodge = { rule: "3. Defender Chooses Defense/Counterattack(s)", text: "Salemath dodges" };
    expect(alikeOnce([strike, strike, strike, dodge])).toEqual([
      { ...strike, times: 3 },
      { ...dodge, times: 1 },
    ]);
    // Not in a row, or by another rule: each its own line.
    expect(alikeOnce([strike, dodge, strike]).map((e) => e.times)).toEqual([1, 1, 1]);
    expect(alikeOnce([strike, { ...strike, rule: "other" }]).map((e) => e.times)).toEqual([1, 1]);
  });
});
