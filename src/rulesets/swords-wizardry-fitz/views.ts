// What each viewer sees: the GM everything; a side its own members in full and its foes as the
// table would ("unhurt", "wounded", "stunned"), with the gear they carry openly. An undetected
// invisible foe is not seen at all. The turn order is the round's countdown (Order of Battle):
// each attack's initiative count, highest first.
import type {
  CombatantView,
  ConditionView,
  Detail,
  HealthBar,
  Place,
  TurnEntry,
  TurnOrder,
  Viewer,
} from "../../engine/ruleset.js";
import { foeView, unseenFoe, viewsBySide } from "../../engine/views.js";
import { ARMOUR } from "./data/armour.js";
import { isPinned, isStunned, meleeReach, surprisedNow } from "./procedures/field.js";
import { noSpellThisSegment } from "./procedures/magic.js";
import { wallNeighbours } from "./procedures/shield-wall.js";
import type { Fighter, SwState } from "./state.js";

const STATUS: Readonly<Record<Fighter["status"], string>> = {
  fighting: "fighting",
  "knocked-out": "knocked out",
  down: "down",
  subdued: "subdued",
  dead: "dead",
  fled: "fled",
  surrendered: "surrendered",
};

/** Rounds left of a condition lasting through round `through`, this one included. */
const left = (state: SwState, through: number) => Math.max(1, through - state.round + 1);

/** Conditions that last (procedures/status.ts); `seen` keeps what its foes can see. */
function conditions(state: SwState, c: Fighter, seen: boolean): ConditionView[] {
  const out: ConditionView[] = [];
  const timed = (id: string, label: string, through: number, die: number, note: string) =>
    out.push(
      die > 0
        ? { id, label, note: `${note}; 1d${die} rounds, rolled next round` }
        : { id, label, rounds: left(state, through), note },
    );
  if (surprisedNow(state, c))
    out.push({ id: "surprised", label: "surprised", rounds: left(state, c.steady.surprisedFor) });
  if (isStunned(state, c) || c.stunDie > 0)
    timed("stunned", "stunned", c.stunnedThrough, c.stunDie, "cannot act");
  if (c.status === "knocked-out")
    timed(
      "knocked-out",
      "knocked out",
      c.steady.knockoutThrough,
      c.steady.knockoutDie,
      "unconscious",
    );
  if (c.steady.blindThrough >= state.round || c.steady.blindDie > 0)
    timed("blinded", "blinded", c.steady.blindThrough, c.steady.blindDie, "helmet over the eyes");
  if (isPinned(state, c))
    out.push({ id: "pinned", label: "pinned", rounds: left(state, c.steady.pinnedThrough) });
  if (c.steady.proneRound >= state.round)
    out.push({ id: "prone", label: "prone", note: "gets up with half its move" });
  if (c.steady.routed) out.push({ id: "fleeing", label: "fleeing" });
  // Shield-wall: its neighbours' shields and its own against the front, while the wall holds.
  const neighbours = wallNeighbours(state, c);
  if (neighbours > 0)
    out.push({
      id: "shield-wall",
      label: "in a shield-wall",
      note: `+${neighbours + 1} AC from the front, no DEX bonus`,
    });
  if (c.fleshWounds > 0)
    out.push({
      id: "flesh-wounds",
      label: `${c.fleshWounds} flesh ${c.fleshWounds === 1 ? "wound" : "wounds"}`,
      note: `-${c.penalty} to attacks and saves`,
    });
  if (c.steady.embedded.length > 0)
    out.push({
      id: "missiles",
      label: `${c.steady.embedded.length} missile${c.steady.embedded.length === 1 ? "" : "s"} in the wound`,
    });
  if (c.steady.invisible && !seen) out.push({ id: "invisible", label: "invisible" });
  // Fighting on is over once it is dead or down: Tam's card read "dead: -11/9 HP" with it.
  if (c.steady.fightingOn && !seen && c.status === "fighting")
    out.push({ id: "fighting-on", label: "fighting on", note: "saved versus death at 0 HP" });
  return out;
}

