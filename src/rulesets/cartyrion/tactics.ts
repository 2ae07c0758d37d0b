// Cartyrion's tactics, keyed by the questions its procedures ask (src/engine/tactics.ts): the
// default tactic of every combatant's decision and the GM's default rulings, and the profiles a
// combatant may take instead (cautious, reckless).
import { declareTactics } from "../../engine/tactics.js";
import { actionTactic, CAUTIOUS, RECKLESS, SPARING, STEADY } from "./policies/action-policy.js";
import {
  concealmentDcRuling,
  coverRuling,
  extraMovementRuling,
  sneakAttackRuling,
} from "./policies/gm-rulings.js";
import { chooseNext } from "./policies/order-policy.js";
import type { TurnOrder } from "./procedures/round.js";
import { SECTIONS } from "./sections.js";

export const TACTICS = declareTactics({
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
  about: {
    action: {
      description:
        "what it does on its turn: attack (and whom, with which weapon, a Power Attack or not), move, parry, withdraw ...",
      by: "combatant",
      section: SECTIONS.turn,
    },
    next: {
      description: "who of its side takes the next turn, one turn at a time",
      by: "side",
      section: SECTIONS.initiative,
    },
    "dex-applies": {
      description:
        "whether a surprised target's DEX bonus still counts (once, for the round), or a held one's against a blow",
      by: "gm",
      section: SECTIONS.resolving,
    },
    cover: {
      description: "whether there is cover where a combatant wants to hide",
      by: "gm",
      section: SECTIONS.sneak,
    },
    "concealment-dc": {
      description: "the DC of the DEX check to hide, or to stay concealed while moving (0: none)",
      by: "gm",
      section: SECTIONS.sneak,
    },
    dash: {
      description: "how many feet beyond its Move a Dash carries a combatant",
      by: "gm",
      section: SECTIONS.movement,
    },
    leap: {
      description: "how many feet beyond its Move a Leap carries a combatant",
      by: "gm",
      section: SECTIONS.movement,
    },
    charge: {
      description: "how many feet beyond its Move a Charge carries a combatant",
      by: "gm",
      section: SECTIONS.movement,
    },
    aim: {
      description: "what taking aim gives the next ranged attack (the chapter names it only)",
      by: "gm",
      section: SECTIONS.actions,
    },
    grapple: {
      description: "whether a grapple gets a hold (the chapter names it only)",
      by: "gm",
      section: SECTIONS.actions,
    },
    "break-free": {
      description: "whether a held combatant breaks free",
      by: "gm",
      section: SECTIONS.actions,
    },
    effect: {
      description: "what a spell or an action the chapter does not define does",
      by: "gm",
      section: SECTIONS.actions,
    },
    "reverse-ambush": {
      description: "whether, and how, the ambushed side can turn an ambush around",
      by: "gm",
      section: SECTIONS.surprise,
    },
    "sneak-attack": {
      description: "whether a sneak attack's positioning conditions are met",
      by: "gm",
      section: SECTIONS.sneak,
    },
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
});
