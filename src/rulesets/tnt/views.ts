// What each viewer sees: the GM and a combatant's own side see everything; a side sees of its
// foes only their gear, how hurt they look, and their ranges.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantView, Viewer } from "../../engine/ruleset.js";
import { foeView, hurtLooks, viewsBySide } from "../../engine/views.js";
import { inFight, rangeOf, type Fighter, type TntState } from "./state.js";

function ranges(state: TntState, f: Fighter): JsonObject {
  const out: Record<string, string> = {};
  for (const g of state.fighters) {
    if (g.side !== f.side && inFight(g) && inFight(f)) out[g.id] = rangeOf(state, f, g);
  }
  return out;
}

function gear(f: Fighter): string {
  const shield = f.shield === null ? "" : `, ${f.shield.name}`;
  return `${f.weapon.name}, ${f.armour.name}${shield}`;
}

function looks(f: Fighter): string {
  if (f.out) return "taken out";
  if (f.fled) return "fled";
  return hurtLooks(f.hp, f.maxHp);
}

function fullView(state: TntState, f: Fighter): CombatantView {
  const dice = Math.max(0, f.combatDice - f.lostDice);
  const end = f.out ? ", taken out" : f.fled ? ", fled" : "";
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    status: `${f.hp}/${f.maxHp} HP, ${f.pool}/${dice} combat dice${end}`,
    out: !inFight(f),
    fields: {
      hp: f.hp,
      maxHp: f.maxHp,
      pool: f.pool,
      combatDice: f.combatDice,
      lostDice: f.lostDice,
      attackSkill: f.attackSkill,
      defenceSkill: f.defenceSkill,
      damageBonus: f.damageBonus,
      conSave: f.conSave,
      gear: gear(f),
      weapon: f.weapon as unknown as JsonObject,
      armourDr: f.armour.dr,
      shieldDefence: f.shield === null ? 0 : f.shield.defence,
      ranges: ranges(state, f),
    },
  };
}

export function view(state: TntState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.fighters,
    viewer,
    (f) => fullView(state, f),
    (f) => foeView(f, !inFight(f), gear(f), looks(f), { ranges: ranges(state, f) }),
  );
}
