// The action tactic's answers in a duel, kept per position (issue #15, simulation speed): a
// duel's positions come back again and again (90% of the benchmark duel's decisions over 100,000
// fights recalled here), and with one fighter a side the tactic reads nothing but the two
// combatants, the switches, its temper and the round; their places only as the distance between
// them (engine/line.ts, distance: the same duel 5 ft apart anywhere on the line). With no friend,
// the round's progress (who has acted) and cover are never asked (action-policy.ts, census). The
// round is kept whole, though the tactic asks it of a duel only whether a ranged hit was this
// round or the last (Sneak Attacks: distracted): a rule of the first round, say, stays right. A
// position is recalled only when all of it equals one kept: what never changes in a fight (ids,
// names, sides, the weapons' make, shields, spells) and the switches against the fight the table
// was filled for (a new one empties it), the rest as numbers in one row of a table.
import { copyCombatant } from "../setup.js";
import type { ActionParts } from "../procedures/actions.js";
import { distance } from "../procedures/field.js";
import type { CartyrionState, CombatantState, Status, WeaponState } from "../state.js";
import type { Switches } from "../switches.js";

/**
 * Slots of the table: a new position takes the slot of an older one with the same hash. A row of
 * the benchmark duel is 15 numbers (60 bytes): 2 MB in all. Over 100,000 of its fights, with the
 * two places kept apart (not their distance), 86% of the decisions were recalled with 16,384
 * slots, 92% with 32,768, 95% with 65,536; with the distance, 95% with 32,768, and 90% with the
 * round too. Fights a CPU-second against none (docs/benchmarks.md): 4,096 slots 0.97, 16,384 to
 * 65,536 1.10 to 1.22 (a row is read from memory the caches seldom hold: a small table loses more
 * than it saves).
 */
const SLOTS = 1 << 15;

/** The fight the table holds positions of: its two combatants as first met, and its switches. */
let fightA: CombatantState | undefined;
let fightB: CombatantState | undefined;
let fightSwitches: Switches | undefined;
/**
 * The state whose combatants' make was last found the same (`sameMake`): a fight's state is
 * changed in place, and nothing changes a combatant's make once it is set up, so its make is
 * compared once a state, its numbers (which the GM may set) every time.
 */
let checked: CartyrionState | undefined;
let checkedA: CombatantState | undefined;
let checkedB: CombatantState | undefined;
/** The tempers met in this fight (a temper's index is part of the position). */
const tempers: object[] = [];
/** The answers given in this fight (an answer's index is kept in its position's row). */
const answers: ActionParts[] = [];

/**
 * A position as whole numbers, and the table of kept positions: row `slot * stride` holds its
 * round, temper and side (1 + 2 * temper + side + 32 * round; 0 for a slot still empty), the
 * distance between the two, their numbers, then the answer's index.
 */
let width = 0;
let stride = 0;
let row = new Int32Array(0);
let keys = new Int32Array(0);

/** The slot of the position last looked up and missed, -1 when there is none to keep. */
let missed = -1;

/**
 * Looks `me`'s position up: true, with the kept answer written into `out`, when it was kept;
 * false otherwise, and then `keep` stores the answer the tactic works out. Nothing is kept when
 * `state` is not a duel of two combatants on opposite sides, or when a field does not fit its
 * place in a row (a rare position: a list naming someone else, a fraction of a foot).
 */
export function lookUp(
  state: CartyrionState,
  me: CombatantState,
  temper: object,
  out: ActionParts,
): boolean {
  missed = -1;
  const cs = state.combatants;
  if (cs.length !== 2) return false;
  const a = cs[0]!;
  const b = cs[1]!;
  if (a.side === b.side) return false;
  if (checked !== state || checkedA !== a || checkedB !== b) {
    if (
      fightA === undefined ||
      fightB === undefined ||
      !sameSwitches(state.switches, fightSwitches!) ||
      !sameMake(a, fightA) ||
      !sameMake(b, fightB)
    )
      newFight(state, a, b);
    checked = state;
    checkedA = a;
    checkedB = b;
  }
  if (!sameNumbers(a, fightA!) || !sameNumbers(b, fightB!)) newFight(state, a, b);
  let t = tempers.indexOf(temper);
  if (t < 0) {
    if (tempers.length >= 8) newFight(state, a, b);
    t = tempers.push(temper) - 1;
  }
  const r = row;
  if (state.round >= 1 << 20) return false;
  r[0] = 1 + 2 * t + (a === me ? 0 : 1) + 32 * state.round;
  const apart = distance(a, b);
  if ((apart | 0) !== apart) return false;
  r[1] = apart;
  let n = write(state, a, a, b, r, 2);
  if (n < 0) return false;
  n = write(state, b, a, b, r, n);
  if (n < 0) return false;
  let h = 0x2545f491;
  for (let i = 0; i < n; i += 1) h = Math.imul(h ^ r[i]!, 0x9e3779b1) ^ (h >>> 15);
  const slot = (h ^ (h >>> 13)) & (SLOTS - 1);
  const base = slot * stride;
  const k = keys;
  let i = 0;
  while (i < n && k[base + i] === r[i]) i += 1;
  if (i === n) {
    const answer = answers[k[base + n]!]!;
    out.verb = answer.verb;
    out.target = answer.target;
    out.item = answer.item;
    out.back = answer.back;
    return true;
  }
  missed = slot;
  return false;
}

