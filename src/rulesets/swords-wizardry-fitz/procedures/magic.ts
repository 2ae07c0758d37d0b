// Magic Use in Combat, Spells, Wands, and Saving Throw Criticals. A spell is declared before
// initiative, goes off on the caster's count unless a successful attack came first, and needs
// the caster standing still, without BCB on its AC; magic-users cast in no armour but magical
// bracers, fighter-mages only in magical armour of the quality the spell level needs. A scroll
// takes a round per spell level. A wand needs only a word: it is stopped only by a successful
// attack on the same count. Saves: a natural 20 escapes even partial damage, a natural 1 takes
// the maximum.
import type { RuleContext } from "../../../engine/choice.js";
import { armourQualityFor } from "../data/charts.js";
import { NAT_1, NAT_20, SAVED, saveRoll, total } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, MagicState, SwState } from "../state.js";
import { ask } from "./ask.js";
import { hurt, saveNeed } from "./damage.js";
import { attackable, distance, find } from "./field.js";
import { spellEffectQuestion } from "./gm-questions.js";
import { takeOut } from "./status.js";
import { maxDamage } from "./damage-numbers.js";
import { ownSteady, useItem } from "../own-steady.js";

/** Spells: may `f` cast a spell of `level` in the armour it wears? */
export function armourAllows(f: Fighter, level: number): boolean {
  if (f.sheet.armourName === "none" || f.sheet.armourName === "bracers") return true;
  if (f.sheet.cls === "magic-user") return false;
  if (f.sheet.cls === "fighter-mage") return f.sheet.armourMagic >= armourQualityFor(level);
  return true;
}

/** A spell or scroll `f` can start now. */
export function castable(state: SwState, f: Fighter, m: MagicState): boolean {
  if (m.uses <= 0 || !armourAllows(f, m.level)) return false;
  // Surprise: a segment counts as a round for blows, not for spell-casting.
  if (state.round <= state.segments && f.steady.castInSurprise) return false;
  return true;
}

/**
 * Why `f` declares no spell now though it has one it could cast, or undefined: Surprise, "each
 * segment of surprise is treated as if it were a full round of combat ... This does not apply
 * to spell-casting": one spell for all the segments, and it has cast it.
 */
export function noSpellThisSegment(state: SwState, f: Fighter): string | undefined {
  if (state.round > state.segments || !f.steady.castInSurprise) return undefined;
  const kept = (m: MagicState) => m.uses > 0 && armourAllows(f, m.level);
  if (!f.steady.spells.some(kept) && !f.steady.scrolls.some(kept)) return undefined;
  return `no spell until the surprise segments are over: ${f.name} has cast one in them, and a segment is a round for blows, not for spell-casting (Surprise)`;
}

/** The targets of a spell on `t`: `t`, and with an area spell every foe of the caster beside it. */
function targetsOf(state: SwState, caster: Fighter, m: MagicState, t: Fighter): Fighter[] {
  if (!m.area) return [t];
  return state.combatants.filter(
    (c) =>
      c.side !== caster.side &&
      (c.status === "fighting" || c.status === "knocked-out") &&
      distance(c, t) <= 5,
  );
}

