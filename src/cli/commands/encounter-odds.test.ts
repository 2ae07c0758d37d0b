import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encounterFightOdds } from "../../app/fight-odds.js";
import { renderFightOdds } from "./encounter-odds.js";
import { readDataFile } from "../../app/files.js";
import { parseEncounterFile, type EncounterDefinition } from "../../engine/encounter-file.js";
import { rulesets } from "../../rulesets/index.js";
import { runSimulation } from "../../sim/runner.js";
import { main } from "../main.js";
import { advise, formatAdvice } from "./advise.js";
import { capturePrinted, repoFile } from "../test-support/cli.js";

// Two level-1 cutpurses with daggers, toe to toe: a cartyrion fight small enough to work out
// exactly in a test (a few hundred states; it is over within three rounds).
const ALLEY = `ruleset: cartyrion
title: Two cutpurses in an alley
seed: 4
sides:
  - { id: left, name: The left cutpurse }
  - { id: right, name: The right cutpurse }
options: { start: expected, distance: 5 }
combatants:
  - { id: ada, name: Ada, side: left, level: 1, str: 1, stamina: 4, injurySlots: 2, weapons: [dagger] }
  - { id: bo, name: Bo, side: right, level: 1, dex: 1, stamina: 3, injurySlots: 3, weapons: [dagger] }
`;
const alley = join(mkdtempSync(join(tmpdir(), "fray-odds-")), "alley.yaml");
writeFileSync(alley, ALLEY);
const definition = () => parseEncounterFile(readDataFile(alley), rulesets, alley);
const exchange = repoFile("examples/cartyrion/tombril-strikes-the-giant.yaml");

const printed = capturePrinted();

const fray = (...args: string[]) => main(["node", "fray", ...args]);

/**
 * `file`'s whole fight works out exactly to its end (more than `rounds` rounds, in under 10,000
 * states, unresolved below 1e-9), each side's win and each combatant's survival inside the 95%
 * intervals of 20,000 simulated fights at seed 11.
 */
async function expectWorkedOutAsSimulated(file: EncounterDefinition, rounds: number) {
  const odds = encounterFightOdds(file);
  expect(odds.stopped).toBe("done");
  expect(odds.unresolved.total).toBeLessThan(1e-9);
  expect(odds.roundsWorked).toBeGreaterThan(rounds);
  expect(odds.states).toBeLessThan(10_000);
  const [west, east] = odds.sides;
  expect(west!.win + east!.win + odds.draw + odds.mutualKill).toBeCloseTo(1, 9);
  const sim = await runSimulation({ definition: file, seed: 11, runs: 20_000, workers: 1 });
  for (const [i, side] of sim.summary.sides.entries()) {
    expect(side.win.low, side.id).toBeLessThan(odds.sides[i]!.win);
    expect(side.win.high, side.id).toBeGreaterThan(odds.sides[i]!.win);
  }
  for (const [i, c] of sim.summary.combatants.entries()) {
    expect(c.survival.low, c.id).toBeLessThan(odds.combatants[i]!.survival);
    expect(c.survival.high, c.id).toBeGreaterThan(odds.combatants[i]!.survival);
  }
}

