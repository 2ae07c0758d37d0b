// What each viewer sees: the GM sees everything; a side sees its own members in full and its foes
// only as the table would ("fresh", "tiring", "wounded"), with what they carry openly. A
// concealed foe is not seen at all. Health is stamina then injury slots (Resolving Combat); the
// turn order is the side that won the initiative die, then the other (Determining Turn Order).
import type {
  CombatantView,
  ConditionView,
  Detail,
  Place,
  TurnEntry,
  TurnOrder,
  Viewer,
} from "../../engine/ruleset.js";
import { foeView, unseenFoe, viewsBySide } from "../../engine/views.js";
import { atFeet, meleeReach } from "./procedures/field.js";
import { weaponName } from "./procedures/weapon-name.js";
import type { CartyrionState, CombatantState, WeaponState } from "./state.js";

/** The conditions a combatant is under; `seen` keeps only what its foes can see. */
function conditions(state: CartyrionState, c: CombatantState, seen: boolean): ConditionView[] {
  const out: ConditionView[] = [];
  const name = (id: string) => state.combatants.find((x) => x.id === id)?.name ?? id;
  // Surprise costs a turn: nothing to say of one out of the fight (a dead goblin "surprised").
  if (c.surprised && c.status === "fighting")
    out.push({ id: "surprised", label: "surprised", note: "no turn this round" });
  if (c.concealed && !seen) out.push({ id: "concealed", label: "concealed" });
  if (c.parry !== "")
    out.push({ id: "parrying", label: "parrying", note: `with the ${c.parry}, until its turn` });
  if (c.heldBy !== "") out.push({ id: "held", label: "held", note: `by ${name(c.heldBy)}` });
  if (c.withdrawing) out.push({ id: "withdrawing", label: "withdrawing" });
  if (c.aimAt !== "" && !seen)
    out.push({ id: "aiming", label: "taking aim", note: `at ${name(c.aimAt)}` });
  // Power Attacks, Parrying with a Weapon: a broken weapon is unusable for the rest of the
  // fight; a badge on the card, and the blow that broke it says so among its changes.
  for (const w of c.weapons)
    if (w.carried === "broken")
      out.push({
        id: `broken:${w.id}`,
        label: `${weaponName(w)} broken`,
        note: "unusable",
        begins: `its ${weaponName(w)} breaks`,
      });
  return out;
}

function outWord(c: CombatantState): string {
  return c.status === "dead" ? "dead" : c.status === "fled" ? "withdrew" : "down";
}

function inHand(c: CombatantState): WeaponState | undefined {
  return c.weapons.find((x) => x.carried === "hand");
}

function inHandText(c: CombatantState): string {
  const w = inHand(c);
  return w === undefined ? "empty-handed" : weaponName(w);
}

const WHERE: Readonly<Record<WeaponState["carried"], string>> = {
  hand: "in hand",
  ready: "ready",
  pack: "in the pack",
  ground: "dropped",
  broken: "broken",
};

function weaponText(w: WeaponState): string {
  const unloaded = w.reload && !w.loaded ? ", unloaded" : "";
  const count = w.count > 1 ? `, ${w.count}` : "";
  return `${weaponName(w)} (d${w.die} ${w.kind}, ${WHERE[w.carried]}${unloaded}${count})`;
}

const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

function place(c: CombatantState): Place {
  const reach = meleeReach(c);
  return { at: c.pos, reach, label: `${atFeet(c.pos)}, reach ${reach} ft` };
}

