// One attack (Attacking as an Opposed Attempt): the defender's Defense Check (two exploding Finesse
// dice plus its Defense adjustment) sets the CR; the attacker's Attack Check (two exploding dice of
// the weapon's stat plus its adjustments) hits on reaching it. Both checks are one roll whose answer
// is the margin's tier (Critical Outcomes in Combat); a hit rolls damage, and critical outcomes add
// the attacker's (hits) or the gamemaster's (misses) choice of outcome and character points.
import { aimed, opposedBy, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { ownSteady } from "../own-steady.js";
import {
  CRITICAL_HIT,
  CRITICAL_MISS,
  DISASTROUS,
  HIT,
  LEGENDARY,
  opposedRoll,
  STUNNED_CR,
  type OpposedSpec,
} from "../dice/specs.js";
import { AP } from "../data/rules.js";
import { clampRank, DISADVANTAGE, modeName, NORMAL, rankName } from "../dice/stat-die.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { missFloor } from "../switches.js";
import { labelsFor } from "./ask.js";
import { ownWeapons } from "../own-weapons.js";
import { resolveCritical } from "./critical.js";
import { dealDamage, PLAIN } from "./damage.js";
import {
  attackMode,
  attackRank,
  attackStat,
  bareHands,
  brawnShort,
  checkAdjustment,
  defenceMode,
  distance,
  finesseRank,
  handsTaken,
  lineOfSight,
  rangeAdjustment,
  shieldInUse,
  type AttackKind,
} from "./derived.js";

/** `hampered` of attackSpec: the attacker's check at disadvantage, as if it were blind. */
export const ATTACKER_HAMPERED = 1;
/** `hampered` of attackSpec: the defender's check at disadvantage, as if blind (or, in melee, prone). */
export const DEFENDER_HAMPERED = 2;

/**
 * The opposed roll of `me` attacking `target` with `w` from the space `from`, the defender's
 * Defense raised by `defenceBonus` (the policies' "what if it blocks") and, by `hampered`, either
 * check at disadvantage (the policies' "what if it were blind": the same spec as for a copy of the
 * combatant with `blind` set, without the copy). Written out flat because every policy decision
 * asks for it; `attackAdjustment` and `defenceAdjustment` (derived.ts) give the same numbers, as
 * the tests check.
 */
export function attackSpec(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  defenceBonus = 0,
  from = me.pos,
  hampered = 0,
): OpposedSpec {
  const sw = state.switches;
  const melee = kind === "melee";
  const finesse = melee ? w.melee !== null && w.melee.stat === "finesse" : true;
  const d = from > target.pos ? from - target.pos : target.pos - from;
  let off =
    me.steady.sheet.adjAttack - lineOfSight(state, from, target.pos) - brawnShort(me, w, kind);
  if (!w.skilled) off -= 2;
  if (!finesse) off -= me.steady.sheet.armourShort;
  if (me.steady.sheet.shield !== null && handsTaken(me.steady.weapons[me.steady.hand]!) === 1)
    off -= me.steady.sheet.shieldShort;
  if (!melee) off += rangeAdjustment(w, d, target) ?? 0;
  const rank = clampRank(
    finesse ? me.steady.sheet.finesse - me.steady.sheet.armourShort : me.steady.sheet.brawn,
  );
  const mode =
    me.steady.blind > 0 || me.prone || (hampered & ATTACKER_HAMPERED) !== 0 ? DISADVANTAGE : NORMAL;
  const floor = missFloor(sw);
  if (target.steady.stunned) return opposedRoll(rank, mode, 0, NORMAL, off - STUNNED_CR, floor);
  let def = sw.baselineDefence + target.steady.sheet.adjDefence + defenceBonus;
  if (
    target.steady.sheet.shield !== null &&
    handsTaken(target.steady.weapons[target.steady.hand]!) === 1
  )
    def += target.steady.sheet.shield.bonus - target.steady.sheet.shieldShort;
  if (melee && target.steady.blocking) def += AP.blockBonus;
  return opposedRoll(
    rank,
    mode,
    clampRank(target.steady.sheet.finesse - target.steady.sheet.armourShort),
    target.steady.blind > 0 || (melee && target.prone) || (hampered & DEFENDER_HAMPERED) !== 0
      ? DISADVANTAGE
      : NORMAL,
    off - def,
    floor,
  );
}

const TIER_TEXT_TABLE = [
  "misses the CR by 7 or more: a disastrous miss",
  "misses the CR by 4 to 6: a critical miss",
  "misses the CR by 1 to 3: a miss",
  "reaches the CR or beats it by 1 or 2: a hit",
  "beats the CR by 3 to 5: a critical hit",
  "beats the CR by 6 or more: a legendary hit",
];
const TIER_TEXT_TEXT = [
  TIER_TEXT_TABLE[0]!,
  "misses the CR by 3 to 6: a critical miss (switch criticalMiss: text)",
  "misses the CR by 1 or 2: a miss",
  ...TIER_TEXT_TABLE.slice(3),
];

function parts(list: [number, string][]): string {
  const shown = list.filter(([n]) => n !== 0).map(([n, what]) => `${signed(n)} ${what}`);
  return shown.length === 0 ? "no adjustments" : shown.join(", ");
}

/** A check's adjustments in one: "adjusted -1: +1 Attack adjustment, -2 without the Blades skill". */
function adjusted(list: [number, string][]): string {
  return `adjusted ${signed(total(list))}: ${parts(list)}`;
}

const total = (list: [number, string][]): number => list.reduce((sum, [n]) => sum + n, 0);

/**
 * The adjustments to `me`'s Attack Check on `target` with `w`, each with what it is (Attacking
 * as an Opposed Attempt, step 3b; Ranged Combat: the range's): what attackSpec folds into its
 * offset, told one by one.
 */
function attackAdjustments(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
): [number, string][] {
  const adj: [number, string][] = [
    [me.steady.sheet.adjAttack, "Attack adjustment"],
    [checkAdjustment(me, attackStat(w, kind)), "Brawn short of its armour or shield"],
    [w.skilled ? 0 : -2, `without the ${w.melee?.skill ?? w.ranged?.skill} skill`],
    [-brawnShort(me, w, kind), `Brawn short of the ${w.name}'s minimum`],
    [
      -lineOfSight(state, me.pos, target.pos),
      `cover on the line to ${target.name} (Line of Sight)`,
    ],
  ];
  if (kind === "ranged") {
    const d = distance(me, target);
    adj.push([rangeAdjustment(w, d, target) ?? 0, `range ${d}`]);
  }
  return adj;
}

function describeAttack(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  tier: number,
): string {
  const stat = attackStat(w, kind);
  const rank = attackRank(me, w, kind);
  const adj = attackAdjustments(state, me, target, w, kind);
  const attack = `${me.name}'s Attack Check with the ${w.name} (2 exploding ${stat === "brawn" ? "Brawn" : "Finesse"} ${rankName(rank)}${modeName(attackMode(me))}, ${adjusted(adj)})`;
  // Attacking as an Opposed Attempt, step 2c: the Defense Check with its adjustments is the CR.
  let defence: string;
  if (target.steady.stunned) defence = `CR ${STUNNED_CR} (${target.name} is stunned)`;
  else {
    const melee = kind === "melee";
    const dAdj: [number, string][] = [
      [state.switches.baselineDefence, "baseline Defense"],
      [target.steady.sheet.adjDefence, "Defense adjustment"],
      [
        shieldInUse(target) ? target.steady.sheet.shield!.bonus : 0,
        `${target.steady.sheet.shield?.name ?? "shield"}`,
      ],
      [melee && target.steady.blocking ? 2 : 0, "Shield Block"],
      [checkAdjustment(target, "finesse"), "Brawn short of its shield"],
    ];
    defence = `${target.name}'s Defense Check, the CR (2 exploding Finesse ${rankName(finesseRank(target))}${modeName(defenceMode(target, melee))}, ${adjusted(dAdj)})`;
  }
  const text = state.switches.criticalMiss === "text" ? TIER_TEXT_TEXT : TIER_TEXT_TABLE;
  return `${attack} against ${defence} ${text[tier]}`;
}

/** Character points for a critical outcome, to the player characters attacking or defending. */
function awardPoints(
  me: CombatantState,
  target: CombatantState,
  tier: number,
  ctx: RuleContext,
): void {
  const cp =
    tier === LEGENDARY || tier === DISASTROUS
      ? 2
      : tier === CRITICAL_HIT || tier === CRITICAL_MISS
        ? 1
        : 0;
  if (cp === 0) return;
  const who: string[] = [];
  if (me.steady.sheet.party) {
    me.cp += cp;
    who.push(me.name);
  }
  if (target.steady.sheet.party) {
    target.cp += cp;
    who.push(target.name);
  }
  if (who.length > 0 && ctx.explaining)
    ctx.explain(
      SECTIONS.critical,
      () => `${cp} character point${cp === 1 ? "" : "s"} to ${who.join(" and ")}`,
    );
}

/**
 * After the attack: a thrown weapon lies by its target, a crossbow needs resetting. Returns the
 * weapon `w` is now (`me`'s own copy once changed).
 */
function afterShot(
  me: CombatantState,
  target: CombatantState,
  shot: WeaponState,
  ctx: RuleContext,
): WeaponState {
  const r = shot.ranged;
  if (r === null || (!r.thrown && r.brawnReset <= 0)) return shot;
  const i = me.steady.weapons.indexOf(shot);
  const w = ownWeapons(me)[i]!;
  if (r.thrown) {
    w.count -= 1;
    if (w.count <= 0) {
      w.where = "ground";
      w.groundPos = target.pos;
      ownSteady(me).hand = bareHands(me);
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.ranged,
          () => `the ${w.name} lies where ${target.name} stands; ${me.name}'s hands are empty`,
        );
    }
  } else w.loaded = false;
  return w;
}

