// tnt's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts): the default
// tactic of every fighter's decision (policies/) and the GM's defaults, and the profiles a fighter
// may take instead (cautious, reckless), which split the pool otherwise.
import { declareTactics } from "../../engine/tactics.js";
import {
  allocationPolicy,
  attackOptionsPolicy,
  attackShape,
  bypassPolicy,
  closePolicy,
  counterPolicy,
  defencePolicy,
  grapplePolicy,
  GUARD,
  movePolicy,
  opportunityPolicy,
  targetPolicy,
  twistPolicy,
} from "./policies/policies.js";
import { moveValue, STAY } from "./procedures/moves.js";
import type {
  AllocationSituation,
  CounterSituation,
  DefenceSituation,
  MoveSituation,
  OpportunitySituation,
  PairSituation,
  StrikeSituation,
  TargetSituation,
  TwistSituation,
} from "./procedures/situations.js";
import { SECTIONS } from "./sections.js";

/** Anger and bypass of one attack, weighed once for both questions. */
function plan(s: StrikeSituation): { readonly anger: boolean; readonly bypass: boolean } {
  return (s.plan ??= attackOptionsPolicy(s.state, s.me, s.target, s.dice));
}

const split =
  (guard: number) =>
  ({ state, me }: AllocationSituation): number[] =>
    allocationPolicy(state, me, guard);

export const TACTICS = declareTactics({
  questions: {
    move: ({ state, me, options, movesThisTurn, afterAttack }: MoveSituation) => {
      const m = movePolicy(state, me, options, movesThisTurn, afterAttack);
      return m === null ? STAY : moveValue(m);
    },
    "attack-dice": split(GUARD.steady),
    target: ({ state, me, foes, dice }: TargetSituation) => targetPolicy(state, me, foes, dice).id,
    anger: (s: StrikeSituation) => plan(s).anger,
    bypass: (s: StrikeSituation) => {
      const r = s.roll;
      if (r === undefined) return plan(s).bypass;
      return bypassPolicy(s.state, s.me, s.target, s.dice, r.anger, r.natural, r.before, r.against);
    },
    defence: (s: DefenceSituation) =>
      defencePolicy(
        s.state,
        s.me,
        s.attacker,
        attackShape(s.attacker, s.me, s.range, s.dice, s.anger, s.bypass, s.state.switches),
        s.natural,
        s.total,
      ),
    counter: ({ state, me, foe, natural, total }: CounterSituation) =>
      counterPolicy(state, me, foe, natural, total),
    opportunity: ({ state, me, mover, to }: OpportunitySituation) =>
      opportunityPolicy(state, me, mover, to),
    twist: ({ state, me, target, soFar }: TwistSituation) => twistPolicy(state, me, target, soFar),
    close: ({ state, me, foe }: PairSituation) => closePolicy(state, me, foe),
    grapple: ({ state, me, foe }: PairSituation) => grapplePolicy(state, me, foe),
    // The GM's defaults: disengaged pairs meet again, no dice go to other efforts.
    "re-engage": () => true,
    "other-efforts": () => 0,
  },
  about: {
    move: {
      description:
        "whether it changes range with a foe: close in, step into or out of a grapple, back off, flee",
      by: "combatant",
      section: SECTIONS.changingRange,
      unchanged: STAY,
      // The GM reads the attack first; the move a line under it (last-result.ts).
      aside: true,
    },
    "attack-dice": {
      description:
        "how many of its combat dice go into each attack, the rest kept for active defence",
      by: "combatant",
      section: SECTIONS.offense,
    },
    target: {
      description: "which foe an attack goes to",
      by: "combatant",
      section: SECTIONS.offense,
      // "one attack with 3 dice at Cutter (onset range)" in a result's heading.
      joins: "at",
    },
    anger: {
      description: "whether it attacks in anger (one die set aside)",
      by: "combatant",
      section: SECTIONS.attackInAnger,
    },
    bypass: {
      description:
        "whether an attack tries to bypass the foe's armour (a penalty to hit, no damage reduction)",
      by: "combatant",
      section: SECTIONS.armour,
    },
    defence: {
      description:
        "how many combat dice it rolls in active defence against an attack (none: passive defence)",
      by: "combatant",
      section: SECTIONS.activeDefence,
    },
    counter: {
      description: "how many of its dice left go into a counter-attack after defending actively",
      by: "combatant",
      section: SECTIONS.counterAttack,
    },
    opportunity: {
      description:
        "how many combat dice it rolls for an attack of opportunity on a foe changing range",
      by: "combatant",
      section: SECTIONS.changingRange,
    },
    twist: {
      description: "how many of its dice left become crit dice when it twists the blade (pierce)",
      by: "combatant",
      section: SECTIONS.calculatingDamage,
    },
    close: {
      description: "whether it enters melee range from onset",
      by: "combatant",
      section: SECTIONS.ranges,
    },
    grapple: {
      description: "whether it enters grapple range from melee",
      by: "combatant",
      section: SECTIONS.rangedAndGrappling,
    },
    "re-engage": {
      description: "whether two disengaged foes meet again at onset range this round",
      by: "gm",
      section: SECTIONS.ranges,
    },
    "other-efforts": {
      description: "how many of a fighter's combat dice go to other efforts this turn",
      by: "gm",
      section: SECTIONS.combatDice,
    },
  },
  profiles: {
    cautious: {
      description:
        "weighs the damage its split of the pool lets through twice the damage it deals: keeps more dice for active defence",
      questions: { "attack-dice": split(GUARD.cautious) },
    },
    reckless: {
      description: "puts every combat die into attacks, keeping none for active defence",
      questions: { "attack-dice": split(GUARD.reckless) },
    },
  },
});
