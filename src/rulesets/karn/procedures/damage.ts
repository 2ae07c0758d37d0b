// Damage of a strike that got past the defence (6. Roll and apply damage; Armor And Clothing;
// Pierce (P); Other Physical Damage Types): the damage roll plus the damage bonus, a magical
// field first, then armour when the modified strike is at or under its COV (protection off the
// damage, the armour taking damage up to its rating), natural armour, then the critical chart or
// pierce's critical chance on what got through, the GM's extra for burn, electrical and chemical
// damage, and finally hit points. Actions still finish (Timing Within A Melee) unless the GM
// rules an overkill.
import { midSentence, sentence } from "../../../core/sentence.js";
import { aimed, type RuleContext } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";
import { signed } from "../../../engine/signed.js";
import { critical } from "./criticals.js";
import { DAMAGE_TYPES, isElemental } from "../data/damage-types.js";
import type { Act, Pairing } from "./melee-types.js";
import { askNumber, askYesNo } from "./questions.js";
import { CHECK_PASSES, checkRoll, label } from "./rolls.js";
import { SECTIONS } from "../sections.js";
import type { OverkillSituation } from "./situations.js";
import type { Fighter, FighterArmour, FighterAttack } from "../state.js";

export interface Blow {
  readonly by: Fighter;
  readonly target: Act;
  readonly attack: FighterAttack;
  /** The strike was at or under the coverage it is compared with: the armour is struck first. */
  readonly onArmour: boolean;
  /** A critical strike (it is above any COV: armour is not struck). */
  readonly critical: boolean;
  /** Adds the damage bonus (not for a knock-out blow). */
  readonly bonus: boolean;
  readonly what: () => string;
}

export interface Delivered {
  readonly raw: number;
  readonly through: number;
  readonly armourStruck: boolean;
  readonly loss: number;
  /** A critical was applied (the strike's, or pierce's chance). */
  readonly critical: boolean;
}

/** Armour struck by `damage` of type `type`: what gets through and what the armour takes. */
export function throughArmour(
  armour: FighterArmour,
  armourHp: number,
  damage: number,
  type: number,
): { readonly through: number; readonly takes: number } {
  const through = Math.max(0, damage - armour.protection[type]!);
  const takes = Math.min(damage, armour.rating[type]!, armourHp);
  return { through, takes };
}

