import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CHOICE_GROUP_TITLES } from "../../engine/choice.js";
import { readLog } from "../../engine/log.js";
import { rulesets } from "../../rulesets/index.js";
import { play, type PlayOptions } from "./play.js";
import { repoFile } from "../test-support/cli.js";

const tombril = repoFile("examples/cartyrion/tombril-and-the-hill-giant.yaml");

async function run(
  options: PlayOptions,
  typed: readonly string[] = [],
  file: string = tombril,
): Promise<string> {
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on("data", (c: Buffer) => chunks.push(c.toString()));
  await play(file, options, { input: Readable.from(typed.map((l) => `${l}\n`)), output });
  return chunks.join("");
}

describe("fray play", () => {
  it("takes the chapter's dice typed at the table: the giant at 37 SP, Tombril at 12 SP", async () => {
    const out = await run({ manual: true }, [
      "5", // initiative: the party first
      "", // Tombril: the default, attack the giant
      "5 3 4 3 2",
      "", // the giant attacks back
      "6 5 3 6 2 6 5 1 6 2",
      "quit",
    ]);
    expect(out).toContain("31 SP are taken from Hill Giant's 68, leaving 37 SP");
    expect(out).toContain("43 SP are taken from Tombril's 55, leaving 12 SP");
  });

  it("lists a decision's options under their groups, numbered as the console numbers them, and takes the number shown", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-groups-"));
    const saved = join(dir, "saved.jsonl");
    const ambush = repoFile("examples/dungeons-of-olde/ambush-at-the-old-bridge.yaml");
    const out = await run({ seed: "1", log: saved }, ["12", "quit"], ambush);
    const listed = out.slice(out.indexOf("what does Weasel do?"), out.indexOf("] > "));
    const headings = listed.match(/^ {2}[A-Z]\w+$/gm)?.map((h) => h.trim());
    expect(headings).toEqual(["Attack", "Move", "Other"]);
    const shown = [...listed.matchAll(/^ +(\d+) {2}(.+)$/gm)].map((m) => [Number(m[1]), m[2]!]);
    expect(shown.map(([n]) => n)).toEqual(shown.map((_, i) => i + 1));
    expect(shown).toHaveLength(28);
    // The ruleset lists them otherwise: the terminal's order is the groups', each as listed.
    const { encounter } = readLog(readFileSync(saved, "utf8"), rulesets, saved);
    const asked = encounter.branch(encounter.log.length - 1).status;
    if (asked.kind !== "pending" || asked.choice.kind !== "decide") throw new Error("no decision");
    const options = asked.choice.options.choices!;
    const labels = options.map((c) => c.label);
    expect(shown.map(([, label]) => label)).not.toEqual(labels);
    const groupOf = (label: unknown) => options.find((c) => c.label === label)!.group ?? "other";
    // Group after group, in the headings' order.
    const rank = (label: unknown) => headings!.indexOf(CHOICE_GROUP_TITLES[groupOf(label)]);
    const ranks = shown.map(([, label]) => rank(label));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks.every((r) => r >= 0)).toBe(true);
    const groups = shown.map(([, label]) => groupOf(label));
    for (const group of new Set(groups)) {
      const inGroup = (all: readonly unknown[]) => all.filter((l) => groupOf(l) === group);
      expect(inGroup(shown.map(([, label]) => label))).toEqual(inGroup(labels));
    }
    // 12, as shown: the option listed as 12 is the answer logged.
    const twelfth = options.find((c) => c.label === shown[11]![1])!;
    expect(encounter.log.at(-1)).toMatchObject({ kind: "decide", value: twelfth.value });
  });

  it("asks dungeons-of-olde's dice as the table types them: a Finesse 7's d8 takes an 8 as 4, an attack names both checks' dice", async () => {
    const brawl = repoFile("examples/dungeons-of-olde/tavern-brawl.yaml");
    const out = await run({ manual: true }, ["3", "8", "1", "3 4 10 9 2", "quit"], brawl);
    expect(out).toContain("Hob's action points, a Finesse die: roll a d8 (1 to 8) > 3");
    // Rolf's Finesse 7 is a d7, rolled as a d8 whose 8 counts as 4 (Dice, core rules).
    expect(out).toContain(
      "Rolf's action points, a Finesse die: roll a d8 (1 to 8, an 8 counts as 4) > 8",
    );
    // The explanation says the die the table rolled and how its 8 counts, as the prompt did.
    expect(out).toContain(
      "Rolf's action points: the Finesse die d8 (1 to 8, an 8 counts as 4) = 4: 4 AP",
    );
    expect(out).toContain("Hob's action points: the Finesse die d8 (1 to 8) = 3: 3 AP");
    expect(out).toContain(
      "Rolf's attack: roll 2d8 and 2d10 (first the defender's Defense Check, each 1 to 8, an 8 explodes; then the Attack Check, each 1 to 10, a 9 explodes, a 10 counts as 5) > 3 4 10 9 2",
    );
    // Defense 3 + 4 = 7; attack 5 (the 10) + 9, exploding into 2: 16, a margin of 9.
    expect(out).toContain("beats the CR by 6 or more: a legendary hit");
  });

  it("refuses a die off its faces and too few dice, and asks again, losing nothing", async () => {
    const out = await run({ manual: true }, ["7", "5", "", "5 3 4", "5 3 4 3 2", "quit"]);
    expect(out).toContain("the first round's initiative: 7 is not a face of a d6");
    expect(out).toContain("3 dice typed but 5d6, a 6 explodes, needs more");
    expect(out).toContain("leaving 37 SP");
  });

  it("refuses a mistyped choice, saying which numbers to type, and asks again, losing nothing", async () => {
    const out = await run({ manual: true }, ["5", "attack", "20", "", "5 3 4 3 2", "quit"]);
    const hint = "(type the number beside one, 1 to 19; or 'undo', 'state', 'help', 'quit')";
    expect(out).toContain(`! "attack" is not one of the options listed ${hint}`);
    expect(out).toContain(`! "20" is not one of the options listed ${hint}`);
    expect(out).not.toContain("tombril: action");
    expect(out).toContain("leaving 37 SP");
    const tnt = repoFile("examples/tnt/duel.yaml");
    expect(await run({}, ["q", "quit"], tnt)).toContain(
      `! "q" is not one of the options listed (type the number beside one, 1, 2 or 3; or 'undo', 'state', 'help', 'quit')`,
    );
  });

  it("numbers options whose values are numbers or yes/no from 1, as the console does, and says so", async () => {
    // tnt: Pip's active defence against Sigrun's first attack, after eight decisions by default:
    // the options are 0 to 4 dice, listed 1 to 5; "1" is the first listed (passive defence), never 1 die.
    const dir = mkdtempSync(join(tmpdir(), "fray-numbers-"));
    const saved = join(dir, "saved.jsonl");
    const tnt = repoFile("examples/tnt/dagger-and-greatsword.yaml");
    const out = await run(
      { seed: "1", log: saved },
      [...Array<string>(9).fill(""), "1", "quit"],
      tnt,
    );
    const asked = out.slice(out.indexOf("How many combat dice does Pip roll"));
    expect(asked).toContain("(none: passive defence 12)?");
    expect(asked).toContain(
      "      1  passive defence\n      2  active defence with 1 die\n      3  active defence with 2 dice\n      4  active defence with 3 dice\n      5  active defence with 4 dice\n  type an option's number (1 to 5), or Enter for [5: active defence with 4 dice] > ",
    );
    const lastDecision = () =>
      readLog(readFileSync(saved, "utf8"), rulesets, saved)
        .encounter.log.filter((a) => a.kind === "decide")
        .at(-1);
    expect(lastDecision()).toMatchObject({ question: "defence", value: 0 });
    // karn: a yes/no question, the usual answer first: "2" is its second option ("forfeit the
    // initiative", true).
    const karn = repoFile("examples/karn/duel.yaml");
    const yesNo = await run({ seed: "1", log: saved }, ["2", "quit"], karn);
    expect(yesNo).toContain(
      "      1  roll for the initiative\n      2  forfeit the initiative\n  type an option's number (1 or 2)",
    );
    expect(lastDecision()).toMatchObject({ question: "forfeit", value: true });
  });

  it("counts the answers given when stopped in words: 1 answer, 2 answers", async () => {
    expect(await run({ manual: true }, ["5", "quit"])).toContain("stopped after 1 answer\n");
    expect(await run({ manual: true }, ["5", "", "quit"])).toContain("stopped after 2 answers\n");
  });

  it("takes a roll's result alone, =17, as the console does", async () => {
    const out = await run({ manual: true }, ["5", "", "=17", "help", "quit"]);
    expect(out).toContain("leaving 37 SP");
    expect(out).toContain('or the result alone ("=14")');
  });

  it("undoes a decision and the rolls after it, then takes another answer", async () => {
    const out = await run({ manual: true }, [
      "5",
      "",
      "5 3 4 3 2",
      "undo 2",
      "",
      "6 6 6 1 1 1 1 1",
      "quit",
    ]);
    expect(out).toContain(
      "took back Tombril: attack Hill Giant with the shortsword +2; Tombril's damage: [5, 3, 4, 3, 2] = 17",
    );
    expect(out).toMatch(/rolls 5d6! with the shortsword \+2: 23/);
  });

  it("with Fray's dice, undoes and redoes a decision with its rolls as one step", async () => {
    const out = await run({ seed: "5" }, ["", "undo", "redo", "quit"]);
    const step =
      "Tombril: attack Hill Giant with the shortsword +2; Tombril's damage: [4, 5, 1, 5, 2] = 17";
    expect(out).toContain(`took back ${step}`);
    expect(out).toContain(`gave back ${step}`);
    expect(out).toContain("stopped after 3 answers");
  });

  it("offers undo once the fight is over, so that a mistyped last answer is not final", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-end-"));
    const saved = join(dir, "saved.jsonl");
    const duel = repoFile("examples/tnt/duel.yaml");
    const ended = await run({ seed: "2", log: saved }, Array<string>(400).fill(""), duel);
    expect(ended).toMatch(/Winner: |No winner/);
    expect(ended).toContain("Enter to leave, or 'undo' to take the last step back > ");
    const log = readLog(readFileSync(saved, "utf8"), rulesets, saved).encounter.log;
    const decisions = log.filter((a) => a.kind === "decide").length;
    const lastDecision = log.findLastIndex((a) => a.kind === "decide");
    const again = await run(
      { seed: "2" },
      [...Array<string>(decisions).fill(""), "undo", "quit"],
      duel,
    );
    expect(again).toMatch(/took back \w+: /);
    expect(again).toContain(`stopped after ${lastDecision} answers`);
  });

  it("with --auto plays to the end, and the same seed writes the same log, which replays to the same state", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-play-"));
    const a = join(dir, "a.jsonl");
    const b = join(dir, "b.jsonl");
    const out = await run({ auto: true, seed: "8", log: a });
    await run({ auto: true, seed: "8", log: b });
    expect(out).toMatch(/Winner: |No winner/);
    // Each decision as its question and its answer, never an id: "… what does Hill Giant do? attack …".
    expect(out).toMatch(/^ {2}Hill Giant's turn \(.*\): what does Hill Giant do\? attack Tombril/m);
    expect(out).not.toMatch(/ decides: /);
    const text = readFileSync(a, "utf8");
    expect(readFileSync(b, "utf8")).toBe(text);
    const { encounter, seed } = readLog(text, rulesets, a);
    expect(seed).toBe(8);
    expect(encounter.status.kind).toBe("over");
  });

  it("resumes a saved fight from its log, and branches a what-if after its first n answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-resume-"));
    const saved = join(dir, "saved.jsonl");
    await run({ manual: true, log: saved }, ["5", "", "5 3 4 3 2", "quit"]);
    const resumed = await run({ manual: true }, ["", "6 5 3 6 2 6 5 1 6 2", "quit"], saved);
    expect(resumed).toContain("leaving 12 SP");
    expect(resumed).toContain("stopped after 5 answers");
    const branched = await run({ manual: true }, ["", "1 1 1 1 1 1", "quit"], saved);
    expect(branched).toContain("7 SP are taken from Tombril's 55, leaving 48 SP");
    const whatIf = await run({ manual: true, at: "2" }, ["6 6 6 6 6 1 1 1 1 1", "quit"], saved);
    expect(whatIf).toMatch(/rolls 5d6! with the shortsword \+2: 35/);
    await expect(run({ at: "9" }, [], saved)).rejects.toThrow("--at 9: the log has only 3 answers");
    await expect(run({ at: "1" })).rejects.toThrow("--at branches a saved fight");
  });
});
