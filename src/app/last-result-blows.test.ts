// The last result told from the start of the blow it belongs to (src/engine/last-result.ts's
// actionStart), on the logs of real rulesets: a test above the engine, which knows no ruleset.
import { describe, expect, it } from "vitest";
import { cartyrion } from "../rulesets/cartyrion/index.js";
import { rulesets } from "../rulesets/index.js";
import { FUMBLE_NAMES } from "../rulesets/karn/data/charts.js";
import { karn } from "../rulesets/karn/index.js";
import { swordsWizardryFitz } from "../rulesets/swords-wizardry-fitz/index.js";
import { tnt } from "../rulesets/tnt/index.js";
import { autoStep } from "../engine/autoplay.js";
import { decideAnswer } from "../engine/answers.js";
import { Encounter } from "../engine/encounter.js";
import type { RulesetRegistry } from "../engine/encounter-file.js";
import { blowSoFar, lastResult } from "../engine/last-result.js";
import { examplesOf } from "../engine/test-support/conformance.js";
import { exampleFiles } from "../engine/test-support/scripted.js";
import { undoDecisions } from "../engine/undo-decisions.js";

/** `file` of examples/`id`/ played as `fray play --auto --seed 3` does (or `seed`), up to `answers` answers. */
function played(registry: RulesetRegistry, id: string, file: string, answers: number, seed = 3) {
  const e = new Encounter(exampleFiles(registry, id).loadEncounter(file));
  while (e.log.length < answers && autoStep(e, seed));
  return e;
}

describe("a blow of several small decisions by two combatants", () => {
  it("tnt: Oswin's attack on Cutter, answered by Cutter's passive defence, is told from Oswin's choice", () => {
    const e = played({ tnt }, "tnt", "group-fight.yaml", 34);
    // Answers 28-34 of the group fight (seed 3): Cutter's defence is undo's step (with the
    // damage), but the card heads the blow by Oswin's choices, then Cutter's answer among its lines.
    // His first, to stay at the current ranges, changed nothing and goes unsaid.
    expect(lastResult(e)).toMatchObject({
      at: 34,
      heading:
        "Oswin: one attack with 3 dice at Cutter (onset range); attack in anger (set one die aside)",
      rolls: [
        { label: "Oswin's attack", total: 15 },
        { label: "Oswin's damage", total: 12 },
      ],
      // After his die: Oswin's choice not to bypass the armour, then Cutter's answer, each
      // with who chose it, before the damage.
      rulings: [
        { answer: "normal attack", decider: { id: "oswin", name: "Oswin" }, rollsBefore: 1 },
        { answer: "passive defence", decider: { id: "cutter", name: "Cutter" }, rollsBefore: 1 },
      ],
      changes: [
        { text: "Hild: no longer attacks in anger" },
        { text: "Cutter: Hit points down from 7/18 HP to -4/18 HP", worse: true },
      ],
    });
    // What the blow did, first: who hit whom, for how much, and that Cutter fell.
    expect(lastResult(e)?.outcome).toEqual([
      "Oswin hits Cutter with the spear: -11 HP (to -4/18 HP), taken out",
    ]);
    const told = lastResult(e)!.explanations.map((x) => x.text);
    expect(told.slice(0, 2)).toEqual([
      "Oswin attacks with 3 of 3 combat dice",
      "Oswin's attack on Cutter at onset range: kept die 15 +3 attack skill +4 reach = 22 (one die set aside in anger)",
    ]);
    expect(told).toContain("Cutter is at -4 HP: taken out");
    // Cutter's answer is tied to Oswin's blow by what the rules say of it, not its wording.
    expect(e.log.findLast((a) => a.kind === "decide" && a.question === "defence")).toMatchObject({
      actor: "cutter",
      blow: { attacker: "oswin", target: "cutter" },
    });
    // Undo still takes back Cutter's defence with the damage: one step.
    expect(undoDecisions(e)).toEqual({ decisions: 1, answers: 2 });
    // Before Cutter answers, the card tells Oswin's blow so far, from his first choice.
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 32))).toMatchObject({
      heading: expect.stringMatching(/^Oswin: one attack/),
      rulings: [{ answer: "normal attack", decider: { name: "Oswin" } }],
    });
  });

  it("karn: Chip's three strikes, answered by the axeman's dodge, are told from Chip's declarations", () => {
    const e = played({ karn }, "karn", "duel.yaml", 17);
    // Each strike's weapon joined to its action (it read "one full strike; Longsword (1d8)").
    const full = "one full strike with Longsword (1d8)";
    expect(lastResult(e)).toMatchObject({
      at: 17,
      heading: `Chip Calhoon: ${full}, 3 times`,
      rulings: [
        {
          answer: "dodge (all actions, against every attack)",
          decider: { id: "axeman", name: "Brannoc the axeman" },
          rollsBefore: 0,
        },
      ],
      changes: [
        { text: "Brannoc the axeman: Hit points down from 20/20 HP to 5/20 HP" },
        { text: "Brannoc the axeman: Armour down from 20/20 armour HP to 17/20 armour HP" },
      ],
      // The axeman's dodge is his only decision: Chip hit him.
      outcome: [
        "Chip Calhoon hits Brannoc the axeman with the longsword: -15 HP (to 5/20 HP), -3 armour HP (to 17/20 armour HP)",
      ],
    });
    expect(lastResult(e)?.rolls.map((r) => r.label)).toEqual(
      [1, 2, 3].flatMap(() => [
        "Chip Calhoon's strike at Brannoc the axeman with the longsword against Brannoc the axeman's dodge (strike die, then dodge die)",
        "damage of Chip Calhoon's strike at Brannoc the axeman with the longsword",
      ]),
    );
    // Round 2's strikes begin after the initiative: the axeman's roll for it is not Chip's blow.
    expect(lastResult(played({ karn }, "karn", "duel.yaml", 31))).toMatchObject({
      heading: `Chip Calhoon: ${full}, 3 times`,
      rolls: [{ total: 16 }, { total: 16 }, { total: 16 }].map(() => expect.anything()),
    });
  });

  it("karn: three orcs' declarations, then Chip's defences and counterattacks and Grub's answers", () => {
    const e = played({ karn }, "karn", "three-orcs.yaml", 58);
    const result = lastResult(e)!;
    // The step was the GM's ruling on Grub's fumble; the card tells the melee from the strikes
    // declared at Chip (Snaga saved its action: no one answered it), each line with who chose it.
    expect(result.heading).toBe("Grub: one full strike");
    const said = result.rulings.map((r) => `${r.decider?.name ?? "The GM"}: ${r.answer}`);
    expect(said.slice(0, 3)).toEqual([
      "Ugluk: four quarter strikes",
      "Chip Calhoon: no defence",
      "Chip Calhoon: no defence",
    ]);
    expect(said.slice(6, 8)).toEqual([
      "Chip Calhoon: a half-action counterattack",
      "Chip Calhoon: Grub",
    ]);
    expect(said.slice(-2)).toEqual([
      "Grub: no defence",
      "The GM: roll on the fumble chart (Swing)",
    ]);
    // The fumble ruling after Grub's strike die, the rest before any die.
    expect(result.rulings.map((r) => r.rollsBefore)).toEqual([...said.slice(1).map(() => 0), 1]);
    expect(result.rolls[0]?.label).toBe("Grub's strike at Chip Calhoon with the club");
    // Each defence says the blow it answers, as the rules know it, not by its question's words.
    const defences = e.log.filter(
      (a) => a.kind === "decide" && /^(defence|answer)-/.test(a.question),
    );
    expect(defences.at(-1)).toMatchObject({
      actor: "grub",
      blow: { attacker: "chip", target: "grub" },
    });
    expect(defences.every((a) => a.kind === "decide" && a.blow?.target === a.actor)).toBe(true);
    expect(result.changes.map((c) => c.text)).toContain(
      "Grub: Hit points down from 10/10 HP to 0/10 HP",
    );
    // Strikes and counterattacks both ways, told by the blows the rules said each roll decides:
    // three orcs struck at Chip, Ugluk's strike alone got through to its damage, Grub's fumbled
    // (a miss, under Ugluk's hit: it went unsaid beside it); Grub was struck by Chip's
    // counterattack alone.
    expect(result.outcome).toEqual([
      "Ugluk hits Chip Calhoon with the short sword: -3 armour HP (to 37/40 armour HP)",
      "Grub misses Chip Calhoon",
      // Grub's 2 SP are his fumble's (All Turned Around), a line of their own: one line of both
      // causes ("... hits Grub with the longsword; Grub fumbles and is hurt: -10 HP, -2 SP, -10
      // armour HP") left the GM to guess which took what.
      "Chip Calhoon hits Grub with the longsword: -10 HP (to 0/10 HP), -10 armour HP (to 10/20 armour HP)",
      "Grub fumbles and is hurt: -2 SP (to 13/15 SP)",
    ]);
  });

  it("karn: a combatant's bare yes or no is headed by its question, as the GM's rulings are", () => {
    // Answer 74 of the three orcs (seed 3): Ugluk, not attacked, flees; 78: Chip follows him.
    // They read "Ugluk: yes" and "Chip Calhoon: yes".
    expect(lastResult(played({ karn }, "karn", "three-orcs.yaml", 74))?.heading).toBe(
      "No attack is declared against Ugluk: does it flee (all its actions)? Ugluk: yes",
    );
    expect(lastResult(played({ karn }, "karn", "three-orcs.yaml", 78))?.heading).toBe(
      "Ugluk flees: does Chip Calhoon give up its last full action to follow? Chip Calhoon: yes",
    );
  });

  it("tnt: a blow's answer does not reach back past a blow that hurt someone, nor into another's turn", () => {
    // Answer 27 is Oswin's first of his turn, after Knuckles's miss: his own action.
    const e = played({ tnt }, "tnt", "group-fight.yaml", 28);
    expect(lastResult(e)?.heading).toBe("Oswin: one attack with 3 dice");
    // Hild's blow on Cutter (answers 6-13), after the initiative rolls: from her first choice.
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 13))).toMatchObject({
      heading: expect.stringMatching(/^Hild: one attack .*Cutter/),
      rulings: [
        { decider: { name: "Hild" }, rollsBefore: 1 },
        { answer: "passive defence", decider: { name: "Cutter" }, rollsBefore: 1 },
      ],
    });
  });
});