function fullView(state: CartyrionState, c: CombatantState): CombatantView {
  const health = `${c.stamina}/${c.maxStamina} SP, ${c.injuries}/${c.slots} injuries`;
  const shown = conditions(state, c, false);
  const status =
    c.status !== "fighting"
      ? `${outWord(c)}: ${health}`
      : [health, ...shown.map((k) => k.label)].join(", ");
  const w = inHand(c);
  const details: Detail[] = [
    { label: "Level", value: `${c.level}` },
    {
      label: "Damage dice",
      value: w === undefined ? `${c.dice} dice of the weapon drawn` : `${c.dice}d${w.die}`,
    },
    { label: "STR", value: signed(c.str) },
    { label: "DEX", value: signed(c.dex) },
    { label: "AWA", value: signed(c.awa) },
    { label: "Move", value: `${c.move} ft` },
    { label: "Armour points", value: String(c.armour) },
    {
      label: "Shield",
      value:
        c.shield === null
          ? "none"
          : `${c.shield.name} (${c.shield.left} of ${c.shield.durability} left)`,
    },
    { label: "Weapon in hand", value: inHandText(c) },
    { label: "Weapons", value: c.weapons.map(weaponText).join(", ") },
  ];
  if (c.spells.length > 0)
    details.push({
      label: "Spells",
      value: c.spells.map((s) => `${s.name} (${s.uses} left)`).join(", "),
    });
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status,
    out: c.status !== "fighting",
    ...(c.status === "fighting" ? {} : { outAs: outWord(c) }),
    health: [
      { label: "Stamina", value: c.stamina, max: c.maxStamina, unit: "SP" },
      { label: "Injuries", value: c.injuries, max: c.slots, unit: "injuries", fillsUp: true },
    ],
    conditions: shown,
    details,
    place: place(c),
  };
}

/** How a foe looks from across the field. */
function vagueStatus(c: CombatantState): string {
  if (c.status !== "fighting") return outWord(c);
  if (c.injuries > 0) return c.injuries * 2 >= c.slots ? "badly wounded" : "wounded";
  if (c.stamina === 0) return "exhausted";
  if (c.stamina * 2 < c.maxStamina) return "tiring";
  return c.stamina < c.maxStamina ? "winded" : "fresh";
}

function asFoe(state: CartyrionState, c: CombatantState): CombatantView {
  if (c.concealed && c.status === "fighting") return unseenFoe(c);
  const visible = conditions(state, c, true);
  return foeView(
    c,
    c.status !== "fighting",
    [vagueStatus(c), ...visible.map((k) => k.label)].join(", "),
    {
      conditions: visible,
      details: [
        { label: "Weapon in hand", value: inHandText(c) },
        { label: "Shield", value: c.shield === null ? "none" : c.shield.name },
      ],
      place: place(c),
    },
  );
}

export function view(state: CartyrionState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.combatants.filter((c) => c.status !== "removed"),
    viewer,
    (c) => fullView(state, c),
    (c) => asFoe(state, c),
  );
}

/**
 * Determining Turn Order: the side that won the round's initiative die acts first, then the
 * other; within a side, the side picks who goes next (so those still waiting are in file order).
 * Before the die is rolled, the party is drawn first.
 */
export function order(state: CartyrionState, acting: string | undefined): TurnOrder {
  const present = state.combatants.filter((c) => c.status !== "removed");
  const progress = state.progress;
  const partyFirst = progress?.partyFirst ?? true;
  const camps = [
    present.filter((c) => c.party === partyFirst),
    present.filter((c) => c.party !== partyFirst),
  ];
  const entries: TurnEntry[] = [];
  camps.forEach((camp, i) => {
    // The first camp is done once the second has begun; in the camp under way, those listed.
    const done = (c: CombatantState) =>
      c.surprised ||
      (progress !== null &&
        (i < progress.sidesDone || (i === progress.sidesDone && progress.acted.includes(c.id))));
    const rank = (c: CombatantState) =>
      c.status !== "fighting" ? 3 : done(c) ? 0 : c.id === acting ? 1 : 2;
    for (const c of [...camp].sort((a, b) => rank(a) - rank(b))) {
      const now =
        c.status !== "fighting" ? "out" : c.id === acting ? "acting" : done(c) ? "done" : "waiting";
      entries.push(
        c.surprised && c.status === "fighting"
          ? { id: c.id, state: now, note: "surprised: no turn this round" }
          : { id: c.id, state: now },
      );
    }
  });
  const note =
    progress === null
      ? "the initiative die is not rolled yet"
      : `${progress.partyFirst ? "the party acts" : "the opponents act"} first`;
  return { round: state.round, label: `Round ${state.round}`, entries, note };
}
