import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { playToEnd } from "./autoplay.js";
import { Encounter } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { InputError } from "./input-error.js";
import { logLines, readLog } from "./log.js";
import { skirmish } from "./test-support/skirmish.js";

const registry = { skirmish };
const file = parse(
  readFileSync(
    fileURLToPath(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url)),
    "utf8",
  ),
) as unknown;
const lines = (): Record<string, unknown>[] =>
  logLines(playToEnd(new Encounter(parseEncounterFile(file, registry, "duel.yaml")), 3), 3).map(
    (l) => JSON.parse(l) as Record<string, unknown>,
  );

/** The error of reading the log after `damage`, with the text of the lines as they are. */
function refusal(damage: (log: Record<string, unknown>[]) => unknown[]): InputError {
  const text = damage(lines())
    .map((l) => JSON.stringify(l))
    .join("\n");
  try {
    readLog(text, registry, "duel.jsonl");
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("the damaged log was read");
}

/** Line number (1-based) of the first line of the log matching `is`. */
function lineOf(is: (l: Record<string, unknown>) => boolean): number {
  return lines().findIndex(is) + 1;
}

const firstRoll = (l: Record<string, unknown>) => l["type"] === "answer" && l["kind"] === "roll";
const firstDecision = (l: Record<string, unknown>) =>
  l["type"] === "answer" && l["kind"] === "decide";

type Line = Record<string, unknown>;

/** A damage: `field` of the first line matching `is` set to `value`. */
function set(is: (l: Line) => boolean, field: string, value: unknown) {
  return (log: Line[]): Line[] => {
    (log.find(is) as Line)[field] = value;
    return log;
  };
}

const header = (l: Line) => l["type"] === "encounter";
const end = (l: Line) => l["type"] === "end";

describe("a damaged log names its file, line and field", () => {
  it("reads the log as written", () => {
    const text = lines()
      .map((l) => JSON.stringify(l))
      .join("\n");
    expect(readLog(text, registry, "duel.jsonl").encounter.status.kind).toBe("over");
  });

  const roll = lineOf(firstRoll);
  const decision = lineOf(firstDecision);
  const cases: [string, (log: Record<string, unknown>[]) => unknown[], RegExp][] = [
    [
      "a roll's value written as a string",
      set(firstRoll, "value", "4"),
      new RegExp(`^duel.jsonl:${roll}: value: .*expected number, received string`),
    ],
    [
      "a roll's value not a whole number",
      set(firstRoll, "value", 2.5),
      new RegExp(`^duel.jsonl:${roll}: value: .*expected int`),
    ],
    [
      "a roll's value the dice cannot give",
      set(firstRoll, "value", 99),
      new RegExp(`^duel.jsonl:${roll}: .*99 is not a result`),
    ],
    [
      "a roll written as a decision",
      set(firstRoll, "kind", "decide"),
      new RegExp(`^duel.jsonl:${roll}: actor: `),
    ],
    [
      "an answer of no kind",
      set(firstRoll, "kind", "guess"),
      new RegExp(`^duel.jsonl:${roll}: kind: "guess": an answer is a roll, a decide or a gm`),
    ],
    [
      "an unknown type of line",
      set(firstDecision, "type", "answr"),
      new RegExp(`^duel.jsonl:${decision}: type: "answr" is not a kind of line`),
    ],
    [
      "an answer turned into an explanation",
      set(firstDecision, "type", "explain"),
      /^duel.jsonl:\d+: n: 2, but this is answer 1 of the log/,
    ],
    [
      "an answer renumbered",
      set(firstDecision, "n", 7),
      new RegExp(`^duel.jsonl:${decision}: n: 7, but this is answer 1`),
    ],
    [
      "the header's ruleset changed",
      set(header, "ruleset", "tnt"),
      /^duel.jsonl:1: ruleset: "tnt", but the encounter file in the log is of skirmish/,
    ],
    ["the header's seed a string", set(header, "seed", "3"), /^duel.jsonl:1: seed: /],
    [
      "the header's seed past 2^53 - 1",
      set(header, "seed", 2 ** 53),
      /^duel\.jsonl:1: seed: a seed is a whole number from -9007199254740991 to 9007199254740991 \(2\^53 - 1\): write one in that range, or leave seed out \(the dice then start from the file's seed, else seed 1\)$/,
    ],
    [
      "a decision for someone else",
      set(firstDecision, "actor", "nobody"),
      new RegExp(
        `^duel.jsonl:${decision}: answer 1 is a decision \\(nobody: target\\) but the rules ask ann`,
      ),
    ],
    [
      "a decision the options do not allow",
      set(firstDecision, "value", "zed"),
      new RegExp(`^duel.jsonl:${decision}: ann: target: "zed" is not`),
    ],
    [
      "a line that is a list",
      (log) => log.toSpliced(decision - 1, 1, [1, 2] as unknown as Record<string, unknown>),
      new RegExp(`^duel.jsonl:${decision}: the line is a list, not a JSON object`),
    ],
    [
      "a line that is null",
      (log) => log.toSpliced(decision - 1, 1, null as unknown as Record<string, unknown>),
      new RegExp(`^duel.jsonl:${decision}: the line is null, not a JSON object`),
    ],
    [
      "the winner changed",
      set(end, "winner", "nobody"),
      /^duel.jsonl:\d+: winner: "nobody", but the answers lead to /,
    ],
    [
      "a line after the end",
      (log) => [...log, log[1]],
      /^duel.jsonl:\d+: a line after the end of the fight/,
    ],
    [
      "the end kept but the last answers cut",
      (log) => log.filter((l, i) => l["type"] !== "answer" || i < decision + 2),
      /^duel.jsonl:\d+: the log says the fight ended, but its answers leave it going on/,
    ],
  ];
  for (const [what, damage, expected] of cases) {
    it(what, () => {
      expect(refusal(damage).message).toMatch(expected);
    });
  }
  it("a roll's label and the end's reason are words for people: a log of other words replays, and says them as the rules do now", () => {
    const text = (log: Line[]) => log.map((l) => JSON.stringify(l)).join("\n");
    const reworded = () =>
      set(
        firstRoll,
        "label",
        "an older label",
      )(set(end, "reason", "as an older Fray said it")(lines()));
    const { encounter } = readLog(text(reworded()), registry, "duel.jsonl");
    expect(encounter.log.find((a) => a.kind === "roll")).toMatchObject({
      label: lines().find(firstRoll)!["label"],
    });
    expect(encounter.status).toMatchObject({
      kind: "over",
      outcome: { winner: lines().find(end)!["winner"], reason: lines().find(end)!["reason"] },
    });
    // What they stand for is still held to the rules: the roll's value, the end's winner.
    expect(() => readLog(text(set(firstRoll, "value", 99)(reworded())), registry, "x")).toThrow(
      new RegExp(`^x:${roll}: .*99 is not a result`),
    );
    expect(() => readLog(text(set(end, "winner", "nobody")(reworded())), registry, "x")).toThrow(
      /^x:\d+: winner: "nobody", but the answers lead to /,
    );
  });
});

describe("a log's answers counted before they are replayed", () => {
  it("tells how many answers the log holds once its lines are checked, and a refusal there replays none", () => {
    const log = lines();
    const answers = log.filter((l) => l["type"] === "answer").length;
    // The last answer changed so that the log would not replay (the end it reaches differs).
    const last = log.findLastIndex((l) => l["type"] === "answer");
    log[last] = { ...log[last], value: log[last]!["kind"] === "roll" ? 0 : "zed" };
    const text = log.map((l) => JSON.stringify(l)).join("\n");
    expect(() => readLog(text, registry, "duel.jsonl")).toThrow(InputError);
    const counted: number[] = [];
    expect(() =>
      readLog(text, registry, "duel.jsonl", (n) => {
        counted.push(n);
        throw new Error(`${n} answers: too many to keep`);
      }),
    ).toThrow(`${answers} answers: too many to keep`);
    expect(counted).toEqual([answers]);
    // A line that is not JSON, or not an answer as written, is still named first.
    const broken = `${text}\n{"type": "answer", "n": 1}`;
    expect(() =>
      readLog(broken, registry, "duel.jsonl", () => {
        throw new Error("counted");
      }),
    ).toThrow(/duel\.jsonl:\d+/);
  });
});

describe("a log read a line at a time", () => {
  it("names its first fault in reading order, before the lines after it are read", () => {
    // The second line no line of a log, and 100,000 lines after it not JSON at all: every line was
    // parsed first (16 MB of `{}` lines took 7.8 s and 758 MB before the second was refused), so
    // the first line that was not JSON was named, not the first fault.
    const [head] = lines();
    const text = [JSON.stringify(head), "{}", ..."x".repeat(100_000)].join("\n");
    expect(() => readLog(text, registry, "long.jsonl")).toThrow(
      "long.jsonl:2: type: undefined is not a kind of line; after the header a line is an answer, explain or end",
    );
    // A header at fault is named before a later line that is not JSON.
    const badHead = [JSON.stringify({ ...head, format: 0 }), "not json"].join("\n");
    expect(() => readLog(badHead, registry, "long.jsonl")).toThrow(/^long\.jsonl:1: format: /);
    expect(() => readLog("\n \n", registry, "blank.jsonl")).toThrow(
      "blank.jsonl: the log is empty",
    );
  });

  it("takes a header without its seed as one whose seed is null (the file's, else 1), as its error says", () => {
    // The error of a seed out of range says "leave seed out"; a header without one was refused.
    const [head, ...rest] = lines();
    const headless = Object.fromEntries(Object.entries(head!).filter(([key]) => key !== "seed"));
    const text = [headless, ...rest].map((l) => JSON.stringify(l)).join("\n");
    const nulled = [{ ...head, seed: null }, ...rest].map((l) => JSON.stringify(l)).join("\n");
    expect(readLog(text, registry, "duel.jsonl").seed).toBeUndefined();
    expect(readLog(text, registry, "duel.jsonl").encounter.log).toEqual(
      readLog(nulled, registry, "duel.jsonl").encounter.log,
    );
  });
});

describe("a log's line nested too deep", () => {
  it("is refused naming its line, before any schema walks it (which ran out of stack)", () => {
    const log = lines().map((l) => JSON.stringify(l));
    const deep = "[".repeat(10_000) + "0" + "]".repeat(10_000);
    log[1] = `{"type":"answer","n":1,"kind":"decide","actor":"ann","question":"q","value":${deep}}`;
    let refused: unknown;
    try {
      readLog(log.join("\n"), registry, "duel.jsonl");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(InputError);
    expect(refused).toMatchObject({
      message: "duel.jsonl:2: lists and mappings nested more than 64 deep",
      where: "duel.jsonl:2",
    });
  });
});
