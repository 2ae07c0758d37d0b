// What each viewer sees: the GM sees everything; a side sees its own members in full and its foes
// only as the table would ("fresh", "tiring", "wounded"), with what they carry openly. A
// concealed foe is not seen at all.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantView, Viewer } from "../../engine/ruleset.js";
import { viewsBySide } from "../../engine/views.js";
import type { CartyrionState, CombatantState } from "./state.js";
import { weaponName } from "./procedures/weapon-name.js";

function flags(c: CombatantState): string[] {
  const f: string[] = [];
  if (c.surprised) f.push("surprised");
  if (c.concealed) f.push("concealed");
  if (c.parry !== "") f.push(`parrying (${c.parry})`);
  if (c.heldBy !== "") f.push("held");
  if (c.withdrawing) f.push("withdrawing");
  return f;
}

function outWord(c: CombatantState): string {
  return c.status === "dead" ? "dead" : c.status === "fled" ? "withdrew" : "down";
}

function inHand(c: CombatantState): string {
  const w = c.weapons.find((x) => x.carried === "hand");
  return w === undefined ? "empty-handed" : weaponName(w);
}

function fullView(c: CombatantState): CombatantView {
  const status =
    c.status !== "fighting"
      ? `${outWord(c)} (${c.stamina}/${c.maxStamina} SP, ${c.injuries}/${c.slots} injuries)`
      : [`${c.stamina}/${c.maxStamina} SP, ${c.injuries}/${c.slots} injuries`, ...flags(c)].join(
          ", ",
        );
  const fields: JsonObject = {
    level: c.level,
    damageDice: c.dice,
    str: c.str,
    dex: c.dex,
    awa: c.awa,
    move: c.move,
    stamina: c.stamina,
    maxStamina: c.maxStamina,
    injuries: c.injuries,
    injurySlots: c.slots,
    armour: c.armour,
    shield: c.shield === null ? null : `${c.shield.name} ${c.shield.left}/${c.shield.durability}`,
    inHand: inHand(c),
    weapons: c.weapons.map(
      (w) =>
        `${weaponName(w)} (d${w.die} ${w.kind}, ${w.carried}${w.reload && !w.loaded ? ", unloaded" : ""})`,
    ),
    position: c.pos,
    flags: flags(c),
  };
  return { id: c.id, name: c.name, side: c.side, status, out: c.status !== "fighting", fields };
}

/** How a foe looks from across the field. */
function vagueStatus(c: CombatantState): string {
  if (c.status !== "fighting") return outWord(c);
  if (c.injuries > 0) return c.injuries * 2 >= c.slots ? "badly wounded" : "wounded";
  if (c.stamina === 0) return "exhausted";
  if (c.stamina * 2 < c.maxStamina) return "tiring";
  return c.stamina < c.maxStamina ? "winded" : "fresh";
}

function foeView(c: CombatantState): CombatantView {
  if (c.concealed && c.status === "fighting") {
    return { id: c.id, name: c.name, side: c.side, status: "unseen", out: false, fields: {} };
  }
  const visible = flags(c).filter((f) => f !== "concealed");
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status: [vagueStatus(c), ...visible].join(", "),
    out: c.status !== "fighting",
    fields: {
      inHand: inHand(c),
      shield: c.shield === null ? null : c.shield.name,
      position: c.pos,
    },
  };
}

export function view(state: CartyrionState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(state.combatants, viewer, fullView, foeView);
}
