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
import { seededRoll } from "./drivers/live.js";

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

describe("a late arrival's tactics", () => {
  /** The duel with Dan (20 HP) brought in on Ann's side before the first answer, and `tactics`. */
  function danArrives(arrivalTactics?: Record<string, unknown>) {
    const file = { ...duelFile(), ...(arrivalTactics === undefined ? {} : { arrivalTactics }) };
    const e = new Encounter(parseEncounterFile(file, registry, "duel.yaml"));
    const dan = { id: "dan", name: "Dan", side: "red", hp: 20, damage: "d6" };
    e.give({ kind: "gm", change: { op: "add-combatant", combatant: dan } });
    return e;
  }

  /** Dan's tactic's answer to his first stance (he acts from the next round on). */
  function dansFirstStance(e: Encounter): unknown {
    for (let step = 0; step < 200; step += 1) {
      const status = e.status;
      if (status.kind !== "pending") break;
      const c = status.choice;
      if (c.kind === "decide" && c.actor === "dan" && c.question === "stance")
        return e.tacticAnswer;
      if (c.kind === "decide") e.decideByPolicy();
      else e.give(seededRoll(c, 7));
    }
    throw new Error("Dan never chose a stance");
  }

  it("plays the encounter's arrivalTactics: a cautious Dan strikes carefully where the default is reckless", () => {
    // The default: reckless against a weaker foe (Dan 20 HP, Bob 10); cautious: always careful.
    expect(dansFirstStance(danArrives())).toBe("reckless");
    expect(dansFirstStance(danArrives({ dan: "cautious" }))).toBe("careful");
    expect(dansFirstStance(danArrives({ dan: { questions: { stance: "cautious" } } }))).toBe(
      "careful",
    );
  });

  it("refuses tactics for one of the file's combatants, or a profile the ruleset has not, naming the field", () => {
    const file = (arrivalTactics: unknown) => ({ ...duelFile(), arrivalTactics });
    expect(() => parseEncounterFile(file({ ann: "cautious" }), registry, "duel.yaml")).toThrow(
      'duel.yaml: arrivalTactics.ann: "ann" is one of the file\'s combatants, not a late arrival',
    );
    expect(() => parseEncounterFile(file({ dan: "brave" }), registry, "duel.yaml")).toThrow(
      'duel.yaml: arrivalTactics.dan: unknown tactics profile "brave"',
    );
    expect(() =>
      parseEncounterFile(
        file({ dan: { questions: { bonus: "reckless" } } }),
        registry,
        "duel.yaml",
      ),
    ).toThrow(/^duel\.yaml: arrivalTactics\.dan\.questions\.bonus: "bonus" .* is the GM's ruling/);
  });
});
