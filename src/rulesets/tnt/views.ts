// What each viewer sees: the GM and a combatant's own side see everything; a side sees of its
// foes only their gear, how hurt they look, and their ranges. The turn order is the initiative
// order rolled when the fight began (Combat ranges: "roll initiative").
import type {
  CombatantView,
  ConditionView,
  Detail,
  TurnOrder,
  Viewer,
} from "../../engine/ruleset.js";
import { foeView, hurtLooks, viewsBySide } from "../../engine/views.js";
import { inFight, rangeOf, type Fighter, type TntState } from "./state.js";

const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

/** The range to each foe still in the fight: "onset with Bob, melee with Cat". */
function ranges(state: TntState, f: Fighter): string {
  const out: string[] = [];
  for (const g of state.fighters) {
    if (g.side !== f.side && inFight(g) && inFight(f))
      out.push(`${rangeOf(state, f, g)} with ${g.name}`);
  }
  return out.length === 0 ? "none" : out.join(", ");
}

function weapon(f: Fighter): string {
  const w = f.weapon;
  const small = w.small ? ", small" : "";
  return `${w.name} (d${w.damageDie} ${w.damageType}, reach ${signed(w.reach)}, speed ${signed(w.speed)}, defence ${signed(w.defence)}, armour piercing ${w.armourPiercing}${small})`;
}

function gear(f: Fighter): Detail[] {
  return [
    { label: "Weapon", value: weapon(f) },
    { label: "Armour", value: `${f.armour.name} (DR ${f.armour.dr})` },
    {
      label: "Shield",
      value: f.shield === null ? "none" : `${f.shield.name} (defence ${signed(f.shield.defence)})`,
    },
  ];
}

function looks(f: Fighter): string {
  if (f.out) return "taken out";
  if (f.fled) return "fled";
  return hurtLooks(f.hp, f.maxHp);
}

/** What lasts on a combatant: dice lost to the blunt rider, dice set aside in anger. */
function conditions(f: Fighter): ConditionView[] {
  const out: ConditionView[] = [];
  if (f.lostDice > 0)
    out.push({
      id: "lost-dice",
      label: "lost combat dice",
      note: `${f.lostDice} for the rest of the fight (blunt)`,
      begins: `loses ${f.lostDice} combat ${f.lostDice === 1 ? "die" : "dice"} for the rest of the fight (blunt)`,
    });
  if (f.angerDice > 0)
    out.push({ id: "anger", label: "attacks in anger", note: `${f.angerDice} dice set aside` });
  return out;
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
    ...(inFight(f) ? {} : { outAs: looks(f) }),
    health: [{ label: "Hit points", value: f.hp, max: f.maxHp, unit: "HP" }],
    conditions: conditions(f),
    details: [
      { label: "Combat dice", value: `${f.pool} of ${dice} left this round` },
      { label: "Attack skill", value: signed(f.attackSkill) },
      { label: "Defence skill", value: signed(f.defenceSkill) },
      { label: "Damage bonus", value: signed(f.damageBonus) },
      { label: "CON save", value: `${f.conSave}` },
      ...gear(f),
      { label: "Ranges", value: ranges(state, f) },
    ],
  };
}

export function view(state: TntState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.fighters.filter((f) => !f.removed),
    viewer,
    (f) => fullView(state, f),
    (f) =>
      foeView(f, !inFight(f), looks(f), {
        conditions: [],
        details: [
          ...gear(f).map((d) => ({ label: d.label, value: d.value.replace(/ \(.*$/, "") })),
          { label: "Ranges", value: ranges(state, f) },
        ],
      }),
  );
}

/** The initiative order, rolled once when the fight begins; each takes its turn in it. */
export function order(state: TntState, acting: string | undefined): TurnOrder {
  const entries = state.order
    .map((i) => state.fighters[i]!)
    .filter((f) => !f.removed)
    .map((f) => ({
      id: f.id,
      state: !inFight(f)
        ? ("out" as const)
        : f.id === acting
          ? ("acting" as const)
          : f.acted
            ? ("done" as const)
            : ("waiting" as const),
      note: `${f.pool} combat ${f.pool === 1 ? "die" : "dice"}`,
    }));
  return {
    round: state.round,
    label: `Round ${state.round}`,
    entries,
    note: state.started ? "in initiative order" : "initiative is not rolled yet",
  };
}
