// Swords & Wizardry's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts):
// the default tactic of every combatant's decision (policies/) and the GM's default rulings, and
// the profiles a combatant may take instead (cautious, reckless). A monster's flight is the GM's
// morale call (Morale), not the monster's own: its profile changes its Base Combat Bonus split.
import { declareTactics } from "../../engine/tactics.js";
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
import { SECTIONS } from "./sections.js";

const actionTactic =
  (runAt: number) =>
  ({ state, me, si }: SlotSituation): string =>
    action.chooseAction(state, me, si, runAt);

const planTactic =
  (runAt: number) =>
  ({ state, me }: Standpoint): string =>
    choosePlan(state, me, runAt);

const bcbTactic =
  (guard: number) =>
  ({ state, me }: Standpoint): BcbAnswer =>
    bcb.chooseBcb(state, me, guard);

export const TACTICS = declareTactics({
  questions: {
    plan: planTactic(action.STEADY),
    target: ({ state, me, around }: TargetSituation) => chooseTarget(state, me, around),
    bcb: bcbTactic(bcb.STEADY),
    action: actionTactic(action.STEADY),
    // Spears and Polearms: a polearm strikes a foe as it comes; subdual only when told to.
    fend: () => true,
    subdue: () => false,
    // The GM's rulings.
    terrain: (adjustment: number) => adjustment,
    "unarmed-armour": unarmedRuling,
    assassination: (t: Fighter) => t.sheet.vitals,
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
  about: {
    plan: {
      description:
        "what it declares for the round: fight, charge, cast a spell or read a scroll, two weapons",
      by: "combatant",
      section: SECTIONS.order,
    },
    // Choices for the round, not an action: a result's heading names the action (its own, or
    // the blows rolled after it), these a line under it.
    target: {
      description: "whether it singles out one of the foes in its reach for the round, and which",
      by: "combatant",
      section: SECTIONS.multipleTargets,
      aside: true,
    },
    bcb: {
      description:
        "how it splits its Base Combat Bonus between attack and AC, or fights defensively",
      by: "combatant",
      section: SECTIONS.bcb,
      aside: true,
    },
    action: {
      description:
        "what it does on its count: attack (whom, with what), move, back away, run, use a wand ...",
      by: "combatant",
      section: SECTIONS.combatRound,
    },
    fend: {
      description: "whether its polearm strikes a foe coming at it (its attack for the round)",
      by: "combatant",
      section: SECTIONS.spears,
    },
    subdue: {
      description: "whether it beats a foe down (half the damage subdual) rather than kill",
      by: "combatant",
      section: SECTIONS.subdual,
    },
    terrain: {
      description: "the terrain adjustment to an attack (cover, higher ground)",
      by: "gm",
      section: SECTIONS.terrain,
    },
    "unarmed-armour": {
      description: "what a punch does to a foe in armour",
      by: "gm",
      section: SECTIONS.unarmed,
    },
    assassination: {
      description:
        "whether the attacker knows a helpless foe's anatomy well enough to assassinate it",
      by: "gm",
      section: SECTIONS.assassination,
    },
    fumble: {
      description: "what else goes wrong on a fumble",
      by: "gm",
      section: SECTIONS.fumbles,
    },
    "fended-off": {
      description: "whether a foe struck by a polearm as it comes is fended off",
      by: "gm",
      section: SECTIONS.spears,
    },
    "random-missile": {
      description:
        "whether a missile shot into a melee hits whoever is there rather than its target",
      by: "gm",
      section: SECTIONS.missiles,
    },
    extraction: {
      description:
        "the modifier to the save for pulling a missile out of a wound (dirty, unstable, surgical skill)",
      by: "gm",
      section: SECTIONS.criticals,
    },
    "spell-effect": {
      description:
        "what a spell or wand the file leaves to the GM does: nothing, out of the fight, or damage",
      by: "gm",
      section: SECTIONS.spells,
    },
    grapple: {
      description: "whether wrestling or pushing a foe works",
      by: "gm",
      section: SECTIONS.unarmed,
    },
    morale: {
      description: "whether a monster fights on, flees or surrenders",
      by: "gm",
      section: SECTIONS.morale,
    },
    "free-attack": {
      description: "which foe takes the free attack on a combatant left open",
      by: "gm",
      section: SECTIONS.retreating,
    },
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
      questions: {
        plan: planTactic(action.RECKLESS),
        bcb: bcbTactic(bcb.RECKLESS),
        action: actionTactic(action.RECKLESS),
      },
    },
  },
});
