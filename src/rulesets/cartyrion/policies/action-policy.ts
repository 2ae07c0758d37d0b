// The default tactic for a combatant's action: what a sensible player (or the GM for a monster)
// would do. In order: withdraw when the next round would likely take it out and it cannot finish
// a foe first; otherwise the attack with the best expected progress (a sneak attack when the
// position allows, a Power Attack only to finish a foe or in desperation and never with the last
// weapon, a ranged shot from at least 10 ft); hide first when sneaking pays much better; reload,
// retrieve, parry when nothing can be attacked but a foe is coming; else close in.
import { DEFAULTS } from "../data/defaults.js";
import {
  actionText,
  approachNeeded,
  moveBudget,
  targetable,
  type ActionParts,
  type Verb,
} from "../procedures/actions.js";
import { distance, meleeReach, usable } from "../procedures/field.js";
import { canParryWithShield, canParryWithWeapon, parryingWeapon } from "../procedures/parry.js";
import {
  alreadyEngaged,
  closeEnoughFromConcealment,
  distracted,
} from "../procedures/sneak-attack.js";
import type { ActionSituation } from "../procedures/turn.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";
import { expectedAfter } from "../procedures/damage-dice.js";
import { keep, lookUp } from "./duel-memo.js";
import { armourPoints } from "../procedures/mitigation.js";
import {
  afterParry,
  attackBonus,
  chanceToTakeOut,
  dexAgainst,
  expectedDamage,
  progress,
  staying,
} from "./estimates.js";
import {
  balance,
  blowsAimedAt,
  comparableBackup,
  danger,
  friendsToAct,
  nearlyAsGood,
  offence,
  offenceNow,
  roughThreatTo,
  spentSoon,
  takenOutByFriendsToAct,
  threatens,
  throughWeaponParry,
} from "./threat.js";

/** Holds or can draw a melee weapon, so bare hands need not be considered. */
function hasHandWeapon(me: CombatantState): boolean {
  const ws = me.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const w = ws[i]!;
    if (!w.natural && w.kind !== "ranged" && usable(w)) return true;
  }
  return false;
}

/**
 * What a turn asks of the combatants on both sides, in one pass at its start (into `turn`):
 * whether nobody else is on `me`'s side, fighting or not (every duel: then it has no friend to
 * stand by, to lose or to parry for, and those questions need not be asked); whether it faces
 * exactly one foe still fighting; and the stamina and free injury slots of every foe still
 * fighting and not withdrawing, added up.
 */
function census(state: CartyrionState, me: CombatantState, turn: TurnFacts): void {
  let alone = true;
  let foes = 0;
  let foesStaying = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side === me.side) {
      if (c !== me) alone = false;
    } else if (c.status === "fighting") {
      foes += 1;
      if (!c.withdrawing) foesStaying += staying(c);
    }
  }
  turn.alone = alone;
  turn.lastFoe = foes === 1;
  turn.foesStaying = foesStaying;
}

/** Is a friend of `me` still fighting? */
function friendFighting(state: CartyrionState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && c.status === "fighting") return true;
  }
  return false;
}

/**
 * Has the fight told on `me`'s side: a friend out of it (down, dead, gone) or leaving it? Until
 * then an unhurt combatant stands (issue #15: unhurt goblins left their chief in round 1).
 */
function friendLost(state: CartyrionState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && (c.status !== "fighting" || c.withdrawing)) return true;
  }
  return false;
}

/** Does a friend of `me` that deals at least as much a round (offence) still fight beside it? */
function leaderStanding(state: CartyrionState, me: CombatantState): boolean {
  const mine = offence(me);
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && c.status === "fighting" && !c.withdrawing)
      if (offence(c) >= mine) return true;
  }
  return false;
}

/** Is a fighting foe within `feet` of `me`? */
function foeWithin(state: CartyrionState, me: CombatantState, feet: number): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side !== me.side && f.status === "fighting" && distance(f, me) <= feet) return true;
  }
  return false;
}

/** Is `me` within the reach of a fighting foe? */
function foeHasInReach(state: CartyrionState, me: CombatantState): boolean {
  for (const f of state.combatants)
    if (f.side !== me.side && f.status === "fighting" && distance(f, me) <= meleeReach(f))
      return true;
  return false;
}

/** Can a fighting foe that is not withdrawing reach `me` on its next turn? */
function foeComing(state: CartyrionState, me: CombatantState): boolean {
  for (const f of state.combatants)
    if (f.side !== me.side && f.status === "fighting" && !f.withdrawing && threatens(f, me))
      return true;
  return false;
}

/** A weapon other than bare hands that can be used now. */
function hasWeapon(me: CombatantState): boolean {
  for (const w of me.weapons) if (!w.natural && usable(w)) return true;
  return false;
}

/** The first weapon in the pack or on the ground that can be retrieved. */
function retrievable(me: CombatantState): WeaponState | undefined {
  for (const w of me.weapons)
    if ((w.carried === "pack" || w.carried === "ground") && w.count > 0) return w;
  return undefined;
}

/** A combatant built for sneak attacks: a finesse or ranged weapon and a DEX or AWA edge. */
export function sneaky(me: CombatantState): boolean {
  if (Math.max(me.dex, me.awa) < 2) return false;
  for (const w of me.weapons) if (usable(w) && (w.finesse || w.kind === "ranged")) return true;
  return false;
}

