// The conformance suite every ruleset runs (docs/architecture.md, "The ruleset contract": one small
// interface, several implementations, one shared suite): metadata, full fights under the policy
// driver, byte-identical logs, replay equality, undo/redo, views, rounds resumed at their
// resumable points, the ruleset's own copy of a state, and exact exchange odds against sampling.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { Rng } from "../../core/random.js";
import type { Answer } from "../answers.js";
import { playToEnd } from "../autoplay.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import { cloneState } from "../clone.js";
import { PolicyContext } from "../drivers/policy.js";
import { ScriptContext } from "../drivers/script.js";
import { Encounter } from "../encounter.js";
import { parseEncounterFile, parseExchangeFile } from "../encounter-file.js";
import { exchangeOdds } from "../exchange.js";
import { runFight } from "../fight.js";
import type { Json } from "../json.js";
import { logLines, readLog } from "../log.js";
import type { Ruleset } from "../ruleset.js";
import { sampleExchange } from "./exchange-sample.js";

export interface ConformanceExamples {
  /** Paths of encounter files that must play to the end. */
  readonly encounters: readonly string[];
  /** Paths of exchange files whose exact odds are checked. */
  readonly exchanges: readonly string[];
}

const SEEDS = [1, 2, 3, 7, 42];

/** Exchanges sampled per exchange file, and the two-sided 99.9% normal quantile. */
const EXCHANGE_RUNS = 20_000;
const Z999 = 3.2905;

/** Every example file of examples/<id>/: exchanges (the files with an attacker) and encounters. */
export function examplesOf(id: string): ConformanceExamples {
  return examplesIn(new URL(`../../../examples/${id}/`, import.meta.url));
}

/** Every .yaml file of a folder (a path or a file: URL): exchanges and encounters. */
export function examplesIn(folder: string | URL): ConformanceExamples {
  const dir = folder instanceof URL ? fileURLToPath(folder) : folder;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => join(dir, f));
  const isExchange = (path: string) => "attacker" in (load(path) as object);
  return { encounters: files.filter((f) => !isExchange(f)), exchanges: files.filter(isExchange) };
}

function load(path: string): unknown {
  return parseYaml(readFileSync(path, "utf8"));
}

/** The policy driver, recording every answer and a copy of the state at each resumable point. */
class Recorder implements RuleContext {
  readonly explaining = false;
  readonly answers: Answer[] = [];
  readonly stops: { readonly at: number; readonly state: object }[] = [];

  constructor(
    private readonly inner: RuleContext,
    private readonly state: object,
  ) {}

  roll(spec: RollSpec, label: string, actor?: string): number {
    const value = this.inner.roll(spec, label, actor);
    this.answers.push({ kind: "roll", label, value });
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const value = this.inner.decide(actor, question, options);
    this.answers.push({ kind: "decide", actor, question, value });
    return value;
  }

  explain(): void {}

  checkpoint(): void {
    this.stops.push({ at: this.answers.length, state: cloneState(this.state) });
  }
}

