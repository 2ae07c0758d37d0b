// The program's error path: a FrayError becomes "fray: <message>" and its hint on stderr, exit 2.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands } from "./commands/index.js";
import { buildProgram, main, namedCommand } from "./main.js";

const example = fileURLToPath(
  new URL("../../examples/tnt/exchange-attack-3.yaml", import.meta.url),
);

describe("fray's errors", () => {
  afterEach(() => vi.restoreAllMocks());

  it("print the message and the hint, and exit with 2", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
    const code = await main(["node", "fray", "sim", example, "--runs", "10"]);
    expect(code).toBe(2);
    const [message, hint] = written.join("").split("\n");
    expect(message).toBe(
      `fray: ${example}: this is an exchange file (one attacker against one defender), not an encounter`,
    );
    expect(hint).toMatch(/^ {2}hint: an exchange's exact odds come from `fray odds <file>`/);
  });

  it("refuse a YAML file of more values than the limit, before it is built, saying how to go beyond", async () => {
    // 2.6 MB: a list of 1.3 million numbers, whose document took 1.16 GB in fray sim and play.
    const path = join(mkdtempSync(join(tmpdir(), "fray-main-")), "hoard.yaml");
    writeFileSync(path, `ruleset: tnt\nnotes: [${Array(1_300_000).fill(1).join(",")}]\n`);
    for (const command of ["sim", "play"]) {
      const written: string[] = [];
      vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
      expect(await main(["node", "fray", command, path])).toBe(2);
      const [message, hint] = written.join("").split("\n");
      expect(message).toBe(
        `fray: ${path}: more than 100,000 values (keys, numbers, texts, lists), over the limit for a file Fray reads`,
      );
      expect(hint).toMatch(/raise the limit \(FRAY_MAX_FILE_VALUES=1_000_000\)/);
      vi.restoreAllMocks();
    }
  });

  it("refuse a seed past 2^53 - 1 in the file of `fray play`, with its range and the fix", async () => {
    const tombril = fileURLToPath(
      new URL("../../examples/cartyrion/tombril-and-the-hill-giant.yaml", import.meta.url),
    );
    const text = readFileSync(tombril, "utf8").replace(/^seed: .*$/m, "seed: 18014398509481984");
    const path = join(mkdtempSync(join(tmpdir(), "fray-main-")), "seed.yaml");
    writeFileSync(path, text);
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
    expect(await main(["node", "fray", "play", path])).toBe(2);
    expect(written.join("").split("\n")[0]).toBe(
      `fray: ${path}: seed: a seed is a whole number from -9007199254740991 to 9007199254740991 (2^53 - 1): write one in that range, or leave seed out (the dice then start from seed 1)`,
    );
  });

  it("print a notation error's hint once: its message ends with it", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
    expect(await main(["node", "fray", "roll", "d20+"])).toBe(2);
    expect(await main(["node", "fray", "odds", "xyz"])).toBe(2);
    expect(written.join("")).toBe(
      'fray: d20+: the expression ends too soon at column 5; expected a number, a die such as 2d6, or "("\n' +
        'fray: xyz: unknown name "xyz" at column 1; a die is written d6, 2d6, d% or dF; the functions are floor, ceil, round, min, max and abs\n',
    );
  });
});

describe("the commands a run loads", () => {
  it("find the command named past the program's --ruleset and its value", () => {
    expect(namedCommand(["advise", "duel.yaml", "--json"])).toBe("advise");
    expect(namedCommand(["--ruleset", "mine.js", "sim", "--ruleset", "more.js"])).toBe("sim");
    expect(namedCommand(["--ruleset=mine.js", "odds", "2d6"])).toBe("odds");
    expect(namedCommand(["--ruleset", "mine.js"])).toBeUndefined();
    expect(namedCommand(["--help"])).toBe("--help");
    expect(namedCommand([])).toBeUndefined();
  });

  it("register the command named alone, under its own name, and every command otherwise", async () => {
    const names = Object.keys(commands);
    expect(names).toEqual([
      "roll",
      "odds",
      "play",
      "replay",
      "rules",
      "sim",
      "sweep",
      "merge",
      "advise",
      "audit",
      "serve",
    ]);
    for (const name of names)
      expect((await buildProgram(name)).commands.map((c) => c.name())).toEqual([name]);
    for (const other of [undefined, "--help", "help", "advize"])
      expect((await buildProgram(other)).commands.map((c) => c.name())).toEqual(names);
  });
});