describe("the blow under way, over the GM's prompt", () => {
  it("tnt: Hild's blow from her first choice of the turn, with her target, her die and Knuckles's answer", () => {
    // Oswin's blow on Cutter is the last result and nothing has come after it: none under way.
    expect(blowSoFar(played({ tnt }, "tnt", "group-fight.yaml", 34))).toBeNull();
    // Hild's turn: "one attack with 3 dice" is a result of its own (the dice she attacks with),
    // but her target came after it, and the blow is told from her first choice.
    expect(blowSoFar(played({ tnt }, "tnt", "group-fight.yaml", 37))).toEqual({
      heading: "Hild: one attack with 3 dice at Knuckles (onset range)",
      rolls: [],
      rulings: [],
      // The last result is "Hild: ...; one attack with 3 dice": this blow's beginning.
      holdsLastResult: true,
    });
    // Her first choice (to stay) caused nothing: the last result is still Oswin's blow, and a
    // choice that changed nothing is no blow begun ("This blow so far: Hild: stay at the current
    // ranges" stood over her choice of dice).
    expect(blowSoFar(played({ tnt }, "tnt", "group-fight.yaml", 35))).toBeNull();
    // Her attack rolled and Knuckles's defence chosen, his dice wait: every line so far.
    const e = played({ tnt }, "tnt", "group-fight.yaml", 40);
    expect(e.status.kind === "pending" && e.status.choice.kind).toBe("roll");
    expect(blowSoFar(e)).toMatchObject({
      heading: expect.stringMatching(/^Hild: one attack .*Knuckles/),
      rolls: [{ label: "Hild's attack", total: 14 }],
      rulings: [
        { answer: "active defence with 2 dice", decider: { name: "Knuckles" }, rollsBefore: 1 },
      ],
    });
  });
});