/** The best option found so far, kept as parts so that only the winner becomes a string. */
interface Best {
  verb: Verb | "";
  target: string;
  weapon: string;
  back: boolean;
  score: number;
  /** What options are ranked by: the score times the target's offence (focus on the dangerous). */
  rank: number;
  /**
   * The best option's score times its target's whole offence, not lessened by the friends still
   * to act: what the blow costs the foes, weighed against a parry (`parryPays`).
   */
  stake: number;
  /** The chance that the best option takes its target out. */
  kill: number;
  /** In desperation: the Power Attack likeliest to take its target out, and that chance. */
  powerKill: number;
  powerTarget: string;
  powerWeapon: string;
  /**
   * In desperation against several foes: the blow likeliest to take out a foe whose fall turns
   * the fight its side's way (`turnsWithout`), and that chance (0: none); a Power Attack apart.
   */
  turnKill: number;
  turnVerb: Verb | "";
  turnTarget: string;
  turnWeapon: string;
  turnBack: boolean;
  turnPowerKill: number;
  turnPowerTarget: string;
  turnPowerWeapon: string;
}

function consider(
  state: CartyrionState,
  me: CombatantState,
  best: Best,
  verb: Verb,
  t: CombatantState,
  w: WeaponState,
  back: boolean,
  score: number,
  kill: number,
): void {
  const turn = thisTurn;
  if (outranks(state, me, t, score, turn)) {
    best.rank = score * (turn.engaged ? turn.stake : turn.spared);
    best.stake = score * turn.stake;
    best.score = score;
    best.kill = kill;
    best.verb = verb;
    best.target = t.id;
    best.weapon = w.id;
    best.back = back;
  }
}

/**
 * The best attack available this turn (or a charge), scored by expected progress and ranked by
 * progress times the target's offence: the foe that deals most for the blows it takes goes first.
 */
/** Reused by every call (policies run one at a time): no allocation per decision. */
const best: Best = {
  verb: "",
  target: "",
  weapon: "",
  back: false,
  score: 0,
  rank: 0,
  stake: 0,
  kill: 0,
  powerKill: 0,
  powerTarget: "",
  powerWeapon: "",
  turnKill: 0,
  turnVerb: "",
  turnTarget: "",
  turnWeapon: "",
  turnBack: false,
  turnPowerKill: 0,
  turnPowerTarget: "",
  turnPowerWeapon: "",
};

function bestAttack(
  state: CartyrionState,
  me: CombatantState,
  desperate: boolean,
  duelPower: boolean,
): Best {
  best.verb = "";
  best.target = "";
  best.weapon = "";
  best.back = false;
  best.score = 0;
  best.rank = 0;
  best.stake = 0;
  best.kill = 0;
  best.powerKill = 0;
  best.powerTarget = "";
  best.powerWeapon = "";
  best.turnKill = 0;
  best.turnVerb = "";
  best.turnPowerKill = 0;
  const turn = thisTurn;
  turn.budget = moveBudget(me);
  turn.myStaying = Math.max(1, staying(me));
  turn.desperate = desperate;
  turn.duelPower = duelPower;
  turn.friendsToAct = !turn.alone && friendsToAct(state, me);
  turn.leader = null;
  const fists = hasHandWeapon(me);
  // A charge is weighed only when no foe can be struck with the ordinary Move, or in a duel.
  turn.charging = turn.lastFoe;
  weighEvery(state, me, fists, turn);
  if (!turn.charging && best.verb === "") {
    turn.charging = true;
    weighEvery(state, me, fists, turn);
  }
  return best;
}

/**
 * Every option on every foe (`weigh`), a charge only when `turn.charging`: against several foes,
 * a charge (The Combat Turn, Actions: a Charge) spends the whole Move to reach a foe beyond it.
 * Struck within its ordinary Move, a foe near the friends is engaged (Sneak Attacks: "engaged in
 * melee combat with another creature") and open to their sneak attacks, Direct Damage; a charge
 * past it to the crossbowman leaves the nearer goblins free and the friends without them.
 * Janine's round-1 charge at the crossbowman in the ambush was worth 0.76 to 0.83 of a win, a blow
 * at a goblin 35 ft off 0.95 to 0.98 (docs/tactics.md).
 */
function weighEvery(
  state: CartyrionState,
  me: CombatantState,
  fists: boolean,
  turn: TurnFacts,
): void {
  const cs = state.combatants;
  const ws = me.weapons;
  for (let i = 0; i < cs.length; i += 1) {
    const t = cs[i]!;
    if (t.side === me.side || !targetable(me, t)) continue;
    turn.engaged = alreadyEngaged(me, t);
    turn.distracted = !turn.engaged && distracted(state, me, t);
    // What the target takes off an ordinary blow or a Power Attack, the same for every weapon.
    turn.mitigation = dexAgainst(me, t) + armourPoints(t, state.switches);
    // A foe the friends still to act this round likely finish anyway is worth less to strike
    // (sparedOffence), worked out once an option on it could outrank the best so far.
    turn.stake = Math.max(1, offenceNow(state, t));
    turn.spared = turn.engaged || !turn.friendsToAct ? turn.stake : -1;
    turn.incoming = -1;
    turn.turns = -1;
    for (let j = 0; j < ws.length; j += 1) {
      const w = ws[j]!;
      if (usable(w) && !(fists && w.natural && w.die <= 4)) weigh(state, me, t, w, turn);
    }
  }
}

