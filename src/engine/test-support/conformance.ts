// The conformance suite every ruleset runs (docs/architecture.md, "The ruleset contract": one small
// interface, several implementations, one shared suite): metadata, full fights under the policy
// driver, byte-identical logs, replay equality, undo/redo, views and the turn order, the GM's
// changes by hand, rounds resumed at their resumable points, the ruleset's own copy of a state,
// and exact exchange odds against sampling.
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
import {
  parseEncounterFile,
  parseExchangeFile,
  type EncounterDefinition,
} from "../encounter-file.js";
import { exchangeOdds } from "../exchange.js";
import { runFight, runFightFrom } from "../fight.js";
import type { GmField } from "../gm-changes.js";
import type { Json } from "../json.js";
import { logLines, readLog } from "../log.js";
import { replayToPosition } from "../position.js";
import type { Ruleset } from "../ruleset.js";
import { sampleExchange } from "./exchange-sample.js";
import { REQUIRED_PROFILES } from "../tactics.js";
import { CheckedPolicy } from "./checked-policy.js";

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

/** A label as a person reads it: words, never a field name (`maxStamina`, `damage_dice`). */
const WORDS = /^(?![^ ]*[a-z][A-Z])[^_{}]+$/;
/** An answer id ("attack:giant:shortsword") where words belong. */
const ANSWER_ID = /\b[a-z-]+:[a-z0-9-]+:[a-z0-9-]+\b/;

/** An encounter a few answers into its fight (a seeded fight played, then taken back). */
function midFight(definition: EncounterDefinition): Encounter {
  const full = playToEnd(new Encounter(definition), 3);
  return full.branch(Math.min(6, full.log.length - 1));
}

