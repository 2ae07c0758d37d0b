// Swords & Wizardry's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts):
// the default tactic of every combatant's decision (policies/) and the GM's default rulings, and
// the profiles a combatant may take instead (cautious, reckless). A monster's flight is the GM's
// morale call (Morale), not the monster's own: its profile changes its Base Combat Bonus split.
import type { RulesetTactics } from "../../engine/tactics.js";
import * as action from "./policies/action-policy.js";
import * as bcb from "./policies/bcb-policy.js";
import { likeliestFreeAttacker } from "./policies/estimates.js";
import { fendedOffRuling, grappleRuling, unarmedRuling } from "./policies/gm-rulings.js";
import { moralePolicy } from "./policies/morale-policy.js";
import { choosePlan } from "./policies/plan-policy.js";
import { chooseTarget } from "./policies/target-policy.js";
import type {
  FreeAttackSituation,
  SlotSituation,
  Standpoint,
  TargetSituation,
} from "./procedures/situations.js";
import type { BcbAnswer } from "./procedures/plans.js";
import type { Fighter } from "./state.js";

const actionTactic =
  (runAt: number) =>
  ({ state, me, si }: SlotSituation): string =>
    action.chooseAction(state, me, si, runAt);

const bcbTactic =
  (guard: number) =>
  ({ state, me }: Standpoint): BcbAnswer =>
    bcb.chooseBcb(state, me, guard);

export const TACTICS: RulesetTactics = {
  questions: {
    plan: ({ state, me }: Standpoint) => choosePlan(state, me),
    target: ({ state, me, around }: TargetSituation) => chooseTarget(state, me, around),
    bcb: bcbTactic(bcb.STEADY),
    action: actionTactic(action.STEADY),
    // Spears and Polearms: a polearm strikes a foe as it comes; subdual only when told to.
    fend: () => true,
    subdue: () => false,
    // The GM's rulings.
    terrain: (adjustment: number) => adjustment,
    "unarmed-armour": unarmedRuling,
    assassination: (t: Fighter) => t.vitals,
    fumble: () => "nothing",
    "fended-off": fendedOffRuling,
    "random-missile": () => true,
    extraction: () => 0,
    "spell-effect": () => "none",
    grapple: grappleRuling,
    morale: ({ state, me }: Standpoint) => moralePolicy(state, me),
    "free-attack": ({ state, me, near }: FreeAttackSituation) =>
      likeliestFreeAttacker(state, me, near).id,
  },
  profiles: {
    cautious: {
      description:
        "weighs the hit points it may lose twice the damage it deals when splitting its Base Combat Bonus (more on AC), and a character runs from a foe likely to finish it from half its hit points (the default: a quarter)",
      questions: { bcb: bcbTactic(bcb.CAUTIOUS), action: actionTactic(action.CAUTIOUS) },
    },
    reckless: {
      description:
        "puts its Base Combat Bonus on attack and never fights defensively while it has an attack; a character never runs (a monster's flight stays the GM's morale call)",
      questions: { bcb: bcbTactic(bcb.RECKLESS), action: actionTactic(action.RECKLESS) },
    },
  },
};
