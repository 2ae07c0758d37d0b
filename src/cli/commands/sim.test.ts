// `fray sim`, `fray sweep` and `fray advise` end to end on the benchmark's cartyrion duel and the
// chapter's worked example, in this thread (--workers 1; the worker pool is tested from built
// code in src/sim).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playToEnd } from "../../engine/autoplay.js";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { logLines } from "../../engine/log.js";
import { answer } from "../../engine/test-support/scripted.js";
import { rulesets } from "../../rulesets/index.js";
import { runSimulation } from "../../sim/runner.js";
import { readDataFile } from "../../app/files.js";
import { advise, formatAdvice } from "./advise.js";
import { sim } from "./sim.js";
import { sweep } from "./sweep.js";
import { capturePrinted, repoFile } from "../test-support/cli.js";

const duel = repoFile("bench/encounters/cartyrion-duel.yaml");
const tombril = repoFile("examples/cartyrion/tombril-and-the-hill-giant.yaml");
const tntDuel = repoFile("examples/tnt/duel.yaml");
const definitionOf = (path: string) => parseEncounterFile(readDataFile(path), rulesets, path);

/** Writes the encounter's log (as `fray play --log` does) to a new file and returns its path. */
function writeLog(encounter: Encounter, name = "partial.jsonl"): string {
  const path = join(mkdtempSync(join(tmpdir(), "fray-sim-log-")), name);
  writeFileSync(path, logLines(encounter, 5).join("\n") + "\n");
  return path;
}

/**
 * The chapter's worked example (Damage Dice, "Example") as far as the GM has typed the dice:
 * initiative 5, Tombril attacks the giant (his policy), 5d6 = 5 3 4 3 2 takes the giant to 37 SP.
 */
function tombrilAfterHisBlow(): Encounter {
  const encounter = answer(new Encounter(definitionOf(tombril)), [[5]]);
  encounter.decideByPolicy();
  return answer(encounter, [[5, 3, 4, 3, 2]]);
}

const json = () => JSON.parse(printed.text()) as Record<string, unknown> & { timing?: unknown };
const printed = capturePrinted();

describe("fray sim", () => {
  it("prints JSON that depends on the seed and the runs only", async () => {
    await sim(duel, { runs: "3000", workers: "1", seed: "4", json: true });
    const first = JSON.parse(printed.text()) as Record<string, unknown>;
    printed.clear();
    await sim(duel, { runs: "3000", workers: "1", seed: "4", json: true });
    const second = JSON.parse(printed.text()) as Record<string, unknown>;
    expect(first).toMatchObject({
      runs: 3000,
      seed: 4,
      ruleset: "cartyrion",
      stopped: "completed",
    });
    expect(first.timing).toHaveProperty("wallSeconds");
    delete first.timing;
    delete second.timing;
    expect(second).toEqual(first);
  });

  it("prints a table, and writes the chart", async () => {
    const chart = join(mkdtempSync(join(tmpdir(), "fray-sim-")), "duel.svg");
    await sim(duel, { runs: "2000", workers: "1", chart });
    const text = printed.text();
    expect(text).toMatch(/2,000 fights in/);
    expect(text).toMatch(/The party wins +\d+\.\d% {2}\[\d+\.\d%, \d+\.\d%\]/);
    expect(text).toMatch(/rounds to the end: mean \d+\.\d\d, median \d+, 90th percentile \d+/);
    expect(readFileSync(chart, "utf8")).toContain("Rounds to the end of the fight");
  });

  it("stops at the interval target with --until-ci", async () => {
    await sim(duel, { untilCi: "0.02", workers: "1", json: true });
    const json = JSON.parse(printed.text()) as {
      stopped: string;
      sides: { win: { low: number; high: number } }[];
    };
    expect(json.stopped).toBe("interval-reached");
    for (const s of json.sides) expect((s.win.high - s.win.low) / 2).toBeLessThan(0.02);
  });

  it("refuses bad numbers with the flag named", async () => {
    await expect(sim(duel, { runs: "ten" })).rejects.toThrow(/--runs: "ten" is not a whole number/);
    await expect(sim(duel, { untilCi: "2" })).rejects.toThrow(/--until-ci/);
    await expect(sim(duel, { chart: "x.gif" })).rejects.toThrow(/\.svg or \.png/);
  });

  it("refuses what is over a limit before it starts, saying the limit and how to go beyond", async () => {
    // Each of these once ran out of memory (a count per round) or would run for days.
    await expect(sim(duel, { maxRounds: "1000000000" })).rejects.toThrow(
      "--max-rounds: 1000000000 is over the limit of 100,000",
    );
    for (const runs of ["1000000000000", "1e12"]) {
      await expect(sim(duel, { runs })).rejects.toThrow(
        expect.objectContaining({
          message: `--runs: ${runs} is over the limit of 1,000,000,000`,
          hint: expect.stringContaining("--until-ci"),
        }),
      );
    }
    await expect(sim(duel, { workers: "100000" })).rejects.toThrow(/over the limit of 64/);
    await sim(duel, { runs: "2e3", workers: "1", json: true });
    expect((json() as { runs: number }).runs).toBe(2000);
  });
});