function weapons(c: Fighter): string {
  const shown = c.steady.weapons.filter((w) => !w.unarmed);
  if (shown.length === 0) return "unarmed";
  return shown
    .map((w) => `${w.name}${w.magic > 0 ? ` +${w.magic}` : ""}${w.dropped ? " (dropped)" : ""}`)
    .join(", ");
}

function armour(c: Fighter): string {
  const name = ARMOUR[c.sheet.armourName]?.name ?? c.sheet.armourName;
  return `${name}${c.sheet.armourMagic > 0 ? ` +${c.sheet.armourMagic}` : ""}`;
}

function place(c: Fighter): Place {
  const reach = meleeReach(c);
  return { at: c.pos, reach, label: `at ${c.pos} ft, reach ${reach} ft` };
}

function health(c: Fighter): HealthBar[] {
  const bars: HealthBar[] = [{ label: "Hit points", value: c.hp, max: c.sheet.maxHp, unit: "HP" }];
  if (c.sheet.kind === "character")
    bars.push({ label: "Constitution", value: c.con, max: c.sheet.maxCon, unit: "CON" });
  if (c.sheet.subduable && c.subdual > 0)
    bars.push({
      label: "Subdual damage",
      value: c.subdual,
      max: c.sheet.maxHp,
      // Its own unit: a blow's line read "-3 HP (to 12/17 HP), +3 HP (to 5/17 HP)".
      unit: "subdual HP",
      fillsUp: true,
    });
  return bars;
}

const magicList = (ms: readonly { name: string; uses: number }[]) =>
  ms.map((m) => `${m.name} (${m.uses} left)`).join(", ");

function fullView(state: SwState, c: Fighter): CombatantView {
  const hp = `${c.hp}/${c.sheet.maxHp} HP${c.subdual > 0 ? `, ${c.subdual} subdual` : ""}`;
  const shown = conditions(state, c, false);
  const status = [
    c.status === "fighting" ? hp : `${STATUS[c.status]}: ${hp}`,
    ...shown.map((k) => k.label),
  ].join(", ");
  const who =
    c.sheet.kind === "monster"
      ? `monster of ${c.sheet.hitDice} HD`
      : `${c.sheet.cls}, level ${c.sheet.level}`;
  const details: Detail[] = [
    { label: "Kind", value: who },
    {
      label: "Base combat bonus",
      value: `+${c.sheet.bcb}: +${c.steady.bcbAttack} to hit, +${c.steady.bcbAc} to AC${c.steady.fullDefence ? ", fighting defensively" : ""}`,
    },
    { label: "Armour class", value: `${c.sheet.baseAc} before DEX and the BCB` },
    { label: "Armour", value: armour(c) },
    { label: "Saving throw", value: `${c.sheet.save}` },
    { label: "Initiative die", value: `d${c.sheet.initDie}` },
    { label: "Weapons", value: weapons(c) },
  ];
  if (c.penalty !== 0)
    details.push({ label: "Penalty", value: `-${c.penalty} to attacks and saves` });
  // Surprise: the card says why a caster with spells left has none to declare this segment.
  const why = noSpellThisSegment(state, c);
  const barred = why === undefined ? "" : `; ${why}`;
  if (c.steady.spells.length > 0)
    details.push({ label: "Spells", value: magicList(c.steady.spells) + barred });
  if (c.steady.scrolls.length > 0) {
    const value = magicList(c.steady.scrolls) + (c.steady.spells.length > 0 ? "" : barred);
    details.push({ label: "Scrolls", value });
  }
  if (c.steady.wands.length > 0) details.push({ label: "Wands", value: magicList(c.steady.wands) });
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status,
    out: c.status !== "fighting",
    ...(c.status === "fighting" ? {} : { outAs: STATUS[c.status] }),
    health: health(c),
    conditions: shown,
    details,
    place: place(c),
  };
}

