// What each viewer sees: the GM sees everything; a side sees its own members in full and its foes
// only as the table would: their Injury Status (healthy, bruised, bloodied, incapacitated, dead),
// what they hold, where they stand and the conditions anyone can see.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantView, Viewer } from "../../engine/ruleset.js";
import { viewsBySide } from "../../engine/views.js";
import { injuryStatus } from "./procedures/injury.js";
import { shieldInUse, wielded } from "./procedures/derived.js";
import type { CombatantState, DooState } from "./state.js";

function flags(c: CombatantState): string[] {
  const f: string[] = [];
  if (c.stunned) f.push("stunned");
  if (c.prone) f.push("prone");
  if (c.blind > 0) f.push(c.blind === 2 ? "blind" : "blinded");
  if (c.lame) f.push("lame");
  if (c.blocking) f.push("shield block");
  if (c.status === "incapacitated" && c.bleeding) f.push("bleeding");
  return f;
}

function outWord(c: CombatantState): string {
  return c.status === "dead" ? "dead" : c.status === "fled" ? "left the fight" : "incapacitated";
}

function inHand(c: CombatantState): string {
  const w = wielded(c);
  if (w.natural) return "empty-handed";
  return w.ranged !== null && w.ranged.brawnReset > 0 && !w.loaded
    ? `${w.name} (not reset)`
    : w.name;
}

function fullView(c: CombatantState): CombatantView {
  const hp = `${c.hp}/${c.maxHp} HP`;
  const status =
    c.status !== "fighting"
      ? `${outWord(c)} (${hp})`
      : [`${hp}, ${c.ap} AP`, ...flags(c)].join(", ");
  const fields: JsonObject = {
    brawn: c.brawn,
    finesse: c.finesse,
    nerve: c.nerve,
    savvy: c.savvy,
    hp: c.hp,
    maxHp: c.maxHp,
    ap: c.ap,
    freeSteps: c.freeSteps,
    inHand: inHand(c),
    weapons: c.weapons
      .filter((w) => !w.natural)
      .map(
        (w) =>
          `${w.name} (${w.where}${w.where === "ground" ? ` at ${w.groundPos}` : ""}${w.count > 1 ? `, ${w.count}` : ""})`,
      ),
    shield: c.shield === null ? null : `${c.shield.name}${shieldInUse(c) ? "" : " (slung)"}`,
    armour: `${c.armour.name} (DR ${c.armour.dr})`,
    position: c.pos,
    characterPoints: c.cp,
    flags: flags(c),
  };
  return { id: c.id, name: c.name, side: c.side, status, out: c.status !== "fighting", fields };
}

function foeView(c: CombatantState): CombatantView {
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status: [injuryStatus(c), ...flags(c)].join(", "),
    out: c.status !== "fighting",
    fields: {
      inHand: inHand(c),
      shield: c.shield === null ? null : c.shield.name,
      armour: c.armour.name,
      position: c.pos,
    },
  };
}

export function view(state: DooState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(state.combatants, viewer, fullView, foeView);
}
