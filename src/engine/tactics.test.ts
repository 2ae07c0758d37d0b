import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { RuleContext } from "./choice.js";
import { parseEncounterFile } from "./encounter-file.js";
import { InputError } from "./input-error.js";
import { Encounter } from "./encounter.js";
import { skirmish } from "./test-support/skirmish.js";
import { combatantQuestions } from "./tactics.js";

const registry = { skirmish };
const duelFile = () =>
  parse(
    readFileSync(
      fileURLToPath(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url)),
      "utf8",
    ),
  ) as { combatants: Record<string, unknown>[] };

/** The duel with Ann's (the first combatant's) tactics set to `tactics`. */
function annPlays(tactics: unknown) {
  const file = duelFile();
  file.combatants[0]!.tactics = tactics;
  return parseEncounterFile(file, registry, "duel.yaml");
}

/** Ann's answer to her first decision of the fight (the target), then to the stance. */
function annFirstAnswers(tactics: unknown): unknown[] {
  const e = new Encounter(annPlays(tactics));
  const first = e.tacticAnswer;
  e.decideByPolicy();
  return [first, e.tacticAnswer];
}

describe("tactics declared apart from the rules", () => {
  it("the default tactics answer every combatant without a profile", () => {
    // The skirmish's default: the weakest foe, reckless against a weaker one (Ann 12 HP, Bob 10).
    expect(annFirstAnswers(undefined)).toEqual(["bob", "reckless"]);
  });

  it("a profile replaces the default tactic of the questions it names, and only those", () => {
    expect(annFirstAnswers("cautious")).toEqual(["bob", "careful"]);
    expect(annFirstAnswers({ profile: "reckless" })).toEqual(["bob", "reckless"]);
  });

  it("a per-question override takes that question's tactic from another profile", () => {
    expect(annFirstAnswers({ profile: "default", questions: { stance: "cautious" } })).toEqual([
      "bob",
      "careful",
    ]);
    expect(annFirstAnswers({ profile: "cautious", questions: { stance: "default" } })).toEqual([
      "bob",
      "reckless",
    ]);
  });

  it("drivers answer by the actor's profile: a cautious Ann strikes carefully, Bob by default", () => {
    const asked: string[] = [];
    const def = annPlays("cautious");
    const ctx: RuleContext = {
      explaining: false,
      roll: () => 3,
      decide: (actor, question, o) => {
        const v = def.playbook.answer(actor, question, o);
        asked.push(`${actor}:${question}=${String(v)}`);
        return v;
      },
      explain: () => {},
    };
    def.ruleset.round(def.ruleset.setup(def.setup), ctx);
    expect(asked).toContain("ann:stance=careful");
    expect(asked).toContain("bob:stance=careful");
  });

  it("an unknown profile is refused, naming the field and the profiles there are", () => {
    expect(() => annPlays("wild")).toThrow(InputError);
    expect(() => annPlays("wild")).toThrow(
      'duel.yaml: combatants[0].tactics: unknown tactics profile "wild"; this ruleset\'s profiles: default, cautious, reckless, search',
    );
    expect(() => annPlays({ profile: "wild" })).toThrow(
      /combatants\[0\]\.tactics\.profile: unknown/,
    );
  });

  it("an override of a question the ruleset never asks is refused, listing a combatant's questions with what they ask", () => {
    expect(() => annPlays({ questions: { stanse: "reckless" } })).toThrow(
      'duel.yaml: combatants[0].tactics.questions.stanse: this ruleset asks no question "stanse"; a combatant\'s questions: target (which foe it attacks); stance (whether it attacks carefully or recklessly)',
    );
    expect(() => annPlays({ questions: { stance: "brave" } })).toThrow(
      /tactics\.questions\.stance: unknown tactics profile "brave"/,
    );
  });

  it("an override of the GM's ruling is refused: it is not the combatant's to answer", () => {
    // The skirmish's "bonus" is asked of "gm": Ann's tactics would never be asked it.
    expect(() => annPlays({ questions: { bonus: "reckless" } })).toThrow(
      "duel.yaml: combatants[0].tactics.questions.bonus: \"bonus\" (whether a hit gets the bonus point) is the GM's ruling, not a decision of the combatant's",
    );
    expect(combatantQuestions(skirmish.tactics)).toEqual(["target", "stance"]);
  });

  it("tactics of the wrong shape are refused by the schema, naming the field", () => {
    expect(() => annPlays(3)).toThrow(/combatants\[0\]\.tactics/);
    expect(() => annPlays({ profle: "reckless" })).toThrow(/unknown field "profle"/);
  });
});