/** What every option of one turn shares (reused: policies run one at a time). */
interface TurnFacts {
  budget: number;
  myStaying: number;
  /** Whether nobody else is on `me`'s side (census). */
  alone: boolean;
  /** Whether `me` faces one foe only (census). */
  lastFoe: boolean;
  desperate: boolean;
  /** Whether a Power Attack may shorten a duel (Temper.duelPower). */
  duelPower: boolean;
  /** Whether a charge is weighed (bestAttack: in a duel, or when nothing else can be struck). */
  charging: boolean;
  /** Of the target being weighed: */
  engaged: boolean;
  distracted: boolean;
  mitigation: number;
  /** The damage the target can deal a round (threat.ts, offence), at least 1. */
  stake: number;
  /**
   * That, times the chance the friends still to act leave it standing (sparedOffence), -1 until
   * asked; `stake` itself when no friend is still to act. What the target is ranked by unless it
   * is engaged with `me` (then `stake`).
   */
  spared: number;
  /** Whether a friend of `me` is still to take its turn this round (threat.ts, friendsToAct). */
  friendsToAct: boolean;
  /** The target's expected blow on `me`, -1 until asked. */
  incoming: number;
  /** Whether the target's fall would turn the fight (turnsWithout): 1 or 0, -1 until asked. */
  turns: number;
  /** What keeps every foe of `me` still fighting and not withdrawing standing, added up (census). */
  foesStaying: number;
  /** The foes' leader (`leads`), null until asked. */
  leader: CombatantState | null;
}

const thisTurn: TurnFacts = {
  budget: 0,
  myStaying: 1,
  alone: true,
  lastFoe: false,
  desperate: false,
  duelPower: true,
  charging: true,
  engaged: false,
  distracted: false,
  mitigation: 0,
  stake: 1,
  spared: -1,
  friendsToAct: false,
  incoming: -1,
  turns: -1,
  foesStaying: 0,
  leader: null,
};

/**
 * A foe not yet engaged with `me` ranks by its offence times the chance that the friends still to
 * take their turn this round leave it standing (takenOutByFriendsToAct): the crossbowman's
 * doubled bolt goes to Bram, whose slots it fills before the goblins' sneak attacks, not to Wren,
 * whom they finish anyway. A foe `me` is already fighting (Sneak Attacks: "already engaged") is
 * ranked by its whole offence: turning from it leaves its blows free (counted for every foe, the
 * warehouse's audits rose: docs/tactics.md).
 */
function sparedOffence(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  turn: TurnFacts,
): number {
  if (turn.spared < 0) turn.spared = turn.stake * (1 - takenOutByFriendsToAct(state, me, t));
  return turn.spared;
}

/**
 * Would an option on `t` scoring `score` outrank the best so far (its score times the target's
 * offence, `stake` or `sparedOffence`)? The friends' chances are worked out only when the whole
 * stake would outrank: the spared offence is never more, so no answer changes (best.rank is never
 * below 0).
 */
function outranks(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  score: number,
  turn: TurnFacts,
): boolean {
  if (!(score * turn.stake > best.rank)) return false;
  return turn.engaged || score * sparedOffence(state, me, t, turn) > best.rank;
}

/** The options of attacking `t` with `w` (an attack, a charge, a sneak or a Power Attack). */
function weigh(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  turn: TurnFacts,
): void {
  const budget = turn.budget;
  let need = approachNeeded(me, t, w, budget);
  let charge = false;
  if (need < 0 && w.kind !== "ranged" && budget > 0 && turn.charging) {
    need = approachNeeded(me, t, w, 2 * budget);
    charge = need >= 0;
  }
  if (need < 0) return;
  // A withdrawing foe is let go unless it can be struck where it stands (no pursuit).
  if (t.withdrawing && need > 0) return;
  const sw = state.switches;
  const ranged = w.kind === "ranged";
  // Range Combat: a shot costs d4 stamina (halved with specialisation); with too little stamina
  // left the rest would be Direct Damage to the shooter, which must not be what kills it.
  const maxCost = w.specialised ? 2 : 4;
  if (
    ranged &&
    sw.exhaustedRangedCost === "injury" &&
    me.stamina < maxCost &&
    me.slots - me.injuries <= maxCost - me.stamina
  )
    return;
  const rangedCost = ranged ? (w.specialised ? 1.5 : 2.5) / turn.myStaying : 0;
  // expectedDamage(normal) and (power), from the parts shared by every option on `t`.
  const n = me.dice;
  const bonus = attackBonus(me, w, false);
  const mitigation = turn.mitigation;
  const single = expectedAfter(n, w.die, n * w.magic + bonus - mitigation);
  const normal = progress(state, t, afterParry(t, single), ranged) - rangedCost;
  const parried = t.parry !== "";
  const desperate = turn.desperate;
  // The chance to take the foe out is only needed to judge a Power Attack or a withdrawal.
  const killNormal = desperate && !parried ? chanceToTakeOut(state, me, t, w, "normal") : 0;
  if (charge) {
    consider(state, me, best, "charge", t, w, false, normal * 0.95, killNormal);
    noteTurning(state, me, t, "charge", w, false, killNormal);
    return;
  }
  const back = ranged && budget - need > 0 && foeWithin(state, me, DEFAULTS.rangedMinimum);
  consider(state, me, best, "attack", t, w, back, normal, killNormal);
  noteTurning(state, me, t, "attack", w, back, killNormal);
  if (!turn.engaged && (turn.distracted || (me.concealed && closeEnoughFromConcealment(me, t, w))))
    considerSneak(state, me, t, w, back, rangedCost, desperate && !parried);
  if (w.natural || parried) return;
  // A missile spent soon anyway (the last javelin, a crossbow with foes closing in) is thrown or
  // shot with doubled dice: the Power Attack costs it little.
  const spent = spentSoon(state, me, w);
  if (normal <= 0.15 && !spent) return;
  // A Power Attack breaks the weapon: only against the last foe, with a weapon left nearly as
  // good (bare hands count), or in desperation.
  const spare = spent || turn.lastFoe || comparableBackup(me, w);
  if (!(spare || desperate || leads(state, me, t, turn))) return;
  const doubled = expectedAfter(2 * n, w.die, 2 * n * w.magic + bonus - mitigation);
  const p = progress(state, t, doubled, ranged) - rangedCost;
  if (!(spare || desperate)) {
    // The foes' leader (leads): the weapon is spent on a Power Attack that more likely than not
    // takes it out where an ordinary blow likely would not.
    if (!outranks(state, me, t, p, turn)) return;
    const k = chanceToTakeOut(state, me, t, w, "power");
    if (k >= LEADER && chanceToTakeOut(state, me, t, w, "normal") < LEADER)
      consider(state, me, best, "power", t, w, back, p, k);
    return;
  }
  // In desperation the chance to take the foe out with it is weighed against running.
  const killPower = desperate ? chanceToTakeOut(state, me, t, w, "power") : -1;
  if (killPower > best.powerKill) {
    best.powerKill = killPower;
    best.powerTarget = t.id;
    best.powerWeapon = w.id;
  }
  noteTurning(state, me, t, "power", w, false, killPower);
  if (spent) consider(state, me, best, "power", t, w, back, p, Math.max(0, killPower));
  // The Power Attack's reasons below are weighed only when it would outrank the best option so
  // far (`consider` keeps it only then): most turns, an ordinary blow already does.
  if (!outranks(state, me, t, p, turn)) return;
  // Hand to hand, when the doubled blow and the weapon left deal more over the rounds the fight
  // should last than the weapon kept would.
  if (turn.duelPower && !ranged && spare) {
    if (powerPaysInDuel(state, me, t, w, single, doubled, mitigation, turn))
      consider(state, me, best, "power", t, w, false, p, Math.max(0, killPower));
  }
  // Only to finish the foe (or when nothing is left to lose): the weapon breaks.
  if (p >= 0.6 && outranks(state, me, t, p, turn))
    considerPower(state, me, t, w, p, killNormal, killPower);
}