/** Keeps the answer `out` for the position `lookUp` just missed (nothing changed since). */
export function keep(out: ActionParts): void {
  const slot = missed;
  if (slot < 0) return;
  missed = -1;
  let found = 0;
  while (
    found < answers.length &&
    !(
      answers[found]!.verb === out.verb &&
      answers[found]!.target === out.target &&
      answers[found]!.item === out.item &&
      answers[found]!.back === out.back
    )
  )
    found += 1;
  if (found === answers.length) {
    if (found >= 4096) return;
    answers.push({ verb: out.verb, target: out.target, item: out.item, back: out.back });
  }
  const base = slot * stride;
  keys.set(row.subarray(0, width), base);
  keys[base + width] = found;
}

/** Empties the table for the fight of `a` and `b`, its rows as wide as their positions need. */
function newFight(state: CartyrionState, a: CombatantState, b: CombatantState): void {
  fightA = copyCombatant(a);
  fightB = copyCombatant(b);
  fightSwitches = state.switches;
  tempers.length = 0;
  answers.length = 0;
  width = 2 + numbersOf(a) + numbersOf(b);
  stride = width + 1;
  if (row.length < width) row = new Int32Array(width);
  if (keys.length < SLOTS * stride) keys = new Int32Array(SLOTS * stride);
  else keys.fill(0);
}

/** How many numbers `write` gives for `c`. */
function numbersOf(c: CombatantState): number {
  return PER_COMBATANT + c.weapons.length + c.spells.length;
}

const PER_COMBATANT = 4;

// Codes of the few values a field takes (comparisons: a look-up by a string key costs more).
function statusCode(s: Status): number {
  return s === "fighting" ? 0 : s === "dead" ? 1 : s === "down" ? 2 : s === "fled" ? 3 : 4;
}

function parryCode(p: CombatantState["parry"]): number {
  return p === "" ? 0 : p === "weapon" ? 1 : p === "shield" ? 2 : 3;
}

function carriedCode(w: WeaponState): number {
  const c = w.carried;
  return c === "hand" ? 0 : c === "ready" ? 1 : c === "pack" ? 2 : c === "ground" ? 3 : 4;
}

/** 0 for "", 1 or 2 for the id of `a` or `b`, -1 for anything else. */
function whom(id: string, a: CombatantState, b: CombatantState): number {
  return id === "" ? 0 : id === a.id ? 1 : id === b.id ? 2 : -1;
}

/** A list of ids as one number (its length, then 2 bits an id), -1 when it cannot be. */
function listCode(ids: readonly string[], a: CombatantState, b: CombatantState): number {
  if (ids.length > 4) return -1;
  let code = ids.length;
  for (let i = 0; i < ids.length; i += 1) {
    const w = whom(ids[i]!, a, b);
    if (w <= 0) return -1;
    code |= w << (3 + 2 * i);
  }
  return code;
}

/**
 * Writes what may change of `c` in a fight into `r` from `at`: the numbers the GM may set too,
 * the state of its weapons, shield and spells. Returns where it stopped, -1 when a field cannot
 * be written as a number (then the position is not kept).
 */
