// The actions of a Combat Turn ("Actions", "Combat - Attack Actions", "Parrying", "Sneak Attacks")
// as the answers of a combatant's "action" decision: short strings, "verb[:target[:item]]", with
// "/back" after an attack or a spell to spend the rest of the Move stepping back.
//
//   attack:<foe>:<weapon>   power:<foe>:<weapon>   sneak:<foe>:<weapon>   charge:<foe>:<weapon>
//   cast:<who>:<spell>      grapple:<foe>          aim:<foe>              reload:<weapon>
//   parry:weapon            parry:shield           parry:both             hide
//   parry:<with>:<foe>      parry:<with>/back      (moving while parrying: switch parryMovement)
//   advance:<foe>           dash:<foe>|away        leap:<foe>|away        withdraw
//   sheath                  retrieve:<weapon>      break-free             other
//   wait
import { answerParts, answerText, cachedReader } from "../../../engine/answer-text.js";
import type { Choice, ChoiceGroup } from "../../../engine/choice.js";
import { DEFAULTS } from "../data/defaults.js";
import type { CartyrionState, CombatantState, SpellState, WeaponState } from "../state.js";
import { distance, fighting, meleeReach, usable } from "./field.js";
import { canParryWithShield, canParryWithWeapon } from "./parry.js";
import { alreadyEngaged } from "./sneak-attack.js";
import { withWeapon } from "./weapon-name.js";

export const VERBS = [
  "attack",
  "power",
  "sneak",
  "charge",
  "cast",
  "grapple",
  "aim",
  "reload",
  "parry",
  "hide",
  "withdraw",
  "advance",
  "dash",
  "leap",
  "sheath",
  "retrieve",
  "break-free",
  "other",
  "wait",
] as const;
export type Verb = (typeof VERBS)[number];

export interface Action {
  readonly verb: Verb;
  readonly target: string;
  readonly item: string;
  readonly back: boolean;
}

/** An action as parts a tactic writes, before it becomes the answer's text. */
export interface ActionParts {
  verb: Verb;
  target: string;
  item: string;
  back: boolean;
}

const VERB_SET: ReadonlySet<string> = new Set(VERBS);

function parse(text: string): Action | null {
  const back = text.endsWith("/back");
  const [verb, target, item] = answerParts(text, back ? text.length - 5 : text.length);
  if (!VERB_SET.has(verb) || item.includes(":")) return null;
  return { verb: verb as Verb, target, item, back };
}

/** A few recent answers, checked before the interning maps (turns alternate between combatants). */
const RECENT = 8;
const recentVerb: string[] = new Array<string>(RECENT).fill("");
const recentTarget: string[] = new Array<string>(RECENT).fill("");
const recentItem: string[] = new Array<string>(RECENT).fill("");
const recentBack: boolean[] = new Array<boolean>(RECENT).fill(false);
const recentText: string[] = new Array<string>(RECENT).fill("");
let recentNext = 0;

/**
 * The answer text "verb:target:item" (with "/back"), interned (engine/answer-text.ts), so that
 * reading it back (`parseAction`) hits its cache without rehashing.
 */
export function actionText(verb: Verb, target: string, item: string, back: boolean): string {
  for (let i = 0; i < RECENT; i += 1) {
    if (
      recentVerb[i] === verb &&
      recentTarget[i] === target &&
      recentItem[i] === item &&
      recentBack[i] === back
    ) {
      return recentText[i]!;
    }
  }
  const text = answerText(verb, target, item, back ? "/back" : "");
  const i = recentNext;
  recentNext = (recentNext + 1) % RECENT;
  recentVerb[i] = verb;
  recentTarget[i] = target;
  recentItem[i] = item;
  recentBack[i] = back;
  recentText[i] = text;
  return text;
}

/** Reads an action answer; answers repeat a lot in simulation, so readings are cached. */
export const parseAction = cachedReader(parse, 4096);

/** Feet of movement a combatant has this turn (none while held in a grapple). */
export function moveBudget(me: CombatantState): number {
  return me.heldBy === "" ? me.move : 0;
}

/**
 * Feet `me` must move to attack `target` with `w`: closing to the weapon's reach, or for a ranged
 * weapon into the window from 10 ft to its range (stepping back when too close). -1 if the
 * target is beyond `budget`.
 */