/**
 * The chance of taking the foes' leader out that is worth a weapon broken by a Power Attack (a
 * default of Fray's, measured: docs/tactics.md).
 */
const LEADER = 0.5;

/**
 * Is `t` the foes' leader, the one that deals the most next round (threat.ts, offenceNow) among
 * several foes still fighting? Power Attacks: the doubled dice break the weapon, and a seasoned
 * player spends it on the foe whose fall takes the most out of the foes' side: Wren's doubled
 * arrow, Direct Damage (Range Combat), fills the goblin chief's 12 injury slots two times in
 * three in the ambush's first round. Never in a duel (`lastFoe`: a Power Attack is weighed there
 * anyway). Worked out once a turn, when first asked.
 */
function leads(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  turn: TurnFacts,
): boolean {
  if (turn.lastFoe) return false;
  if (turn.leader === null) {
    let most = -1;
    const cs = state.combatants;
    for (let i = 0; i < cs.length; i += 1) {
      const c = cs[i]!;
      if (c.side === me.side || c.status !== "fighting" || c.withdrawing) continue;
      const o = offenceNow(state, c);
      if (o > most) {
        most = o;
        turn.leader = c;
      }
    }
  }
  return turn.leader === t;
}

/**
 * The expected damage through of the best blow `me` could strike with once `w` is broken. Bare
 * hands count only when nearly as good as `w` (a dagger's d4, a mace's d6): a fighter does not
 * break a heavy weapon it relies on but to finish a foe.
 */
function bestBackupBlow(me: CombatantState, w: WeaponState, mitigation: number): number {
  let most = 0;
  const n = me.dice;
  for (const x of me.weapons) {
    if (x === w || x.kind === "ranged" || !usable(x) || (x.natural && !nearlyAsGood(x, w)))
      continue;
    const e = expectedAfter(n, x.die, n * x.magic + attackBonus(me, x, false) - mitigation);
    if (e > most) most = e;
  }
  return most;
}

/**
 * Damage Dice and Power Attacks: the foe's Defense Points come off each blow once, so a blow with
 * doubled dice deals more than twice an ordinary one's damage through. A combatant breaks `w`
 * when that blow and then its best other weapon (bare hands, if nothing else) deal more over the
 * rounds it should fight on (until it is out at `t`'s rate of ordinary blows, or every foe is at
 * its own: the foes' staying power over its blow) than `w` kept would. Against several foes the
 * weapon serves for all of them, so the fight is long and only a light weapon is worth breaking.
 */
function powerPaysInDuel(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  single: number,
  doubled: number,
  mitigation: number,
  turn: TurnFacts,
): boolean {
  const backup = bestBackupBlow(me, w, mitigation);
  // The rounds lie between 1 and those its blows need for every foe (`most`), and what the
  // doubled blow gains is linear in them: when it clearly gains (or loses) at both ends (by far
  // more than rounding), it does at the rounds below, and the foe's blow on `me` is not needed.
  const most = Math.max(1, turn.foesStaying / Math.max(single, 0.5));
  const atOne = doubled - single;
  const atMost = doubled + (most - 1) * backup - most * single;
  const margin = 1e-9 * (doubled + most * (single + backup));
  if (Math.min(atOne, atMost) > margin) return true;
  if (Math.max(atOne, atMost) < -margin) return false;
  if (turn.incoming < 0) {
    turn.incoming = 0;
    for (const x of t.weapons)
      if (usable(x))
        turn.incoming = Math.max(turn.incoming, expectedDamage(state, t, me, x, "normal"));
  }
  const rounds = Math.max(
    1,
    Math.min(turn.foesStaying / Math.max(single, 0.5), staying(me) / Math.max(turn.incoming, 0.5)),
  );
  return doubled + (rounds - 1) * backup > rounds * single;
}

