import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playToEnd } from "../../engine/autoplay.js";
import { fidelity } from "../../engine/coverage.js";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { logLines, readLog } from "../../engine/log.js";
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

  // Logs written by `fray play --auto` at 1d19f9d, before dd412b7, when these rulesets were
  // 1.0.0 and their roll labels repeated the dice; what that Fray's `fray replay --json` printed.
  const older: [string, { answers: number; rounds: number; winner: string; health: unknown }][] = [
    [
      "tnt-duel-1",
      {
        answers: 11,
        rounds: 1,
        winner: "north",
        health: [
          ["aldric", [22], false],
          ["brenna", [3], true],
        ],
      },
    ],
    [
      "swords-wizardry-fitz-fisticuffs-3",
      {
        answers: 16,
        rounds: 2,
        winner: "locals",
        health: [
          ["dunstan", [6, 10], false],
          ["pike", [-2, 10], true],
        ],
      },
    ],
    [
      "karn-chip-and-salemath-3",
      {
        answers: 17,
        rounds: 1,
        winner: "chip",
        health: [
          ["chip", [20, 20, 40], false],
          ["salemath", [0, 16], true],
        ],
      },
    ],
  ];
  for (const [name, then] of older) {
    it(`replays ${name}, written by its ruleset's 1.0.0 under other roll names, to the fight that Fray replayed`, async () => {
      const log = repoFile(`test/fixtures/logs-1.0.0/${name}.jsonl`);
      const lines = readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const head = lines[0]!;
      expect(head["rulesetVersion"]).toBe("1.0.0");
      const ruleset = rulesets[head["ruleset"] as string]!;
      expect(ruleset.version).not.toBe("1.0.0");
      const json = JSON.parse(await run("replay", log, "--json")) as {
        answers: number;
        rounds: number;
        outcome: { winner: string };
        combatants: { id: string; health: { value: number }[]; out: boolean }[];
      };
      expect({
        answers: json.answers,
        rounds: json.rounds,
        winner: json.outcome.winner,
        health: json.combatants.map((c) => [c.id, c.health.map((h) => h.value), c.out]),
      }).toEqual(then);
      // Its roll labels are not those this version rolls: replay names them anew.
      const labels = (l: readonly { kind: string; label?: string }[]) =>
        l.filter((a) => a.kind === "roll").map((a) => a.label);
      const { encounter } = readLog(readFileSync(log, "utf8"), rulesets, log);
      expect(labels(encounter.log)).not.toEqual(
        labels(lines.filter((l) => l["type"] === "answer") as never),
      );
    });
  }

  it("replays cartyrion's log of 1.0.0, which ruled a surprised goblin's DEX at each blow, as it was played: under that version's reading", async () => {
    // The forest road's ambush as played from the console at 1.0.0 (the fixture of the browser
    // tests then): the GM was asked at each blow on a surprised goblin, 4 times in round 1. 1.1.0
    // asks once a round, and refused the log at its second ruling, on line 21; replayed with
    // switch surprisedDexRuling "blow", as cartyrion maps 1.0.0, it reaches its logged end.
    const text = readFileSync(
      repoFile("test/fixtures/logs-1.0.0/cartyrion-forest-road-ambush-1.jsonl"),
      "utf8",
    );
    expect(rulesets["cartyrion"]!.version).toBe("1.1.0");
    const { encounter } = readLog(text, rulesets, "ambush.jsonl");
    expect(encounter.log).toHaveLength(77);
    expect(encounter.round).toBe(5);
    expect(encounter.status).toMatchObject({ kind: "over", outcome: { winner: "party" } });
    const rulings = encounter.log.filter(
      (a) => a.kind === "decide" && a.question === "dex-applies",
    );
    expect(rulings).toHaveLength(4);
    expect(encounter.definition.setup.switches["surprisedDexRuling"]).toBe("blow");
    // Said once, where the first ruling is asked.
    const said = encounter.explanations.filter((e) => e.text.includes("1.0.0 reading"));
    expect(said.map((e) => e.text)).toEqual([
      "played under Fray's cartyrion 1.0.0 reading: the DEX ruling at every blow (switch surprisedDexRuling)",
    ]);
    // Its log as this version writes it holds the switch in its file, and replays as it is.
    const again = readLog(logLines(encounter, 1).join("\n"), rulesets, "again.jsonl").encounter;
    expect(again.log).toEqual(encounter.log);
    expect(again.definition.file["switches"]).toEqual({ surprisedDexRuling: "blow" });
    // A log of 1.0.0 without its version (a stored fight's answers) finds the reading it fits.
    const lines = text.trim().split("\n");
    const head = JSON.parse(lines[0]!) as Record<string, unknown>;
    delete head["rulesetVersion"];
    const unsigned = [JSON.stringify(head), ...lines.slice(1)].join("\n");
    expect(readLog(unsigned, rulesets, "unsigned.jsonl").encounter.log).toEqual(encounter.log);
    // `fray replay` plays it to its end.
    const json = JSON.parse(
      await run(
        "replay",
        repoFile("test/fixtures/logs-1.0.0/cartyrion-forest-road-ambush-1.jsonl"),
        "--json",
      ),
    ) as { answers: number; rounds: number; outcome: { winner: string } };
    expect([json.answers, json.rounds, json.outcome.winner]).toEqual([77, 5, "party"]);
  });

  it("refuses cartyrion's log of 1.0.0 edited so that even its reading does not replay it, saying which version wrote it and how it was replayed", () => {
    // Line 21, the second ruling, made a roll: no reading asks for a roll there.
    const lines = readFileSync(
      repoFile("test/fixtures/logs-1.0.0/cartyrion-forest-road-ambush-1.jsonl"),
      "utf8",
    )
      .trim()
      .split("\n");
    const edited = lines.map((l, i) =>
      i === 20 ? JSON.stringify({ type: "answer", n: 11, kind: "roll", label: "x", value: 3 }) : l,
    );
    expect(() => readLog(edited.join("\n"), rulesets, "ambush.jsonl")).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^ambush\.jsonl:21: /),
        hint: "the log was written by cartyrion 1.0.0, replayed as it played (the DEX ruling at every blow), and still does not fit: it was edited, or replay it with the Fray that wrote it",
      }),
    );
  });

  // Logs written by `fray play --auto` at 9896c86 (karn three-orcs.yaml --seed 2,
  // dungeons-of-olde ambush-at-the-old-bridge.yaml --seed 1), when the end listed its winners
  // and losers without an "and" and karn's rolls named the weapon in brackets ("Chip Calhoon's
  // counterattack (Longsword) at Ugluk"); what that Fray's `fray replay --json` printed.
  const reworded: [string, { answers: number; rounds: number; winner: string; health: unknown }][] =
    [
      [
        "karn-three-orcs-2",
        {
          answers: 50,
          rounds: 2,
          winner: "chip",
          health: [
            ["chip", [24, 15, 40], false],
            ["grub", [10, 15, 20], true],
            ["snaga", [-3, 15, 17], true],
            ["ugluk", [-1, 15, 6], true],
          ],
        },
      ],
      [
        "dungeons-of-olde-ambush-1",
        {
          answers: 101,
          rounds: 4,
          winner: "party",
          health: [
            ["aldric", [14], false],
            ["brenna", [12], false],
            ["corwin", [5], false],
            ["cutter", [-2], true],
            ["knuckles", [-14], true],
            ["archer", [9], true],
            ["slinger", [3], true],
          ],
        },
      ],
    ];
  const replayJson = async (log: string) =>
    JSON.parse(await run("replay", log, "--json")) as {
      answers: number;
      rounds: number;
      outcome: { winner: string; reason: string };
      combatants: { id: string; health: { value: number }[]; out: boolean }[];
    };
  for (const [name, then] of reworded) {
    it(`replays ${name}, written before the end's "and" and karn's "with the longsword", to the fight that Fray replayed, in today's words`, async () => {
      const log = repoFile(`test/fixtures/logs-1.1.0/${name}.jsonl`);
      const text = readFileSync(log, "utf8");
      const json = await replayJson(log);
      expect({
        answers: json.answers,
        rounds: json.rounds,
        winner: json.outcome.winner,
        health: json.combatants.map((c) => [c.id, c.health.map((h) => h.value), c.out]),
      }).toEqual(then);
      // The log's words were the old ones; the replay says today's.
      const logged = text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { type: string; reason?: string });
      expect(logged.at(-1)!.reason).not.toContain(" and ");
      expect(json.outcome.reason).toContain(" and ");
      expect(json.outcome.reason).not.toBe(logged.at(-1)!.reason);
    });
  }

  it("the replay of karn's old log names the weapon as a sentence says it, and still holds each roll's blow to the rules", async () => {
    const log = repoFile("test/fixtures/logs-1.1.0/karn-three-orcs-2.jsonl");
    const text = readFileSync(log, "utf8");
    expect(text).toContain("Chip Calhoon's counterattack (Longsword) at Ugluk");
    const { encounter } = readLog(text, rulesets, log);
    const labels = encounter.log.flatMap((a) => (a.kind === "roll" ? [a.label] : []));
    expect(labels).toContain(
      "Chip Calhoon's counterattack at Ugluk with the longsword, a half action (the die halved)",
    );
    expect(labels.filter((l) => /\([A-Z][a-z]+\) at /.test(l))).toEqual([]);
    const status = encounter.status;
    expect(status.kind === "over" ? status.outcome.reason : status.kind).toBe(
      "Grub fled, Snaga is down and Ugluk is down",
    );
    // A roll whose blow is another's (the log edited: Chip's strike made Grub's) is refused.
    const edited = text.replace(
      /("kind":"roll"[^\n]*"blow":\{"attacker":"chip","target":)"snaga"\}/,
      '$1"grub"}',
    );
    expect(edited).not.toBe(text);
    expect(() => readLog(edited, rulesets, "three-orcs.jsonl")).toThrow(
      /^three-orcs\.jsonl:\d+: blow: chip at grub, but the rules roll chip at snaga here \(Chip Calhoon's/,
    );
  });

  it("names the log line that does not fit", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "fray-replay-")), "bad.jsonl");
    // (A header at fault would be named first: the log is read a line at a time.)
    writeFileSync(log, '\nnot json\n{"type":"encounter"}\n');
    await expect(run("replay", log)).rejects.toThrow(/bad\.jsonl:2: not a JSON line/);
  });
});