describe("a change by hand in the middle of a blow", () => {
  it("tnt: the GM sets Knuckles's hit points while his dice wait; Hild's blow so far stays, the change under it", () => {
    const e = played({ tnt }, "tnt", "group-fight.yaml", 40);
    const before = blowSoFar(e)!;
    e.give({ kind: "gm", change: { op: "set", combatant: "knuckles", field: "hp", value: 5 } });
    // The change is the last result now; the blow is told as it stood, the change beside it
    // (it was null: "This blow so far" left the GM's page until the next answer).
    expect(lastResult(e)?.heading).toMatch(/^the GM sets Knuckles's Hit points to 5/);
    expect(blowSoFar(e)).toEqual({
      ...before,
      holdsLastResult: false,
      byHand: ["the GM sets Knuckles's Hit points to 5 (was 16)"],
    });
    // A second change before his dice: both, in order.
    e.give({ kind: "gm", change: { op: "set", combatant: "knuckles", field: "hp", value: 6 } });
    expect(blowSoFar(e)?.byHand).toHaveLength(2);
  });
});

describe("no blow under way: the prompt says it alone", () => {
  it("cartyrion: the GM's ruling on who acts next is no blow, nor the party's choice", () => {
    // The ambush on the forest road (seed 3): the GM picks the Goblin shieldbearer (answer 15),
    // the party picks Janine (21); each one's action is asked next.
    const ambush = (n: number) =>
      played({ cartyrion }, "cartyrion", "ambush-on-the-forest-road.yaml", n);
    expect(ambush(15).log.at(-1)).toMatchObject({ actor: "gm", question: "next" });
    expect(blowSoFar(ambush(15))).toBeNull();
    expect(ambush(21).log.at(-1)).toMatchObject({ actor: "party", question: "next" });
    expect(blowSoFar(ambush(21))).toBeNull();
    // The crossbowman's Power Attack declared (answer 9), its damage waits: a blow under way.
    expect(blowSoFar(ambush(9))).toMatchObject({
      heading:
        "Goblin crossbowman: Power Attack Wren with the crossbow (double dice; the weapon breaks)",
      holdsLastResult: false,
    });
  });

  it("the round's order is no blow: initiative rolls, and a blow done before them", () => {
    // tnt (seed 3): Sigrun's initiative rolled, Pip's waits.
    const tntDagger = played({ tnt }, "tnt", "dagger-and-greatsword.yaml", 1);
    expect(tntDagger.log.at(-1)).toMatchObject({ label: "Sigrun's initiative" });
    expect(blowSoFar(tntDagger)).toBeNull();
    // swords-wizardry-fitz's duel (seed 3): Sir Aldous's attack and its damage rolled, the next
    // round's initiative under way ("This blow so far" listed the initiative under his attack).
    const duel = played(
      { "swords-wizardry-fitz": swordsWizardryFitz },
      "swords-wizardry-fitz",
      "duel.yaml",
      12,
    );
    expect(duel.status).toMatchObject({ choice: { kind: "roll" } });
    expect(duel.log.at(-1)).toMatchObject({ label: expect.stringMatching(/initiative/u) });
    expect(blowSoFar(duel)).toBeNull();
  });

  it("tnt: once Brenna's defence against Aldric's attack is in, her move begins her own action", () => {
    // The duel (seed 3), answers 22-24: her passive defence lets Aldric miss; she stays (a choice
    // that changed nothing) and picks her dice: her blow, not Aldric's, with no line of his.
    const e = played({ tnt }, "tnt", "duel.yaml", 23);
    expect(e.log.at(-1)).toMatchObject({ actor: "brenna", question: "move" });
    expect(blowSoFar(e)).toBeNull();
    expect(lastResult(played({ tnt }, "tnt", "duel.yaml", 24))).toMatchObject({
      heading: "Brenna: one attack with 3 dice",
      rolls: [],
      rulings: [],
    });
    // Pip's answer to Sigrun's blow, a counter-attack or none, stays with her blow.
    const pip = played({ tnt }, "tnt", "dagger-and-greatsword.yaml", 10);
    expect(pip.log.at(-1)).toMatchObject({ actor: "pip", question: "counter" });
    expect(lastResult(pip)?.heading).toMatch(/^Sigrun: one attack/u);
  });

  it("tnt: once Knuckles declines to counter-attack Oswin, his own attack on Oswin is his blow, not more of Oswin's", () => {
    // The group fight (seed 1), answers 17-24: Oswin's attack, Knuckles's active defence, "no
    // counter-attack" (a strike back, declined: no roll of it), then his own turn: he stays,
    // puts his die into one attack, on Oswin, and rolls it. The card read all of it as Oswin's
    // blow ("Oswin misses Knuckles", Knuckles's attack among its dice).
    const declined = played({ tnt }, "tnt", "group-fight.yaml", 21, 1);
    expect(declined.log.at(-1)).toMatchObject({ actor: "knuckles", question: "counter", value: 0 });
    expect(lastResult(declined)).toMatchObject({
      heading: expect.stringMatching(/^Oswin: one attack with 3 dice at Knuckles/u),
      outcome: ["Oswin misses Knuckles"],
    });
    const e = played({ tnt }, "tnt", "group-fight.yaml", 25, 1);
    expect(e.log.at(-1)).toMatchObject({ label: "Knuckles's attack", blow: { target: "oswin" } });
    expect(blowSoFar(e)).toMatchObject({
      heading: "Knuckles: one attack with 1 die at Oswin (onset range)",
      rolls: [{ label: "Knuckles's attack" }],
    });
  });

  it("karn: the strikes after the round's initiative are not headed by an initiative", () => {
    // Three orcs (seed 3), round 2: Snaga and Ugluk roll their initiative and flee, Chip notices
    // (his ALT checks), then counterattacks Snaga. The card read "Snaga: roll for the initiative"
    // over Chip's hit.
    const result = lastResult(played({ karn }, "karn", "three-orcs.yaml", 104))!;
    expect(result.outcome).toEqual([
      "Chip Calhoon hits Snaga with the longsword: -2 HP (to 1/10 HP), -3 armour HP (to 14/20 armour HP)",
    ]);
    expect(result.heading).toMatch(/^Chip Calhoon: follow Snaga \(a full action\)/u);
    expect(result.rolls.map((r) => r.label).join("; ")).not.toMatch(/initiative|ALT check/u);
  });
});

describe("a heading says the step's main action", () => {
  const swf = { "swords-wizardry-fitz": swordsWizardryFitz };

  it("swords-wizardry-fitz: a plan choice alone, then others' blows: the blows head it, the choice a line under it", () => {
    // Group fight, seed 3: Orc 4's split of its Base Combat Bonus (answer 24) is the step's
    // decision, then round 1's charges are rolled: Orc 1's and Orc 2's on Mirelle. It was headed
    // "Orc 4: +1 to hit, +0 to AC" over Orc 2's hit.
    expect(lastResult(played(swf, "swords-wizardry-fitz", "group-fight.yaml", 27))).toMatchObject({
      heading: "Orc 1 attacks Mirelle; Orc 2 attacks Mirelle",
      rulings: [{ answer: "+1 to hit, +0 to AC", decider: { name: "Orc 4" }, rollsBefore: 0 }],
      // Orc 1's miss is said under Orc 2's hit on the same Mirelle (it went unsaid).
      outcome: [
        "Orc 2 hits Mirelle with the long sword: -3 HP (to 10/13 HP)",
        "Orc 1 misses Mirelle",
      ],
    });
    // The ambush: Cudgel's own action heads its step, its split a line under it (it read
    // "Cudgel: +1 to hit, +0 to AC; move up to Ysolde, ...").
    expect(
      lastResult(played(swf, "swords-wizardry-fitz", "ambush-in-the-pass.yaml", 11)),
    ).toMatchObject({
      heading: "Cudgel: move up to Ysolde, then attack with the mace: Osric or Ysolde, rolled",
      rulings: [{ answer: "+1 to hit, +0 to AC", decider: { name: "Cudgel" }, rollsBefore: 0 }],
    });
    // A choice for the round with nothing after it is all there is: it heads its step (round 2,
    // answer 63; round 1's, answer 24, is Orc 1's charge: below).
    expect(lastResult(played(swf, "swords-wizardry-fitz", "group-fight.yaml", 63))?.heading).toBe(
      "Orc 4: +1 to hit, +0 to AC",
    );
  });

  it("swords-wizardry-fitz: a second weapon's attack in the step is said in its heading after the first", () => {
    // The ambush, seed 1: Osric fights with two weapons, the long sword at Knife, then the dagger
    // (a later count), both missing. The long sword alone headed the step, the dagger's choice
    // folded among its lines; in the walk, "Osric: attack Knife with the dagger" headed "Osric
    // hits Knife with the long sword".
    const result = lastResult(
      played(swf, "swords-wizardry-fitz", "ambush-in-the-pass.yaml", 57, 1),
    );
    expect(result).toMatchObject({
      heading:
        "Osric: attack Knife with the long sword (singled out), then attack Knife with the dagger (singled out)",
      outcome: ["Osric misses Knife"],
    });
    expect(result?.rulings.map((r) => r.answer)).not.toContain(
      "attack Knife with the dagger (singled out)",
    );
  });

  it("swords-wizardry-fitz: a blow's subdual damage is said in its own unit beside the hit points", () => {
    // The ambush, seed 3: Cudgel's free attack on Osric as he runs. It read "-3 HP (to 12/17
    // HP), +3 HP (to 5/17 HP)", two bars in one unit.
    expect(
      lastResult(played(swf, "swords-wizardry-fitz", "ambush-in-the-pass.yaml", 76))?.outcome,
    ).toEqual([
      "Cudgel hits Osric with the mace: -3 HP (to 12/17 HP), +3 subdual HP (to 5/17 subdual HP)",
    ]);
  });

  it("karn: a strike's target and weapon complete its action, said once", () => {
    // Three orcs, seed 3: Chip's three full strikes at Snaga (it read "one full strike; Snaga,
    // 3 times"); the ambush: Hedda's halves each ask their target and weapon again.
    const heading = (file: string, n: number) =>
      lastResult(played({ karn }, "karn", file, n))?.heading;
    expect(heading("three-orcs.yaml", 69)).toBe("Chip Calhoon: one full strike at Snaga");
    expect(heading("three-orcs.yaml", 73)).toBe("Chip Calhoon: one full strike at Snaga, 3 times");
    expect(heading("ambush-in-the-pass.yaml", 18)).toBe(
      "Hedda: two half-action strikes at Sly with Longsword (1d8)",
    );
    expect(heading("ambush-in-the-pass.yaml", 30)).toBe(
      "Hedda: two half-action strikes at Sly with Longsword (1d8), 3 times",
    );
    // Actions unlike each other in a row: a run of alike ones said once, with how many.
    expect(heading("three-orcs.yaml", 104)).toMatch(
      /a quarter-action counterattack at Snaga \(2 times\)$/u,
    );
  });

  it("karn: a hit settled on the critical chart in a step of its own keeps its weapon, and is no miss while its SP roll waits", () => {
    // Three orcs, seed 3: Chip's counterattack on Grub is critical (answer 58's damage); the
    // GM's ruling to roll on the chart begins a step: its chart roll (60) then its SP (61).
    const at = (n: number) => lastResult(played({ karn }, "karn", "three-orcs.yaml", n));
    // It read "Chip Calhoon misses Grub" while the SP roll waited.
    expect(at(60)?.outcome).toEqual([]);
    // It read "Chip Calhoon hits Grub: -16 HP ..." without the longsword.
    expect(at(61)?.outcome).toEqual([
      "Chip Calhoon hits Grub with the longsword: -16 HP (to -16/10 HP), -8 SP (to 5/15 SP), out of the fight (down)",
    ]);
    expect(lastResult(played({ karn }, "karn", "ambush-in-the-pass.yaml", 51))?.outcome).toEqual([
      "Orrin hits Varn with the spear: -7 SP (to 8/15 SP)",
    ]);
  });
});

describe("a step says what it is in the game's words", () => {
  const ambush = (n: number) => lastResult(played({ karn }, "karn", "ambush-in-the-pass.yaml", n));

  it("karn: whom a combatant faces at a melee's start is said as facing (Combat Pairings)", () => {
    // Answer 58 of the ambush (seed 3): Sly's choice of opponent for melee 2. It read "Sly: Hedda".
    expect(ambush(58)?.heading).toBe("Sly: face Hedda this melee");
  });

  it("karn: a critical is headed by the strike it settles, the GM's ruling a line under it", () => {
    // Answers 49-51: the GM's ruling on Orrin's critical pierce, its chart roll and its SP. It
    // read "The GM: roll on the critical chart" over "Orrin hits Varn with the spear".
    expect(ambush(51)).toMatchObject({
      heading: "Orrin: a critical strike at Varn with the spear",
      rulings: [
        {
          question: expect.stringMatching(/^Orrin's strike at Varn with the spear is critical/u),
          answer: "roll on the critical chart",
          rollsBefore: 0,
        },
      ],
      outcome: ["Orrin hits Varn with the spear: -7 SP (to 8/15 SP)"],
    });
    expect(ambush(51)?.rulings[0]?.decider).toBeUndefined();
    // The injury's ruling (52) settles the same strike; the strikes rolled after it are named.
    expect(ambush(52)?.heading).toBe("Orrin: a critical strike at Varn with the spear");
    expect(ambush(54)).toMatchObject({
      heading: "Orrin: a critical strike at Varn with the spear; Hedda attacks Sly",
      rulings: [{ answer: "cannot fight on (out when the melee ends)" }],
    });
    // Hedda's fumble (40-41): "The GM: roll on the fumble chart (Swing)" headed it.
    expect(ambush(41)).toMatchObject({
      heading: "Hedda: a fumble",
      rulings: [{ answer: "roll on the fumble chart (Swing)", rollsBefore: 0 }],
      outcome: ["Hedda fumbles and is hurt: -2 SP (to 16/18 SP)"],
    });
  });

  it("tnt: one who leaves the fight unhurt, or not brought down, is said to have fled", () => {
    // Seed 4, answer 45: Knuckles disengages from both foes. It read "Knuckles: out of the fight".
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 45, 4))).toMatchObject({
      heading: expect.stringMatching(/^Knuckles: disengage from Hild/u),
      outcome: ["Knuckles: out of the fight (fled)"],
    });
    // Seed 3, answer 47: Weasel, hit as he disengages, is out at 9 HP: fled, not brought down.
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 47))?.outcome).toEqual([
      "Oswin hits Weasel with the spear: -3 HP (to 9/12 HP), out of the fight (fled)",
    ]);
    // One brought down says so too (Cutter, answer 34), once, in tnt's words: it read "out of the
    // fight (taken out)".
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 34))?.outcome).toEqual([
      "Oswin hits Cutter with the spear: -11 HP (to -4/18 HP), taken out",
    ]);
  });
});