/** A sneak attack on `t` with `w`, scored like the ordinary attack. */
function considerSneak(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  back: boolean,
  rangedCost: number,
  needKill: boolean,
): void {
  const s =
    progress(state, t, afterParry(t, expectedDamage(state, me, t, w, "sneak")), true) - rangedCost;
  const kill = needKill ? chanceToTakeOut(state, me, t, w, "sneak") : 0;
  consider(state, me, best, "sneak", t, w, back, s, kill);
  noteTurning(state, me, t, "sneak", w, back, kill);
}

/**
 * Would `t`'s fall turn the fight `me`'s side's way, or keep it so: its balance (threat.ts)
 * without `t` at least even? In the ambush's first round, once the chief has charged Janine, the
 * party's balance is 1.5 with every goblin standing, 1.9 without the spearman, 10.7 without the
 * chief.
 */
function turnsWithout(state: CartyrionState, me: CombatantState, t: CombatantState): boolean {
  return balance(state, me, t) >= 1;
}

/**
 * In desperation against several foes, keeps the blow likeliest to take out a foe whose fall
 * turns the fight (`best.turnKill`, a Power Attack's `best.turnPowerKill`): `kill` is the chance
 * of `verb` with `w` on `t`.
 */
function noteTurning(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  verb: Verb,
  w: WeaponState,
  back: boolean,
  kill: number,
): void {
  const turn = thisTurn;
  const power = verb === "power";
  if (!turn.desperate || kill <= (power ? best.turnPowerKill : best.turnKill)) return;
  if (turn.lastFoe) return;
  if (turn.turns < 0) turn.turns = turnsWithout(state, me, t) ? 1 : 0;
  if (turn.turns === 0) return;
  if (power) {
    best.turnPowerKill = kill;
    best.turnPowerTarget = t.id;
    best.turnPowerWeapon = w.id;
    return;
  }
  best.turnKill = kill;
  best.turnVerb = verb;
  best.turnTarget = t.id;
  best.turnWeapon = w.id;
  best.turnBack = back;
}

/**
 * A Power Attack whose expected progress is `p` (0.6 or more) on an unparried `t`: only when it
 * would very likely finish the foe and an ordinary blow would not, or in desperation when it is
 * clearly the better chance. `killPower` is its chance to take `t` out when known (in
 * desperation), else -1.
 */
function considerPower(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  p: number,
  killNormal: number,
  known: number,
): void {
  const desperate = known >= 0;
  const killPower = desperate ? known : chanceToTakeOut(state, me, t, w, "power");
  // Not desperate, the chance of an ordinary blow was not computed yet: it is needed now.
  const kill =
    !desperate && killPower >= 0.75 ? chanceToTakeOut(state, me, t, w, "normal") : killNormal;
  if ((killPower >= 0.75 && kill < 0.5) || (desperate && killPower > kill + 0.25))
    consider(state, me, best, "power", t, w, false, p, killPower);
}

/**
 * The expected progress of the best sneak attack `me` could make from concealment next turn: on a
 * foe it is not engaged with, within half its Move of it (Sneak Attacks), a shooter as well.
 */
function sneakPotential(state: CartyrionState, me: CombatantState): number {
  let best = 0;
  for (const t of state.combatants) {
    if (t.side === me.side || !targetable(me, t) || alreadyEngaged(me, t)) continue;
    for (const w of me.weapons) {
      if (!usable(w) || !(w.finesse || w.kind === "ranged")) continue;
      if (!closeEnoughFromConcealment(me, t, w)) continue;
      const s = progress(state, t, expectedDamage(state, me, t, w, "sneak"), true);
      if (s > best) best = s;
    }
  }
  return best;
}

/**
 * The nearest foe `me` can attack (a distracted one first if asked), or with `hiddenToo` any foe
 * still fighting, seen or not; never one that is withdrawing (it is not pursued).
 */
function nearestTarget(
  state: CartyrionState,
  me: CombatantState,
  preferDistracted: boolean,
  hiddenToo = false,
): CombatantState | undefined {
  let best: CombatantState | undefined;
  let bestKey = Infinity;
  for (const t of state.combatants) {
    if (t.side === me.side || t.withdrawing) continue;
    if (hiddenToo ? t.status !== "fighting" : !targetable(me, t)) continue;
    const key = distance(me, t) - (preferDistracted && distracted(state, me, t) ? 1000 : 0);
    if (key < bestKey) {
      best = t;
      bestKey = key;
    }
  }
  return best;
}

/**
 * The foe to close in on behind a parry, when the switch `parryMovement` lets a parrier move: the
 * nearest one out of reach. "" to parry where it stands.
 */
function closeInWhileParrying(state: CartyrionState, me: CombatantState): string {
  if (!state.switches.parryMovement || moveBudget(me) === 0) return "";
  const t = nearestTarget(state, me, false);
  return t !== undefined && distance(me, t) > meleeReach(me) ? t.id : "";
}

function set(out: ActionParts, verb: Verb, target: string, item: string, back: boolean): void {
  out.verb = verb;
  out.target = target;
  out.item = item;
  out.back = back;
}

