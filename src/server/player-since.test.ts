// "Since your turn" on a player's screen: the results between the player's last answer and the
// last result, oldest first, each as the player's side may see it (a foe's hit points kept).
import { describe, expect, it } from "vitest";
import { autoStep } from "../engine/autoplay.js";
import { Encounter } from "../engine/encounter.js";
import {
  earlierResultsSince,
  lastResult,
  resultsSince,
  stepInProgress,
} from "../engine/last-result.js";
import { exampleFiles } from "../engine/test-support/scripted.js";
import { dungeonsOfOlde } from "../rulesets/dungeons-of-olde/index.js";
import { swordsWizardryFitz } from "../rulesets/swords-wizardry-fitz/index.js";
import { tnt } from "../rulesets/tnt/index.js";
import type { PlayerLink } from "./player-link-store.js";
import { namedCombatants, playerResults, sinceTurnOf } from "./player-json.js";
import { sideResult, sideStep } from "./player-result.js";

/** tnt's group fight played by its policies and Fray's dice (autoStep), up to `answers` answers. */
function groupFight(answers: number): Encounter {
  const e = new Encounter(exampleFiles({ tnt }, "tnt").loadEncounter("group-fight.yaml"));
  while (e.log.length < answers && autoStep(e, 3));
  return e;
}

/** `played` again with answers `from` to `to` (inclusive) given from Mara's screen. */
function byMara(played: Encounter, from: number, to: number): Encounter {
  const answers = played.log.map((a, i) => (i >= from && i <= to ? { ...a, player: "Mara" } : a));
  return Encounter.fromAnswers(played.definition, answers);
}

/** Hild's player's link (the sellswords' side). */
const hild: PlayerLink = {
  id: 1,
  encounterId: 1,
  name: "Mara",
  side: "sellswords",
  combatants: ["hild"],
  createdAt: "2026-11-28T17:00:00Z",
  revokedAt: null,
};

