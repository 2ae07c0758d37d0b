// The options of every example encounter's first decisions, in every ruleset, as the console's
// buttons and `fray play` show them: each decision's labels are all different (no two buttons
// that read alike) and read as words (no answer id, no field name, no "Fray's pick: …" dump, no
// doubled parentheses).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seededRoll } from "../engine/drivers/live.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { readDataFile } from "./files.js";
import { rulesets } from "./rulesets.js";

const EXAMPLES = new URL("../../examples/", import.meta.url);

/** Fray's own rulesets' example files that are encounters (the others are exchanges). */
const encounters = Object.keys(rulesets).flatMap((ruleset) =>
  readdirSync(new URL(`${ruleset}/`, EXAMPLES))
    .filter((f) => f.endsWith(".yaml"))
    .filter((f) => /^combatants:/m.test(readFileSync(new URL(`${ruleset}/${f}`, EXAMPLES), "utf8")))
    .map((f) => `${ruleset}/${f}`),
);

/** Decisions read per example: every kind a round of each ruleset asks, and more. */
const DECISIONS = 15;

/** What no label may hold: an answer id, a programmer's name, a dump of Fray's pick, "(a) (b)". */
const UNREADABLE = [
  /\b[a-z-]+:[a-z0-9-]+:[a-z0-9-]+\b/,
  /\b[a-z]{2,}[A-Z][A-Za-z]*\b/,
  /Fray's pick/,
  /\)\s*\(/,
  /\(\(/,
  /undefined|null|NaN|\[object/,
];

describe("every example's decisions offer options that read as words, each its own", () => {
  it("covers the examples of the five rulesets", () => {
    const per = new Set(encounters.map((f) => f.split("/")[0]));
    expect(per.size).toBe(Object.keys(rulesets).length);
    expect(encounters.length).toBeGreaterThanOrEqual(20);
  });

  it.each(encounters)("%s", (file) => {
    const path = new URL(file, EXAMPLES).pathname;
    const encounter = new Encounter(parseEncounterFile(readDataFile(path), rulesets, file));
    let decisions = 0;
    const problems: string[] = [];
    while (decisions < DECISIONS) {
      const status = encounter.status;
      if (status.kind === "over") break;
      const choice = status.choice;
      if (choice.kind === "roll") {
        encounter.give(seededRoll(choice, 3));
        continue;
      }
      decisions += 1;
      const labels = (choice.options.choices ?? []).map((c) => c.label);
      const where = `${choice.actor}: ${choice.question} (decision ${decisions})`;
      const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
      if (twice.length > 0) problems.push(`${where}: offered twice: ${twice.join(" | ")}`);
      for (const label of labels)
        if (UNREADABLE.some((r) => r.test(label))) problems.push(`${where}: "${label}"`);
      encounter.decideByPolicy();
    }
    expect(decisions).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