export function deliver(p: Pairing, ctx: RuleContext, blow: Blow): Delivered {
  const state = p.state;
  const t = blow.target.f;
  const a = blow.attack;
  const type = a.type;
  const typeName = DAMAGE_TYPES[type]!;
  const weapon = a.weapon && ctx.explaining ? midSentence(a.name) : undefined;
  const rolled = ctx.roll(
    aimed(ctx, diceRoll(a.damage), blow.by.id, t.id, "damage", weapon),
    label(ctx.explaining, () => `damage of ${blow.what()}`, "damage"),
    blow.by.id,
  );
  const bonus = blow.bonus ? blow.by.damageBonus : 0;
  const raw = Math.max(0, rolled + bonus);
  let left = raw;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.applyDamage, () => {
      const plus = bonus === 0 ? "" : ` ${signed(bonus, " ")} damage bonus`;
      const none = blow.bonus ? "" : " (no damage bonus on a knock-out blow)";
      return `${blow.what()}: ${a.damage} rolls ${rolled}${plus} = ${raw} ${typeName} damage${none}`;
    });
  }
  if (t.field > 0 && left > 0) {
    const absorbed = Math.min(t.field, left);
    t.field -= absorbed;
    left -= absorbed;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.applyDamage,
        () =>
          `${t.name}'s magical field takes ${absorbed} first (${t.field} left); ${left} goes on`,
      );
    }
  }
  const armour = t.armour;
  const armourStruck =
    blow.onArmour && !blow.critical && armour !== null && t.armourHp > 0 && left > 0;
  if (armourStruck) {
    const { through, takes } = throughArmour(armour, t.armourHp, left, type);
    t.armourHp -= takes;
    if (ctx.explaining) {
      const before = left;
      ctx.explain(SECTIONS.armour, () => {
        const prot = armour.protection[type]!;
        const rating = armour.rating[type]!;
        return `the strike is at or under ${t.name}'s COV: ${armourOf(t.name, armour.name)} (${typeName} ${prot} (${rating})) stops ${before - through} of ${before}, ${through} get${through === 1 ? "s" : ""} through; the armour takes ${takes} (${t.armourHp} HP left${t.armourHp === 0 ? ": it no longer protects" : ""})`;
      });
    }
    left = through;
  } else if (ctx.explaining && armour !== null && left > 0) {
    ctx.explain(SECTIONS.armour, () =>
      blow.critical
        ? `a critical strike gets past ${t.name}'s armour`
        : t.armourHp <= 0
          ? `${sentence(armourOf(t.name, armour.name))} is wrecked and no longer protects`
          : `the strike is over ${t.name}'s COV: the armour is not struck`,
    );
  }
  const natural = t.natural[type]!;
  if (natural > 0 && left > 0) {
    const before = left;
    left = Math.max(0, left - natural);
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.armour,
        () =>
          `${t.name}'s natural armour against ${typeName} (${natural}) takes ${before} to ${left}`,
      );
    }
  }
  const through = left;
  let loss = through;
  let crit = blow.critical && through > 0;
  if (crit) {
    loss = critical(state, ctx, blow.by, t, through, type, blow.what, weapon);
  } else if (blow.critical) {
    // Pierce (P): only damage that got through the armour and other protections is affected by
    // a critical, and a Death Blow needs at least one point of it.
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.critical,
        () =>
          `a critical strike, but no damage got through ${t.name}'s protections: nothing for the critical to affect`,
      );
    }
  } else if (a.singlePierce && through > 0 && state.switches.pierceCriticalChance > 0) {
    const chance = state.switches.pierceCriticalChance;
    const roll = ctx.roll(
      aimed(ctx, checkRoll(chance), blow.by.id, t.id),
      label(ctx.explaining, () => `pierce critical (${chance}% chance)`, "pierce"),
      "gm",
    );
    crit = roll === CHECK_PASSES;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.pierce,
        () =>
          `pierce damage got through (${through}): a ${chance}% chance of critical damage: ${crit ? "critical" : "not critical"}`,
      );
    }
    if (crit) loss = critical(state, ctx, blow.by, t, through, type, blow.what, weapon);
  }
  if (isElemental(type) && through > 0) {
    const extra = askNumber(
      ctx,
      "gm",
      "elemental-damage",
      () =>
        `${blow.what()} did ${through} ${typeName} damage to ${t.name}: any further damage (catching fire, shock, acid)?`,
      0,
      20,
      (n) => (n === 0 ? "none" : `${n} more`),
      undefined,
    );
    if (extra > 0) {
      loss += extra;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.otherDamage,
          () => `the GM adds ${extra} for the ${typeName} damage's effects`,
        );
      }
    }
  }
  applyLoss(p, ctx, blow.by, blow.target, loss);
  return { raw, through, armourStruck, loss, critical: crit };
}

/** Hit points off the target; the first blow of a melee that kills may be an overkill. */
export function applyLoss(
  p: Pairing,
  ctx: RuleContext,
  by: Fighter,
  target: Act,
  loss: number,
): void {
  if (loss <= 0) return;
  const t = target.f;
  const out = p.state.switches.outAtHp;
  const before = t.hp;
  t.hp -= loss;
  if (by.side !== t.side) by.dealt += loss;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.applyDamage, () => {
      const down =
        t.hp <= out
          ? ` (at or under ${out}: down when the melee ends; its actions still happen)`
          : "";
      return `${t.name} takes ${loss}: ${t.hp} of ${t.maxHp} HP${down}`;
    });
  }
  if (!target.hurt && before > out && t.hp <= out && hasLaterActions(target)) {
    const needed = before - out;
    const overkill = askYesNo(
      ctx,
      "gm",
      "overkill",
      () =>
        `${t.name} needed ${needed} to go down and took ${loss} in its first blow: is it overkill, losing its actions after the first?`,
      { situation: { loss, needed } satisfies OverkillSituation },
    );
    if (overkill) {
      target.firstOnly = true;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.timing,
          () => `overkill: ${t.name} loses the rest of its actions but its first`,
        );
      }
    }
  }
  target.hurt = true;
}

function hasLaterActions(act: Act): boolean {
  for (const part of act.parts) if (!part.done && part.group >= 1) return true;
  for (const s of act.incoming) if (!s.done && s.defence !== null && !s.fake) return true;
  return false;
}

/**
 * Whose armour is struck, as a sentence says it: the table's "Padded armour" as "Varn's padded
 * armour" (it read "Varn's Padded armour is wrecked"), a file's own "Chip's armour" as it is
 * named (it read "the Chip's armour").
 */
function armourOf(owner: string, armour: string): string {
  return /'s\b/u.test(armour) ? armour : `${owner}'s ${midSentence(armour)}`;
}
