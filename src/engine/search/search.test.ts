import { describe, expect, it } from "vitest";
import { Rng } from "../../core/random.js";
import { Encounter } from "../encounter.js";
import { parseEncounterFile } from "../encounter-file.js";
import { runFight, runFightFrom } from "../fight.js";
import { fightOdds } from "../fight-odds.js";
import { gotAway } from "../outcome.js";
import { replayToPosition } from "../position.js";
import { StateGraph } from "../state-graph.js";
import { skirmish } from "../test-support/skirmish.js";
import { auditTactics, AUDIT_DEFAULTS } from "./audit.js";
import { judge } from "./judge.js";
import { playLookahead, type LookPoint } from "./lookahead-fight.js";
import { mean, pairedDifference, playOptions } from "./rollouts.js";
import { runSearchFight, SEARCH_DEFAULTS, searchPick } from "./search.js";

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

/** Bob (16 HP, 2d6) against `foes`, every combatant with the default tactics. */
function against(...foes: { id: string; hp: number; damage: string }[]) {
  return parseEncounterFile(
    {
      ruleset: "skirmish",
      combatants: [
        ...foes.map((f) => ({ ...f, name: f.id[0]!.toUpperCase() + f.id.slice(1), side: "red" })),
        { id: "bob", name: "Bob", side: "blue", hp: 16, damage: "2d6" },
      ],
    },
    registry,
    "against.yaml",
  );
}

/** Bob's round-1 decisions on `question` over `fights` fights (fight i: stream i of seed 4). */
function bobsFirst(def: ReturnType<typeof against>, question: string, fights: number) {
  const points: LookPoint[] = [];
  for (let f = 0; f < fights; f += 1)
    playLookahead(def, Rng.stream(4, f), 50, {
      wants: (actor, q) => actor === "bob" && q === question,
      choose(point) {
        if (point.round === 1) points.push(point);
        return point.tactic;
      },
    });
  return points;
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

  it("plays every option on the same dice: Bob's reckless extra die shifts no other roll", () => {
    // Bob against Ann (30 HP, d6): careful or reckless (a d4 more, less 2) in round 1, 400
    // playouts each. The dice are keyed by who rolls and when, so the two playouts of a pair part
    // only by that d4: they end alike in 385 of 400 (with one stream of dice per playout, the
    // extra die shifted every later roll: 289 of 400, the difference's interval ±0.052).
    const def = against({ id: "ann", hp: 30, damage: "d6" });
    const [point] = bobsFirst(def, "stance", 1);
    const options = { rollouts: 400, horizon: 30, escape: 0.25, seed: 3, tactics: def.playbook };
    const [careful, reckless] = playOptions(def, point!, options).values;
    expect(point!.choices.map((c) => c.label)).toEqual(["careful", "reckless"]);
    const alike = careful!.filter((x, i) => x === reckless![i]).length;
    expect(alike).toBeGreaterThanOrEqual(380);
    expect(pairedDifference(reckless!, careful!).half).toBeLessThan(0.025);
  });

  it("keeps the tactic's answer where the first playouts' best is only the luckiest option", () => {
    // Bob against Ann (11 HP) and Cat (10 HP), both d6: his tactic strikes the weaker, Cat, and
    // that is right (4,000 paired playouts below). With 8 playouts an option, the best of the
    // first playouts is Ann at some of his first decisions (their luck: the winner's curse);
    // played again on fresh dice Ann does not beat Cat by more than the interval, so the search
    // keeps Cat every time.
    const def = against({ id: "ann", hp: 11, damage: "d6" }, { id: "cat", hp: 10, damage: "d6" });
    const points = bobsFirst(def, "target", 30);
    const seeds = Rng.stream(5, 0);
    const seed = () => Math.floor(seeds.float() * 0x7fffffff);
    const options = { rollouts: 8, horizon: 30, escape: 0.25, tactics: def.playbook };
    const judged = points.map((p) => ({ p, j: judge(def, p, options, seed) }));
    const label = (p: LookPoint, i: number) => p.choices[i]!.label;
    expect(judged.every(({ p, j }) => label(p, j.tactic) === "Cat")).toBe(true);
    const luckiest = judged.filter(({ p, j }) => label(p, j.best) === "Ann").length;
    expect(luckiest).toBeGreaterThanOrEqual(3);
    expect(judged.every(({ p, j }) => label(p, searchPick(j)) === "Cat")).toBe(true);
    // Cat first is the better choice.
    const [ann, cat] = playOptions(def, points[0]!, {
      ...options,
      rollouts: 4000,
      seed: 99,
    }).values;
    const d = pairedDifference(cat!, ann!);
    expect(d.mean - d.half).toBeGreaterThan(0);
    expect(mean(cat!)).toBeGreaterThan(mean(ann!));
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

  it("counts as got away one out with health left, unless its ruleset says it is at the winners' mercy", () => {
    expect(gotAway({ id: "a", health: 3, out: true })).toBe(true);
    expect(gotAway({ id: "a", health: 0, out: true })).toBe(false);
    expect(gotAway({ id: "a", health: 3, out: false })).toBe(false);
    expect(gotAway({ id: "a", health: 3, out: true, gotAway: false })).toBe(false);
    expect(gotAway({ id: "a", health: 3, out: true, gotAway: true })).toBe(true);
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