/**
 * How readily a combatant leaves the fight: it withdraws when next round's blows would take it
 * out with at least the chance `withdraw`, and `steadfast` keeps an unhurt one beside friends who
 * still fight; it withdraws too from a lost fight, once hurt when its side's balance (threat.ts)
 * is under `lost`, hurt or not when a friend has fallen or left and the balance is under
 * `routed`. The default tactic withdraws at better than even, or when the foes would need under
 * 0.3 of the rounds its side needs (0.5 once a friend is out); a cautious one at one in four,
 * hurt or not, or under 0.5 (0.7); a reckless one never (Infinity, 0, 0). `duelPower` lets it break its weapon in a Power Attack
 * against its last foe when that shortens the duel; without it, it Power Attacks only to finish a
 * foe or in desperation (a sparing fighter, as the chapter's worked example plays).
 */
export interface Temper {
  readonly withdraw: number;
  readonly steadfast: boolean;
  readonly duelPower: boolean;
  readonly lost: number;
  /** The balance under which it leaves, hurt or not, once a friend has fallen or left. */
  readonly routed: number;
}

export const STEADY: Temper = {
  withdraw: 0.5,
  steadfast: true,
  duelPower: true,
  lost: 0.3,
  routed: 0.5,
};
export const CAUTIOUS: Temper = {
  withdraw: 0.25,
  steadfast: false,
  duelPower: true,
  lost: 0.5,
  routed: 0.7,
};
export const RECKLESS: Temper = {
  withdraw: Number.POSITIVE_INFINITY,
  steadfast: true,
  duelPower: true,
  lost: 0,
  routed: 0,
};

/**
 * What getting away from a lost fight is worth against winning it (1): a seasoned player would
 * rather walk away than fall, so a blow that ends the duel at least this often beats running.
 * The search tactic and `fray audit` count a withdrawal from a lost fight the same (--escape).
 */
const GETTING_AWAY = 0.25;

/** Does a chance computed in floating point reach `GETTING_AWAY` (a 1-in-4 chance does)? */
const worthStaying = (chance: number): boolean => chance >= GETTING_AWAY - 1e-9;
export const SPARING: Temper = { ...STEADY, duelPower: false };

/** The chance of taking out a foe whose fall turns the fight that is worth staying for. */
const TURNING = 0.5;

/**
 * A lost fight (its side's balance under `line`), `me` not in danger next round: it withdraws
 * unless its blow may turn the fight, its chances of taking a foe out weighed as in desperation.
 * Against its last foe, a blow that ends the fight at least as often as getting away is worth;
 * against several, an ordinary blow that likely (60%) takes one out, or a Power Attack that more
 * likely than not takes out a foe without whom the fight is no longer lost (Cedryk, hurt and
 * alone against the half-orc and the thug, breaks his dagger on the half-orc rather than run:
 * worth 0.59 of a win to 0.25), or else a blow that may (`turnOrLeave`).
 */
function leaveOrTurn(
  state: CartyrionState,
  me: CombatantState,
  out: ActionParts,
  temper: Temper,
  line: number,
): void {
  const b = bestAttack(state, me, true, temper.duelPower);
  const last = temper.duelPower && thisTurn.lastFoe;
  if (last && worthStaying(b.powerKill) && b.powerKill >= b.kill)
    return set(out, "power", b.powerTarget, b.powerWeapon, false);
  if (b.verb !== "" && (b.kill >= 0.6 || (last && worthStaying(b.kill))))
    return set(out, b.verb, b.target, b.weapon, b.back);
  if (temper.duelPower && b.powerKill >= 0.5) {
    const foe = state.combatants.find((c) => c.id === b.powerTarget)!;
    if (balance(state, me, foe) >= line)
      return set(out, "power", b.powerTarget, b.powerWeapon, false);
  }
  turnOrLeave(out, b);
}

/**
 * Rather than withdraw, the blow likeliest to take out a foe whose fall turns the fight
 * (`best.turnKill`: an ordinary blow or a sneak attack, weighed in desperation) when that chance
 * is at least what getting away is worth (`GETTING_AWAY`), as against a last foe: a fight turned
 * is most of a win, and the foes' side routs once its leader falls. Janine, left alone against
 * the goblin chief (5 of his 12 slots filled, engaged with another) and two goblins, withdrew
 * (0.25 of a win) where her sneak attack on him, which takes him out 47% of the time, did 0.56
 * (fight 5 of the ambush's audit, `--runs 60 --seed 7`; six such decisions in the audits' fights,
 * each 0.08 to 0.57 better: docs/tactics.md).
 */
function turnOrLeave(out: ActionParts, b: Best): void {
  if (b.turnVerb !== "" && worthStaying(b.turnKill))
    return set(out, b.turnVerb as Verb, b.turnTarget, b.turnWeapon, b.turnBack);
  set(out, "withdraw", "", "", false);
}

/** Offence (threat.ts) per point of what keeps `c` standing: what its side loses by its wounds. */
function offenceAtStake(c: CombatantState): number {
  return offence(c) / Math.max(1, staying(c));
}

/**
 * Parrying (cartyrion, "Parrying with a Weapon"): a weapon parry stops every blow until a die
 * explodes, and the foes turn on a friend who can take their blows for less (a tactic of Fray's,
 * not a rule). A combatant able to parry with its weapon, beside a friend still fighting whose
 * offence per point of staying power is lower, parries when the blows its foes are likely to aim at
 * it (`blowsAimedAt`) cost its side more than half of what its own best blow costs the foes
 * (`stake`: the blow's progress times the foe's offence). Half (a default of Fray's, measured): the
 * parry puts a blow off to its next turn, it does not lose it, while the blows it stops are lost to
 * the foes; a shot is weighed whole (halved, the goblin crossbowman parried in round 1 of the
 * ambush where his doubled bolt did better). The half-orc, hurt (9 of 31 left) beside the unhurt
 * thug, parries Janine's and Cedryk's blows rather than trade them (fight 2 of the warehouse's
 * audit, seed 7: the toughs win 35% after the parry, 14% after his blow, 200 playouts each). With
 * the blow at its whole worth, the half-orc, 5 SP and 6 slots left in round 2, struck Cedryk (0.19
 * of a win to the toughs) where the parry did better (0.57): 6 of the warehouse's 31 blunders in
 * three samples (docs/tactics.md), 23 in all with the blow at half. Not against foes who have
 * all lost their weapons (`armedFoe`).
 */