describe("fray sim --tactics", () => {
  type Sides = { sides: { win: { p: number; low: number; high: number } }[] };

  it("plays the profile given: a reckless Tombril never withdraws and wins about half, against a third by default", async () => {
    await sim(tombril, { runs: "2000", workers: "1", seed: "3", json: true });
    const steady = json() as unknown as Sides;
    printed.clear();
    await sim(tombril, {
      runs: "2000",
      workers: "1",
      seed: "3",
      json: true,
      tactics: "tombril=reckless",
    });
    const reckless = json() as unknown as Sides;
    // Withdrawing, he leaves the giant the field: 33.0% and 49.6% over 4,000 fights.
    expect(steady.sides[0]!.win.p).toBeCloseTo(0.33, 1);
    expect(reckless.sides[0]!.win.p).toBeCloseTo(0.5, 1);
    expect(reckless.sides[0]!.win.low).toBeGreaterThan(steady.sides[0]!.win.high);
  });

  it("says the tactics each combatant played, in its table and its JSON", async () => {
    await sim(tombril, { runs: "50", workers: "1", tactics: "tombril=reckless" });
    // The file gives both combatants the worked example's sparing tactics; --tactics overrides
    // Tombril's.
    expect(printed.text()).toMatch(
      /\ntactics played: Tombril: reckless; The Hill Giant: sparing\n/,
    );
    printed.clear();
    await sim(tombril, { runs: "50", workers: "1", json: true, tactics: "tombril=cautious" });
    expect((json() as unknown as { tactics: unknown }).tactics).toEqual({
      tombril: "cautious",
      giant: "sparing",
    });
  });

  it("refuses an unknown profile or combatant, naming what there is", async () => {
    await expect(sim(tombril, { runs: "10", tactics: "tombril=brave" })).rejects.toThrow(
      /unknown tactics profile "brave"; this ruleset's profiles: default, cautious, reckless, sparing, search/,
    );
    await expect(sim(tombril, { runs: "10", tactics: "bram=reckless" })).rejects.toThrow(
      /"bram" is neither a side nor a combatant of .*combatants: tombril, giant/,
    );
    await expect(sim(tombril, { runs: "10", tactics: "tombril=" })).rejects.toThrow(
      /--tactics: "tombril=" is not a list of \[side or combatant=\]profile/,
    );
  });
});