export function describeConformance(ruleset: Ruleset, examples: ConformanceExamples): void {
  const registry = { [ruleset.id]: ruleset };

  describe(`${ruleset.id} conforms to the ruleset contract`, () => {
    it("has an id, a version, sections, switches with valid defaults and sourced tables", () => {
      expect(ruleset.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ruleset.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(ruleset.sections.length).toBeGreaterThan(0);
      const ids = ruleset.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of ruleset.switches) {
        expect(s.schema.safeParse(s.default).success, `switch ${s.key} default`).toBe(true);
        expect(s.description.length, `switch ${s.key} description`).toBeGreaterThan(10);
      }
      for (const table of ruleset.tables) {
        expect(table.rows.length, `table ${table.id}`).toBeGreaterThan(0);
        for (const row of table.rows)
          expect(row.provenance.ref.length, `${table.id}.${row.key}`).toBeGreaterThan(0);
      }
      expect(ruleset.coverage.length).toBeGreaterThan(0);
      expect(ruleset.exchange.categories.length).toBeGreaterThan(0);
      expect(examples.encounters.length).toBeGreaterThan(0);
    });

    for (const path of examples.encounters) {
      const name = basename(path);
      const definition = () => parseEncounterFile(load(path), registry, path);

      it(`${name}: plays to the end under the policy driver for every seed`, () => {
        for (let seed = 0; seed < 40; seed += 1) {
          const fight = runFight(definition(), Rng.stream(seed, 0));
          expect(fight.outcome.reason, `seed ${seed}`).not.toMatch(/no side won within/);
          expect(JSON.parse(JSON.stringify(fight.state)), "state is plain JSON").toEqual(
            fight.state,
          );
        }
      });

      it(`${name}: the same seed gives a byte-identical log, and replay gives the live final state`, () => {
        for (const seed of SEEDS) {
          const a = playToEnd(new Encounter(definition()), seed);
          const b = playToEnd(new Encounter(definition()), seed);
          expect(a.status.kind).toBe("over");
          const lines = logLines(a, seed);
          expect(logLines(b, seed)).toEqual(lines);
          const replayed = readLog(lines.join("\n"), registry, `${name}.jsonl`).encounter;
          expect(replayed.state).toEqual(a.state);
          expect(logLines(replayed, seed)).toEqual(lines);
        }
      });

      it(`${name}: undo of the last k steps then redo gives back the same state`, () => {
        const seed = 11;
        const full = playToEnd(new Encounter(definition()), seed);
        const total = full.log.length;
        for (const k of [1, 2, Math.floor(total / 2), total]) {
          const e = Encounter.fromAnswers(definition(), full.log);
          expect(e.undo(k)).toBe(Math.min(k, total));
          expect(e.log.length).toBe(total - Math.min(k, total));
          expect(e.redo(k)).toBe(Math.min(k, total));
          expect(e.state).toEqual(full.state);
          expect(e.explanations).toEqual(full.explanations);
        }
      });

      it(`${name}: undo then another answer gives a consistent new branch`, () => {
        const seed = 5;
        const full = playToEnd(new Encounter(definition()), seed);
        const cut = Math.floor(full.log.length / 2);
        const e = Encounter.fromAnswers(definition(), full.log);
        e.undo(full.log.length - cut);
        playToEnd(e, seed + 1000);
        const rebuilt = Encounter.fromAnswers(definition(), e.log);
        expect(rebuilt.state).toEqual(e.state);
        expect(rebuilt.status).toEqual(e.status);
        expect(e.log.slice(0, cut)).toEqual(full.log.slice(0, cut));
      });

      it(`${name}: a round resumed at any of its resumable points ends as the round played through`, () => {
        const rules = ruleset as Ruleset<object>;
        const text = (state: object) => JSON.stringify(state);
        for (const seed of SEEDS) {
          const policy = new PolicyContext(Rng.stream(seed, 9));
          const def = definition();
          const state: object = rules.setup(def.setup);
          for (let round = 0; round < 60 && rules.outcome(state) === null; round += 1) {
            const start = text(state);
            const recorder = new Recorder(policy, state);
            rules.round(state, recorder);
            const end = text(state);
            for (const stop of recorder.stops) {
              const resumed = cloneState(stop.state);
              const script = new ScriptContext(recorder.answers, rules.id, stop.at);
              rules.round(resumed, script);
              expect(
                text(resumed),
                `seed ${seed}, round ${round + 1}, from answer ${stop.at}`,
              ).toBe(end);
              expect(script.used).toBe(recorder.answers.length);
              expect(text(stop.state), "a resumable point records progress").not.toBe(start);
            }
            if (rules.copy !== undefined) {
              for (const s of [state, ...recorder.stops.map((x) => x.state)])
                expect(text(rules.copy(s)), `seed ${seed}: the ruleset's copy`).toBe(text(s));
            }
          }
        }
      });

      it(`${name}: a side's view hides what only the GM may see of its foes`, () => {
        const e = playToEnd(new Encounter(definition()), 3).branch(4);
        const gm = e.view({ kind: "gm" });
        expect(gm.map((c) => c.id).sort()).toEqual(
          e.definition.setup.combatants.map((c) => c.id).sort(),
        );
        for (const side of e.definition.setup.sides) {
          const seen = e.view({ kind: "side", side: side.id });
          for (const foe of seen.filter((c) => c.side !== side.id)) {
            const full = gm.find((c) => c.id === foe.id)!;
            expect(Object.keys(foe.fields).length, `${side.id} looking at ${foe.id}`).toBeLessThan(
              Object.keys(full.fields).length,
            );
          }
          for (const friend of seen.filter((c) => c.side === side.id)) {
            expect(friend).toEqual(gm.find((c) => c.id === friend.id));
          }
        }
      });
    }

    for (const path of examples.exchanges) {
      const name = basename(path);
      it(`${name}: exact exchange odds sum to one and lie within sampling the same exchange`, () => {
        const def = parseExchangeFile(load(path), registry, path);
        const odds = exchangeOdds(def);
        const total = odds.categories.reduce((s, c) => s + c.p, 0);
        expect(total + odds.truncated).toBeCloseTo(1, 9);
        const sample = sampleExchange(def, EXCHANGE_RUNS, 4242);
        // Within the 99.9% Wilson interval of the sampled count (99.9% because a file checks
        // several categories at once): |observed - p| <= z * sqrt(p (1 - p) / n).
        const within = (what: string, p: number, count: number) => {
          const observed = count / EXCHANGE_RUNS;
          const sigma = Math.sqrt(Math.max(p * (1 - p), 1e-6) / EXCHANGE_RUNS);
          expect(
            Math.abs(observed - p),
            `${what}: exact ${p}, sampled ${observed}`,
          ).toBeLessThanOrEqual(Z999 * sigma + odds.truncated + 1e-9);
        };
        for (const { category, p } of odds.categories)
          within(category, p, sample.categories.get(category) ?? 0);
        within("defender taken out", odds.defenderOut, sample.defenderOut);
        within("attacker taken out", odds.attackerOut, sample.attackerOut);
        const mean = sample.damage.sum / EXCHANGE_RUNS;
        expect(Math.abs(odds.damage.mean() - mean), "mean damage").toBeLessThanOrEqual(
          Z999 * (odds.damage.sd() / Math.sqrt(EXCHANGE_RUNS)) + 1e-9,
        );
      });
    }
  });
}