function vague(state: SwState, c: Fighter, shown: readonly ConditionView[]): string {
  if (c.status !== "fighting") return STATUS[c.status];
  const looks =
    c.hp >= c.sheet.maxHp
      ? "unhurt"
      : c.hp * 2 >= c.sheet.maxHp
        ? "wounded"
        : c.hp > 0
          ? "badly wounded"
          : "barely standing";
  return [looks, ...shown.map((k) => k.label)].join(", ");
}

function asFoe(state: SwState, c: Fighter): CombatantView {
  if (c.steady.undetected && c.status === "fighting") return unseenFoe(c);
  const shown = conditions(state, c, true);
  return foeView(c, c.status !== "fighting", vague(state, c, shown), {
    conditions: shown,
    details: [
      { label: "Weapons", value: weapons(c) },
      { label: "Armour", value: armour(c) },
    ],
    place: place(c),
  });
}

export function view(state: SwState, viewer: Viewer): readonly CombatantView[] {
  return viewsBySide(
    state.combatants.filter((c) => !c.steady.removed),
    viewer,
    (c) => fullView(state, c),
    (c) => asFoe(state, c),
  );
}

/** The highest count of a combatant's attacks still to come this round, or -1. */
function nextCount(c: Fighter): number {
  let best = -1;
  for (const s of c.slots) if (!s.done && s.count > best) best = s.count;
  return best;
}

/**
 * Order of Battle: each attack has its initiative count, and the countdown runs from the
 * highest; those on one count act together, held actions at the round's end.
 */
export function order(state: SwState, acting: string | undefined): TurnOrder {
  const present = state.combatants.filter((c) => !c.steady.removed);
  const rolled = present.some((c) => c.slots.length > 0);
  const entries: TurnEntry[] = present
    .map((c) => {
      // A slot's count is 0 until its initiative die is rolled (and once its action is done);
      // the countdown's order, the highest first ("counts 6, 4", not "counts 4, 6").
      const counts = c.slots
        .map((s) => s.count)
        .filter((n) => n > 0)
        .sort((a, b) => b - a);
      const free = c.id === state.freeAttacker;
      // The one acting now stands at the count in play (its attack there is under way, or done
      // as it strikes), before those still to come: it stood last, and no one was named next.
      const next = (c.id === acting || free) && state.count > 0 ? state.count : nextCount(c);
      const state_: TurnEntry["state"] =
        c.status !== "fighting"
          ? "out"
          : c.id === acting || free
            ? "acting"
            : rolled && next < 0
              ? "done"
              : "waiting";
      // Out of the countdown's turn: what it does, not its own counts beside the countdown's.
      const note = free
        ? "free attack"
        : counts.length === 0
          ? undefined
          : `count${counts.length === 1 ? "" : "s"} ${counts.join(", ")}`;
      return {
        entry: { id: c.id, state: state_, ...(note === undefined ? {} : { note }) },
        next,
        c,
      };
    })
    .sort((a, b) => {
      const rank = (x: typeof a) =>
        x.entry.state === "out" ? 2 : x.entry.state === "done" ? 0 : 1;
      const first = (x: typeof a) => (x.entry.state === "acting" ? 0 : 1);
      return (
        rank(a) - rank(b) ||
        b.next - a.next ||
        first(a) - first(b) ||
        a.c.sheet.index - b.c.sheet.index
      );
    })
    .map((x) => x.entry);
  const note = !rolled
    ? "initiative is rolled once plans are declared"
    : state.count > 0
      ? `count ${state.count}`
      : state.count === 0
        ? "held actions, at the end of the round"
        : undefined;
  return {
    round: state.round,
    label: `Round ${state.round}`,
    entries,
    ...(note === undefined ? {} : { note }),
  };
}