describe("fray odds <encounter.yaml>", () => {
  it("prints the exact whole-fight odds as JSON, agreeing with simulation at a fixed seed", async () => {
    expect(await fray("odds", alley, "--json")).toBe(0);
    const odds = JSON.parse(printed.text()) as ReturnType<typeof encounterFightOdds>;
    const direct = encounterFightOdds(definition());
    expect({ ...odds, seconds: 0 }).toEqual({ ...direct, seconds: 0 });
    expect(odds.stopped).toBe("done");
    expect(odds.unresolved.total).toBeLessThan(1e-9);
    const [left, right] = odds.sides;
    expect(left!.win + right!.win + odds.draw + odds.mutualKill).toBeCloseTo(1, 9);
    expect(odds.rounds.distribution[0]).toBe(0);

    const sim = await runSimulation({
      definition: definition(),
      seed: 11,
      runs: 20_000,
      workers: 1,
    });
    for (const [i, side] of sim.summary.sides.entries()) {
      const exact = odds.sides[i]!.win;
      expect(side.win.low, side.id).toBeLessThan(exact);
      expect(side.win.high, side.id).toBeGreaterThan(exact);
    }
    for (const [i, c] of sim.summary.combatants.entries()) {
      expect(c.survival.low).toBeLessThan(odds.combatants[i]!.survival);
      expect(c.survival.high).toBeGreaterThan(odds.combatants[i]!.survival);
    }
  }, 120_000);

  it("plays each combatant by the tactics its file gives, as simulation does", async () => {
    // Ada on the cautious profile withdraws from a fight her default tactics stay in.
    const cautious = join(mkdtempSync(join(tmpdir(), "fray-odds-")), "alley-cautious.yaml");
    writeFileSync(
      cautious,
      ALLEY.replace("weapons: [dagger] }", "weapons: [dagger], tactics: cautious }"),
    );
    expect(await fray("odds", cautious, "--json")).toBe(0);
    const odds = JSON.parse(printed.text()) as ReturnType<typeof encounterFightOdds>;
    const byDefault = encounterFightOdds(definition());
    expect(odds.stopped).toBe("done");
    expect(Math.abs(odds.sides[0]!.win - byDefault.sides[0]!.win)).toBeGreaterThan(0.01);
    const file = parseEncounterFile(readDataFile(cautious), rulesets, cautious);
    const sim = await runSimulation({ definition: file, seed: 11, runs: 20_000, workers: 1 });
    for (const [i, side] of sim.summary.sides.entries()) {
      expect(side.win.low, side.id).toBeLessThan(odds.sides[i]!.win);
      expect(side.win.high, side.id).toBeGreaterThan(odds.sides[i]!.win);
    }
  }, 120_000);

  it("works out a swords-wizardry-fitz fight to its end, its states recurring from round to round, as simulation has it", async () => {
    // Two goblins (1 HD, 5 HP): monsters save versus death instead of the Mighty Blows chart, so
    // the fight is small enough to work out. It lasts up to dozens of rounds; with the round
    // number forgotten (procedures/spent.ts) those rounds reach the same few thousand states.
    const goblin = { hitDice: 1, hitPoints: 5, ac: 13 };
    const file = parseEncounterFile(
      {
        ruleset: "swords-wizardry-fitz",
        title: "Two goblins",
        options: { surprise: "none", distance: 5 },
        sides: [{ id: "west" }, { id: "east" }],
        combatants: [
          { id: "g1", name: "Goblin 1", side: "west", ...goblin, weapons: ["dagger"] },
          { id: "g2", name: "Goblin 2", side: "east", ...goblin, weapons: ["club"] },
        ],
      },
      rulesets,
      "goblins",
    );
    await expectWorkedOutAsSimulated(file, 20);
  }, 180_000);

  it("works out a dungeons-of-olde fight to its end, its turns resumed and merged, as simulation has it", async () => {
    // Two brawlers with daggers, 3 HP each: a turn resumes after its reset phase and after each
    // character's round (procedures/turn.ts), and with the turn number forgotten
    // (procedures/spent.ts) the turns reach the same few thousand states.
    const brawler = { brawn: 6, finesse: 3, nerve: 6, hitPoints: 3, weapons: ["dagger"] };
    const file = parseEncounterFile(
      {
        ruleset: "dungeons-of-olde",
        title: "Two brawlers",
        options: { distance: 2 },
        sides: [{ id: "west" }, { id: "east" }],
        combatants: [
          { id: "ana", name: "Ana", side: "west", ...brawler },
          { id: "bo", name: "Bo", side: "east", ...brawler },
        ],
      },
      rulesets,
      "brawlers",
    );
    await expectWorkedOutAsSimulated(file, 10);
  }, 180_000);

  it("prints a table with the error bound and the states it took", async () => {
    expect(await fray("odds", alley)).toBe(0);
    const text = printed.text();
    const odds = encounterFightOdds(definition());
    expect(text).toContain("Two cutpurses in an alley (Laurels and Loot: Combat");
    expect(text).toContain("from the start of the fight");
    expect(text).toMatch(
      new RegExp(`The left cutpurse wins +${(odds.sides[0]!.win * 100).toFixed(7)}%`),
    );
    expect(text).toMatch(/unresolved: \d\.\d\de-\d+ \(explosions cut off .*\): each probability/);
    expect(text).toContain(`${odds.states.toLocaleString("en-US")} distinct states`);
  }, 120_000);

  it("stops at the state budget, exact through the rounds worked, and says how to raise it", async () => {
    expect(await fray("odds", alley, "--max-states", "60")).toBe(0);
    const text = printed.text();
    expect(text).toMatch(
      /stopped at the state budget of 60 distinct states: exact through round \d+; raise it with --max-states/,
    );
  });

  it("says a round past a budget of runs (a library's or the HTTP API's maxRuns) in words, not its estimate's 131 digits", () => {
    const karn = parseEncounterFile(
      {
        ruleset: "karn",
        sides: [{ id: "party" }, { id: "foes" }],
        combatants: [
          { id: "combatant", name: "Combatant", side: "party" },
          { id: "combatant-2", name: "Combatant 2", side: "foes" },
        ],
      },
      rulesets,
      "test",
    );
    const odds = encounterFightOdds(karn, { maxRuns: 10_000_000 });
    expect(renderFightOdds(odds, "karn")).toContain(
      "stopped at the budget of 10,000,000 runs: round 1 alone has more ways the dice can fall; simulate it (fray sim)",
    );
  });

  it("follows fixed decisions, and refuses one the fight never asks, and options that do not apply", async () => {
    // Ada waiting every turn never wins: she never attacks.
    expect(await fray("odds", alley, "--json", "--decide", "ada:action=wait")).toBe(0);
    const parrying = JSON.parse(printed.text()) as ReturnType<typeof encounterFightOdds>;
    expect(parrying.sides[0]!.win).toBe(0);
    expect(parrying.sides[1]!.win).toBeGreaterThan(0.5);
    expect(await fray("odds", alley, "--decide", "ada:action=parry:weapon")).toBe(2);
    expect(printed.errors()).toContain('ada: action: "parry:weapon" is not one of the options');
    printed.clear();
    expect(await fray("odds", alley, "--decide", "zed:action=wait")).toBe(2);
    expect(printed.errors()).toContain('decisions: "zed:action" never asked in this fight');
    printed.clear();
    expect(await fray("odds", alley, "--vs", "d20")).toBe(2);
    expect(printed.errors()).toContain("--vs compares dice expressions");
    printed.clear();
    expect(await fray("odds", exchange, "--max-states", "9")).toBe(2);
    expect(printed.errors()).toContain(
      "--max-states applies to an encounter file, not an exchange",
    );
  }, 120_000);
});

describe("fray advise --horizon fight", () => {
  it("ranks the options by the exact chance of winning the whole fight", async () => {
    const { advice, sideName } = await advise(alley, { horizon: "fight" });
    expect(advice.horizon).toBe("fight");
    expect(advice.fight).toMatchObject({ method: "exact" });
    const wins = advice.options.map((o) => o.win!.value);
    for (let i = 1; i < wins.length; i += 1) expect(wins[i]!).toBeLessThan(wins[i - 1]! + 1e-12);
    expect(wins[0]!).toBeGreaterThan(wins[wins.length - 1]!);
    const text = formatAdvice(advice, sideName);
    expect(text).toMatch(/win \/ lose the fight: exact, [\d,]+ distinct states/);
    expect(text).toContain("win fight");
  }, 120_000);

  it("refuses a horizon it does not know", async () => {
    await expect(advise(alley, { horizon: "week" })).rejects.toThrow(
      '--horizon: "week" is not round or fight',
    );
  });
});
