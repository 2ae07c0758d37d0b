// What each viewer sees: the GM everything; a side its own members in full and its foes as the
// table would ("unhurt", "wounded", "stunned"), with the gear they carry openly. An undetected
// invisible foe is not seen at all.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantView, Viewer } from "../../engine/ruleset.js";
import { viewsBySide } from "../../engine/views.js";
import { isStunned, surprisedNow } from "./procedures/field.js";
import type { Fighter, SwState } from "./state.js";

function flags(state: SwState, c: Fighter): string[] {
  const f: string[] = [];
  if (surprisedNow(state, c)) f.push("surprised");
  if (isStunned(state, c)) f.push("stunned");
  if (c.pinnedThrough >= state.round) f.push("pinned");
  if (c.fleshWounds > 0)
    f.push(`${c.fleshWounds} flesh ${c.fleshWounds === 1 ? "wound" : "wounds"}`);
  if (c.embedded.length > 0)
    f.push(`${c.embedded.length} missile${c.embedded.length === 1 ? "" : "s"} in the wound`);
  if (c.routed) f.push("fleeing");
  if (c.invisible) f.push("invisible");
  return f;
}

function gear(c: Fighter): string[] {
  return c.weapons
    .filter((w) => !w.unarmed)
    .map((w) => `${w.name}${w.magic > 0 ? ` +${w.magic}` : ""}${w.dropped ? " (dropped)" : ""}`);
}

function fullView(state: SwState, c: Fighter): CombatantView {
  const hp = `${c.hp}/${c.maxHp} HP${c.subdual > 0 ? ` (${c.subdual} subdual)` : ""}`;
  const status = [c.status === "fighting" ? hp : `${c.status} (${hp})`, ...flags(state, c)].join(
    ", ",
  );
  const fields: JsonObject = {
    kind: c.kind,
    level: c.level,
    hitDice: c.hitDice,
    bcb: c.bcb,
    split: `+${c.bcbAttack} to hit / +${c.bcbAc} to AC${c.fullDefence ? ", fighting defensively" : ""}`,
    ac: c.baseAc,
    hp: c.hp,
    maxHp: c.maxHp,
    con: c.con,
    save: c.save,
    initiativeDie: `d${c.initDie}`,
    penalty: c.penalty,
    weapons: gear(c),
    spells: c.spells.map((m) => `${m.name} (${m.uses})`),
    wands: c.wands.map((m) => `${m.name} (${m.uses})`),
    position: c.pos,
    flags: flags(state, c),
  };
  return { id: c.id, name: c.name, side: c.side, status, out: c.status !== "fighting", fields };
}

function vague(state: SwState, c: Fighter): string {
  if (c.status !== "fighting") return c.status === "knocked-out" ? "knocked out" : c.status;
  const shown = flags(state, c).filter((f) => f !== "invisible");
  const health =
    c.hp >= c.maxHp
      ? "unhurt"
      : c.hp * 2 >= c.maxHp
        ? "wounded"
        : c.hp > 0
          ? "badly wounded"
          : "barely standing";
  return [health, ...shown].join(", ");
}

function foeView(state: SwState, c: Fighter): CombatantView {
  if (c.undetected && c.status === "fighting")
    return { id: c.id, name: c.name, side: c.side, status: "unseen", out: false, fields: {} };
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status: vague(state, c),
    out: c.status !== "fighting",
    fields: { weapons: gear(c), position: c.pos },
  };
}

export function view(state: SwState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.combatants,
    viewer,
    (c) => fullView(state, c),
    (c) => foeView(state, c),
  );
}
