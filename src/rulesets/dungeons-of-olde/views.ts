// What each viewer sees: the GM sees everything; a side sees its own members in full and its foes
// only as the table would: their Injury Status (healthy, bruised, bloodied, incapacitated, dead),
// what they hold, where they stand and the conditions anyone can see. The turn order is the
// action phase's (Turns and Phases): in each of its rounds, most action points first.
import type {
  CombatantView,
  ConditionView,
  Detail,
  Place,
  TurnEntry,
  TurnOrder,
  Viewer,
} from "../../engine/ruleset.js";
import { foeView, viewsBySide } from "../../engine/views.js";
import { injuryStatus } from "./procedures/injury.js";
import { atSpace, shieldInUse, wielded } from "./procedures/derived.js";
import type { CombatantState, DooState, WeaponState } from "./state.js";

/**
 * Conditions anyone can see (all of them are: Conditions, core rules) in turn `turn`. Surprise
 * counts in the first turn only (its 1 action point): the flag stays on the combatant after it.
 */
function conditions(c: CombatantState, turn: number): ConditionView[] {
  const out: ConditionView[] = [];
  if (c.steady.surprised && turn <= 1)
    out.push({ id: "surprised", label: "surprised", note: "1 action point in the first turn" });
  if (c.steady.stunned)
    out.push({ id: "stunned", label: "stunned", note: "until the reset phase" });
  if (c.prone) out.push({ id: "prone", label: "prone" });
  if (c.steady.blind === 1)
    out.push({ id: "blinded", label: "blinded", note: "until the reset phase" });
  if (c.steady.blind === 2)
    out.push({ id: "blind", label: "blind", note: "for the rest of the fight" });
  if (c.steady.lame) out.push({ id: "lame", label: "lame", note: "no free steps" });
  if (c.steady.blocking)
    out.push({
      id: "shield-block",
      label: "shield block",
      note: "+2 Defense against melee until the reset phase",
      begins: "blocks with its shield (+2 Defense against melee until the reset phase)",
      ends: "no longer blocks with its shield",
    });
  if (c.steady.withdrawing) out.push({ id: "withdrawing", label: "withdrawing" });
  if (c.status === "incapacitated" && c.steady.bleeding)
    out.push({
      id: "bleeding",
      label: "bleeding",
      note: "loses 1 HP at every reset phase",
      hurts: "bleeds",
    });
  // A broken weapon (Critical Outcomes in Combat): gone for the rest of the fight; a
  // badge on the card, and the blow that broke it says so among its changes.
  for (const w of c.steady.weapons)
    if (w.where === "broken")
      out.push({
        id: `broken:${w.id}`,
        label: `${w.name} broken`,
        note: "unusable",
        begins: `its ${w.name} breaks`,
      });
  return out;
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

const WHERE: Readonly<Record<WeaponState["where"], string>> = {
  hand: "in hand",
  carried: "carried",
  ground: "on the ground",
  broken: "broken",
  gone: "gone",
};

function weaponText(w: WeaponState): string {
  const at = w.where === "ground" ? ` ${atSpace(w.groundPos)}` : "";
  const count = w.count > 1 ? `, ${w.count}` : "";
  return `${w.name} (${WHERE[w.where]}${at}${count})`;
}

function place(c: CombatantState): Place {
  const m = wielded(c).melee;
  const reach = m === null ? 0 : m.reachMax;
  return { at: c.pos, reach, label: `${atSpace(c.pos)}, reach ${reach}` };
}

function shieldText(c: CombatantState): string {
  return c.steady.sheet.shield === null
    ? "none"
    : `${c.steady.sheet.shield.name}${shieldInUse(c) ? "" : " (slung)"}`;
}

function fullView(c: CombatantState, turn: number): CombatantView {
  const hp = `${c.hp}/${c.steady.sheet.maxHp} HP`;
  const shown = conditions(c, turn);
  const status =
    c.status !== "fighting"
      ? `${outWord(c)}: ${hp}`
      : [`${hp}, ${c.ap} AP`, ...shown.map((k) => k.label)].join(", ");
  const details: Detail[] = [
    { label: "Brawn", value: `${c.steady.sheet.brawn}` },
    { label: "Finesse", value: `${c.steady.sheet.finesse}` },
    { label: "Nerve", value: `${c.steady.sheet.nerve}` },
    { label: "Savvy", value: `${c.steady.sheet.savvy}` },
    { label: "Action points", value: `${c.ap}` },
    { label: "Free steps", value: `${c.freeSteps} of ${c.steady.sheet.freeStepsMax}` },
    { label: "Weapon in hand", value: inHand(c) },
    {
      label: "Weapons",
      value:
        c.steady.weapons
          .filter((w) => !w.natural)
          .map(weaponText)
          .join(", ") || "none",
    },
    { label: "Shield", value: shieldText(c) },
    { label: "Armour", value: `${c.steady.sheet.armour.name} (DR ${c.steady.sheet.armour.dr})` },
  ];
  if (c.steady.sheet.party) details.push({ label: "Character points", value: `${c.cp}` });
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status,
    out: c.status !== "fighting",
    ...(c.status === "fighting" ? {} : { outAs: outWord(c) }),
    health: [{ label: "Hit points", value: c.hp, max: c.steady.sheet.maxHp, unit: "HP" }],
    conditions: shown,
    details,
    place: place(c),
  };
}

function asFoe(c: CombatantState, turn: number): CombatantView {
  const shown = conditions(c, turn);
  return foeView(
    c,
    c.status !== "fighting",
    [injuryStatus(c), ...shown.map((k) => k.label)].join(", "),
    {
      conditions: shown,
      details: [
        { label: "Weapon in hand", value: inHand(c) },
        {
          label: "Shield",
          value: c.steady.sheet.shield === null ? "none" : c.steady.sheet.shield.name,
        },
        { label: "Armour", value: c.steady.sheet.armour.name },
      ],
      place: place(c),
    },
  );
}

export function view(state: DooState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.combatants.filter((c) => !c.steady.removed),
    viewer,
    (c) => fullView(c, state.turn),
    (c) => asFoe(c, state.turn),
  );
}

/**
 * Turns and Phases: in each round of the action phase everyone with action points acts once,
 * most AP first (then Finesse, then the file's order); the phase ends once nobody acts.
 */
export function order(state: DooState, acting: string | undefined): TurnOrder {
  const present = state.combatants.filter((c) => !c.steady.removed);
  const done = (c: CombatantState) =>
    c.ap <= 0 || c.steady.stunned || (state.actionRound > 0 && c.actedIn === state.actionRound);
  const rank = (c: CombatantState) =>
    c.status !== "fighting" ? 3 : c.id === acting ? 1 : done(c) ? 0 : 2;
  const entries: TurnEntry[] = [...present]
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        b.ap - a.ap ||
        b.steady.sheet.finesse - a.steady.sheet.finesse ||
        a.steady.sheet.order - b.steady.sheet.order,
    )
    .map((c) => ({
      id: c.id,
      state:
        c.status !== "fighting" ? "out" : c.id === acting ? "acting" : done(c) ? "done" : "waiting",
      note: `${c.ap} AP`,
    }));
  return {
    round: state.turn,
    label: `Turn ${state.turn}`,
    entries,
    note:
      state.actionRound > 0
        ? `action phase, round ${state.actionRound}: most action points first`
        : "reset phase: action points are rolled",
  };
}