function write(
  state: CartyrionState,
  c: CombatantState,
  a: CombatantState,
  b: CombatantState,
  r: Int32Array,
  at: number,
): number {
  const held = whom(c.heldBy, a, b);
  const aim = whom(c.aimAt, a, b);
  const now = listCode(c.attackedNow, a, b);
  const prev = listCode(c.attackedPrev, a, b);
  const hitBy = whom(c.rangedHitBy, a, b);
  let parried = 0;
  if (c.parryWeapon !== "") {
    parried = c.weapons.findIndex((w) => w.id === c.parryWeapon) + 1;
    if (parried === 0 || parried > 255) return -1;
  }
  if (
    held < 0 ||
    aim < 0 ||
    now < 0 ||
    prev < 0 ||
    hitBy < 0 ||
    (c.aimEffect !== "" && c.aimEffect !== "dex")
  )
    return -1;
  const stamina = c.stamina;
  const injuries = c.injuries;
  const explosions = c.parryExplosions;
  const left = c.shield === null ? -1 : c.shield.left;
  if (
    (stamina & 0xffff) !== stamina ||
    (injuries & 0x7fff) !== injuries ||
    (explosions & 0xff) !== explosions ||
    ((left + 1) & 0x7fffff) !== left + 1
  )
    return -1;
  r[at] = stamina | (injuries << 16);
  r[at + 1] =
    statusCode(c.status) |
    (parryCode(c.parry) << 3) |
    (held << 5) |
    (aim << 7) |
    (hitBy << 9) |
    (parried << 11) |
    (c.aimEffect === "dex" ? 1 << 19 : 0) |
    (c.surprised ? 1 << 20 : 0) |
    (c.concealed ? 1 << 21 : 0) |
    (c.withdrawing ? 1 << 22 : 0) |
    // What the tactic asks of the round (distracted): a ranged hit this round or the last.
    (c.rangedHitRound >= state.round - 1 ? 1 << 23 : 0);
  r[at + 2] = now | (prev << 11);
  r[at + 3] = explosions | ((left + 1) << 8);
  let i = at + PER_COMBATANT;
  const ws = c.weapons;
  for (let j = 0; j < ws.length; j += 1) {
    const w = ws[j]!;
    const count = w.count;
    if ((count & 0x7ffffff) !== count) return -1;
    r[i] = carriedCode(w) | (w.loaded ? 8 : 0) | (count << 4);
    i += 1;
  }
  const ss = c.spells;
  for (let j = 0; j < ss.length; j += 1) {
    const uses = ss[j]!.uses;
    if ((uses | 0) !== uses) return -1;
    r[i] = uses;
    i += 1;
  }
  return i;
}

/** Are the numbers the GM may set in a fight (engine/gm-changes.ts) the same? */
function sameNumbers(x: CombatantState, y: CombatantState): boolean {
  return (
    x.level === y.level &&
    x.dice === y.dice &&
    x.str === y.str &&
    x.dex === y.dex &&
    x.awa === y.awa &&
    x.move === y.move &&
    x.armour === y.armour &&
    x.maxStamina === y.maxStamina &&
    x.slots === y.slots
  );
}

/** Are the switches the same, every one of them (a switch added later too)? */
function sameSwitches(x: Switches, y: Switches): boolean {
  if (x === y) return true;
  for (const key of Object.keys(x) as (keyof Switches)[]) if (x[key] !== y[key]) return false;
  return true;
}

/** Is the weapon's make (all but where it is, how many and whether loaded) the same? */
function sameWeaponMake(x: WeaponState, y: WeaponState): boolean {
  return (
    x.id === y.id &&
    x.name === y.name &&
    x.die === y.die &&
    x.kind === y.kind &&
    x.finesse === y.finesse &&
    x.reach === y.reach &&
    x.range === y.range &&
    x.reload === y.reload &&
    x.thrown === y.thrown &&
    x.natural === y.natural &&
    x.magic === y.magic &&
    x.specialised === y.specialised
  );
}

/**
 * Is what `write` leaves out of `x` (who it is, its weapons' make, its shield's and its spells')
 * the same as `y`'s?
 */
export function sameMake(x: CombatantState, y: CombatantState): boolean {
  if (
    x.id !== y.id ||
    x.name !== y.name ||
    x.side !== y.side ||
    x.party !== y.party ||
    x.cannotBeSurprised !== y.cannotBeSurprised
  )
    return false;
  const xw = x.weapons;
  const yw = y.weapons;
  if (xw.length !== yw.length) return false;
  for (let i = 0; i < xw.length; i += 1) if (!sameWeaponMake(xw[i]!, yw[i]!)) return false;
  const xs = x.shield;
  const ys = y.shield;
  if (
    xs !== ys &&
    (xs === null ||
      ys === null ||
      xs.name !== ys.name ||
      xs.points !== ys.points ||
      xs.durability !== ys.durability)
  )
    return false;
  const xp = x.spells;
  const yp = y.spells;
  if (xp.length !== yp.length) return false;
  for (let i = 0; i < xp.length; i += 1) {
    const p = xp[i]!;
    const q = yp[i]!;
    if (
      p.id !== q.id ||
      p.name !== q.name ||
      p.die !== q.die ||
      p.range !== q.range ||
      p.bonus !== q.bonus ||
      p.direct !== q.direct ||
      p.mitigated !== q.mitigated
    )
      return false;
  }
  return true;
}
