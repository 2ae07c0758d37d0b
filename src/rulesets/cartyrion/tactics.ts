// Cartyrion's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts): the
// default tactic of every combatant's decision and the GM's default rulings, and the profiles a
// combatant may take instead (cautious, reckless).
import type { RulesetTactics } from "../../engine/tactics.js";
import { actionTactic, CAUTIOUS, RECKLESS, SPARING, STEADY } from "./policies/action-policy.js";
import {
  concealmentDcRuling,
  coverRuling,
  extraMovementRuling,
  sneakAttackRuling,
} from "./policies/gm-rulings.js";
import { chooseNext } from "./policies/order-policy.js";
import type { TurnOrder } from "./procedures/round.js";

export const TACTICS: RulesetTactics = {
  questions: {
    action: actionTactic(STEADY),
    next: ({ state, waiting }: TurnOrder) => chooseNext(state, waiting),
    // The GM's rulings.
    "dex-applies": () => false,
    cover: coverRuling,
    "concealment-dc": concealmentDcRuling,
    dash: extraMovementRuling("dash"),
    leap: extraMovementRuling("leap"),
    charge: extraMovementRuling("charge"),
    aim: () => "dex",
    grapple: () => "contest",
    "break-free": () => "contest",
    effect: () => "none",
    "reverse-ambush": () => "awareness",
    "sneak-attack": sneakAttackRuling,
  },
  profiles: {
    cautious: {
      description:
        "withdraws when next round's blows would take it out one time in four or more, hurt or not (the default: more likely than not, and only once hurt while friends fight)",
      questions: { action: actionTactic(CAUTIOUS) },
    },
    reckless: {
      description: "fights to the death: never withdraws",
      questions: { action: actionTactic(RECKLESS) },
    },
    sparing: {
      description:
        "Power Attacks only to finish a foe or when next round would likely take it out, never to shorten a duel (the chapter's worked example: Tombril and the giant strike with their weapons)",
      questions: { action: actionTactic(SPARING) },
    },
  },
};
