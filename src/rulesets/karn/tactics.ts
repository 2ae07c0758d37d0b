// The Land of Karn's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts):
// the default tactic of every combatant's decision (policies/) and the GM's default rulings, and
// the profiles a combatant may take instead: cautious (flees at half its hit points), reckless
// (never flees, keeps no saved action back for counterattacks).
import type { RulesetTactics } from "../../engine/tactics.js";
import { answerPolicy } from "./policies/answers.js";
import {
  counterFoe,
  counterPolicy,
  defencePolicy,
  followPolicy,
  unattackedFleePolicy,
} from "./policies/defender.js";
import { bestAttack, preferredFoe } from "./policies/estimates.js";
import { opponentPolicy } from "./policies/opponent.js";
import { CAUTIOUS, chooseForm, RECKLESS, STEADY, type PlanStyle } from "./policies/plan.js";
import { CRIPPLING } from "./data/charts.js";
import type {
  ActionSituation,
  AnswerSituation,
  CounterSituation,
  DefenceSituation,
  OpponentSituation,
  OverkillSituation,
  PairSituation,
  StrikeSituation,
  TargetSituation,
} from "./procedures/situations.js";

const action = (style: PlanStyle) => (s: ActionSituation) => chooseForm(s, style);

const flee =
  (style: PlanStyle) =>
  ({ state, me }: PairSituation): boolean =>
    unattackedFleePolicy(state, me, style);

export const TACTICS: RulesetTactics = {
  questions: {
    opponent: ({ state, f, foes }: OpponentSituation) => opponentPolicy(state, f, foes),
    forfeit: () => false,
    action: action(STEADY),
    target: ({ state, act, targets, counter }: TargetSituation) =>
      (counter ? counterFoe(state, act, targets) : preferredFoe(state, act, targets)).f.id,
    strike: ({ state, f, target, usable }: StrikeSituation) => {
      const best = bestAttack(state, f, target);
      return f.attacks[best >= 0 && usable.includes(best) ? best : usable[0]!]!.key;
    },
    defence: ({ state, d, k, mayDodge }: DefenceSituation) => defencePolicy(state, d, k, mayDodge),
    counter: ({ state, d, targets, left, unfollowed }: CounterSituation) =>
      counterPolicy(state, d, targets, left, unfollowed),
    answer: ({ state, w, k, blockable }: AnswerSituation) => answerPolicy(state, w, k, blockable),
    flee: flee(STEADY),
    follow: ({ state, me, other }: PairSituation) => followPolicy(state, me, other!),
    notice: () => true,
    "pick-up": () => true,
    // The GM's rulings.
    "skill-actions": () => 1,
    "skill-modifier": () => 0,
    "called-shot-penalty": (chartPenalty: number) => chartPenalty,
    "range-modifier": () => 0,
    "called-cov": (areaCov: number) => areaCov,
    "neck-protected": (armourProtects: boolean) => armourProtects,
    "ranged-defence": () => 0,
    "untrained-penalty": (fallback: number) => fallback,
    "elemental-damage": () => 0,
    overkill: ({ loss, needed }: OverkillSituation) => loss >= 2 * needed,
    critical: () => "chart",
    injury: (severity: number) => (severity === CRIPPLING ? "out" : "none"),
    fumble: () => "chart",
  },
  profiles: {
    cautious: {
      description:
        "flees when at half its hit points or less against a foe in better shape (the default: a quarter)",
      questions: { action: action(CAUTIOUS), flee: flee(CAUTIOUS) },
    },
    reckless: {
      description:
        "never flees, and plans its actions as if no counterattack came: no saved action kept back",
      questions: { action: action(RECKLESS), flee: flee(RECKLESS) },
    },
  },
};