describe("a step begun by a roll", () => {
  it("swords-wizardry-fitz: the ambush's roll is said once, in its line, under a heading that counts the rolls", () => {
    const e = played(
      { "swords-wizardry-fitz": swordsWizardryFitz },
      "swords-wizardry-fitz",
      "ambush-in-the-pass.yaml",
      1,
    );
    // "The ambush (it works at or under 50)" over "the ambush (it works at or under 50) [88] = 88"
    // said the roll twice.
    expect(lastResult(e)).toMatchObject({
      at: 1,
      heading: "A roll",
      rolls: [{ label: "the ambush (it works at or under 50)" }],
    });
  });
});

describe("what a step did, said first: who hits whom from the blows the rules said", () => {
  const groupFight = (answers: number, seed = 3) =>
    lastResult(
      played(
        { "swords-wizardry-fitz": swordsWizardryFitz },
        "swords-wizardry-fitz",
        "group-fight.yaml",
        answers,
        seed,
      ),
    );

  it("swords-wizardry-fitz: a segment's blows resolved together name each one's attacker", () => {
    // Orc 4's move closes round 1's first count; the segment's blows follow, Orc 2's, Hrolf's
    // and Orc 3's among them: Orc 4 hit nobody, and each blow names who struck it. The blows
    // head the step, Orc 4's move a line under them (it headed them: "Orc 4: close with Hrolf").
    expect(groupFight(34)).toMatchObject({
      heading:
        "Orc 2 attacks Hrolf; Hrolf attacks Orc 1, Orc 3 and Gorbag the chief; Orc 3 attacks Mirelle",
      rulings: [
        {
          answer: "close with Hrolf (a full move; no melee between them this round)",
          rollsBefore: 0,
          decider: { id: "orc4", name: "Orc 4" },
        },
        { answer: "do nothing", rollsBefore: 4, decider: { id: "orc4", name: "Orc 4" } },
      ],
      outcome: [
        "Orc 2 misses Hrolf",
        "Hrolf misses Orc 1",
        "Hrolf misses Orc 3",
        "Orc 3 misses Mirelle",
        "Hrolf misses Gorbag the chief",
      ],
    });
    // One attacker and its target alone: "Hrolf hits Orc 4".
    expect(groupFight(92)?.outcome).toEqual([
      "Hrolf hits Orc 4 with the long sword: -7 HP (to -4/4 HP)",
    ]);
  });

  it("swords-wizardry-fitz: a split of a Base Combat Bonus whose lines are another's charge is a line under it", () => {
    // Round 1's first segment begins at Orc 4's split (answer 24): Orc 1's charge at Mirelle is
    // explained there, no blow of its own yet. It read "Orc 4: +1 to hit, +0 to AC" over it.
    expect(groupFight(24)).toMatchObject({
      heading: "Orc 1 charges Mirelle",
      rolls: [],
      rulings: [
        { answer: "+1 to hit, +0 to AC", rollsBefore: 0, decider: { id: "orc4", name: "Orc 4" } },
      ],
      explanations: [
        { text: "Orc 4 puts BCB +1 on attack and +0 on AC" },
        { text: "Orc 1 charges Mirelle" },
        { text: "Orc 1 moves 50 ft toward Mirelle (now 10 ft apart)" },
      ],
    });
  });

  it("swords-wizardry-fitz: where several others act in one step, each heads it", () => {
    // Answer 25 (seed 3): Orc 1's attack on Mirelle is rolled, then Orc 2 charges her, its attack
    // still to roll: the step read "Orc 1 attacks Mirelle" alone.
    expect(groupFight(25)).toMatchObject({
      heading: "Orc 1 attacks Mirelle; Orc 2 charges Mirelle",
      rulings: [{ answer: "+1 to hit, +0 to AC", decider: { name: "Orc 4" } }],
      outcome: ["Orc 1 misses Mirelle"],
    });
    // Orc 3's charge at Mirelle, begun among Orc 2's and Hrolf's blows, heads with them.
    expect(groupFight(30)?.heading).toBe(
      "Orc 2 attacks Hrolf; Hrolf attacks Orc 1; Orc 3 charges Mirelle",
    );
    // What befell one another's doing named is not its own: "Eadric is out of reach: Raider 2's
    // attack does not happen", after "Raider 2 charges Eadric", is no doing of Eadric's.
    const wall = played(
      { "swords-wizardry-fitz": swordsWizardryFitz },
      "swords-wizardry-fitz",
      "shield-wall-and-pikes.yaml",
      22,
      1,
    );
    expect(lastResult(wall)?.heading).toBe(
      "Wulfnoth attacks Raider 2; Raider 2 charges Eadric; The hill giant charges Eadric",
    );
  });

  it("a choice alone is headed by itself, not by a line of its own doing or of the round that names another", () => {
    // tnt (seed 2, answer 31): Pip's move, in which Sigrun can make no attack of opportunity,
    // was headed "Sigrun has no combat die left: no attack of opportunity".
    expect(lastResult(played({ tnt }, "tnt", "dagger-and-greatsword.yaml", 31, 2))?.heading).toBe(
      "Pip: go to grapple range with Sigrun: 1 combat die (Sigrun may take an attack of opportunity)",
    );
    // tnt's group fight (seed 1, answer 28): Weasel disengaging and leaving was headed by the
    // next round's "combat dice replenish: Hild 3, Oswin 3, Knuckles 2".
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 28, 1))).toMatchObject({
      heading: "Weasel: disengage from Hild: 1 combat die; disengage from Oswin: 1 combat die",
      outcome: ["Weasel: out of the fight (fled)"],
    });
    // Swords & Wizardry's ambush (seed 2, answer 37): Cudgel singling out Ysolde was headed by
    // the round's initiative, "initiative: Osric (main) 1, …".
    expect(
      lastResult(
        played(
          { "swords-wizardry-fitz": swordsWizardryFitz },
          "swords-wizardry-fitz",
          "ambush-in-the-pass.yaml",
          37,
          2,
        ),
      ),
    ).toMatchObject({
      heading: "Cudgel: single out Ysolde: the others attack Cudgel as from behind (+2)",
      rulings: [],
    });
  });

  it("tnt: a late arrival named like one of the file is itself, not the other, in its own step", () => {
    // Brought in at answer 20 (seed 3), "Weasel the latecomer" disengages and leaves: read as
    // the file's Weasel, another than himself, his step was headed by his own first line,
    // "Weasel the latecomer spends a combat die to disengage from Hild".
    const e = played({ tnt }, "tnt", "group-fight.yaml", 20);
    e.give({
      kind: "gm",
      change: {
        op: "add-combatant",
        combatant: {
          id: "weasel-late",
          name: "Weasel the latecomer",
          side: "bandits",
          combatDice: 2,
          attackSkill: 2,
          defenceSkill: 2,
          hitPoints: 12,
          weapon: "dagger",
        },
      },
    });
    while (e.log.length < 38 && autoStep(e, 3));
    expect(lastResult(e)).toMatchObject({
      heading:
        "Weasel the latecomer: disengage from Hild: 1 combat die; disengage from Oswin: 1 combat die",
      outcome: ["Weasel the latecomer: out of the fight (fled)"],
    });
  });

  it("dungeons-of-olde: a bleeding's lost hit point says its cause", () => {
    // The ambush at the old bridge (seed 5, answer 51): Corwin, dying, bleeds at the reset as
    // the turn's action points are rolled; the line read "Corwin: -1 HP (to -6/11 HP)".
    const e = played(rulesets, "dungeons-of-olde", "ambush-at-the-old-bridge.yaml", 51, 5);
    expect(lastResult(e)).toMatchObject({
      heading: "Action points, a Finesse die of Aldric and Brenna",
      outcome: ["Corwin bleeds: -1 HP (to -6/11 HP)"],
    });
  });

  it("karn: in a melee of several, the one whose strike got through to its damage is the hitter", () => {
    // Grub's and Ugluk's strikes at Chip Calhoon resolve in one melee; only Ugluk's got through
    // to its damage ("Chip Calhoon: -3 armour HP" named no one).
    expect(lastResult(played({ karn }, "karn", "three-orcs.yaml", 46))?.outcome).toEqual([
      "Ugluk hits Chip Calhoon with the short sword: -3 armour HP (to 37/40 armour HP)",
      // Grub's strike, which did not get through, is a miss beside Ugluk's hit.
      "Grub misses Chip Calhoon",
      // Grub's fumble (All Turned Around: 2 SP, no roll) hurt him; Chip's counterattacks are
      // only declared yet ("Chip Calhoon hits Grub" took the fumble for Chip's hit).
      "Grub fumbles and is hurt: -2 SP (to 13/15 SP)",
    ]);
    // The ambush: Orrin's counterattack at Sly missed, Hedda's got through ("Sly: -9 HP");
    // Orrin's fumble (Overexerted Self) hurt himself, no one's hit: the line says so (it read
    // "Orrin: -3 SP", naming no cause), after Hedda's hit (it came first, in the cards' order).
    expect(lastResult(played({ karn }, "karn", "ambush-in-the-pass.yaml", 120))?.outcome).toEqual([
      "Hedda hits Sly with the longsword: -9 HP (to -8/11 HP)",
      // Said now: it went unsaid beside Hedda's hit on the same Sly.
      "Orrin misses Sly",
      "Orrin fumbles and is hurt: -3 SP (to 11/14 SP)",
    ]);
  });

  it("swords-wizardry-fitz: a miss is said beside others put out in the same step", () => {
    // Seed 2, answer 34: Mirelle's Sleep takes out four orcs in the segment where Orc 3 misses
    // her; the miss went unsaid once anyone was put out.
    expect(groupFight(34, 2)?.outcome).toEqual([
      "Orc 1: out of the fight (down)",
      "Orc 2: out of the fight (down)",
      "Orc 4: out of the fight (down)",
      "Gorbag the chief: out of the fight (down)",
      "Orc 3 misses Mirelle",
    ]);
  });

  it("swords-wizardry-fitz: one put out of the fight unhurt (asleep, fled) is no one's hit", () => {
    // Seed 9: Tam's split of his bonus ends round 1's; Mirelle's Sleep takes Orc 1 (read "Tam hits Orc 1").
    // The Sleep heads the step, Tam's split a line under it (it was headed by the split).
    expect(groupFight(23, 9)).toMatchObject({
      heading: "Mirelle's Sleep goes off at Gorbag the chief and everyone beside it",
      rulings: [{ answer: "+1 to hit, +0 to AC", decider: { name: "Tam" } }],
      outcome: ["Orc 1: out of the fight (down)"],
    });
    // Orc 4, fleeing, gets clear and leaves on its own count, doing nothing.
    expect(groupFight(78, 9)).toMatchObject({
      heading: "Orc 4: do nothing",
      outcome: ["Orc 4: out of the fight (fled)"],
    });
  });
});