function applyMagic(
  state: SwState,
  caster: Fighter,
  m: MagicState,
  t: Fighter,
  ctx: RuleContext,
): void {
  let effect = m.effect;
  let gmDamage = 0;
  if (effect === "gm") {
    const ruling = ask(ctx, "gm", "spell-effect", spellEffectQuestion(caster, m, t));
    if (ruling === "none") {
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.spells,
          () => `the GM rules ${m.name} has no effect on ${t.name} in this fight`,
        );
      return;
    }
    if (ruling === "out") effect = "out";
    else {
      effect = "damage";
      gmDamage = Number(ruling.slice("damage:".length));
    }
  }
  let save = -1;
  if (m.save !== "none" && gmDamage === 0) {
    const need = saveNeed(t);
    save = ctx.roll(
      saveRoll(need, true, m.save === "half"),
      ctx.explaining ? `${t.name}'s save against ${m.name} (needs ${need})` : "save",
      t.id,
    );
  }
  const escapes = save === NAT_20 || (save === SAVED && (m.save === "negates" || effect === "out"));
  if (effect === "out") {
    if (escapes) {
      if (ctx.explaining)
        ctx.explain(SECTIONS.saveCriticals, () => `${t.name} saves against ${m.name}`);
      return;
    }
    takeOut(state, t, "down");
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.spells,
        () => `${t.name} ${save >= 0 ? "fails its save and " : ""}is out of the fight (${m.name})`,
      );
    return;
  }
  let amount = gmDamage;
  if (gmDamage === 0) {
    if (escapes) {
      if (ctx.explaining)
        ctx.explain(SECTIONS.saveCriticals, () =>
          save === NAT_20
            ? `${t.name} rolls a natural 20: ${m.name} has no effect`
            : `${t.name} saves: no damage`,
        );
      return;
    }
    const rolled =
      save === NAT_1
        ? maxDamage(m.damage)
        : ctx.roll(
            total(m.damage),
            ctx.explaining ? `${m.name}'s damage to ${t.name}` : "damage",
            caster.id,
          );
    amount = save === SAVED ? Math.floor(rolled / 2) : rolled;
    if (ctx.explaining)
      ctx.explain(save === NAT_1 ? SECTIONS.saveCriticals : SECTIONS.spells, () =>
        save === NAT_1
          ? `${t.name} rolls a natural 1: the maximum, ${amount}`
          : `${m.name} deals ${rolled}${save === SAVED ? `, halved for the save: ${amount}` : ""}`,
      );
  }
  hurt(state, t, amount, false, ctx);
}

/** A spell or scroll goes off (or is lost to a disruption). */
export function castNow(
  state: SwState,
  caster: Fighter,
  m: MagicState,
  targetId: string,
  ctx: RuleContext,
): void {
  if (caster.disrupted) {
    useItem(caster, m);
    if (ctx.explaining)
      ctx.explain(SECTIONS.magic, () => `${caster.name}'s ${m.name} was disrupted: it is lost`);
    return;
  }
  let t = find(state, targetId);
  if (t === undefined || !attackable(t) || distance(caster, t) > m.range) {
    t = state.combatants.find(
      (c) => c.side !== caster.side && attackable(c) && distance(caster, c) <= m.range,
    );
    if (t === undefined) {
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.spells,
          () => `${caster.name} has no target for ${m.name} in range; the spell is kept`,
        );
      return;
    }
  }
  m = useItem(caster, m);
  if (state.round <= state.segments && !caster.steady.castInSurprise)
    ownSteady(caster).castInSurprise = true;
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.spells,
      () =>
        `${caster.name}'s ${m.name} goes off at ${t.name}${m.area ? " and everyone beside it" : ""}`,
    );
  for (const x of targetsOf(state, caster, m, t)) applyMagic(state, caster, m, x, ctx);
}

/** Wands and similar magic items: a command word, stopped only by a simultaneous successful attack. */
export function useWand(
  state: SwState,
  user: Fighter,
  m: MagicState,
  targetId: string,
  count: number,
  ctx: RuleContext,
): void {
  if (user.hitRound === state.round && user.hitCount === count) {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.wands,
        () =>
          `${user.name} is struck on the same count: the ${m.name} is not activated and no charge is used`,
      );
    return;
  }
  const t = find(state, targetId);
  if (t === undefined || !attackable(t) || m.uses <= 0) return;
  m = useItem(user, m);
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.wands,
      () =>
        `${user.name} speaks the ${m.name}'s command word at ${t.name} (${m.uses} charges left)`,
    );
  for (const x of targetsOf(state, user, m, t)) applyMagic(state, user, m, x, ctx);
}
