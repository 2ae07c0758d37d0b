import { describe, expect, it } from "vitest";
import { Rng } from "../../core/random.js";
import { Encounter } from "../encounter.js";
import { parseEncounterFile } from "../encounter-file.js";
import { runFight, runFightFrom } from "../fight.js";
import { fightOdds } from "../fight-odds.js";
import { replayToPosition } from "../position.js";
import { StateGraph } from "../state-graph.js";
import { skirmish } from "../test-support/skirmish.js";
import { auditTactics, AUDIT_DEFAULTS } from "./audit.js";
import { runSearchFight, SEARCH_DEFAULTS } from "./search.js";

const registry = { skirmish };

/**
 * Bob (16 HP, 2d6) against Ann (20 HP, d4) and Cat (3 HP, d6): Cat falls to one blow and hits
 * hardest, so Bob should strike her first. Bob plays `tactics`; the skirmish's reckless profile
 * strikes the foe with the most HP.
 */
function group(tactics?: string) {
  const bob: Record<string, unknown> = { id: "bob", side: "blue", hp: 16, damage: "2d6" };
  if (tactics !== undefined) bob.tactics = tactics;
  return parseEncounterFile(
    {
      ruleset: "skirmish",
      combatants: [
        { id: "ann", name: "Ann", side: "red", hp: 20, damage: "d4" },
        { id: "cat", name: "Cat", side: "red", hp: 3, damage: "d6" },
        { name: "Bob", ...bob },
      ],
    },
    registry,
    "group.yaml",
  );
}

const quick = { ...AUDIT_DEFAULTS, runs: 6, sample: 1, rollouts: 128, mirror: 0 };

describe("the search tactic", () => {
  it("a searching Bob strikes Cat first: one blow ends her hardest blows", () => {
    const fight = runSearchFight(group("search"), Rng.stream(4, 0), 50, {
      ...SEARCH_DEFAULTS,
      rollouts: 64,
    });
    const first = fight.answers.find((a) => a.kind === "decide" && a.actor === "bob");
    expect(first).toMatchObject({ question: "target", value: "cat" });
  });

  it("plays a legal fight, the same for the same seed, that replays to the same end", () => {
    const def = group("search");
    const a = runSearchFight(def, Rng.stream(9, 1), 50, {
      ...SEARCH_DEFAULTS,
      rollouts: 16,
      horizon: 10,
    });
    const b = runSearchFight(def, Rng.stream(9, 1), 50, {
      ...SEARCH_DEFAULTS,
      rollouts: 16,
      horizon: 10,
    });
    expect(b.answers).toEqual(a.answers);
    const replayed = Encounter.fromAnswers(def, a.answers);
    expect(replayed.status.kind).toBe("over");
    expect(replayed.state).toEqual(a.state);
  });

  it("runs under the simulation's driver when a combatant's profile is search", () => {
    const fight = runFight(group("search"), Rng.stream(2, 0), 50);
    expect(fight.outcome.winner === "red" || fight.outcome.winner === "blue").toBe(true);
  });
});

describe("the tactics audit", () => {
  it("is refused where nothing looks ahead: exact odds, and a simulation from a fight in progress", () => {
    expect(() => fightOdds(group("search"))).toThrow(/exact odds cannot use the search tactic/);
    const position = replayToPosition(group("search"), []);
    if (position.kind === "over") throw new Error("the fight has not started");
    expect(() => runFightFrom(group("search"), position, Rng.stream(1, 0))).toThrow(
      /a simulation from a fight in progress cannot use the search tactic/,
    );
    // Without the search profile the same encounter's exact work starts (its graph is built).
    expect(new StateGraph(skirmish, { tactics: group().playbook }).size).toBe(0);
  });

  it("finds the blunders of a Bob who strikes the stronger foe first, and where they are", () => {
    const report = auditTactics(group("reckless"), registry, quick);
    const target = report.byQuestion.find((q) => q.question === "target")!;
    expect(target.audited).toBeGreaterThan(0);
    expect(target.blunders).toBeGreaterThan(0);
    const worst = report.worst.find((b) => b.question === "target")!;
    expect(worst.actor).toBe("bob");
    expect(worst.chosen.label).toBe("Ann");
    expect(worst.best.label).toBe("Cat");
    expect(worst.loss - worst.half).toBeGreaterThan(quick.margin);
    // The position is a prefix of the fight's log that stops at that very decision.
    const log = report.logs.get(worst.fight)!;
    expect(log[worst.at]).toMatchObject({ kind: "decide", actor: "bob", question: "target" });
    const branched = Encounter.fromAnswers(group("reckless"), log.slice(0, worst.at));
    const pending = branched.status;
    expect(pending.kind === "pending" && pending.choice.kind === "decide").toBe(true);
  });

  it("finds no target blunder in the default tactic, which strikes the weaker foe first", () => {
    const report = auditTactics(group(), registry, quick);
    const target = report.byQuestion.find((q) => q.question === "target");
    expect(target?.blunders ?? 0).toBe(0);
    expect(report.audited).toBeGreaterThan(0);
  });

  it("mirror matches: each side plays by search in turn against the other's tactics", () => {
    const report = auditTactics(group("reckless"), registry, {
      ...quick,
      runs: 0,
      mirror: 30,
      rollouts: 16,
    });
    const m = report.mirror!;
    expect(m.fights).toBe(60);
    expect(m.tacticsWins + m.searchWins + m.draws).toBe(60);
    // Reckless tactics lose to the search more often than not.
    expect(m.rate).toBeLessThan(0.5);
  });
});