describe("a weapon broken by a blow", () => {
  it("cartyrion: the Hill Giant's Power Attack says among its changes that the club is broken, and its card shows it", () => {
    const e = played({ cartyrion }, "cartyrion", "tombril-and-the-hill-giant.yaml", 3);
    const asked = e.status.kind === "pending" ? e.status.choice : undefined;
    if (asked?.kind !== "decide") throw new Error("the giant's action is asked at answer 3");
    expect(asked.actor).toBe("giant");
    e.give(decideAnswer(asked.actor, asked.question, asked.options, "power:tombril:club"));
    while (e.log.length < 5 && autoStep(e, 3));
    expect(lastResult(e)).toMatchObject({
      outcome: ["Hill Giant hits Tombril with the club: -48 SP (to 7/55 SP)"],
      changes: [
        { text: "Tombril: Stamina down from 55/55 SP to 7/55 SP", worse: true },
        // A sentence: it read "Hill Giant: now club broken".
        { text: "Hill Giant: its club breaks", before: "none", after: "club broken" },
      ],
    });
    const giant = e.view({ kind: "gm" }).find((c) => c.id === "giant")!;
    expect(giant.conditions).toContainEqual({
      id: "broken:club",
      label: "club broken",
      note: "unusable",
      begins: "its club breaks",
    });
    expect(giant.status).toBe("25/68 SP, 0/30 injuries, club broken");
  });
});

