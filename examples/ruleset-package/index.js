// Hardy heroes: the cartyrion ruleset (Laurels and Loot) with one house rule, the party's
// characters start with twice their stamina. A Fray ruleset in a package of its own: it builds on
// the ruleset kit (fray/ruleset) and on a ruleset Fray ships (fray/rulesets), and is loaded with
// `fray play --ruleset ./index.js encounter.yaml`.
import { rulesets } from "fray/rulesets";

const { cartyrion } = rulesets;

/** The house rule, on a state cartyrion has just set up: the party's stamina doubled. */
function hardy(state) {
  for (const c of state.combatants) {
    if (!c.party) continue;
    c.stamina *= 2;
    c.maxStamina *= 2;
  }
  return state;
}

/** @type {import("fray/ruleset").Ruleset} */
const hardyHeroes = {
  ...cartyrion,
  id: "cartyrion-hardy-heroes",
  version: "1.0.0",
  title: "Laurels and Loot: Combat, with hardy heroes (a house rule)",
  source: `${cartyrion.source}; house rule: the party's characters start with twice their stamina`,
  frayDefaults: [
    ...cartyrion.frayDefaults,
    {
      topic: "Hardy heroes: the party's stamina doubled",
      source: "guess",
      ref: "a house rule for a gentler game, not in the chapter",
      where: "index.js hardy",
    },
  ],
  setup: (encounter) => hardy(cartyrion.setup(encounter)),
  exchange: {
    ...cartyrion.exchange,
    setup: (attacker, defender, situation, switches) =>
      hardy(cartyrion.exchange.setup(attacker, defender, situation, switches)),
  },
};

export default hardyHeroes;