describe("the results since a player's turn", () => {
  // Answer 26: Hild attacked Cutter (answers 5-12), then Weasel hit her and Knuckles missed her;
  // Oswin's turn waits.
  it("lists the player's own blow and both foes' blows since, oldest first, up to the last", () => {
    const e = groupFight(26);
    const all = resultsSince(e, 0);
    expect(all.map((r) => r.at)).toEqual([5, 13, 20, 26]);
    expect(all.at(-1)).toEqual(lastResult(e));
    // Since Hild's last decision (answer 8, her attack in anger): her blow, Weasel's, Knuckles's.
    expect(resultsSince(e, 9).map((r) => r.outcome)).toEqual([
      ["Hild hits Cutter with the longsword: -11 HP (to 7/18 HP)"],
      ["Weasel hits Hild with the dagger: -1 HP (to 19/20 HP)"],
      ["Knuckles misses Hild"],
    ]);
    // Capped: the newest.
    expect(resultsSince(e, 0, 2).map((r) => r.at)).toEqual([20, 26]);
  });

  it("works out those before the last result from the one before it: the same as all of them but the last, from every answer", () => {
    const e = groupFight(52);
    for (let from = 0; from <= e.log.length; from += 1) {
      expect(earlierResultsSince(e, from), `from ${from}`).toEqual(
        resultsSince(e, from).slice(0, -1),
      );
    }
    expect(earlierResultsSince(e, 0)).toHaveLength(7);
  });

  it("gives the player's screen those before the last result, without a foe's hit points", () => {
    // Hild's decisions (answers 6-11) from Mara's screen.
    const e = byMara(groupFight(26), 5, 10);
    const since = sinceTurnOf(hild, e, namedCombatants(e));
    expect(since.map((r) => r.heading)).toEqual([
      "Hild: one attack with 3 dice at Cutter (onset range); attack in anger (set one die aside)",
      // A foe's choice names its number of dice: the side reads whom it attacked (sideResult),
      // which the table saw (it read "Weasel decides").
      "Weasel attacks Hild",
    ]);
    expect(since.map((r) => r.outcome)).toEqual([
      ["Hild hits Cutter with the longsword"],
      ["Weasel hits Hild with the dagger: -1 HP (to 19/20 HP)"],
    ]);
    // Cutter's hit points (7/18 left) are the GM's.
    expect(JSON.stringify(since)).not.toMatch(/7\/18|\/18 HP/u);
  });

  it("keeps the blow the player's own dice ended (a foe's hit on them, their save's die the last)", () => {
    // Answer 13 ended Hild's blow on Cutter: given as Mara's dice from her screen, it is her
    // last answer, and the blow it ended is the first since her turn (it was dropped: a phone
    // lost the hit on its own combatant as soon as the foes moved on).
    const played = groupFight(26);
    const answers = played.log.map((a, i) => (i === 12 ? { ...a, player: "Mara" } : a));
    expect(answers[12]!.kind).toBe("roll");
    const e = Encounter.fromAnswers(played.definition, answers);
    const since = sinceTurnOf(hild, e, namedCombatants(e));
    expect(since.map((r) => r.outcome)).toEqual([
      ["Hild hits Cutter with the longsword"],
      ["Weasel hits Hild with the dagger: -1 HP (to 19/20 HP)"],
    ]);
  });

  it("leaves out a foe's decision that tells the side nothing (swords-wizardry-fitz's Base Combat Bonus splits)", () => {
    // The ambush in the pass played by the tactics and Fray's dice: each round the bandits
    // split their Base Combat Bonus, which is the GM's ("Knife decides"), between Osric's turns.
    const e = new Encounter(
      exampleFiles(
        { "swords-wizardry-fitz": swordsWizardryFitz },
        "swords-wizardry-fitz",
      ).loadEncounter("ambush-in-the-pass.yaml"),
    );
    const osric: PlayerLink = { ...hild, side: "travellers", combatants: ["osric"] };
    const named = () => namedCombatants(e);
    let bare = 0;
    let told = 0;
    while (e.log.length < 60 && autoStep(e, 3)) {
      // The last result as Osric's side reads it, which stays on the screen: "Knife decides".
      const last = sideResult(lastResult(e), e, named(), "travellers");
      if (last !== null && /^(Knife|Bolt|Cudgel) decides$/.test(last.heading)) bare += 1;
      const since = sinceTurnOf(osric, e, named());
      told += since.length;
      // It read "Knife decides", "Bolt decides", "Cudgel decides": three lines of nothing.
      expect(since.filter((r) => / decides$/.test(r.heading) && r.outcome.length === 0)).toEqual(
        [],
      );
    }
    // Such results came, and the list still told what the foes did.
    expect(bare).toBeGreaterThan(0);
    expect(told).toBeGreaterThan(0);
  });

  it("tells the player's own decision taken, though a foe decided after it before anything came of either", () => {
    // swords-wizardry-fitz's ambush: before the initiative each singles out a foe or not, in
    // turn; Ysolde's answer, then Knife's, caused nothing yet.
    const e = new Encounter(
      exampleFiles(
        { "swords-wizardry-fitz": swordsWizardryFitz },
        "swords-wizardry-fitz",
      ).loadEncounter("ambush-in-the-pass.yaml"),
    );
    const decided = (back: number, actor: string) => {
      const a = e.log.at(-back);
      return a?.kind === "decide" && a.actor === actor;
    };
    while (!(decided(2, "ysolde") && decided(1, "knife")) && autoStep(e, 3));
    expect(decided(1, "knife")).toBe(true);
    const named = namedCombatants(e);
    const step = sideStep(stepInProgress(e), e, named, "travellers", "Mara");
    // It read "So far: Knife: no: whoever the fight brings ...", Ysolde's answer gone.
    expect(step?.heading).toMatch(/^Ysolde: /);
    expect(step?.rulings.map((r) => r.decider?.name)).toEqual(["Knife"]);
  });

  it("starts again at the player's next answer", () => {
    // Answer 38: Hild chose her attack on Knuckles (answers 35-38, from Mara's screen): nothing
    // is complete since.
    const e = byMara(groupFight(38), 34, 37);
    expect(sinceTurnOf(hild, e, namedCombatants(e))).toEqual([]);
  });

  it("starts at the player's own last answer, not at a decision the GM made for their combatant", () => {
    // Mara chose Hild's first attack (answers 6-11); her phone away, the GM chose Hild's next
    // (answers 35-38). The list began at the GM's choices, as if they were her turn: empty.
    const e = byMara(groupFight(38), 5, 10);
    const since = sinceTurnOf(hild, e, namedCombatants(e));
    expect(since.map((r) => r.heading)).toEqual([
      "Hild: one attack with 3 dice at Cutter (onset range); attack in anger (set one die aside)",
      "Weasel attacks Hild",
      "Knuckles attacks Hild",
      "Oswin: one attack with 3 dice at Cutter (onset range); attack in anger (set one die aside)",
    ]);
    expect(since.map((r) => r.player)).toEqual(["Mara", undefined, undefined, undefined]);
  });

  it("joins the outcome a blow's attacker chose for a legendary hit to that blow: the hit, then the outcome", () => {
    // dungeons-of-olde's ambush at the old bridge, by the tactics and Fray's dice (seed 2):
    // Corwin rises (answer 47, Mara's), Aldric hits Cutter, Cutter's attack on Corwin is a
    // legendary hit (answers 51-52), the GM does not let it slay (53), Cutter chooses its
    // outcome (54), Corwin checks against the stunning blow (55); Brenna's turn follows.
    const played = new Encounter(
      exampleFiles({ "dungeons-of-olde": dungeonsOfOlde }, "dungeons-of-olde").loadEncounter(
        "ambush-at-the-old-bridge.yaml",
      ),
    );
    while (played.log.length < 57 && autoStep(played, 2));
    const e = byMara(played, 46, 46);
    const corwin: PlayerLink = { ...hild, side: "party", combatants: ["corwin"] };
    // As the phone's line says it (since-turn.tsx): the heading, then what it did.
    const since = sinceTurnOf(corwin, e, namedCombatants(e)).map(
      (r) => `${r.heading} — ${r.outcome.join("; ")}`,
    );
    // It read "Cutter: attack Corwin with the battle axe", then a line of its own headed by the
    // outcome chosen: "Cutter: maximum damage and bypass armour — Cutter hits Corwin: ...".
    expect(since.slice(-2)).toEqual([
      "Aldric: attack Cutter with the broadsword — Aldric hits Cutter with the broadsword",
      "Cutter: attack Corwin with the battle axe — Cutter hits Corwin: -6 HP (to 2/11 HP); Cutter lands a legendary hit on Corwin: maximum damage and bypass armour",
    ]);
  });
  it("joins a legendary hit's outcome to its blow when the outcome is itself the last result", () => {
    // The ambush as above, up to Corwin's check against the stunning blow (answer 55): the
    // outcome Cutter chose is the last result.
    const played = new Encounter(
      exampleFiles({ "dungeons-of-olde": dungeonsOfOlde }, "dungeons-of-olde").loadEncounter(
        "ambush-at-the-old-bridge.yaml",
      ),
    );
    while (played.log.length < 55 && autoStep(played, 2));
    const e = byMara(played, 46, 46);
    const corwin: PlayerLink = { ...hild, side: "party", combatants: ["corwin"] };
    const { lastResult: last, sinceTurn } = playerResults(corwin, e, namedCombatants(e));
    // The list ended with "Cutter: attack Corwin with the battle axe", which did nothing, and the
    // card was headed by the outcome: "Cutter: maximum damage and bypass armour".
    expect(sinceTurn.at(-1)?.heading).toBe("Aldric: attack Cutter with the broadsword");
    expect(last?.heading).toBe("Cutter: attack Corwin with the battle axe");
    expect(last?.outcome).toEqual([
      "Cutter hits Corwin: -6 HP (to 2/11 HP)",
      "Cutter lands a legendary hit on Corwin: maximum damage and bypass armour",
    ]);
    expect(last?.changes.map((c) => c.text)).toEqual([
      "Corwin: Hit points down from 8/11 HP to 2/11 HP",
      "Corwin: now stunned",
    ]);
    // The dice and rules of both halves, Cutter's attack kept by the GM.
    expect(last?.rolls.map((r) => r.label)).toEqual(["Corwin's check against the stunning blow"]);
    expect(last?.told).toEqual(["Cutter's attack"]);
    // Once Brenna's turn follows, the same line in the list (the test above).
    expect(last?.at).toBe(55);
  });

  it("joins it when the player's own answer was the outcome: the card the hit, then the outcome", () => {
    const played = new Encounter(
      exampleFiles({ "dungeons-of-olde": dungeonsOfOlde }, "dungeons-of-olde").loadEncounter(
        "ambush-at-the-old-bridge.yaml",
      ),
    );
    while (played.log.length < 55 && autoStep(played, 2));
    // Cutter's player chose the outcome (answer 54) on the phone: nothing complete since it.
    const e = byMara(played, 53, 53);
    const cutter: PlayerLink = { ...hild, side: "bandits", combatants: ["cutter"] };
    const { lastResult: last, sinceTurn } = playerResults(cutter, e, namedCombatants(e));
    expect(sinceTurn).toEqual([]);
    expect(last?.heading).toBe("Cutter: attack Corwin with the battle axe");
    expect(last?.outcome.at(-1)).toBe(
      "Cutter lands a legendary hit on Corwin: maximum damage and bypass armour",
    );
  });

  it("says a legendary hit's outcome after its attack while the damage die is still to roll, the hit once it is rolled", () => {
    // The ambush (Fray's dice from stream 1) up to answer 64: Cutter's legendary hit on Aldric,
    // the outcome chosen (lasting blindness), Cutter's damage die still to roll.
    const played = new Encounter(
      exampleFiles({ "dungeons-of-olde": dungeonsOfOlde }, "dungeons-of-olde").loadEncounter(
        "ambush-at-the-old-bridge.yaml",
      ),
    );
    while (played.log.length < 64 && autoStep(played, 1));
    const status = played.status;
    const waits = status.kind === "pending" ? status.choice : undefined;
    expect(waits?.kind === "roll" ? waits.label : waits).toBe("Cutter's damage die");
    const aldric: PlayerLink = { ...hild, side: "party", combatants: ["aldric"] };
    const { lastResult: last } = playerResults(aldric, played, namedCombatants(played));
    // The card was "Cutter lands a legendary hit on Aldric: lasting blindness" in bold over the
    // attack, no hit said yet: now the attack, then Cutter's choice among its lines.
    expect(last?.heading).toBe("Cutter: attack Aldric with the battle axe");
    expect(last?.outcome).toEqual([]);
    expect(last?.rulings).toEqual([
      {
        question: "Cutter lands a legendary hit on Aldric: which outcome?",
        answer: "lasting blindness",
        rollsBefore: 0,
        decider: { id: "cutter", name: "Cutter" },
      },
    ]);
    // The damage die rolled: the hit, then the outcome, as before.
    autoStep(played, 1);
    const rolled = playerResults(aldric, played, namedCombatants(played)).lastResult;
    expect(rolled?.heading).toBe("Cutter: attack Aldric with the battle axe");
    expect(rolled?.outcome[0]).toMatch(/^Cutter hits Aldric/);
    expect(rolled?.outcome.at(-1)).toBe(
      "Cutter lands a legendary hit on Aldric: lasting blindness",
    );
    expect(rolled?.rulings).toEqual([]);
  });
});