describe("an attack that hurts no one", () => {
  it("tnt: Aldric's attack says no miss while Brenna's defence waits, and whom it hit once it hurts", () => {
    // The duel (seed 3), answers 4-7: Aldric's attack in anger scores 25, Brenna's defence
    // against it waits (her passive 13 lets it through): no miss yet; his own anger changes.
    const e = played({ tnt }, "tnt", "duel.yaml", 7);
    expect(e.status).toMatchObject({ choice: { actor: "brenna", question: "defence" } });
    expect(lastResult(e)).toMatchObject({
      heading: "Aldric: one attack with 3 dice; attack in anger (set one die aside)",
      outcome: [],
      changes: [{ text: "Aldric: now attacks in anger" }],
    });
    // Two answers on, his next blow hurts: the line names whom, for how much.
    expect(lastResult(played({ tnt }, "tnt", "duel.yaml", 9))?.outcome).toEqual([
      "Aldric hits Brenna with the longsword: -14 HP (to 6/20 HP)",
    ]);
  });

  it("swords-wizardry-fitz: a plan's declaration is no attack, a hit waiting for its damage no miss", () => {
    const registry = { "swords-wizardry-fitz": swordsWizardryFitz };
    // Answers 14, 8 and 10 of the duel (seed 3): Sir Aldous's split of his bonuses; the Black
    // Knight's miss (9 against 14); Sir Aldous's hit (16 against 15), its damage still to roll.
    expect(lastResult(played(registry, "swords-wizardry-fitz", "duel.yaml", 14))).toMatchObject({
      heading: "Sir Aldous: +2 to hit, +0 to AC",
      outcome: [],
    });
    expect(lastResult(played(registry, "swords-wizardry-fitz", "duel.yaml", 8))?.outcome).toEqual([
      "The Black Knight misses Sir Aldous",
    ]);
    expect(lastResult(played(registry, "swords-wizardry-fitz", "duel.yaml", 10))).toMatchObject({
      heading: "Sir Aldous: attack The Black Knight with the long sword",
      outcome: [],
    });
  });
});

describe("a blow that hurt no one, from the blow the rules said", () => {
  /** Every outcome line of `file`'s fight played to its end (seed 3), a card after each answer. */
  function outcomes(id: string, file: string): string[] {
    const e = new Encounter(exampleFiles(rulesets, id).loadEncounter(file));
    const seen: string[] = [];
    let at = -1;
    while (autoStep(e, 3) && e.log.length < 400) {
      const r = lastResult(e);
      if (r !== null && r.at !== at) {
        at = r.at;
        seen.push(...r.outcome);
      }
    }
    return seen;
  }

  it.each([
    ["tnt", "duel.yaml", "Aldric misses Brenna"],
    ["karn", "duel.yaml", " misses "],
    ["swords-wizardry-fitz", "group-fight.yaml", " misses "],
    // Not its duel, whose one attack is a legendary hit (the GM's ruling on it read a miss).
    ["dungeons-of-olde", "tavern-brawl.yaml", "Rolf misses Hob"],
    [
      "cartyrion",
      "ambush-on-the-forest-road.yaml",
      "Goblin spearman hits Cedryk the Sneaky: no damage",
    ],
  ])("%s's %s: a miss names attacker and target in bold", (id, file, said) => {
    const lines = outcomes(id, file);
    const names = new Set(
      exampleFiles(rulesets, id)
        .loadEncounter(file)
        .setup.combatants.map((c) => c.name),
    );
    const missed = lines.filter((l) => / misses |: no damage$/u.test(l));
    expect(missed.some((l) => l.includes(said))).toBe(true);
    // "A misses B", "A hits B: no damage": both named, as the encounter names them.
    for (const line of missed) {
      const [by, on] = line.replace(/: no damage$/u, "").split(/ misses | hits /u);
      expect(
        [by, on].every((n) => names.has(n!)),
        line,
      ).toBe(true);
    }
  });

  it("cartyrion: a blow waiting for its damage is no miss yet", () => {
    // The warehouse (seed 3), answer 7: Cedryk's AWA check for the weak spot is explained, his
    // damage is the pending roll: the card says nothing of a miss.
    const e = played({ cartyrion }, "cartyrion", "cedryk-in-the-warehouse.yaml", 7);
    expect(lastResult(e)).toMatchObject({
      rolls: [{ label: "Cedryk the Sneaky's AWA check" }],
      outcome: [],
    });
  });
});

