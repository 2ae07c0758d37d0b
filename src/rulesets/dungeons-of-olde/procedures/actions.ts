// What a character can do in one round of the action phase (Movement and Actions, core rules;
// Crossbows; Shields), as the answers of its "action-<n>" decision: short strings
// "verb[:target[:item]]". A round is one movement and one action; an attack's movement is its
// approach (free steps first, then steps), so a round's answer is one of:
//
//   attack                 the best attack Fray finds (target, weapon, melee or ranged)
//   strike:<foe>:<weapon>  a melee attack, stepping into reach first if need be
//   shoot:<foe>:<weapon>   a ranged attack (shot or throw), stepping to a better range if need be
//   block                  Shield Block: +2 Defense against melee attacks until the reset phase
//   reset:<weapon>         reset a crossbow (1 AP by hand, 3 with a crank)
//   ready:<weapon>         draw a carried weapon, or pick one up from its own space
//   move:<foe>             take position against a foe without acting: the nearest distance the
//                          weapon in hand fights at, out of the foe's reach if there is one
//   withdraw               move away from the foes; far enough, it leaves the fight
//   rise | drop | flop     stand up (2 AP, nothing else that round) | go prone (1 AP) | flop (0 AP)
//   first-aid:<ally>:stabilize|bind   (3 AP, nothing else that round)
//   use-item               (3 AP, nothing else that round; the GM rules its effect)
//   cast:<who>             (2 AP; a Savvy check, the GM rules its effect)
//   pass                   keep the action points for the next round
import { answerParts, answerText, cachedReader } from "../../../engine/answer-text.js";
import type { Choice } from "../../../engine/choice.js";
import { AP, COVER } from "../data/rules.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { bareHands, distance, fighting, shieldInUse, wielded, type AttackKind } from "./derived.js";
import { attackSpot, budgetFor, freeFor, positionSpot, stepsFor } from "./movement.js";

export const VERBS = [
  "attack",
  "strike",
  "shoot",
  "block",
  "reset",
  "ready",
  "move",
  "withdraw",
  "rise",
  "drop",
  "flop",
  "first-aid",
  "use-item",
  "cast",
  "pass",
] as const;
export type Verb = (typeof VERBS)[number];

export interface Action {
  readonly verb: Verb;
  readonly target: string;
  readonly item: string;
}

const VERB_SET: ReadonlySet<string> = new Set(VERBS);

function parse(text: string): Action | null {
  const [verb, target, item] = answerParts(text);
  if (!VERB_SET.has(verb) || item.includes(":")) return null;
  return { verb: verb as Verb, target, item };
}

/** Reads an action answer; answers repeat a lot in simulation, so readings are cached. */
export const parseAction = cachedReader(parse, 4096);

/** The answer "verb:target:item", interned so that reading it back hits the parse cache. */
export function actionText(verb: Verb, target = "", item = ""): string {
  return answerText(verb, target, item);
}

/** The most AP one round may take (switch roundApLimit; 0 is no limit). */
export function roundLimit(state: DooState): number {
  return state.switches.roundApLimit === 0 ? Infinity : state.switches.roundApLimit;
}

/** Can `me` pay `cost` AP for an action this round? */
export function affords(state: DooState, me: CombatantState, cost: number): boolean {
  return me.ap >= cost && roundLimit(state) >= cost;
}

/** The weapons `me` can strike with now: the one in hand (if it is a melee weapon) and bare hands. */
export function strikeWeapons(me: CombatantState): WeaponState[] {
  const w = wielded(me);
  const bare = me.weapons[bareHands(me)]!;
  return w.natural ? [bare] : w.melee !== null ? [w, bare] : [bare];
}

/** The weapon in hand, if it can shoot or be thrown now. */
export function shootWeapon(me: CombatantState): WeaponState | null {
  const w = wielded(me);
  if (w.natural || w.ranged === null || w.count <= 0) return null;
  if (w.ranged.brawnReset > 0 && !w.loaded) return null;
  return w;
}

/**
 * Attacking as an Opposed Attempt, step 1: the attacker needs a clear or partial line of sight;
 * Line of Sight gives a minimal one -6. Which of the two rules is switch minimalLineOfSight.
 */
export function outOfSight(state: DooState, target: CombatantState): boolean {
  return state.switches.minimalLineOfSight === "no-attack" && target.cover >= COVER.minimal;
}

/** Where `me` would attack `target` from this round with `w`, or null when it cannot. */
export function attackPlan(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
): number | null {
  if (!fighting(target) || target.side === me.side || !affords(state, me, AP.attack)) return null;
  if (outOfSight(state, target)) return null;
  return attackSpot(me, target, w, kind, freeFor(me), stepsFor(state, me, AP.attack));
}

/** Crossbows: resetting by hand costs 1 AP with the second Brawn Minimum, else 3 (a crank). */
export function resetCost(me: CombatantState, w: WeaponState): number {
  return me.brawn >= (w.ranged?.brawnReset ?? 0) ? AP.resetByHand : AP.resetByCrank;
}

export function needsReset(w: WeaponState): boolean {
  return (
    !w.natural && w.where === "hand" && w.ranged !== null && w.ranged.brawnReset > 0 && !w.loaded
  );
}

