// Hit points, subdual damage and CON damage, and what happens at 0 hit points or below
// (Critical Hits and Fumbles: monsters and NPCs save versus death from 0 to -5, are unconscious
// and save against death from -6 to -10, and die at -11; characters follow the switch
// `characterAtZero`). Subdual Damage: half real, half subdual; unconscious when the two reach
// the hit points, killed if the real damage alone does.
import type { RuleContext, Section } from "../../../engine/choice.js";
import { DEFAULTS } from "../data/defaults.js";
import { FAILED, NAT_1, saveRoll } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, SwState } from "../state.js";
import { takeOut } from "./status.js";
import { ownSteady } from "../own-steady.js";

function say(ctx: RuleContext, section: Parameters<RuleContext["explain"]>[0], text: () => string) {
  if (ctx.explaining) ctx.explain(section, text);
}

/** The number a save needs: the saving throw plus penalties to saves (flesh wounds). */
export function saveNeed(f: Fighter, modifier = 0): number {
  return f.sheet.save + f.penalty - modifier;
}

/** A save versus death at 0 HP or below. */
function deathSave(ctx: RuleContext, f: Fighter, nat1: boolean): number {
  return ctx.roll(
    saveRoll(saveNeed(f), nat1, false),
    ctx.explaining ? `${f.name}'s save versus death (needs ${saveNeed(f)})` : "save",
    f.id,
  );
}

/** Critical Hits and Fumbles: what 0 hit points or below does to `f`. */
export function reachedZero(state: SwState, f: Fighter, ctx: RuleContext): void {
  if (f.hp > 0 || f.status === "dead") return;
  const hp = f.hp;
  if (f.sheet.kind === "character" && state.switches.characterAtZero === "dead") {
    takeOut(state, f, "dead");
    say(ctx, SECTIONS.criticals, () => `${f.name} is at ${hp} HP: dead`);
    return;
  }
  if (hp <= -11) {
    takeOut(state, f, "dead");
    say(ctx, SECTIONS.criticals, () => `${f.name} is at ${hp} HP (-11 or below): dead`);
    return;
  }
  if (hp <= -6) {
    takeOut(state, f, "down");
    const saved = deathSave(ctx, f, false) !== FAILED;
    if (!saved) takeOut(state, f, "dead");
    say(
      ctx,
      SECTIONS.criticals,
      () =>
        `${f.name} is at ${hp} HP (-6 to -10): unconscious, and ${saved ? "saves versus death" : "fails its save versus death: dead"}`,
    );
    return;
  }
  const r = deathSave(ctx, f, true);
  if (r === NAT_1) {
    takeOut(state, f, "dead");
    say(
      ctx,
      SECTIONS.criticals,
      () => `${f.name} is at ${hp} HP and rolls a 1 on its save versus death: dead`,
    );
  } else if (r === FAILED) {
    takeOut(state, f, "down");
    say(
      ctx,
      SECTIONS.criticals,
      () => `${f.name} is at ${hp} HP and fails its save versus death: unconscious`,
    );
  } else {
    if (!f.steady.fightingOn) {
      ownSteady(f).fightingOn = true;
      f.penalty += DEFAULTS.woundPenalty;
    }
    say(
      ctx,
      SECTIONS.criticals,
      () => `${f.name} is at ${hp} HP and saves versus death: it fights on at -2`,
    );
  }
}

/** `amount` points of damage to `f`'s hit points (half of it subdual damage with `subdual`). */
export function hurt(
  state: SwState,
  f: Fighter,
  amount: number,
  subdual: boolean,
  ctx: RuleContext,
): void {
  if (amount <= 0) return;
  if (subdual) {
    const real = Math.floor(amount / 2);
    f.hp -= real;
    f.subdual += amount - real;
    if (f.hp <= 0) {
      takeOut(state, f, "dead");
      say(
        ctx,
        SECTIONS.subdual,
        () => `${f.name}'s real damage alone takes it to ${f.hp} HP: accidentally killed`,
      );
    } else if (f.hp - f.subdual <= 0) {
      takeOut(state, f, "subdued");
      say(
        ctx,
        SECTIONS.subdual,
        () => `${f.name}'s ${f.hp} HP are all subdual damage now: knocked unconscious`,
      );
    } else {
      say(
        ctx,
        SECTIONS.subdual,
        () =>
          `${real} real and ${amount - real} subdual damage: ${f.name} at ${f.hp} HP, ${f.subdual} of it subdual`,
      );
    }
    return;
  }
  f.hp -= amount;
  say(ctx, SECTIONS.attackRoll, () => `${f.name} takes ${amount}: ${f.hp}/${f.sheet.maxHp} HP`);
  if (f.hp <= 0) reachedZero(state, f, ctx);
  else if (f.subdual > 0 && f.hp - f.subdual <= 0) takeOut(state, f, "subdued");
}

/**
 * CON damage: of an "Assassination" attack, or of the CON column of the Mighty Blows chart
 * (`section`, the rule it is explained under).
 */
export function conDamage(
  state: SwState,
  f: Fighter,
  amount: number,
  ctx: RuleContext,
  section: Section = SECTIONS.assassination,
): void {
  if (amount <= 0) return;
  f.con = Math.max(0, f.con - amount);
  if (f.con === 0) {
    takeOut(state, f, "dead");
    say(ctx, section, () => `${f.name}'s CON is gone: dead`);
  } else {
    say(ctx, section, () => `${f.name} loses ${amount} CON: ${f.con}/${f.sheet.maxCon}`);
  }
}