describe("a ruling on a blow, with no roll of it yet", () => {
  it("cartyrion: the GM's yes to Cedryk's sneak attack says the blow, and is no miss before its AWA check", () => {
    // The ambush on the forest road (seed 3), answer 29: the ruling is explained, the AWA check
    // for the weak spot waits. Its question said nothing of the blow, which Cedryk's card then
    // told by the question's words.
    const e = played({ cartyrion }, "cartyrion", "ambush-on-the-forest-road.yaml", 29);
    expect(e.log.at(-1)).toMatchObject({
      question: "sneak-attack",
      blow: { attacker: "cedryk", target: "boss" },
    });
    expect(lastResult(e)).toMatchObject({
      heading: "Cedryk the Sneaky: Sneak Attack Goblin chief with the dagger",
      outcome: [],
    });
    // Its AWA check is the blow's too: no miss while its damage waits, then the hit.
    expect(
      played({ cartyrion }, "cartyrion", "ambush-on-the-forest-road.yaml", 30).log.at(-1),
    ).toMatchObject({
      label: "Cedryk the Sneaky's AWA check",
      blow: { attacker: "cedryk", target: "boss" },
    });
    expect(
      lastResult(played({ cartyrion }, "cartyrion", "ambush-on-the-forest-road.yaml", 31))?.outcome,
    ).toEqual([
      "Cedryk the Sneaky hits Goblin chief with the dagger: +5 injuries (to 5/12 injuries)",
    ]);
  });

  it("swords-wizardry-fitz: the GM's ruling that Godwin's polearm fends Raider 2 off is no miss", () => {
    // Shield wall and pikes (seed 7): Godwin strikes Raider 2 as it comes, then the GM rules it
    // fended off (answer 24), a step of its own.
    const e = played(
      { "swords-wizardry-fitz": swordsWizardryFitz },
      "swords-wizardry-fitz",
      "shield-wall-and-pikes.yaml",
      24,
      7,
    );
    expect(e.log.at(-1)).toMatchObject({
      question: "fended-off",
      blow: { attacker: "centre", target: "raider2" },
    });
    expect(lastResult(e)).toMatchObject({
      heading: expect.stringMatching(
        /^Godwin's polearm strikes Raider 2: is Raider 2 fended off\?/u,
      ),
      outcome: [],
    });
  });
});

