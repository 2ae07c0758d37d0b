// Critical (Criticals And Fumbles): the GM rolls on the critical chart in the column of the
// damage type, or rules the effect (most likely Double Damage). Only the damage that got through
// armour and other protections is multiplied; each line also costs SP, and a Death Blow leaves
// -1 HP, or less if quadruple damage would.
import { aimed, type Blow, type Choice, type RuleContext } from "../../../engine/choice.js";
import {
  CRITICALS,
  CRITICAL_BANDS,
  CRITICAL_HALVES,
  CRITICAL_NAMES,
  CRITICAL_SP,
  CRIPPLING,
  DEATH_BLOW,
  DEEP_TISSUE,
  INTERNAL,
  SURFACE,
  criticalColumn,
  type CriticalResult,
} from "../data/charts.js";
import { ask } from "./questions.js";
import { chartRoll, label } from "./rolls.js";
import { loseStamina } from "./stamina.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, KarnState } from "../state.js";

export type CriticalRuling = "chart" | "double" | CriticalResult;

const RULINGS: Choice<CriticalRuling>[] = [
  { value: "chart", label: "roll on the critical chart" },
  { value: "double", label: "rule it: Double Damage" },
  ...CRITICALS.map((c, i) => ({ value: c, label: `rule it: ${CRITICAL_NAMES[i]!}` })),
];

export type InjuryRuling = "none" | "minus-2" | "out";
const INJURY_RULINGS: Choice<InjuryRuling>[] = [
  { value: "none", label: "no effect on this fight" },
  { value: "minus-2", label: "-2 on combat rolls for the rest of the fight" },
  { value: "out", label: "cannot fight on (out when the melee ends)" },
];

/** Multiplies damage that got through by a severity (Surface Damage adds half, rounded by switch). */
export function multiplied(through: number, severity: number, roundUp: boolean): number {
  const halves = CRITICAL_HALVES[severity]!;
  const twice = through * halves;
  return roundUp ? Math.ceil(twice / 2) : Math.floor(twice / 2);
}

/**
 * A critical of `by`'s blow against `target` with `through` damage past its protections, of
 * damage type `type`. Returns the hit points it loses (the multiplied damage, or what a Death
 * Blow takes). Its questions and rolls say the blow (engine/last-result.ts).
 */
export function critical(
  state: KarnState,
  ctx: RuleContext,
  by: Fighter,
  target: Fighter,
  through: number,
  type: number,
  what: () => string,
  /** What it strikes with, as its damage roll says it ("longsword"); none for fists. */
  weapon?: string,
): number {
  const column = criticalColumn(type);
  // The critical is the blow's damage (Critical Damage multiplies what got through): its
  // rolls say so, with the weapon, though the GM's ruling makes it a step of its own ("Chip
  // Calhoon hits Grub with the longsword", not "misses" while its SP roll waits).
  const blow: Blow = {
    attacker: by.id,
    target: target.id,
    damage: true,
    ...(weapon === undefined ? {} : { weapon }),
  };
  const ruling = ask<CriticalRuling>(ctx, "gm", "critical", {
    prompt: () =>
      `${what()} is critical (${through} damage got through, column ${column}): roll on the critical chart, or rule it?`,
    choices: () => RULINGS,
    situation: undefined,
    blow,
  });
  if (ruling === "double") {
    const loss = through * 2;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.critical,
        () => `the GM rules Double Damage: ${through} x2 = ${loss} to ${target.name}`,
      );
    }
    return loss;
  }
  const severity =
    ruling === "chart"
      ? ctx.roll(
          aimed(ctx, chartRoll(CRITICAL_BANDS[column]), by.id, target.id, "damage", weapon),
          label(ctx.explaining, () => `critical chart (${column}) for ${target.name}`, "critical"),
          "gm",
        )
      : CRITICALS.indexOf(ruling);
  const name = CRITICAL_NAMES[severity]!;
  let loss: number;
  if (severity === DEATH_BLOW) {
    const left = Math.min(-1, target.hp - 4 * through);
    loss = target.hp - left;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.critical,
        () =>
          `${name}: ${target.name} is left at ${left} HP (-1, or less if four times the ${through} damage would leave less)`,
      );
    }
  } else {
    loss = multiplied(through, severity, state.switches.surfaceRounding === "up");
    if (ctx.explaining) {
      const times = severity === SURFACE ? "x1.5" : severity <= DEEP_TISSUE ? "x2" : "x3";
      ctx.explain(
        SECTIONS.critical,
        () => `${name} (${times}): ${through} damage becomes ${loss} to ${target.name}`,
      );
    }
  }
  criticalStamina(state, ctx, blow, target, severity, name);
  if (severity === DEEP_TISSUE) {
    target.lasting += 1;
    target.skillPenalty += 10;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.critical,
        () =>
          `${name}: ${target.name} is -1 on all combat rolls and -10% on physical skills for over an hour: the rest of this fight`,
      );
    }
  }
  if (severity === INTERNAL || severity === CRIPPLING) injury(ctx, blow, target, severity, name);
  return loss;
}

function criticalStamina(
  state: KarnState,
  ctx: RuleContext,
  blow: Blow,
  target: Fighter,
  severity: number,
  name: string,
): void {
  const sp = CRITICAL_SP[severity];
  if (sp === null || sp === undefined) return;
  const n = loseStamina(state, ctx, target, sp, () => `SP lost by ${target.name} (${name})`, blow);
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.critical,
      () => `${name} also does ${n} SP damage: ${target.name} at ${target.sp} SP`,
    );
  }
}

/** Internal and crippling injuries: their lasting effects are the GM's. */
function injury(
  ctx: RuleContext,
  blow: Blow,
  target: Fighter,
  severity: number,
  name: string,
): void {
  const ruling = ask<InjuryRuling>(ctx, "gm", "injury", {
    prompt: () => `${name} to ${target.name}: what does the injury do in this fight?`,
    choices: () => INJURY_RULINGS,
    situation: severity,
    blow,
  });
  if (ruling === "minus-2") target.injury += 2;
  if (ruling === "out") target.disabled = true;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.critical, () => {
      const says = INJURY_RULINGS.find((r) => r.value === ruling)!.label;
      return `the GM rules ${target.name}'s ${name.toLowerCase()}: ${says}`;
    });
  }
}