export function approachNeeded(
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  budget: number,
): number {
  const d = distance(me, target);
  let need: number;
  if (w.kind === "ranged") {
    if (d < DEFAULTS.rangedMinimum) need = DEFAULTS.rangedMinimum - d;
    else need = Math.max(0, d - w.range);
  } else need = Math.max(0, d - w.reach);
  return need <= budget ? need : -1;
}

/**
 * Can `me` attack `t`: in the fight and not concealed, or concealed but right beside `me`
 * (concealment hides from afar; a foe within 5 ft is found: Fray's default GM ruling).
 */
export function targetable(me: CombatantState, t: CombatantState): boolean {
  return fighting(t) && (!t.concealed || distance(me, t) <= DEFAULTS.meleeDistance);
}

function moveNote(feet: number, ...notes: string[]): string {
  const all = feet > 0 ? [...notes, `moving ${feet} ft first`] : notes;
  return all.length === 0 ? "" : ` (${all.join("; ")})`;
}

/** What a Power Attack costs (Power Attacks): a weapon breaks; a natural one is left unusable. */
function powerNote(w: WeaponState): string {
  return w.natural ? "double dice; unusable afterwards" : "double dice; the weapon breaks";
}

/** The group an action is listed under: a spell that deals damage is an attack. */
function actionGroup(me: CombatantState, a: Action): ChoiceGroup {
  switch (a.verb) {
    case "attack":
    case "power":
    case "sneak":
    case "charge":
    case "grapple":
    case "aim":
      return "attack";
    case "cast":
      return (me.spells.find((sp) => sp.id === a.item)?.die ?? 0) > 0 ? "attack" : "other";
    case "parry":
    case "hide":
      return "defend";
    case "withdraw":
    case "advance":
    case "dash":
    case "leap":
    case "break-free":
      return "move";
    case "reload":
    case "sheath":
    case "retrieve":
    case "other":
    case "wait":
      return "other";
  }
}

/**
 * Power Attacks: the weapon breaks. A natural one (bare hands, claws) only with the switch
 * `naturalPowerAttack` (docs/rulesets/cartyrion.md, Fray's defaults).
 */
export function mayPowerAttack(state: CartyrionState, w: WeaponState): boolean {
  return !w.natural || state.switches.naturalPowerAttack;
}