describe("fray sim --log: from where the log has brought the fight", () => {
  it("from a log with no answers is the simulation from the start: the same JSON but timing", async () => {
    const log = writeLog(new Encounter(definitionOf(duel)));
    await sim(duel, { runs: "3000", workers: "1", seed: "4", json: true });
    const plain = json();
    printed.clear();
    await sim(duel, { runs: "3000", workers: "1", seed: "4", json: true, log });
    const fromLog = json();
    expect(fromLog.start).toEqual({ round: 1, answers: 0, answersInRound: 0 });
    delete plain.timing;
    delete fromLog.timing;
    expect(JSON.stringify(fromLog)).toBe(JSON.stringify(plain));
  });

  it("after the GM typed Tombril's blow, starts in round 1 after its 3 answers, with other odds than from the start", async () => {
    const played = tombrilAfterHisBlow();
    expect(played.view({ kind: "gm" }).find((v) => v.id === "giant")!.status).toContain("37/68 SP");
    const log = writeLog(played);
    await sim(tombril, { runs: "2000", workers: "1", json: true, log });
    const here = json() as unknown as Awaited<ReturnType<typeof runSimulation>>["summary"];
    expect(here.start).toEqual({ round: 1, answers: 3, answersInRound: 3 });
    const definition = definitionOf(tombril);
    const direct = await runSimulation({
      definition,
      answers: played.log,
      seed: 5,
      runs: 2000,
      workers: 1,
    });
    expect(here.sides).toEqual(JSON.parse(JSON.stringify(direct.summary.sides)));
    // Tombril wins about 34% of the fights from the start, but only about 15% once his first blow
    // is an unexploded 17: the giant, at 37 SP, takes a second blow, and gives a second one.
    const start = await runSimulation({ definition, seed: 5, runs: 2000, workers: 1 });
    expect(start.summary.sides[0]!.win.p).toBeCloseTo(0.34, 1);
    expect(here.sides[0]!.win.p).toBeCloseTo(0.15, 1);
    expect(here.sides[0]!.win.high).toBeLessThan(start.summary.sides[0]!.win.low);

    printed.clear();
    await sim(tombril, { runs: "2000", workers: "1", log });
    expect(printed.text()).toContain(`from round 1, after 3 answers (3 in this round) in ${log}\n`);
  });

  it("plays a late arrival's tactics: --tactics names it as the API does (the alley's cautious third cutpurse)", async () => {
    const alley = repoFile("examples/cartyrion/cutpurses-in-an-alley.yaml");
    const file = readDataFile(alley) as { combatants: Record<string, unknown>[] };
    const third = { ...file.combatants[1]!, id: "third", name: "Third cutpurse" };
    const joined = new Encounter(definitionOf(alley));
    joined.give({ kind: "gm", change: { op: "add-combatant", combatant: third } });
    const log = writeLog(joined);
    const rightWins = () =>
      (json() as unknown as { sides: { id: string; win: { p: number } }[] }).sides.find(
        (s) => s.id === "right",
      )!.win.p;
    const run = { runs: "400", workers: "1", seed: "3", json: true, log };
    await sim(alley, run);
    expect(rightWins()).toBe(0.995);
    expect(json().tactics).toEqual({ ada: "default", bo: "default", third: "default" });
    printed.clear();
    await sim(alley, { ...run, tactics: "third=cautious" });
    // The figure the HTTP API gives for the same arrival brought in cautious (server/tactics.test).
    expect(rightWins()).toBe(0.9925);
    expect(json().tactics).toEqual({ ada: "default", bo: "default", third: "cautious" });
    printed.clear();
    await sim(alley, { ...run, json: false, tactics: "right=cautious" });
    expect(printed.text()).toContain(
      "tactics played: The left cutpurse: default; The right cutpurse: cautious\n",
    );
    // A log whose late arrivals' tactics are not the file's is of another encounter.
    const withTactics = { ...file, arrivalTactics: { third: "cautious" } };
    const cautious = new Encounter(parseEncounterFile(withTactics, rulesets, "alley"));
    cautious.give({ kind: "gm", change: { op: "add-combatant", combatant: third } });
    const cautiousLog = writeLog(cautious, "cautious.jsonl");
    await expect(sim(alley, { ...run, log: cautiousLog })).rejects.toThrow(
      `${cautiousLog}: the log is of another encounter than ${alley}: arrivalTactics.third is "cautious" in the log, nothing in ${alley}`,
    );
  });

  it("refuses a log of another encounter, saying what differs", async () => {
    const log = writeLog(tombrilAfterHisBlow());
    const refused = sim(duel, { runs: "1000", workers: "1", log });
    await expect(refused).rejects.toThrow(
      `${log}: the log is of another encounter than ${duel}: sides[0].name is "Tombril" in the log, "The party" in ${duel}`,
    );
    await expect(refused).rejects.toMatchObject({
      where: log,
      hint: expect.stringContaining("the encounter file that the log was played from"),
    });
    // fray advise --log reads a log the same way.
    await expect(advise(duel, { log })).rejects.toThrow(/the log is of another encounter than/);
    await expect(sim(tntDuel, { runs: "1000", workers: "1", log })).rejects.toThrow(
      /the log is of a cartyrion encounter, .*duel\.yaml of tnt/,
    );
  });

  it("refuses a log whose fight is over, and a log that does not replay", async () => {
    const over = writeLog(playToEnd(new Encounter(definitionOf(tombril)), 5), "over.jsonl");
    const finished = sim(tombril, { runs: "1000", workers: "1", log: over });
    await expect(finished).rejects.toThrow(
      /over\.jsonl: the fight in the log is over \(.+, after \d+ answers\): nothing is left to simulate/,
    );
    await expect(finished).rejects.toMatchObject({
      where: over,
      hint: expect.stringContaining("--at N"),
    });

    // The giant's answer changed from a decision into a roll: the rules ask for a decision there.
    const lines = readFileSync(writeLog(tombrilAfterHisBlow()), "utf8").split("\n");
    const n = lines.findIndex((l) => l.includes('"kind":"decide"'));
    lines[n] = JSON.stringify({ type: "answer", n: 2, kind: "roll", label: "x", value: 3 });
    const broken = join(mkdtempSync(join(tmpdir(), "fray-sim-log-")), "broken.jsonl");
    writeFileSync(broken, lines.join("\n"));
    const refused = sim(tombril, { runs: "1000", workers: "1", log: broken });
    await expect(refused).rejects.toThrow(
      new RegExp(`broken\\.jsonl:${n + 1}: answer 2 is a roll \\(x\\) but the rules ask tombril: `),
    );
    await expect(refused).rejects.toMatchObject({
      where: `${broken}:${n + 1}`,
      hint: expect.stringContaining("the log does not fit this encounter"),
    });
  });
});

