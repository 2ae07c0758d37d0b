// Effects of Mighty Blows: a natural 20 that would have hit anyway. The victim rolls a d20 for
// effect and a saving throw together (one roll answering the band the effect lands in: see
// rolls.ts); a successful save takes one off the effect and one more per point it is made by
// (switch `mightyBlowSave` for the Blogo example's reading), a natural 20 negates it. Then the
// band's effect: flesh wounds (-2 on attacks and saves), stuns, saves against being taken out or
// killed, and the CON column.
import { aimed, type RuleContext } from "../../../engine/choice.js";
import {
  CRUSHING,
  DEADLY,
  FLESH_WOUND,
  INCAPACITATING,
  MANGLED,
  mightyBlowRow,
  NEGATED,
  OOF,
  type Band,
} from "../data/charts.js";
import { DEFAULTS } from "../data/defaults.js";
import { FAILED, mightyBlowRoll, saveRoll } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, SwState } from "../state.js";
import { conDamage, saveNeed } from "./damage.js";
import { stun, takeOut } from "./status.js";

/** Who rolls on the chart (switch `mightyBlowsFor`). */
export function takesMightyBlows(state: SwState, f: Fighter): boolean {
  return state.switches.mightyBlowsFor === "everyone" || f.sheet.kind === "character";
}

/** A flesh wound: -2 on attacks and saves (switch `fleshWounds`: whether they add up). */
export function fleshWound(state: SwState, f: Fighter): void {
  if (f.fleshWounds === 0 || state.switches.fleshWounds === "stack")
    f.penalty += DEFAULTS.woundPenalty;
  f.fleshWounds += 1;
}

/** `f`'s save against what `attacker`'s blow did to it. */
function saveAgainst(ctx: RuleContext, attacker: Fighter, f: Fighter, what: string): boolean {
  const need = saveNeed(f);
  return (
    ctx.roll(
      aimed(ctx, saveRoll(need), attacker.id, f.id),
      ctx.explaining ? `${f.name}'s save against ${what} (needs ${need})` : "save",
      f.id,
    ) !== FAILED
  );
}

export function mightyBlow(
  state: SwState,
  attacker: Fighter,
  victim: Fighter,
  ctx: RuleContext,
): Band {
  const sw = state.switches;
  const need = saveNeed(victim);
  const band = ctx.roll(
    aimed(
      ctx,
      mightyBlowRoll(
        need,
        attacker.sheet.critBonus,
        sw.mightyBlowSave,
        sw.mightyBlowNatural1 === "maximum",
      ),
      attacker.id,
      victim.id,
    ),
    ctx.explaining
      ? // The victim's roll, not a blow it struck ("Blogo's Mighty Blow" read so); the attacker
        // unnamed, as the blow's line names it: the numbers of a text that names a foe are
        // taken for the foe's, and the victim's side would lose its own dice (player-result.ts).
        `${victim.name}'s effect and save against the Mighty Blow: the effect die${attacker.sheet.critBonus > 0 ? ` (+ ${attacker.sheet.critBonus})` : ""} then the save die (needs ${need})`
      : "mighty blow",
    victim.id,
  ) as Band;
  const row = mightyBlowRow(band);
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.mightyBlows,
      () =>
        row === undefined
          ? `${victim.name}'s save negates the critical entirely`
          : `${victim.name}'s effect after the save is ${row.from === row.to ? row.from : `${row.from}-${row.to > 100 ? "up" : row.to}`}: ${row.name}`,
      { victim: victim.id, band },
    );
  }
  if (band === NEGATED || row === undefined) return band;
  switch (band) {
    case FLESH_WOUND:
      fleshWound(state, victim);
      break;
    case OOF:
      stun(state, victim, state.round, 3);
      fleshWound(state, victim);
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.mightyBlows,
          () => `${victim.name} is stunned for 1d3 rounds and has a flesh wound (-2)`,
        );
      break;
    case CRUSHING: {
      stun(state, victim, state.round, 6);
      fleshWound(state, victim);
      const saved = saveAgainst(ctx, attacker, victim, "being taken out of the fight");
      if (!saved) takeOut(state, victim, "down");
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.mightyBlows,
          () =>
            `${victim.name} is stunned for 1d6 rounds, has a flesh wound, and ${saved ? "saves: it stays in the fight" : "fails its save: out of the fight until healed"}`,
        );
      break;
    }
    case INCAPACITATING: {
      takeOut(state, victim, "down");
      const saved = saveAgainst(ctx, attacker, victim, "death");
      if (!saved) takeOut(state, victim, "dead");
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.mightyBlows,
          () =>
            `${victim.name} is out of the fight until healed, and ${saved ? "saves against death" : "fails its save against death: dead"}`,
        );
      break;
    }
    case DEADLY:
    case MANGLED:
      takeOut(state, victim, "dead");
      break;
  }
  if (victim.status !== "dead")
    conDamage(state, victim, row.con < 0 ? victim.con : row.con, ctx, SECTIONS.mightyBlows);
  else victim.con = row.con < 0 ? 0 : Math.max(0, victim.con - row.con);
  return band;
}
