import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playToEnd } from "../../engine/autoplay.js";
import { fidelity } from "../../engine/coverage.js";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { logLines } from "../../engine/log.js";
import { rulesets } from "../../rulesets/index.js";
import { readDataFile } from "../../app/files.js";
import { registerReplay } from "./replay.js";
import { registerRules } from "./rules.js";
import { repoFile, runFray } from "../test-support/cli.js";

const run = (...args: string[]) => runFray([registerRules, registerReplay], ...args);

describe("fray rules", () => {
  it("lists the rulesets", async () => {
    const out = await run("rules");
    for (const id of Object.keys(rulesets)) expect(out).toContain(id);
  });

  it("shows a ruleset's switches with defaults, its tables with sources, its coverage and Fray's defaults", async () => {
    const json = JSON.parse(await run("rules", "cartyrion", "--json")) as {
      switches: { key: string; default: unknown }[];
      tables: { rows: { provenance: { source: string } }[] }[];
      coverage: unknown[];
    };
    expect(json.switches.map((s) => s.key)).toContain("injurySlots");
    expect(json.tables.flatMap((t) => t.rows).some((r) => r.provenance.source === "chapter")).toBe(
      true,
    );
    expect(json.coverage.length).toBe(rulesets.cartyrion!.coverage.length);
    const text = await run("rules", "tnt");
    expect(text).toContain("bypassPenalty");
    const figure = fidelity(rulesets.tnt!.coverage);
    expect(text).toContain(
      `Coverage of the chapter: ${figure.settled} rules Fray settles itself, ${figure.askedOfGm} asked of the GM`,
    );
    expect(text).toContain("Fray's defaults (not in the chapter; never counted as coverage):");
  });

  it("says that tnt's counter-attack comes from Codex Martialis, not from the chapter ('rules for counter-attack not documented yet')", async () => {
    const text = (await run("rules", "tnt")).replace(/\s+/g, " ");
    expect(text).toMatch(
      /counterAttack .*Counter-attacks come from Codex Martialis, not from the chapter, which says "rules for counter-attack not documented yet"/,
    );
    expect(text).toMatch(/Counter-attack after a successful active defence .*Codex Martialis/);
  });

  it("lists a ruleset's tactics: its profiles, and its questions with who answers them, what they ask and their section", async () => {
    const text = await run("rules", "cartyrion");
    expect(text).toMatch(
      /\n {2}action +combatant +what it does on its turn: attack .* +The Combat Turn\n/,
    );
    expect(text).toMatch(
      /\n {2}next +its side +who of its side takes the next turn, one turn at a time +Determining Turn Order: Initiative\n/,
    );
    expect(text).toMatch(
      /\n {2}cover +GM +whether there is cover where a combatant wants to hide +Sneak Attacks\n/,
    );
    expect(text).toMatch(/reckless +fights to the death: never withdraws/);
    expect(text).toMatch(/search +looks ahead with the rules/);
  });

  it("prints the fidelity figure, Fray's defaults and the coverage table as markdown for the docs page", async () => {
    const text = await run("rules", "cartyrion", "--markdown");
    const r = rulesets.cartyrion!;
    const figure = fidelity(r.coverage);
    expect(text).toContain(
      `| ${figure.settled} | ? | ${figure.askedOfGm} | ${figure.notRules} | ${r.frayDefaults.length} |`,
    );
    const rows = text.split("\n").filter((l) => l.startsWith("| "));
    for (const d of r.frayDefaults)
      expect(rows.some((l) => l.startsWith(`| ${d.topic} |`))).toBe(true);
    for (const c of r.coverage)
      expect(
        rows.some((l) => l.startsWith(`| ${c.section} | ${c.paragraph} | ${c.status} |`)),
      ).toBe(true);
  });

  it("refuses an unknown ruleset, naming the known ones", async () => {
    await expect(run("rules", "gurps")).rejects.toThrow(
      /unknown ruleset "gurps"; known: .*cartyrion/,
    );
  });
});

describe("fray replay", () => {
  it("rebuilds a fight from its log and prints the live final state", async () => {
    const path = repoFile("examples/tnt/duel.yaml");
    const live = playToEnd(
      new Encounter(parseEncounterFile(readDataFile(path), rulesets, path)),
      4,
    );
    const log = join(mkdtempSync(join(tmpdir(), "fray-replay-")), "duel.jsonl");
    writeFileSync(log, logLines(live, 4).join("\n") + "\n");
    const json = JSON.parse(await run("replay", log, "--json")) as Record<string, unknown>;
    expect(json["state"]).toEqual(live.state);
    expect(json["answers"]).toBe(live.log.length);
    expect(json["status"]).toBe("over");
    const text = await run("replay", log);
    expect(text).toContain(`${live.log.length} answers, ${live.round} rounds`);
  });

  it("names the log line that does not fit", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "fray-replay-")), "bad.jsonl");
    writeFileSync(log, '{"type":"encounter"}\nnot json\n');
    await expect(run("replay", log)).rejects.toThrow(/bad\.jsonl:2: not a JSON line/);
  });
});
