// What each viewer sees: the GM and a combatant's own side see everything; a side sees of its
// foes only their gear, how hurt they look and what is plain to see (a dropped weapon, a daze).
// The turn order is the melee's pairings (Combat Pairings), each playing its steps in turn.
import type {
  CombatantView,
  ConditionView,
  Detail,
  HealthBar,
  TurnEntry,
  TurnOrder,
  Viewer,
} from "../../engine/ruleset.js";
import { foeView, hurtLooks, viewsBySide } from "../../engine/views.js";
import { DROPPED, FLUNG, HELD, type Fighter, type KarnState } from "./state.js";

const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

function attacks(f: Fighter): string {
  return f.attacks
    .map((a, i) => {
      const lost =
        f.held[i] === DROPPED
          ? " (dropped)"
          : f.held[i] === FLUNG
            ? " (flung)"
            : f.held[i] !== HELD
              ? " (broken)"
              : "";
      return `${a.name}${lost}`;
    })
    .join(", ");
}

function gear(f: Fighter): Detail[] {
  return [
    { label: "Attacks", value: attacks(f) },
    { label: "Armour", value: f.armour === null ? "none" : f.armour.name },
  ];
}

function looks(f: Fighter): string {
  return f.status !== "fighting" ? f.status : hurtLooks(f.hp, f.maxHp);
}

/** Melees a condition lasting through melee `last` has left, this one included (0: none). */
function left(state: KarnState, last: number): number {
  return last > 0 && state.melee <= last ? last - state.melee + 1 : 0;
}

/** Conditions (Knock Out/Stun Called Shots, Fumble, Critical); `seen` keeps what foes see. */
function conditions(state: KarnState, f: Fighter, seen: boolean): ConditionView[] {
  const out: ConditionView[] = [];
  const timed = (id: string, label: string, last: number, note: string) => {
    const rounds = left(state, last);
    if (rounds > 0) out.push({ id, label, rounds, unit: "melee", note });
  };
  if (f.status === "unconscious")
    out.push({
      id: "unconscious",
      label: "unconscious",
      ...(f.wakeAt > 0 ? { note: `a RES check to wake at melee ${f.wakeAt}` } : {}),
    });
  timed("woozy", "woozy", f.woozyUntil, "-2 on combat actions, -20% on skills");
  timed("stunned", "stunned", f.stunUntil, "no initiative, -4 on combat actions");
  timed("turned-around", "all turned around", f.turnedUntil, "-1 on all rolls");
  if (f.blackedOut === state.melee && f.blackedOut > 0)
    out.push({
      id: "blacked-out",
      label: "blacked out",
      note: "no actions or defences this melee",
    });
  if (seen) return out;
  // A result's line says these as sentences: "Grub: a bad miss, -2 on its next action", where
  // it read "Grub: now bad miss".
  if (f.badMiss > 0)
    out.push({
      id: "bad-miss",
      label: "bad miss",
      note: `-${f.badMiss} on its next action`,
      begins: `a bad miss, -${f.badMiss} on its next action`,
      ends: "its bad miss is spent",
    });
  if (f.lasting > 0)
    out.push({
      id: "lasting",
      label: "lasting penalty",
      note: `-${f.lasting} on combat rolls`,
      begins: `a lasting penalty, -${f.lasting} on combat rolls`,
    });
  if (f.injury > 0)
    out.push({ id: "injury", label: "injured", note: `-${f.injury} on combat rolls` });
  return out;
}

function health(f: Fighter): HealthBar[] {
  const bars: HealthBar[] = [
    { label: "Hit points", value: f.hp, max: f.maxHp, unit: "HP" },
    { label: "Stamina", value: f.sp, max: f.maxSp, unit: "SP" },
  ];
  if (f.armour !== null && f.armour.hp > 0)
    bars.push({ label: "Armour", value: f.armourHp, max: f.armour.hp, unit: "armour HP" });
  return bars;
}

const orNone = (n: number | null) => (n === null ? "none" : signed(n));

