// `fray audit` end to end on cartyrion's sellsword and bandit chief: a small audit whose report
// holds together (blunders within the audited decisions, each worse than the best by more than
// its interval and the margin), whose logs open at the blunders, and whose refusals say why.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readLog } from "../../engine/log.js";
import { rulesets } from "../../rulesets/index.js";
import { audit } from "./audit.js";

const duel = fileURLToPath(
  new URL("../../../examples/cartyrion/duel-sellsword-and-bandit.yaml", import.meta.url),
);

let out: string[];
beforeEach(() => {
  out = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
    out.push(String(s));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("fray audit", () => {
  it("reports blunders that are blunders, mirror matches both ways, and logs that open at each blunder", async () => {
    const logs = mkdtempSync(join(tmpdir(), "fray-audit-"));
    const options = { runs: "3", rollouts: "12", horizon: "10", mirror: "3", sample: "1" };
    const report = await audit(duel, { ...options, logs });
    expect(report.fights).toBe(3);
    expect(report.audited).toBe(report.decisions); // --sample 1: every decision
    expect(report.audited).toBeGreaterThan(0);
    expect(report.byQuestion.reduce((s, q) => s + q.blunders, 0)).toBe(report.blunders);
    expect(report.rate).toBeCloseTo(report.blunders / report.audited, 12);
    for (const b of report.worst) {
      expect(b.loss).toBeCloseTo(b.best.value - b.chosen.value, 12);
      expect(b.loss).toBeGreaterThan(b.half + report.options.margin);
      // The fight's log, cut at the blunder, is the position `fray play --at` opens.
      const path = join(logs, `fight-${b.fight}.jsonl`);
      expect(existsSync(path)).toBe(true);
      const answers = readLog(readFileSync(path, "utf8"), rulesets, path).encounter.log;
      const there = answers[b.at]!;
      expect(there).toMatchObject({ kind: "decide", actor: b.actor, question: b.question });
    }
    expect(report.worst.map((b) => b.loss)).toEqual(
      [...report.worst].map((b) => b.loss).sort((x, y) => y - x),
    );
    const m = report.mirror!;
    expect(m.fights).toBe(6); // 3 each way
    expect(m.tacticsWins + m.searchWins + m.draws).toBe(6);
    // A fight lost by getting away is worth --escape to its loser, 1 less that to its winner.
    const e = report.options.escape;
    const worth = m.tacticsWins - e * m.searchEscapes + e * m.tacticsEscapes + m.draws / 2;
    expect(m.rate).toBeCloseTo(worth / 6, 12);
    expect(m.searchEscapes).toBeLessThanOrEqual(m.tacticsWins);
    expect(m.tacticsEscapes).toBeLessThanOrEqual(m.searchWins);
    const text = out.join("");
    expect(text).toContain("Tactics audit of The sellsword and the bandit chief");
    expect(text).toMatch(/Blunders: \d+ of \d+ audited decisions/);
    expect(text).toContain("Mirror matches (each side in turn plays by search, 3 fights each way)");
  });

  it("stops after the fight it plays on Ctrl-C, and reports the fights gathered as interrupted", async () => {
    const said = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const listeners = process.listenerCount("SIGINT");
    // Due at the event loop's first turn, which the audit gives it after its first fight.
    setTimeout(() => process.emit("SIGINT"), 0);
    const options = { runs: "5", rollouts: "4", horizon: "5", mirror: "2", sample: "1" };
    const report = await audit(duel, options);
    expect(report.stopped).toBe(true);
    expect(report.fights).toBe(1);
    expect(report.mirror).toBeNull();
    expect(said.mock.calls.join("")).toContain("Ctrl-C again to quit now");
    expect(out.join("")).toContain("1 fights (interrupted)");
    expect(process.listenerCount("SIGINT")).toBe(listeners);
  });

  it("says what each question asks, in the ruleset's words: a numbered question (dungeons-of-olde's action-2) by its tactics' question", async () => {
    const tavern = fileURLToPath(
      new URL("../../../examples/dungeons-of-olde/tavern-brawl.yaml", import.meta.url),
    );
    const options = { runs: "2", rollouts: "4", horizon: "5", mirror: "0", sample: "1" };
    const report = await audit(tavern, options);
    const about = rulesets["dungeons-of-olde"]!.tactics.about;
    const asked = report.byQuestion.map((q) => [q.question, q.description]);
    expect(asked).toContainEqual(["action-1", about["action"]!.description]);
    expect(asked).toContainEqual(["action-2", about["action"]!.description]);
    for (const q of report.byQuestion) {
      const key = /^action-\d+$/.test(q.question) ? "action" : q.question;
      expect(q.description, q.question).toBe(about[key]!.description);
    }
    const text = out.join("");
    expect(text).toContain("By question (blunders of audited decisions):");
    const first = report.byQuestion[0]!;
    expect(text).toContain(
      `  ${first.question}: ${first.blunders} of ${first.audited} (${first.description})`,
    );
  });

  it("gives the same report for the same seed, as JSON without the logs", async () => {
    const options = { runs: "2", rollouts: "8", horizon: "5", mirror: "0", json: true };
    await audit(duel, options);
    const first = JSON.parse(out.join("")) as Record<string, unknown>;
    out = [];
    await audit(duel, options);
    expect(JSON.parse(out.join(""))).toEqual(first);
    expect(first).not.toHaveProperty("logs");
    expect(first.mirror).toBeNull();
  });

  it("refuses bad counts and shares with the flag named", async () => {
    await expect(audit(duel, { rollouts: "0" })).rejects.toThrow(/--rollouts: "0" is not a whole/);
    await expect(audit(duel, { runs: "20000" })).rejects.toThrow(/--runs: 20000 is over the limit/);
    await expect(audit(duel, { sample: "1.5" })).rejects.toThrow(/--sample: "1.5" is not a number/);
    await expect(audit(duel, { escape: "0.7" })).rejects.toThrow(
      /--escape: "0.7" is not a number from 0 to 0.5/,
    );
  });
});
