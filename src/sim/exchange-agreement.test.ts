// Must hold (issue 6): for each ruleset, an exchange's exact outcome distribution lies within the
// simulated intervals. Every exchange file shipped in examples/ (and the engine's fixture) is
// played 20,000 times at a fixed seed; each exact probability must lie in the 99.9% Wilson
// interval of its simulated count (99.9% because a file checks several categories at once), and
// the exact mean damage within 3.3 standard errors of the simulated mean.
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { parseExchangeFile, type RulesetRegistry } from "../engine/encounter-file.js";
import { exchangeOdds } from "../engine/exchange.js";
import { rulesets as shipped } from "../rulesets/index.js";
import { wilson } from "./interval.js";
import { sampleExchange } from "./exchange-sample.js";
import { SKIRMISH_FILES } from "./test-support/files.js";
import { rulesets as fixture } from "./test-support/registry.js";

const Z999 = 3.2905;
const RUNS = 20_000;
const registry: RulesetRegistry = { ...shipped, ...fixture };
const examples = new URL("../../examples/", import.meta.url);

function exchangeFiles(): { name: string; content: unknown }[] {
  const files: { name: string; content: unknown }[] = [
    {
      name: "skirmish-exchange.yaml",
      content: parse(readFileSync(new URL("skirmish-exchange.yaml", SKIRMISH_FILES), "utf8")),
    },
  ];
  let dirs: string[];
  try {
    dirs = readdirSync(examples);
  } catch {
    return files;
  }
  for (const dir of dirs.sort()) {
    if (!(dir in shipped)) continue;
    for (const f of readdirSync(new URL(`${dir}/`, examples)).sort()) {
      if (!/\.ya?ml$/.test(f)) continue;
      const content = parse(readFileSync(new URL(`${dir}/${f}`, examples), "utf8")) as Record<
        string,
        unknown
      >;
      if (
        content !== null &&
        typeof content === "object" &&
        "attacker" in content &&
        "defender" in content
      ) {
        files.push({ name: `examples/${dir}/${f}`, content });
      }
    }
  }
  return files;
}

describe("exact and simulated exchanges agree", () => {
  it.each(exchangeFiles())("$name", ({ name, content }) => {
    const def = parseExchangeFile(content, registry, name);
    const exact = exchangeOdds(def);
    const sample = sampleExchange(def, RUNS, 4242);
    for (const { category, p } of exact.categories) {
      const w = wilson(sample.categories.get(category) ?? 0, RUNS, Z999);
      expect(p, `${category}: exact ${p} outside [${w.low}, ${w.high}]`).toBeGreaterThanOrEqual(
        w.low - exact.truncated,
      );
      expect(p, `${category}: exact ${p} outside [${w.low}, ${w.high}]`).toBeLessThanOrEqual(
        w.high + exact.truncated,
      );
    }
    const out = wilson(sample.defenderOut, RUNS, Z999);
    expect(exact.defenderOut).toBeGreaterThanOrEqual(out.low - exact.truncated);
    expect(exact.defenderOut).toBeLessThanOrEqual(out.high + exact.truncated);
    const mean = sample.damage.sum / RUNS;
    const sd = Math.sqrt(Math.max(0, sample.damage.squares / RUNS - mean * mean));
    expect(Math.abs(exact.damage.mean() - mean)).toBeLessThanOrEqual(
      Z999 * (sd / Math.sqrt(RUNS)) + 1e-9,
    );
  });
});
