// What each viewer sees: the GM and a combatant's own side see everything; a side sees of its
// foes only their gear, how hurt they look and what is plain to see (a dropped weapon, a daze).
import type { JsonObject } from "../../engine/json.js";
import type { CombatantView, Viewer } from "../../engine/ruleset.js";
import { foeView, hurtLooks, viewsBySide } from "../../engine/views.js";
import { conditionWords } from "./procedures/conditions.js";
import { DROPPED, FLUNG, HELD, type Fighter, type KarnState } from "./state.js";

function gear(f: Fighter): string {
  const attacks = f.attacks.map((a, i) => {
    const lost =
      f.held[i] === DROPPED
        ? " (dropped)"
        : f.held[i] === FLUNG
          ? " (flung)"
          : f.held[i] !== HELD
            ? " (broken)"
            : "";
    return `${a.name}${lost}`;
  });
  return `${attacks.join(", ")}; ${f.armour === null ? "no armour" : f.armour.name}`;
}

function looks(f: Fighter): string {
  return f.status !== "fighting" ? f.status : hurtLooks(f.hp, f.maxHp);
}

function fullView(state: KarnState, f: Fighter): CombatantView {
  const end = f.status === "fighting" ? "" : `, ${f.status}`;
  const armour = f.armour === null ? "" : `, armour ${f.armourHp}/${f.armour.hp} HP`;
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    status: `${f.hp}/${f.maxHp} HP, ${f.sp}/${f.maxSp} SP${armour}${end}`,
    out: f.status !== "fighting",
    fields: {
      hp: f.hp,
      maxHp: f.maxHp,
      sp: f.sp,
      maxSp: f.maxSp,
      actions: f.actions,
      initiative: f.initiative,
      strike: f.strike,
      block: f.block,
      parry: f.parry,
      dodge: f.dodge,
      counterstrike: f.counterstrike,
      alt: f.alt,
      end: f.end,
      res: f.res,
      armourHp: f.armourHp,
      cov: f.armour?.cov ?? 0,
      field: f.field,
      csp: f.csp,
      gear: gear(f),
      conditions: conditionWords(state, f).join(", "),
      facing: f.facing >= 0 ? state.fighters[f.facing]!.id : "",
    } satisfies JsonObject,
  };
}

export function view(state: KarnState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.fighters,
    viewer,
    (f) => fullView(state, f),
    (f) =>
      foeView(f, f.status !== "fighting", gear(f), looks(f), {
        conditions: conditionWords(state, f).join(", "),
      }),
  );
}