/** Shield Block: an equipped shield, the Shield skill, and no block already up. */
export function canBlock(state: DooState, me: CombatantState): boolean {
  return shieldInUse(me) && me.shieldSkill && !me.blocking && affords(state, me, AP.block);
}

/** Weapons `me` could ready: carried ones, or ones lying in its own space. */
export function readyable(me: CombatantState, w: WeaponState, index: number): boolean {
  if (w.natural || index === me.hand) return false;
  if (w.where === "carried") return w.count > 0;
  return w.where === "ground" && w.groundPos === me.pos;
}

export function canMove(state: DooState, me: CombatantState): boolean {
  return freeFor(me) + stepsFor(state, me, 0) > 0;
}

/** Allies `me` can tend: incapacitated (not dead) in its space or the next. */
export function patients(state: DooState, me: CombatantState): CombatantState[] {
  return state.combatants.filter(
    (c) => c !== me && c.side === me.side && c.status === "incapacitated" && distance(c, me) <= 1,
  );
}

function weaponLabel(w: WeaponState): string {
  return w.natural ? "bare hands" : `the ${w.name}`;
}

function moveNote(me: CombatantState, pos: number | null): string {
  if (pos === null || pos === me.pos) return "";
  const spaces = Math.abs(pos - me.pos);
  const paid = spaces > me.freeSteps ? spaces - me.freeSteps : 0;
  return ` (moving ${spaces} space${spaces === 1 ? "" : "s"}${paid > 0 ? `, ${paid} AP` : ", free steps"})`;
}

/** Every action `me` may take this round, with how a person reads it (the decision's choices). */
export function listActions(
  state: DooState,
  me: CombatantState,
  bestAttack: string | null,
): Choice<string>[] {
  const out: Choice<string>[] = [];
  const add = (value: string, label: string) => out.push({ value, label });
  // Always offered with the AP for it, so that a fixed answer "attack" (an exchange file) stays valid.
  if (bestAttack !== null) add("attack", `attack (Fray's pick: ${bestAttack})`);
  else if (affords(state, me, AP.attack))
    add("attack", "attack (no foe in reach or range this round: the round passes)");
  const foes = state.combatants.filter((c) => c.side !== me.side && fighting(c));
  const shooter = shootWeapon(me);
  for (const t of foes) {
    for (const w of strikeWeapons(me)) {
      const pos = attackPlan(state, me, t, w, "melee");
      if (pos !== null)
        add(
          actionText("strike", t.id, w.id),
          `attack ${t.name} with ${weaponLabel(w)}${moveNote(me, pos)}`,
        );
    }
    if (shooter !== null) {
      const pos = attackPlan(state, me, t, shooter, "ranged");
      if (pos !== null)
        add(
          actionText("shoot", t.id, shooter.id),
          `${shooter.ranged!.thrown ? "throw" : "shoot"} the ${shooter.name} at ${t.name} from range ${Math.abs(pos - t.pos)}${moveNote(me, pos)}`,
        );
    }
  }
  if (canBlock(state, me))
    add("block", `Shield Block with the ${me.shield!.name} (+2 Defense against melee, 2 AP)`);
  const w = wielded(me);
  if (needsReset(w) && affords(state, me, resetCost(me, w)))
    add(actionText("reset", w.id), `reset the ${w.name} (${resetCost(me, w)} AP)`);
  me.weapons.forEach((x, i) => {
    if (readyable(me, x, i) && affords(state, me, AP.ready))
      add(
        actionText("ready", x.id),
        `${x.where === "ground" ? "pick up" : "draw"} the ${x.name} (${AP.ready} AP)`,
      );
  });
  if (canMove(state, me)) {
    const budget = budgetFor(state, me, 0);
    for (const t of foes) {
      const to = positionSpot(me, t, budget);
      if (to !== me.pos)
        add(
          actionText("move", t.id),
          `take position against ${t.name}: to range ${Math.abs(to - t.pos)}${moveNote(me, to)}`,
        );
    }
    add("withdraw", "withdraw: move away from the foes (far enough, it leaves the fight)");
  }
  if (me.prone && affords(state, me, AP.rise)) add("rise", "rise (2 AP; nothing else this round)");
  if (!me.prone && affords(state, me, AP.drop)) add("drop", "drop prone (1 AP)");
  if (!me.prone) add("flop", "flop prone (0 AP)");
  if (affords(state, me, AP.firstAid)) {
    for (const p of patients(state, me)) {
      if (p.bleeding)
        add(
          actionText("first-aid", p.id, "stabilize"),
          `first aid: stabilize ${p.name} (3 AP; a Healing check)`,
        );
      add(
        actionText("first-aid", p.id, "bind"),
        `first aid: bind ${p.name}'s wounds (3 AP; a Healing check)`,
      );
    }
  }
  if (affords(state, me, AP.useItem))
    add("use-item", "use an item or device (3 AP; the GM rules the effect)");
  if (me.caster && affords(state, me, AP.cast)) {
    for (const t of state.combatants)
      if (t.status !== "dead")
        add(actionText("cast", t.id), `cast a spell at ${t.name} (2 AP; a Savvy check)`);
  }
  add("pass", "pass: keep the action points for the next round");
  return out;
}