/**
 * Resolves one attack of `me` on `target` with `w` (reach or range and AP already settled by the
 * caller). Returns the tier rolled.
 */
export function resolveAttack(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  ctx: RuleContext,
): number {
  const spec = attackSpec(state, me, target, w, kind);
  // The roll's line states the CR and the Attack Check's total apart (describeAttack's numbers).
  const told = ctx.explaining
    ? spec.apart(total(attackAdjustments(state, me, target, w, kind)))
    : spec;
  // The defender's Defense Check is rolled in the attack's roll: its player may type it (a
  // stunned defender rolls none, Stun).
  const aimedAt = aimed(ctx, told, me.id, target.id);
  const tier = ctx.roll(
    target.steady.stunned || told.checks[0] === ""
      ? aimedAt
      : opposedBy(ctx, aimedAt, target.id, [
          {
            combatant: target.id,
            notation: told.checks[0],
            name: "Defense Check",
            faces: told.checkFaces[0],
          },
          {
            combatant: me.id,
            notation: told.checks[1],
            name: "Attack Check",
            faces: told.checkFaces[1],
          },
        ]),
    labelsFor(me.name).attack,
    me.id,
  );
  if (tier > me.best) me.best = tier;
  if (ctx.explaining)
    ctx.explain(
      tier === HIT || tier === 2 ? SECTIONS.opposed : SECTIONS.critical,
      () => describeAttack(state, me, target, w, kind, tier),
      { attacker: me.id, target: target.id, weapon: w.id, tier },
    );
  awardPoints(me, target, tier, ctx);
  const used = kind === "ranged" ? afterShot(me, target, w, ctx) : w;
  if (tier === HIT) dealDamage(state, me, target, used, kind, PLAIN, ctx);
  else if (tier !== 2) resolveCritical(state, me, target, used, kind, tier, ctx);
  return tier;
}