function parryPays(state: CartyrionState, me: CombatantState, blow: Best): boolean {
  let cheapest = Number.POSITIVE_INFINITY;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && c.status === "fighting" && !c.withdrawing)
      cheapest = Math.min(cheapest, offenceAtStake(c));
  }
  // No friend to take the blows (a duel): nothing to weigh.
  if (cheapest === Number.POSITIVE_INFINITY || me.parry !== "" || !canParryWithWeapon(me))
    return false;
  const saved = offenceAtStake(me) - cheapest;
  if (saved <= 0) return false;
  // A shot is not put off: the shooter's foes close in (threat.ts, spentSoon).
  const shot = me.weapons.find((w) => w.id === blow.weapon)?.kind === "ranged";
  return (
    armedFoe(state, me) && blowsAimedAt(state, me) * saved > (shot ? blow.stake : blow.stake / 2)
  );
}

/**
 * Does a foe of `me` still fighting hold a weapon other than its bare hands (`hasWeapon`)? Against
 * foes who have all lost theirs (broken by Power Attacks, dropped, in the pack), a parry spares
 * little and gives them the round to take up another: a seasoned fighter presses them (a default
 * of Fray's, measured). In fight 30 of the ambush's audit (`--runs 60 --seed 13`), Janine's mace
 * and Cedryk's dagger broken, the goblin chief and the crossbowman parried in turn from round 3,
 * each beside the other, while Cedryk would have taken his second dagger from his pack: 8 of the
 * sample's 16 blunders, the chief's parries 0.38 to 0.58 of a win where his handaxe did 0.99 to
 * 1.00 (docs/tactics.md).
 */
function armedFoe(state: CartyrionState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side !== me.side && f.status === "fighting" && !f.withdrawing && hasWeapon(f))
      return true;
  }
  return false;
}

/**
 * The policy's action for `me`, written into `out` as parts (no string is built here), worked out
 * afresh: `chooseAction` recalls a duel's answers (duel-memo.ts), and its tests hold the two equal.
 */
