// Dungeons of Olde's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts):
// the default tactic of every character's decision (policies/) and the gamemaster's default
// rulings, and the profiles a character may take instead (cautious, reckless), which weigh a
// Shield Block otherwise against the best attack and withdraw from a lost fight sooner, or never.
import { declareTactics } from "../../engine/tactics.js";
import { DEFAULTS } from "./data/rules.js";
import { BLOCK_WEIGHT, chooseAction, WITHDRAW_AT } from "./policies/action-policy.js";
import { chooseCritical } from "./policies/critical-policy.js";
import { disastrousMissRuling, gmAllowsSlaying } from "./policies/gm-rulings.js";
import type { ActionSituation, CriticalSituation, PairSituation } from "./procedures/situations.js";
import { SECTIONS } from "./sections.js";

const actionTactic =
  (blockWeight: number, withdrawAt: number) =>
  ({ state, me }: ActionSituation): string =>
    chooseAction(state, me, blockWeight, withdrawAt);

const critical = ({ state, me, target, w, kind, options }: CriticalSituation): string =>
  chooseCritical(state, me, target, w, kind, options);

export const TACTICS = declareTactics({
  questions: {
    action: actionTactic(BLOCK_WEIGHT.steady, WITHDRAW_AT.steady),
    critical,
    legendary: critical,
    // The gamemaster's rulings.
    "allow-slay": ({ me, target }: PairSituation) => gmAllowsSlaying(me, target),
    "critical-miss": () => "drop",
    "disastrous-miss": disastrousMissRuling,
    effect: () => "none",
    "cast-cr": () => DEFAULTS.castCr,
  },
  about: {
    action: {
      description:
        "what it spends its action points on, one action at a time: attack (whom, with what), Shield Block, move, first aid, withdraw, pass ...",
      by: "combatant",
      section: SECTIONS.actions,
    },
    critical: {
      description:
        "which outcome its critical hit takes: maximum damage, armour bypassed, blinding, a trip, a disarm ...",
      by: "combatant",
      section: SECTIONS.critical,
    },
    legendary: {
      description:
        "which outcome its legendary hit takes: the instant kill (when allowed), maximum damage ...",
      by: "combatant",
      section: SECTIONS.critical,
    },
    "allow-slay": {
      description: "whether a legendary hit may slay its target outright",
      by: "gm",
      section: SECTIONS.critical,
    },
    "critical-miss": {
      description: "whether a critical miss drops the attacker's weapon or trips it",
      by: "gm",
      section: SECTIONS.critical,
    },
    "disastrous-miss": {
      description:
        "whether a disastrous miss breaks the attacker's weapon or lets the defender strike it",
      by: "gm",
      section: SECTIONS.critical,
    },
    effect: {
      description: "what using an item, or a spell cast, does (the chapter gives no effects)",
      by: "gm",
      section: SECTIONS.actions,
    },
    "cast-cr": {
      description: "the CR of a caster's Savvy check to cast",
      by: "gm",
      section: SECTIONS.actions,
    },
  },
  profiles: {
    cautious: {
      description:
        "values the HP a Shield Block saves twice the HP its best attack takes off the foe: raises its shield more readily; withdraws once the fight has told on its side and the foes are twice as strong (the default: two and a half times)",
      questions: { action: actionTactic(BLOCK_WEIGHT.cautious, WITHDRAW_AT.cautious) },
    },
    reckless: {
      description:
        "never raises a Shield Block: every round with an attack goes to the attack; never withdraws (fights to the death)",
      questions: { action: actionTactic(BLOCK_WEIGHT.reckless, WITHDRAW_AT.reckless) },
    },
  },
});