describe("every roll and question of a blow says the blow (first two rounds of every example)", () => {
  /** A roll's label and the names of the encounter's combatants, or a question's id. */
  type Asked = { readonly roll?: string; readonly question?: string };
  type Why = { readonly why: string; readonly is: (a: Asked, names: Set<string>) => boolean };
  const roll = (why: string, label: RegExp): Why => ({
    why,
    is: (a) => a.roll !== undefined && label.test(a.roll),
  });
  const asked = (why: string, ...ids: string[]): Why => ({
    why,
    is: (a) => a.question !== undefined && ids.includes(a.question.replace(/-\d+$/u, "")),
  });
  // What stays unmarked, and why: no blow has begun (the order of the round, surprise, what a
  // combatant declares or picks for its own action: its rolls carry the blow), the hurt it
  // follows came from anything (a blow, a spell, a fall), a spell (no blow: its caster's action
  // names the hitter, outcomeOf's `actor`).
  const before = "no blow yet: the round's order, surprise, an action's own declarations";
  const after = "it follows the hurt, whoever dealt it: the damage roll before it has the blow";
  const unmarked: Record<string, readonly Why[]> = {
    tnt: [
      roll(before, /'s initiative$/u),
      asked(before, "move", "target", "attack-dice", "anger", "bypass", "grapple"),
    ],
    cartyrion: [
      roll(before, /initiative$|AWA check against the ambush|best AWA check to turn the tables/u),
      roll("hiding or moving unseen (Sneak Attacks' concealment), before any blow", /DEX check$/u),
      asked(
        before,
        "action",
        "charge",
        "dash",
        "next",
        "cover",
        "concealment-dc",
        "reverse-ambush",
      ),
    ],
    karn: [
      roll(before, /initiative$|'s ALT check \(\d+%\) to notice .* fleeing$/u),
      roll("the fumble's ruling carries the fumbler's harm to itself", /^fumble chart/u),
      roll(
        "the fumble's ruling carries the fumbler's harm to itself",
        new RegExp(`^SP lost by .* \\((${FUMBLE_NAMES.join("|")})\\)$`, "u"),
      ),
      asked(
        before,
        "action",
        "strike",
        "target",
        "opponent",
        "forfeit",
        "counter",
        "flee",
        "follow",
        "notice",
      ),
    ],
    "swords-wizardry-fitz": [
      roll(
        before,
        /initiative( \(\w+\))?$|surprise die|^the ambush|'s target \(1 |^which friend is hit$/u,
      ),
      roll(after, /'s save versus death \(needs \d+\)$/u),
      {
        why: "a spell is no blow: its caster's action names the hitter",
        is: (a, names) => {
          const m = /^(.+)'s (save against|damage to) (.+?)( \(needs \d+\))?$/u.exec(a.roll ?? "");
          if (m === null) return false;
          const [by, what, on] =
            m[2] === "damage to" ? [m[1]!, m[2], m[3]!] : [m[3]!, m[2]!, m[1]!];
          return !names.has(by) && names.has(on) && what !== "" && by !== "the assassination";
        },
      },
      asked(before, "plan", "target", "bcb", "action", "subdue", "morale"),
      asked("it picks who strikes: the free attack's rolls carry the blow", "free-attack"),
      asked("it may send the missile elsewhere: its rolls carry the blow", "random-missile"),
    ],
    "dungeons-of-olde": [
      roll(before, /'s action points, a Finesse die$/u),
      roll(after, /'s check against the stunning blow$/u),
      asked(before, "action"),
    ],
  };

  it.each(Object.keys(rulesets))("%s: each one is marked, or unmarked for a reason", (id) => {
    const unexplained = new Set<string>();
    let marked = 0;
    for (const path of examplesOf(id).encounters) {
      const file = path.slice(path.lastIndexOf("/") + 1);
      const definition = exampleFiles(rulesets, id).loadEncounter(file);
      const names = new Set(definition.setup.combatants.map((c) => c.name));
      const ids = new Set(definition.setup.combatants.map((c) => c.id));
      const e = new Encounter(definition);
      while (e.round < 2 && autoStep(e, 3));
      for (const a of e.log) {
        if (a.kind === "gm") continue;
        if (a.blow !== undefined) {
          marked += 1;
          // A blow names two combatants of the encounter.
          expect(
            [a.blow.attacker, a.blow.target].every((c) => ids.has(c)),
            file,
          ).toBe(true);
          continue;
        }
        const it: Asked = a.kind === "roll" ? { roll: a.label } : { question: a.question };
        if (!unmarked[id]!.some((w) => w.is(it, names))) {
          unexplained.add(`${file}: ${a.kind === "roll" ? a.label : a.question}`);
        }
      }
    }
    expect([...unexplained]).toEqual([]);
    expect(marked).toBeGreaterThan(0);
  });
});

describe("harm a combatant does itself says its cause", () => {
  it("swords-wizardry-fitz: the GM rules a fumbled blow strikes the fumbler: 'fumbles and is hurt'", () => {
    // The group fight (seed 3) up to the first fumble; the GM rules the blow strikes its maker.
    const registry = { "swords-wizardry-fitz": swordsWizardryFitz };
    const e = new Encounter(
      exampleFiles(registry, "swords-wizardry-fitz").loadEncounter("group-fight.yaml"),
    );
    const fumbleAsked = () =>
      e.status.kind === "pending" &&
      e.status.choice.kind === "decide" &&
      e.status.choice.question === "fumble";
    while (!fumbleAsked() && autoStep(e, 3));
    if (e.status.kind !== "pending" || e.status.choice.kind !== "decide") throw new Error("none");
    const { actor, question, options } = e.status.choice;
    e.give(decideAnswer(actor, question, options, "self"));
    const damage = () => {
      const a = e.log.at(-1);
      return a?.kind === "roll" && /'s damage to /u.test(a.label) ? a : undefined;
    };
    while (damage() === undefined && autoStep(e, 3));
    const fumbler = damage()?.blow?.attacker;
    const name = e.view({ kind: "gm" }).find((c) => c.id === fumbler)?.name;
    // Its damage roll is its harm to itself, not a hit of its own on itself.
    expect(e.log.at(-1)).toMatchObject({ blow: { target: fumbler, cause: "fumbles and is hurt" } });
    const outcome = lastResult(e)!.outcome;
    expect(outcome.some((o) => o.startsWith(`${name} fumbles and is hurt: -`))).toBe(true);
    expect(outcome.join("\n")).not.toContain(`${name} hits ${name}`);
  });

  it("cartyrion: the stamina a shot takes is the shooter's own doing, said beside its hit", () => {
    // Seed 2, answer 7: the goblin's javelin ("Goblin skirmisher: -2 SP" named no cause).
    const e = played({ cartyrion }, "cartyrion", "ambush-on-the-forest-road.yaml", 7, 2);
    expect(lastResult(e)?.outcome).toEqual([
      "Goblin skirmisher hits Bram with the javelin: +2 injuries (to 2/13 injuries)",
      "Goblin skirmisher spends stamina on the shot: -2 SP (to 8/10 SP)",
    ]);
  });
});

describe("a move before the attack", () => {
  it("tnt: the heading names the attack first, the move a line of its own under it", () => {
    // Group fight (seed 3), answer 20: Weasel moves, then attacks Hild (the heading read "Weasel:
    // go to melee range with Oswin: 1 combat die; one attack with 1 die at Hild (onset range)").
    const result = lastResult(played({ tnt }, "tnt", "group-fight.yaml", 20))!;
    expect(result.heading).toBe("Weasel: one attack with 1 die at Hild (onset range)");
    expect(result.rulings[0]).toEqual({
      question: "Weasel has 2 combat dice. Change the range?",
      answer: "go to melee range with Oswin: 1 combat die",
      rollsBefore: 0,
      decider: { id: "weasel", name: "Weasel" },
    });
    expect(result.outcome).toEqual(["Weasel hits Hild with the dagger: -1 HP (to 19/20 HP)"]);
  });
});

describe("a step of rolls alone", () => {
  it("tnt: the round's initiatives are headed by what they are, each one's", () => {
    // It read "5 rolls".
    expect(lastResult(played({ tnt }, "tnt", "group-fight.yaml", 5))).toMatchObject({
      heading: "Initiative of Hild, Oswin, Cutter, Knuckles and Weasel",
      rolls: [
        { label: "Hild's initiative" },
        { label: "Oswin's initiative" },
        { label: "Cutter's initiative" },
        { label: "Knuckles's initiative" },
        { label: "Weasel's initiative" },
      ],
    });
  });

  it("swords-wizardry-fitz: the surprise dice are headed without each one's parenthesis", () => {
    const e = played(
      { "swords-wizardry-fitz": swordsWizardryFitz },
      "swords-wizardry-fitz",
      "group-fight.yaml",
      8,
    );
    expect(lastResult(e)?.heading).toBe(
      "Surprise die of Hrolf, Mirelle, Tam, Orc 1, Orc 2, Orc 3, Orc 4 and Gorbag the chief",
    );
  });
});

describe("a new round's first roll", () => {
  it("cartyrion: the next round's initiative is a step of its own, not under the blow before it", () => {
    const ambush = (answers: number) =>
      lastResult(played({ cartyrion }, "cartyrion", "ambush-on-the-forest-road.yaml", answers));
    expect(ambush(31)).toMatchObject({
      heading: "Cedryk the Sneaky: Sneak Attack Goblin chief with the dagger",
      rolls: [{ label: "Cedryk the Sneaky's AWA check" }, { label: "Cedryk the Sneaky's damage" }],
    });
    // It was told under Cedryk's sneak attack, a third roll of it.
    expect(ambush(32)).toMatchObject({ heading: "A roll", rolls: [{ label: "initiative" }] });
  });
});

describe("karn: a change by hand mid-declaration", () => {
  const changedAt = (file: string, at: number, who: string, after: number) => {
    const e = played({ karn }, "karn", file, at).branch(at);
    e.give({ kind: "gm", change: { op: "set", combatant: who, field: "sp", value: 9 } });
    for (let k = 0; k < after && autoStep(e, 3); k += 1);
    return e;
  };

  it("heads the weapon that completes a counterattack declared before it by that counterattack", () => {
    // The ambush (seed 3): Hedda declares a half-action counterattack at Sly (answer 98), the GM
    // sets her SP, then she picks her longsword: it read "Hedda: with Longsword (1d8)".
    const e = changedAt("ambush-in-the-pass.yaml", 98, "hedda", 1);
    expect(lastResult(e)?.heading).toBe("Hedda: a half-action counterattack with Longsword (1d8)");
  });

  it("says a bare answer with its question, and the choices after it as what came next", () => {
    // Three orcs (seed 3): the GM sets Chip's SP after his ALT check; his "no" to fleeing and
    // "nothing more" read "Chip Calhoon: no; nothing more".
    const e = changedAt("three-orcs.yaml", 118, "chip", 2);
    expect(lastResult(e)?.heading).toBe(
      "No attack is declared against Chip Calhoon: does it flee (all its actions)? Chip Calhoon: no, then nothing more",
    );
  });
});

describe("a change by hand between a decision and its roll", () => {
  it("karn: the roll is headed by what it was for, the change a line of its own, no harm of the step's", () => {
    // The ambush (seed 3): Hedda rolls for the initiative (answer 6), the GM sets her SP to 9,
    // her die is rolled. It read "By hand: Hedda: -9 SP (to 9/18 SP)" over her initiative, headed
    // "the GM sets Hedda's Stamina (SP) to 9 (was 18)".
    const e = played({ karn }, "karn", "ambush-in-the-pass.yaml", 6).branch(6);
    e.give({ kind: "gm", change: { op: "set", combatant: "hedda", field: "sp", value: 9 } });
    expect(lastResult(e)).toMatchObject({
      at: 7,
      byHand: true,
      outcome: ["Hedda: -9 SP (to 9/18 SP)"],
    });
    autoStep(e, 3);
    const result = lastResult(e)!;
    expect(result).toMatchObject({
      at: 8,
      heading: "Hedda: roll for the initiative",
      rolls: [{ label: "Hedda's initiative", dice: "[9] = 9" }],
      rulings: [
        {
          answer: "the GM sets Hedda's Stamina (SP) to 9 (was 18)",
          rollsBefore: 0,
          byHand: true,
        },
      ],
      outcome: [],
      changes: [],
    });
    expect(result.byHand).toBeUndefined();
  });

  it("tnt: a blow's lines keep the change among them, its outcome not the change's harm", () => {
    // The group fight (seed 3): Knuckles defends against Hild's attack (answer 40), the GM sets
    // his HP to 5, his defence dice are rolled: the step was headed by the change.
    const e = played({ tnt }, "tnt", "group-fight.yaml", 40);
    e.give({ kind: "gm", change: { op: "set", combatant: "knuckles", field: "hp", value: 5 } });
    autoStep(e, 3);
    expect(lastResult(e)).toMatchObject({
      at: 42,
      heading: expect.stringMatching(/^Hild: one attack with 3 dice at Knuckles/),
      rulings: [
        { answer: "active defence with 2 dice", rollsBefore: 1 },
        { answer: "the GM sets Knuckles's Hit points to 5 (was 16)", rollsBefore: 1, byHand: true },
      ],
      outcome: [],
      changes: [{ text: "Hild: now attacks in anger" }],
    });
  });
});
