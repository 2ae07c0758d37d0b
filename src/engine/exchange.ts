// Exact odds of one exchange: every roll outcome of the ruleset's own exchange procedure under
// the given decisions (or the policies), summed into outcome categories, damage both ways and
// the chance that either combatant is taken out.
import { copierOf } from "./clone.js";
import { Dist } from "../core/dist.js";
import { enumerateExact } from "./drivers/exact.js";
import type { ExchangeDefinition } from "./encounter-file.js";
import { InputError } from "./input-error.js";
import type { Json } from "./json.js";
import type { ExchangeResult } from "./ruleset.js";

export interface ExchangeOdds {
  readonly title: string;
  readonly categories: readonly { readonly category: string; readonly p: number }[];
  readonly damage: Dist;
  readonly damageTaken: Dist;
  readonly defenderOut: number;
  readonly attackerOut: number;
  readonly truncated: number;
  readonly decisions: Readonly<Record<string, Json>>;
}

export function exchangeOdds(
  def: ExchangeDefinition,
  decisions: Readonly<Record<string, Json>> = def.decisions,
): ExchangeOdds {
  const rules = def.ruleset.exchange;
  const initial = rules.setup(def.attacker, def.defender, def.situation, def.switches);
  // An exchange's state is one of the ruleset's states: its own copy serves (a third less time
  // than the generic clone in tnt's and swords-wizardry-fitz's exchanges).
  const copy = copierOf(def.ruleset);
  const exact = enumerateExact<ExchangeResult>((ctx) => rules.run(copy(initial), ctx), {
    tactics: def.playbook,
    decisions,
  });
  const unused = Object.keys(decisions).filter((k) => !exact.fixedUsed.includes(k));
  if (unused.length > 0) {
    throw new InputError(
      `decisions: ${unused.map((k) => `"${k}"`).join(", ")} never asked in this exchange`,
      "decisions",
      `keys are "actor:question" with actors ${def.attacker.id}, ${def.defender.id} or gm; see docs/rulesets/${def.ruleset.id}.md`,
    );
  }
  const byCategory = new Map<string, number>(rules.categories.map((c) => [c, 0]));
  const damage = new Map<number, number>();
  const taken = new Map<number, number>();
  let defenderOut = 0;
  let attackerOut = 0;
  for (const { p, result } of exact.outcomes) {
    byCategory.set(result.category, (byCategory.get(result.category) ?? 0) + p);
    damage.set(result.damage, (damage.get(result.damage) ?? 0) + p);
    taken.set(result.damageTaken, (taken.get(result.damageTaken) ?? 0) + p);
    if (result.defenderOut) defenderOut += p;
    if (result.attackerOut) attackerOut += p;
  }
  return {
    title: def.title,
    categories: [...byCategory].map(([category, p]) => ({ category, p })),
    damage: Dist.fromEntries([...damage]),
    damageTaken: Dist.fromEntries([...taken]),
    defenderOut,
    attackerOut,
    truncated: exact.truncated,
    decisions,
  };
}
