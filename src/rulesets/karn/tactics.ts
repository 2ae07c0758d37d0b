// The Land of Karn's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts):
// the default tactic of every combatant's decision (policies/) and the GM's default rulings, and
// the profiles a combatant may take instead: cautious (flees at half its hit points, or from foes
// twice as strong), reckless (never flees, keeps no saved action back for counterattacks).
import { declareTactics } from "../../engine/tactics.js";
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
import { SECTIONS } from "./sections.js";
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

export const TACTICS = declareTactics({
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
  about: {
    opponent: {
      description: "which foe it faces this melee",
      by: "combatant",
      section: SECTIONS.pairings,
    },
    forfeit: {
      description: "whether it forfeits the initiative rather than roll for it",
      by: "combatant",
      section: SECTIONS.initiative,
    },
    action: {
      description:
        "how the initiative winner uses each of its actions: a full strike, two halves, four quarters, or saved for defence",
      by: "combatant",
      section: SECTIONS.winnerChooses,
    },
    // Each completes its action's line in a result's heading: "one full strike at Snaga".
    target: {
      description: "whom it strikes at with an action",
      by: "combatant",
      section: SECTIONS.multiple,
      joins: "at",
    },
    strike: {
      description: "with which attack it strikes, and whether it calls a shot",
      by: "combatant",
      section: SECTIONS.winnerChooses,
      joins: "with",
    },
    defence: {
      description:
        "how it defends against a strike: block, parry, dodge or none, with how much of an action",
      by: "combatant",
      section: SECTIONS.defenderChooses,
    },
    counter: {
      description:
        "what it does with the actions left after defending: counterattack, follow a fleer, pick up a weapon ...",
      by: "combatant",
      section: SECTIONS.defenderChooses,
    },
    answer: {
      description:
        "how the initiative winner defends against a counterattack: a saved action, or a dodge",
      by: "combatant",
      section: SECTIONS.winnerDefends,
    },
    flee: {
      description: "whether it flees (all its actions) when no attack is declared against it",
      by: "combatant",
      section: SECTIONS.fleeing,
    },
    follow: {
      description: "whether it gives up its last full action to follow a fleeing foe",
      by: "combatant",
      section: SECTIONS.fleeing,
    },
    notice: {
      description: "whether it makes the ALT check to react to a foe fleeing",
      by: "combatant",
      section: SECTIONS.fleeing,
    },
    "pick-up": {
      description: "whether it spends a full action picking up a weapon it dropped",
      by: "combatant",
      section: SECTIONS.fumble,
    },
    "skill-actions": {
      description: "how many full actions a skill used in combat takes",
      by: "gm",
      section: SECTIONS.winnerChooses,
    },
    "skill-modifier": {
      description: "any other modifier to a skill used in combat",
      by: "gm",
      section: SECTIONS.modifiers,
    },
    "called-shot-penalty": {
      description: "the penalty to strike with a called shot",
      by: "gm",
      section: SECTIONS.calledShots,
    },
    "range-modifier": {
      description: "the modifier to a ranged strike for range, cover and close quarters",
      by: "gm",
      section: SECTIONS.rangedAttacks,
    },
    "called-cov": {
      description: "how much of a called shot's area the target's armour covers",
      by: "gm",
      section: SECTIONS.calledShots,
    },
    "neck-protected": {
      description:
        "whether the target's armour protects the back of the head and neck against crush",
      by: "gm",
      section: SECTIONS.knockOut,
    },
    "ranged-defence": {
      description:
        "whether a missile can be blocked or parried, and at what penalty (else only a dodge)",
      by: "gm",
      section: SECTIONS.rangedDefence,
    },
    "untrained-penalty": {
      description: "the penalty of a combatant with no training in its weapon (1 to 15)",
      by: "gm",
      section: SECTIONS.weaponTraining,
    },
    "elemental-damage": {
      description: "any further damage from fire, shock or acid once elemental damage got through",
      by: "gm",
      section: SECTIONS.otherDamage,
    },
    overkill: {
      description:
        "whether a first blow that took a foe down is an overkill, costing it its later actions",
      by: "gm",
      section: SECTIONS.timing,
    },
    // Each settles a blow under way (Criticals And Fumbles): a result it begins is headed by the
    // blow ("Orrin: a critical strike at Varn with the spear"), the ruling a line under it.
    critical: {
      description: "whether critical damage is rolled on the critical chart, doubled, or ruled",
      by: "gm",
      section: SECTIONS.critical,
      settles: "a critical strike",
    },
    injury: {
      description: "what an internal or crippling injury does in this fight",
      by: "gm",
      section: SECTIONS.critical,
      settles: "a critical strike",
    },
    fumble: {
      description: "whether a fumble is rolled on the fumble chart or ruled",
      by: "gm",
      section: SECTIONS.fumble,
      settles: "a fumble",
    },
  },
  profiles: {
    cautious: {
      description:
        "flees when at half its hit points or less against a foe in better shape, or, once a friend is out of the fight, from foes twice as strong as its side (the default: a quarter, two and a half times)",
      questions: { action: action(CAUTIOUS), flee: flee(CAUTIOUS) },
    },
    reckless: {
      description:
        "never flees, and plans its actions as if no counterattack came: no saved action kept back",
      questions: { action: action(RECKLESS), flee: flee(RECKLESS) },
    },
  },
});