describe("fray sweep", () => {
  it("writes CSV over the grid", async () => {
    const csv = join(mkdtempSync(join(tmpdir(), "fray-sweep-")), "level.csv");
    await sweep(duel, {
      vary: ["combatants.tombril.level=1..3:2"],
      runs: "1000",
      workers: "1",
      out: csv,
    });
    const rows = readFileSync(csv, "utf8").trim().split("\n");
    expect(rows[0]).toMatch(
      /^combatants\.tombril\.level,runs,party_win,party_win_low,party_win_high,opponents_win/,
    );
    expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual(["1", "3"]);
  });
});

describe("fray advise", () => {
  it("rolls what comes before the first decision and ranks every option", async () => {
    const { advice, rolled } = await advise(duel, {});
    expect(rolled.length).toBeGreaterThan(0);
    expect(advice.options.length).toBeGreaterThan(1);
    expect(advice.options.filter((o) => o.policy)).toHaveLength(1);
    expect(["exact", "sampled"]).toContain(advice.method);
  }, 120_000);

  it("answers tnt's 'change the range?' exactly, ranked, with the side named in the legend", async () => {
    const { advice, rolled, sideName } = await advise(tntDuel, {});
    expect(rolled).toEqual(["Aldric's initiative: [3] = 3", "Brenna's initiative: [2] = 2"]);
    expect(advice.method).toBe("exact");
    expect(sideName).toBe("The northern bank");
    const text = formatAdvice(advice, sideName);
    expect(text).toContain("by The northern bank from now to the end of the round");
    // Ranked by the chance of having won by the end of the round: staying at onset range with
    // three dice takes Brenna out a quarter of the time; closing to melee costs two dice;
    // disengaging leaves the fight to her side. Brenna decides to bypass Aldric's mail once she
    // sees her roll (tnt's Calculate attack and defense scores), hence what he takes.
    const rows = text.split("\n").filter((l) => /^\s+\d\s/.test(l));
    expect(rows.map((r) => r.trim().split(/\s{2,}/))).toEqual([
      ["1", "stay at the current ranges (tactics' pick)", "7.84", "4.75", "25.6%", "25.6%", "1.0%"],
      ["2", "go to melee range with Brenna: 1 combat die", "4.70", "9.20", "1.5%", "1.5%", "3.4%"],
      ["3", "disengage from Brenna: 1 combat die", "0.00", "0.00", "0.0%", "0.0%", "100.0%"],
    ]);
  }, 120_000);

  it("samples karn's duel until its ranking is sure, and says so", async () => {
    const { advice, sideName } = await advise(repoFile("examples/karn/duel.yaml"), {});
    expect(advice).toMatchObject({ method: "sampled", runs: 4000, sure: true });
    const text = formatAdvice(advice, sideName);
    expect(text).toContain(
      "SAMPLED: the rest of round 1 is too large to work out; 4,000 seeded samples per option, taken until the ranking was sure, ± is a 95% interval",
    );
    // Chip's chance of winning the round is shown the same either way (about 6%, within 2
    // points); forfeiting the initiative nearly triples his chance of losing it, so rolling,
    // the tactics' pick, comes first (a 1,000,000-round sample: docs/benchmarks.md).
    const rows = text.split("\n").filter((l) => /^\s+\d\s/.test(l));
    expect(rows.map((r) => r.trim().split(/\s{2,}/))).toEqual([
      [
        "1",
        "roll for the initiative (tactics' pick)",
        "8.70±0.20",
        "3.25±0.22",
        "6.4%±0.8",
        "6.0%±0.8",
        "5.1%±0.7",
      ],
      [
        "2",
        "forfeit the initiative",
        "8.58±0.21",
        "9.17±0.28",
        "7.5%±0.9",
        "6.3%±0.8",
        "14.6%±1.1",
      ],
    ]);
  }, 120_000);

  it("settles karn's three orcs' two alike opponents as tied, and says so", async () => {
    const { advice, sideName } = await advise(repoFile("examples/karn/three-orcs.yaml"), {});
    // Facing Ugluk or Grub: the same chances and a balance 0.02 HP apart in 12; they took the most
    // samples (20,000) never settled, "sure": false. Snaga's comes out 0.4 HP lower, ordered.
    expect(advice).toMatchObject({ method: "sampled", runs: 10_000, sure: true });
    expect(advice.options.map((o) => [o.value, o.tied])).toEqual([
      ["ugluk", undefined],
      ["grub", true],
      ["snaga", undefined],
    ]);
    const text = formatAdvice(advice, sideName);
    const rows = text.split("\n").filter((l) => /^\s+=?\d\s/.test(l));
    expect(
      rows.map((r) =>
        r
          .trim()
          .split(/\s{2,}/)
          .slice(0, 2),
      ),
    ).toEqual([
      ["1", "face Ugluk this melee"],
      ["=1", "face Grub this melee"],
      ["3", "face Snaga this melee (tactics' pick)"],
    ]);
    expect(text).toContain(
      "=: alike the option above on every key (win and lose within 2 points, dealt minus taken within 3% of the health the round costs): either does as well",
    );
  }, 120_000);
});