function fullView(state: KarnState, f: Fighter): CombatantView {
  const end = f.status === "fighting" ? "" : `, ${f.status}`;
  const armour = f.armour === null ? "" : `, armour ${f.armourHp}/${f.armour.hp} HP`;
  const facing = f.facing >= 0 ? state.fighters[f.facing] : undefined;
  const details: Detail[] = [
    { label: "Actions", value: `${f.actions}` },
    { label: "Initiative", value: signed(f.initiative) },
    { label: "Strike", value: signed(f.strike) },
    { label: "Block", value: orNone(f.block) },
    { label: "Parry", value: orNone(f.parry) },
    { label: "Dodge", value: orNone(f.dodge) },
    { label: "Counterstrike", value: f.counterstrike ? "yes" : "no" },
    { label: "Damage bonus", value: signed(f.damageBonus) },
    { label: "ALT", value: `${f.alt}` },
    { label: "END", value: `${f.end}` },
    { label: "RES", value: `${f.res}%` },
    ...gear(f),
    { label: "Armour coverage (COV)", value: `${f.armour?.cov ?? 0}` },
  ];
  if (f.field > 0) details.push({ label: "Protective field", value: `${f.field} HP` });
  if (f.csp > 0) details.push({ label: "Combat skill points", value: `${f.csp}` });
  details.push({ label: "Faces", value: facing === undefined ? "no one" : facing.name });
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    status: `${f.hp}/${f.maxHp} HP, ${f.sp}/${f.maxSp} SP${armour}${end}`,
    out: f.status !== "fighting",
    ...(f.status === "fighting" ? {} : { outAs: f.status }),
    health: health(f),
    conditions: conditions(state, f, false),
    details,
  };
}

export function view(state: KarnState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.fighters.filter((f) => !f.removed),
    viewer,
    (f) => fullView(state, f),
    (f) =>
      foeView(f, f.status !== "fighting", looks(f), {
        conditions: conditions(state, f, true),
        details: gear(f),
      }),
  );
}

/**
 * Combat Pairings: those who face each other, directly or through others, form a pairing, and
 * the pairings play their melee one after another (first fighter of the file first). The one
 * the pending choice is for acts now; the pairings before its own are done.
 */
export function order(state: KarnState, acting: string | undefined): TurnOrder {
  const present = state.fighters.filter((f) => !f.removed);
  const fighting = present.filter((f) => f.status === "fighting");
  const parent = state.fighters.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  // One out of the fight is faced by no one: Chip "faced Snaga" into the next melee, Snaga down,
  // until the pairings formed again.
  const facedOf = (f: Fighter) => {
    const faced = state.fighters[f.facing];
    return faced?.status === "fighting" && !faced.removed ? faced : undefined;
  };
  for (const f of fighting) {
    const faced = facedOf(f);
    if (faced !== undefined) parent[find(f.index)] = find(faced.index);
  }
  const groups = new Map<number, Fighter[]>();
  for (const f of fighting) {
    const root = find(f.index);
    groups.set(root, [...(groups.get(root) ?? []), f]);
  }
  const all = [...groups.values()].sort((a, b) => a[0]!.index - b[0]!.index);
  // Before the melee's pairings form, a combatant facing no one stands alone.
  const pairings = all.filter((p) => p.length > 1);
  const alone = all.filter((p) => p.length === 1).flat();
  const now = pairings.findIndex((p) => p.some((f) => f.id === acting));
  const entries: TurnEntry[] = [];
  pairings.forEach((p, i) => {
    for (const f of p) {
      // One faced by another may face no one yet (an ambush's first answers): no note.
      const faced = facedOf(f);
      entries.push({
        id: f.id,
        state: f.id === acting ? "acting" : now >= 0 && i < now ? "done" : "waiting",
        ...(faced === undefined ? {} : { note: `faces ${faced.name}` }),
      });
    }
  });
  for (const f of alone) entries.push({ id: f.id, state: f.id === acting ? "acting" : "waiting" });
  for (const f of present)
    if (f.status !== "fighting") entries.push({ id: f.id, state: "out", note: f.status });
  return {
    round: state.melee,
    label: `Melee ${state.melee}`,
    entries,
    note:
      pairings.length === 0
        ? "the pairings form as the melee begins"
        : pairings.length === 1
          ? "one pairing"
          : `${pairings.length} pairings, one after another`,
  };
}