/** Every action `me` may take now, with how a person reads it (the decision's choices). */
export function listActions(state: CartyrionState, me: CombatantState): Choice<string>[] {
  const out: Choice<string>[] = [];
  const add = (value: string, label: string) =>
    out.push({ value, label, group: actionGroup(me, parseAction(value)!) });
  const budget = moveBudget(me);
  const foes = state.combatants.filter((c) => c.side !== me.side && targetable(me, c));
  const weapons = me.weapons.filter(usable);
  for (const t of foes) {
    const d = distance(me, t);
    for (const w of weapons) {
      const need = approachNeeded(me, t, w, budget);
      const wl = withWeapon(w);
      if (need >= 0) {
        // Movement: what the approach leaves of the Move may be spent after the action ("/back").
        const rest = budget - need > 0;
        add(`attack:${t.id}:${w.id}`, `attack ${t.name} ${wl}${moveNote(need)}`);
        if (rest)
          add(
            `attack:${t.id}:${w.id}/back`,
            `attack ${t.name} ${wl}${moveNote(need)}, then step back`,
          );
        if (mayPowerAttack(state, w)) {
          const power = `Power Attack ${t.name} ${wl}${moveNote(need, powerNote(w))}`;
          add(`power:${t.id}:${w.id}`, power);
          if (rest) add(`power:${t.id}:${w.id}/back`, `${power}, then step back`);
        }
        if (!alreadyEngaged(me, t)) {
          add(`sneak:${t.id}:${w.id}`, `Sneak Attack ${t.name} ${wl}${moveNote(need)}`);
          if (rest)
            add(
              `sneak:${t.id}:${w.id}/back`,
              `Sneak Attack ${t.name} ${wl}${moveNote(need)}, then step back`,
            );
        }
      }
      if (w.kind !== "ranged" && d - w.reach > 0)
        add(`charge:${t.id}:${w.id}`, `charge ${t.name} ${wl}`);
    }
    if (approachNeededFeet(d, 5) <= budget)
      add(`grapple:${t.id}`, `grapple ${t.name}${moveNote(approachNeededFeet(d, 5))}`);
    if (weapons.some((w) => w.kind === "ranged")) add(`aim:${t.id}`, `take aim at ${t.name}`);
    if (d > 5 && budget > 0 && !me.concealed)
      add(`advance:${t.id}`, `move toward ${t.name} without another action`);
    if (d > 5) add(`dash:${t.id}`, `dash toward ${t.name}`);
    if (d > 5) add(`leap:${t.id}`, `leap toward ${t.name}`);
  }
  if (me.concealed && budget > 0) {
    // Hidden, it may creep toward any foe, even one that is hidden too.
    for (const t of state.combatants) {
      if (t.side !== me.side && fighting(t) && distance(me, t) > 5)
        add(`advance:${t.id}`, `creep toward ${t.name}, staying concealed (a DEX check)`);
    }
  }
  for (const sp of me.spells) {
    if (sp.uses <= 0) continue;
    for (const t of sp.die > 0 ? foes : state.combatants.filter((c) => targetable(me, c))) {
      const need = spellApproach(me, t, sp, budget);
      if (need < 0) continue;
      add(`cast:${t.id}:${sp.id}`, `cast ${sp.name} at ${t.name}`);
      if (budget - need > 0)
        add(`cast:${t.id}:${sp.id}/back`, `cast ${sp.name} at ${t.name}, then step back`);
    }
  }
  const weapon = canParryWithWeapon(me);
  const shield = canParryWithShield(me);
  if (weapon) parryChoices(state, me, foes, "weapon", "a weapon", add);
  if (shield) parryChoices(state, me, foes, "shield", `the ${me.shield!.name}`, add);
  if (weapon && shield)
    parryChoices(state, me, foes, "both", `a weapon and the ${me.shield!.name}`, add);
  for (const w of me.weapons) {
    if (
      w.reload &&
      !w.loaded &&
      w.carried !== "broken" &&
      w.carried !== "ground" &&
      w.carried !== "pack"
    )
      add(`reload:${w.id}`, `reload the ${w.name}`);
  }
  if (!me.concealed) add("hide", "hide (a DEX check)");
  if (budget > 0) add("withdraw", "withdraw from the fight (dash away)");
  if (budget > 0) {
    add("dash:away", "dash away from the foes");
    add("leap:away", "leap away from the foes");
  }
  if (me.weapons.some((w) => w.carried === "hand" && !w.natural))
    add("sheath", "sheath the weapon in hand");
  for (const w of me.weapons) {
    if ((w.carried === "pack" || w.carried === "ground") && w.count > 0)
      add(
        `retrieve:${w.id}`,
        `retrieve the ${w.name} (${w.carried === "pack" ? "from the pack" : "from the ground"})`,
      );
  }
  if (me.heldBy !== "") add("break-free", "try to break free of the grapple");
  add("other", "something else (the GM rules on the effect)");
  add("wait", "nothing this turn");
  return out;
}

/**
 * Parrying: the parry, and with the switch `parryMovement` the parry while moving toward a foe
 * ("parry:<with>:<foe>") or stepping back ("parry:<with>/back"), within the turn's Move.
 */
function parryChoices(
  state: CartyrionState,
  me: CombatantState,
  foes: readonly CombatantState[],
  withWhat: "weapon" | "shield" | "both",
  label: string,
  add: (value: string, label: string) => void,
): void {
  add(`parry:${withWhat}`, `parry with ${label} until the next turn`);
  if (!state.switches.parryMovement || moveBudget(me) === 0) return;
  const reach = meleeReach(me);
  for (const t of foes) {
    if (distance(me, t) > reach)
      add(`parry:${withWhat}:${t.id}`, `parry with ${label}, moving toward ${t.name}`);
  }
  add(`parry:${withWhat}/back`, `parry with ${label}, stepping back`);
}

function approachNeededFeet(d: number, reach: number): number {
  return Math.max(0, d - reach);
}

/** Feet `me` must move to have `t` within the spell's range, or -1 beyond the budget. */
export function spellApproach(
  me: CombatantState,
  t: CombatantState,
  sp: SpellState,
  budget: number,
): number {
  const need = Math.max(0, distance(me, t) - sp.range);
  return need <= budget ? need : -1;
}
