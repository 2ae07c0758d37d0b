// One exchange played many times under the policy driver (seeded: sample i uses stream i): the
// simulated counterpart of `exchangeOdds`, counted into outcome categories, the chance that
// either side is taken out, and the mean damage both ways.
import { copierOf } from "../clone.js";
import { FixedDecisions } from "../drivers/fixed.js";
import { Rng } from "../../core/random.js";
import { PolicyContext } from "../drivers/policy.js";
import type { ExchangeDefinition } from "../encounter-file.js";
import type { Json } from "../json.js";

export interface ExchangeSample {
  readonly runs: number;
  readonly categories: ReadonlyMap<string, number>;
  readonly defenderOut: number;
  readonly attackerOut: number;
  /** Damage to the defender: sum and sum of squares. */
  readonly damage: { readonly sum: number; readonly squares: number };
}

export function sampleExchange(
  def: ExchangeDefinition,
  runs: number,
  seed: number,
  decisions: Readonly<Record<string, Json>> = def.decisions,
): ExchangeSample {
  const rules = def.ruleset.exchange;
  const initial = rules.setup(def.attacker, def.defender, def.situation, def.switches);
  const categories = new Map<string, number>(rules.categories.map((c) => [c, 0]));
  let defenderOut = 0;
  let attackerOut = 0;
  let sum = 0;
  let squares = 0;
  const fixed = new FixedDecisions(def.playbook, decisions);
  const copy = copierOf(def.ruleset);
  for (let i = 0; i < runs; i += 1) {
    const result = rules.run(
      copy(initial),
      new PolicyContext(Rng.stream(seed, i), def.playbook, fixed),
    );
    categories.set(result.category, (categories.get(result.category) ?? 0) + 1);
    if (result.defenderOut) defenderOut += 1;
    if (result.attackerOut) attackerOut += 1;
    sum += result.damage;
    squares += result.damage * result.damage;
  }
  return { runs, categories, defenderOut, attackerOut, damage: { sum, squares } };
}