export function pickAction(
  state: CartyrionState,
  me: CombatantState,
  out: ActionParts,
  temper: Temper,
): void {
  // Desperate: next round's blows would more likely than not take it out. Withdrawal and
  // desperate Power Attacks follow a blow taken, as in the chapter's examples (Tombril after the
  // giant's club, the half-orc after Cedryk's dagger): unhurt, a combatant stands and fights with
  // its friends; only one left alone weighs its chances before it is struck.
  const hurt = me.stamina < me.maxStamina || me.injuries > 0;
  const turn = thisTurn;
  census(state, me, turn);
  const alone = turn.alone;
  const threat =
    (!hurt && temper.steadfast && !alone && friendFighting(state, me)) ||
    roughThreatTo(state, me) < staying(me) * Math.min(1, 2 * temper.withdraw)
      ? null
      : danger(state, me);
  const desperate = threat !== null && threat.takenOut >= 0.5;

  // A fight its side has lost: once hurt, or once a friend has fallen or left, it gets away while
  // it can, unless its blow may end the fight. Unhurt, it stands through the first round by a
  // friend who fights as well as it does (issue #15: the goblin cutters left their chief in round
  // 1 once the opening volley had killed their crossbowman). A side that has lost a fighter is
  // judged lost sooner (`routed`): with several a side, the balance's lead is surer than in a
  // duel, where the dice swing more.
  const fallen =
    temper.routed > 0 &&
    !alone &&
    friendLost(state, me) &&
    (hurt || state.round > 1 || !leaderStanding(state, me));
  const lost =
    (hurt || fallen) &&
    temper.lost > 0 &&
    moveBudget(me) > 0 &&
    balance(state, me) < (fallen ? temper.routed : temper.lost);
  if (lost && !desperate)
    return leaveOrTurn(state, me, out, temper, fallen ? temper.routed : temper.lost);
  const best = bestAttack(state, me, desperate, temper.duelPower);
  const verb = best.verb;
  const ending =
    temper.duelPower && worthStaying(Math.max(best.kill, best.powerKill)) && turn.lastFoe;
  if (lost && best.kill < 0.6 && !ending) return turnOrLeave(out, best);
  // Finishing the one foe that can reach it beats running; against several, running is better.
  const fleeing = threat !== null && threat.takenOut >= temper.withdraw;
  // Its last foe: a blow that takes it out at least as often as getting away is worth beats
  // running, a Power Attack or the best ordinary one (not for a sparing fighter: the chapter's
  // Tombril retreats).
  let finishing = false;
  if (fleeing && temper.duelPower && turn.lastFoe) {
    if (worthStaying(best.powerKill) && best.powerKill >= best.kill)
      return set(out, "power", best.powerTarget, best.powerWeapon, false);
    finishing = worthStaying(best.kill);
  }
  if (fleeing && !finishing && moveBudget(me) > 0 && (best.kill < 0.6 || threat.attackers > 1)) {
    // Against several, a blow that likely takes out a foe whose fall leaves its side ahead beats
    // running: Bram, hurt by the javelin and open to the goblins' sneak attacks next round,
    // sneak-attacks the spearman engaged with Cedryk rather than leave a fight his side is
    // winning (0.91 of a win against 0.25). A Power Attack, which breaks the weapon, only when
    // no other blow will do.
    if (best.turnKill >= TURNING)
      return set(out, best.turnVerb as Verb, best.turnTarget, best.turnWeapon, best.turnBack);
    if (best.turnPowerKill >= TURNING)
      return set(out, "power", best.turnPowerTarget, best.turnPowerWeapon, false);
    // Withdraw when the next round would likely take it out and it cannot finish a foe first;
    // with friends still fighting, hold the line instead behind a parry that takes the blows: a
    // shield that can take twice the damage expected (Parrying with a Shield), or a weapon that
    // lets through less than half of what keeps it standing (Parrying with a Weapon: nothing
    // until a damage die explodes, the blow that shatters it still stopped). The half-orc, 3 SP
    // and 7 slots left by Janine's Power Attack and Cedryk's sneak attack, parries her fists and
    // his dagger: 0.44 of a win to withdrawing's 0.25 (docs/tactics.md). A shield bearer whose
    // shield cannot take the blows leaves: Janine parrying with her mace instead was measured
    // worse (the warehouse's audits, docs/tactics.md).
    if (friendFighting(state, me)) {
      if (canParryWithShield(me) && me.shield!.left >= 2 * threat.expected)
        return set(out, "parry", "shield", "", false);
      const w = parryingWeapon(me);
      if (w !== undefined && me.shield === null && 2 * throughWeaponParry(w) < staying(me))
        return set(out, "parry", "weapon", "", false);
    }
    return turnOrLeave(out, best);
  }
  if (me.heldBy !== "" && verb === "") return set(out, "break-free", "", "", false);
  // A weapon parry beside a friend (parryPays), not against the foes' last fighter: its fall ends
  // the fight, so the blow put off costs the side what the parry spares it (the thug, hurt beside
  // the unhurt half-orc once Cedryk has fallen, parried Janine's mace: 0.74 of a win to the
  // toughs, 0.96 striking her; docs/tactics.md).
  if (verb !== "" && verb !== "charge" && !alone && !turn.lastFoe && parryPays(state, me, best))
    return set(out, "parry", "weapon", "", false);

  // Sneak Attacks: hide first when a sneak attack would be worth far more than what is on offer.
  if (
    !me.concealed &&
    verb !== "sneak" &&
    state.cover &&
    !alone &&
    sneaky(me) &&
    friendFighting(state, me)
  ) {
    if (!foeHasInReach(state, me) && sneakPotential(state, me) >= 2 * Math.max(best.score, 0.01))
      return set(out, "hide", "", "", false);
  }
  if (me.concealed && verb !== "sneak") {
    // Creep up on the nearest foe (a distracted one first), or on any foe when none can be seen.
    const t = nearestTarget(state, me, true) ?? nearestTarget(state, me, false, true);
    const stop = t !== undefined && t.concealed ? meleeReach(me) : meleeReach(me) + 5;
    if (t !== undefined && distance(me, t) > stop && moveBudget(me) > 0)
      return set(out, "advance", t.id, "", false);
  }
  if (verb !== "" && best.score > 0) return set(out, verb, best.target, best.weapon, best.back);

  const foeClose = foeWithin(state, me, DEFAULTS.rangedMinimum - 1);
  for (const w of me.weapons) {
    if (
      w.reload &&
      !w.loaded &&
      w.carried !== "broken" &&
      w.carried !== "ground" &&
      w.carried !== "pack" &&
      !foeClose
    )
      return set(out, "reload", w.id, "", false);
  }
  if (!hasWeapon(me) && !foeClose) {
    const lost = retrievable(me);
    if (lost !== undefined) return set(out, "retrieve", lost.id, "", false);
  }
  if (verb === "" && foeComing(state, me)) {
    const guard = canParryWithShield(me) ? "shield" : canParryWithWeapon(me) ? "weapon" : "";
    if (guard !== "") return set(out, "parry", guard, closeInWhileParrying(state, me), false);
  }
  if (verb !== "") return set(out, verb, best.target, best.weapon, best.back);
  const t = nearestTarget(state, me, false);
  if (t !== undefined && moveBudget(me) > 0 && distance(me, t) > 5) {
    return set(
      out,
      distance(me, t) - meleeReach(me) > moveBudget(me) ? "dash" : "advance",
      t.id,
      "",
      false,
    );
  }
  set(out, "wait", "", "", false);
}

const picked: ActionParts = { verb: "wait", target: "", item: "", back: false };

/**
 * The policy's action for `me` as the answer's text; with `into`, its parts are written there
 * too, so that the turn can act on them without reading the text back.
 */
export function chooseAction(
  state: CartyrionState,
  me: CombatantState,
  into: ActionParts = picked,
  temper: Temper = STEADY,
): string {
  // A duel's positions repeat: the answer for one already met is kept (duel-memo.ts).
  if (!lookUp(state, me, temper, into)) {
    pickAction(state, me, into, temper);
    keep(into);
  }
  return actionText(into.verb, into.target, into.item, into.back);
}

/** The tactic for "action" with a temper: the parts go into the situation for the turn to use. */
export function actionTactic(temper: Temper): (s: ActionSituation) => string {
  return (s) => {
    s.text = chooseAction(s.state, s.me, s, temper);
    s.asked = true;
    return s.text;
  };
}