/** A value the field allows that is not its value now. */
function otherValue(field: GmField): Json {
  const v = field.value;
  const candidates: Json[] =
    typeof v === "number"
      ? [v - 1, v + 1, 0, 1]
      : (field.choices?.map((c) => c.value) ?? (typeof v === "boolean" ? [!v] : []));
  const found = candidates.find(
    (c) => JSON.stringify(c) !== JSON.stringify(v) && field.schema.safeParse(c).success,
  );
  if (found === undefined) throw new Error(`no other value for ${field.key}`);
  return found;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

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

/**
 * Each example file's YAML, parsed once by its text: the suite reads a file again for every fight
 * it plays (each seed's definition, each test's), and parsing it each time was about a twentieth
 * of the suites' CPU (docs/benchmarks.md, "The test suite").
 */
const parsed = new Map<string, unknown>();

/** The file at `path` as its YAML reads, a copy for each call: a test may change its own. */
function load(path: string): unknown {
  const text = readFileSync(path, "utf8");
  let data = parsed.get(text);
  if (data === undefined) {
    data = parseYaml(text);
    parsed.set(text, data);
  }
  return structuredClone(data);
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

    it("describes every question of its tactics: what it asks, who answers it, the section", () => {
      const { questions, about } = ruleset.tactics;
      expect(Object.keys(about).sort(), "the questions described").toEqual(
        Object.keys(questions).sort(),
      );
      const sections = ruleset.sections.map((s) => `${s.id}: ${s.title}`);
      for (const [question, info] of Object.entries(about)) {
        expect(info.description.length, `${question}: description`).toBeGreaterThan(10);
        expect(["combatant", "side", "gm"], `${question}: by`).toContain(info.by);
        if (info.section !== undefined)
          expect(sections, `${question}: section`).toContain(
            `${info.section.id}: ${info.section.title}`,
          );
      }
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

      it(`${name}: every question has its declared tactic, and every profile plays to the end`, () => {
        const tactics = ruleset.tactics;
        for (const profile of REQUIRED_PROFILES) {
          expect(Object.keys(tactics.profiles), "profiles").toContain(profile);
          for (const question of Object.keys(tactics.profiles[profile]!.questions))
            expect(Object.keys(tactics.questions), `${profile}: ${question}`).toContain(question);
        }
        for (const profile of ["default", ...Object.keys(tactics.profiles)]) {
          const file = load(path) as { combatants: { tactics?: string }[] };
          for (const c of file.combatants) c.tactics = profile;
          const def = parseEncounterFile(file, registry, path);
          for (let seed = 0; seed < 10; seed += 1) {
            const ctx = new CheckedPolicy(Rng.stream(seed, 0), def.playbook);
            const state = ruleset.setup(def.setup);
            let rounds = 0;
            for (; rounds < 300 && ruleset.outcome(state) === null; rounds += 1)
              ruleset.round(state, ctx);
            expect(ruleset.outcome(state), `${profile}, seed ${seed}`).not.toBeNull();
          }
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
          const def = definition();
          const policy = new PolicyContext(Rng.stream(seed, 9), def.playbook);
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
        const e = midFight(definition());
        const gm = e.view({ kind: "gm" });
        expect(gm.map((c) => c.id).sort()).toEqual(
          e.definition.setup.combatants.map((c) => c.id).sort(),
        );
        for (const side of e.definition.setup.sides) {
          const seen = e.view({ kind: "side", side: side.id });
          for (const foe of seen.filter((c) => c.side !== side.id)) {
            const full = gm.find((c) => c.id === foe.id)!;
            expect(foe.health, `${side.id} looking at ${foe.id}: health in words only`).toEqual([]);
            expect(foe.details.length, `${side.id} looking at ${foe.id}`).toBeLessThan(
              full.details.length,
            );
          }
          for (const friend of seen.filter((c) => c.side === side.id)) {
            expect(friend).toEqual(gm.find((c) => c.id === friend.id));
          }
        }
      });

      it(`${name}: views and the turn order read as a person speaks, never as field names or answer ids`, () => {
        const e = midFight(definition());
        const gm = e.view({ kind: "gm" });
        for (const c of gm) {
          expect(c.health.length, `${c.id} health bars`).toBeGreaterThan(0);
          for (const bar of c.health) {
            expect(bar.label, `${c.id} bar`).toMatch(WORDS);
            expect(bar.max, `${c.id} ${bar.label}`).toBeGreaterThan(0);
          }
          for (const d of c.details) {
            expect(d.label, `${c.id} detail`).toMatch(WORDS);
            expect(d.value, `${c.id} ${d.label}`).not.toMatch(ANSWER_ID);
          }
          for (const k of c.conditions) expect(k.label, `${c.id} condition`).toMatch(WORDS);
        }
        const order = e.order();
        expect(order.label).toMatch(WORDS);
        const ids = order.entries.map((x) => x.id);
        expect(new Set(ids).size, "each combatant once").toBe(ids.length);
        expect(ids.every((id) => gm.some((c) => c.id === id))).toBe(true);
        expect(order.entries.filter((x) => x.state === "acting").length).toBeLessThanOrEqual(1);
        for (const c of gm.filter((v) => v.out)) {
          const entry = order.entries.find((x) => x.id === c.id);
          if (entry !== undefined) expect(entry.state, `${c.id} is out`).toBe("out");
        }
      });

      it(`${name}: the GM sets each combatant's fields; undo, redo, branches and the log see it`, () => {
        const e = midFight(definition());
        const rules = ruleset as Ruleset<object>;
        for (const c of e.view({ kind: "gm" })) {
          const fields = rules.gm.fields(e.state, c.id);
          expect(fields.length, `${c.id} has fields to set`).toBeGreaterThan(0);
          for (const f of fields) {
            expect(f.label, `${c.id}.${f.key}`).toMatch(WORDS);
            expect(
              f.schema.safeParse(f.value).success,
              `${c.id}.${f.key} = ${JSON.stringify(f.value)}`,
            ).toBe(true);
          }
        }
        const target = e.view({ kind: "gm" }).find((c) => !c.out)!;
        const field = rules.gm.fields(e.state, target.id)[0]!;
        const value = otherValue(field);
        const before = e.state;
        const n = e.log.length;
        e.give({
          kind: "gm",
          change: { op: "set", combatant: target.id, field: field.key, value },
        });
        expect(e.log.length).toBe(n + 1);
        const given = e.log[n]!;
        expect(given.kind === "gm" && given.label).toMatch(
          new RegExp(`^the GM sets ${escape(target.name)}'s`),
        );
        const now = rules.gm.fields(e.state, target.id).find((f) => f.key === field.key)!;
        expect(now.value).toEqual(value);
        const after = e.state;
        const lines = logLines(e, 1);
        expect(lines.some((l) => l.includes('"kind":"gm"'))).toBe(true);
        const read = readLog(lines.join("\n"), registry, "gm.jsonl").encounter;
        expect(read.state).toEqual(after);
        expect(read.log).toEqual(e.log);
        expect(e.branch().state).toEqual(after);
        e.undo(1);
        expect(e.state).toEqual(before);
        e.redo(1);
        expect(e.state).toEqual(after);
        expect(() =>
          e.give({
            kind: "gm",
            change: { op: "set", combatant: target.id, field: "no-such-field", value: 1 },
          }),
        ).toThrow(/change.field: .* has no field "no-such-field"/);
        expect(e.log.length).toBe(n + 1);
        expect(e.state).toEqual(after);
      });

      it(`${name}: the GM adds and removes each of the ruleset's conditions`, () => {
        const base = midFight(definition());
        const target = base.view({ kind: "gm" }).find((c) => !c.out && c.conditions.length === 0);
        if (target === undefined) return;
        for (const condition of ruleset.gm.conditions) {
          expect(condition.label, condition.id).toMatch(WORDS);
          const e = base.branch();
          const rounds = condition.rounds === undefined ? undefined : 2;
          e.give({
            kind: "gm",
            change: {
              op: "add-condition",
              combatant: target.id,
              condition: condition.id,
              ...(rounds === undefined ? {} : { rounds }),
            },
          });
          if (e.status.kind === "over") continue;
          const shown = e.view({ kind: "gm" }).find((c) => c.id === target.id)!;
          expect(
            shown.conditions.map((k) => k.id),
            `${condition.id} shows`,
          ).toContain(condition.id);
          e.give({
            kind: "gm",
            change: { op: "remove-condition", combatant: target.id, condition: condition.id },
          });
          const cleared = e.view({ kind: "gm" }).find((c) => c.id === target.id)!;
          expect(
            cleared.conditions.map((k) => k.id),
            `${condition.id} taken off`,
          ).not.toContain(condition.id);
        }
      });

      it(`${name}: a late arrival joins and the fight plays on to its end, from here too`, () => {
        const e = midFight(definition());
        const file = e.definition.file as { combatants: Record<string, Json>[] };
        const original = file.combatants[file.combatants.length - 1]!;
        const arrival = { ...original, id: "late-arrival", name: "Late Arrival" };
        e.give({ kind: "gm", change: { op: "add-combatant", combatant: arrival } });
        expect(e.view({ kind: "gm" }).map((c) => c.id)).toContain("late-arrival");
        expect(ruleset.standing(e.state as never).map((s) => s.id)).toContain("late-arrival");
        expect(() =>
          e.give({ kind: "gm", change: { op: "add-combatant", combatant: arrival } }),
        ).toThrow(/"late-arrival" is used twice/);
        const position = replayToPosition(e.definition, e.log);
        expect(position.kind).toBe("position");
        if (position.kind === "position") {
          const fight = runFightFrom(e.definition, position, Rng.stream(7, 0));
          expect(fight.outcome.reason).not.toMatch(/no side won within/);
        }
        playToEnd(e, 9);
        expect(e.status.kind).toBe("over");
        const read = readLog(logLines(e, 9).join("\n"), registry, "late.jsonl").encounter;
        expect(read.state).toEqual(e.state);
      });

      it(`${name}: the GM removes a combatant, and ends the fight by ruling`, () => {
        const e = midFight(definition());
        const status = e.status;
        const acting = status.kind === "pending" ? status.choice.actor : undefined;
        const gone = e.view({ kind: "gm" }).find((c) => c.id !== acting)!;
        e.give({ kind: "gm", change: { op: "remove-combatant", combatant: gone.id } });
        expect(e.view({ kind: "gm" }).map((c) => c.id)).not.toContain(gone.id);
        if (e.status.kind === "over") return;
        const side = e.definition.setup.sides[0]!;
        e.give({
          kind: "gm",
          change: { op: "end", winner: side.id, reason: "the foes surrender" },
        });
        expect(e.status).toEqual({
          kind: "over",
          outcome: { winner: side.id, reason: "the GM's ruling: the foes surrender" },
        });
        const read = readLog(logLines(e, 1).join("\n"), registry, "end.jsonl").encounter;
        expect(read.status).toEqual(e.status);
        e.undo(1);
        expect(e.status.kind).toBe("pending");
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
