// `fray odds <exchange.yaml>` (and the HTTP API's /exchange-odds): exact odds of one exchange,
// as a table or JSON. The rulesets to read the file with are the caller's (the CLI's the file's
// ruleset alone, rulesets-to-read.ts), so that this module loads none.
import type { Dist } from "../core/dist.js";
import { parseExchangeFile, type RulesetRegistry } from "../engine/encounter-file.js";
import { exchangeOdds, type ExchangeOdds } from "../engine/exchange.js";
import { InputError } from "../engine/input-error.js";
import type { Json } from "../engine/json.js";
import { readDataFile } from "./files.js";

/** True when a data file is an encounter (an exchange file has an attacker). */
export function isEncounterContent(content: unknown): boolean {
  return typeof content === "object" && content !== null && !("attacker" in content);
}

/** `--decide actor:question=value` (value as JSON, else a string). */
export function parseDecide(items: readonly string[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const item of items) {
    const m = /^([^=]+:[^=]+)=(.*)$/.exec(item);
    if (!m) {
      throw new InputError(
        `--decide ${item}: expected actor:question=value`,
        "--decide",
        "e.g. --decide chip:attack-dice=2",
      );
    }
    let value: Json;
    try {
      value = JSON.parse(m[2]!) as Json;
    } catch {
      value = m[2]!;
    }
    out[m[1]!] = value;
  }
  return out;
}

function distJson(d: Dist): Json {
  return {
    mean: d.mean(),
    sd: d.sd(),
    min: d.min,
    max: d.max,
    distribution: d.entries().map(([x, p]) => [x, p]),
  };
}

/**
 * Exact odds of an exchange file's parsed content, read with the rulesets of `registry`;
 * `decisions` override the file's own.
 */
export function exchangeOddsOf(
  content: unknown,
  source: string,
  decisions: Readonly<Record<string, Json>>,
  registry: RulesetRegistry,
): ExchangeOdds & { ruleset: string } {
  const def = parseExchangeFile(content, registry, source);
  const odds = exchangeOdds(def, { ...def.decisions, ...decisions });
  return { ...odds, ruleset: def.ruleset.id };
}

export function exchangeOddsFor(
  path: string,
  decide: readonly string[],
  registry: RulesetRegistry,
): ExchangeOdds & { ruleset: string } {
  return exchangeOddsOf(readDataFile(path), path, parseDecide(decide), registry);
}

export function exchangeOddsJson(odds: ExchangeOdds & { ruleset: string }) {
  return {
    title: odds.title,
    ruleset: odds.ruleset,
    decisions: odds.decisions,
    categories: odds.categories.map((c) => ({ category: c.category, p: c.p })),
    damage: distJson(odds.damage),
    damageTaken: distJson(odds.damageTaken),
    defenderOut: odds.defenderOut,
    attackerOut: odds.attackerOut,
    truncated: odds.truncated,
  };
}

const pct = (p: number) => `${(100 * p).toFixed(2).padStart(6)}%`;

function summary(name: string, d: Dist): string {
  const nonzero = 1 - d.p(0) - (d.min < 0 ? d.atMost(-1) : 0);
  return `${name}: mean ${d.mean().toFixed(3)}, sd ${d.sd().toFixed(3)}, min ${d.min}, max ${d.max}, P(> 0) ${pct(nonzero).trim()}`;
}

export function renderExchangeOdds(odds: ExchangeOdds & { ruleset: string }): string {
  const lines = [`${odds.title} (${odds.ruleset}, exact)`];
  const fixed = Object.entries(odds.decisions);
  lines.push(
    fixed.length === 0
      ? "decisions: all by policy"
      : `decisions: ${fixed.map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(", ")}; the rest by policy`,
  );
  lines.push("");
  const width = Math.max(...odds.categories.map((c) => c.category.length), 8);
  for (const c of odds.categories)
    lines.push(`  ${c.category.padEnd(width)} ${pct(c.p)}  ${"#".repeat(Math.round(c.p * 40))}`);
  lines.push("");
  lines.push(summary("damage dealt", odds.damage));
  if (odds.damageTaken.max > 0) lines.push(summary("damage taken", odds.damageTaken));
  lines.push(`defender taken out: ${pct(odds.defenderOut).trim()}`);
  if (odds.attackerOut > 0) lines.push(`attacker taken out: ${pct(odds.attackerOut).trim()}`);
  if (odds.truncated > 0)
    lines.push(
      `(explosions truncated: ${odds.truncated.toExponential(2)} of the probability not enumerated)`,
    );
  return lines.join("\n") + "\n";
}
