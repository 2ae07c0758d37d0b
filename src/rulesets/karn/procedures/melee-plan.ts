// The melee's plan in the state, so that exact odds can resume a melee inside (docs/odds.md): at
// a resumable point the pairings (melee-types.ts: each member's declared parts, defences, dodge,
// flags) are written into `state.plan` as plain JSON, acts and parts named by their indices
// instead of linked, and a melee played from a state with a plan rebuilds them and goes on where
// the plan says. What only the declarations read is left out once they are over (the tactics'
// memo, the initiative totals, who noticed a flight, the forms declared), so that the states
// reached by different declarations that play on the same merge.
import type { CalledShot } from "../data/charts.js";
import type { Fighter, KarnState } from "../state.js";
import {
  newAct,
  type Act,
  type DefenceType,
  type DodgeState,
  type OtherKind,
  type Pairing,
  type Part,
  type Size,
  type StrikePart,
} from "./melee-types.js";

/** Where roll and compare (resolve.ts) stands: full action `group`, its `act`th actor, its `part`th part. */
export interface ResolveCursor {
  readonly group: number;
  readonly act: number;
  readonly part: number;
}

export const RESOLVE_START: ResolveCursor = { group: 0, act: 0, part: 0 };

/** A defence, its owner named by its index among the pairing's acts. */
export interface DefencePlan {
  readonly owner: number;
  readonly type: DefenceType;
  readonly size: Size;
  readonly saved: boolean;
  readonly from: "declared" | "saved" | "cancel" | "alter";
}

export interface StrikePartPlan {
  readonly kind: "strike";
  readonly size: Size;
  readonly group: number;
  readonly counter: boolean;
  readonly attack: number;
  readonly called: CalledShot | null;
  /** The target's index among the pairing's acts. */
  readonly target: number;
  readonly defence: DefencePlan | null;
  readonly fake: boolean;
  readonly done: boolean;
  readonly number: number;
  readonly rangedPenalty: number;
}

export interface OtherPartPlan {
  readonly kind: OtherKind;
  readonly size: Size;
  readonly group: number;
  readonly what: string;
  readonly capacity: number;
  readonly done: boolean;
}

export type PartPlan = StrikePartPlan | OtherPartPlan;

export interface ActPlan {
  /** The fighter's index in the state. */
  readonly f: number;
  readonly winner: boolean;
  readonly parts: readonly PartPlan[];
  /** Strikes declared against it, as [act, part] indices. */
  readonly incoming: readonly (readonly [number, number])[];
  readonly counters: readonly (readonly [number, number])[];
  readonly dodge: DodgeState | null;
  readonly fleeing: boolean;
  readonly followed: boolean;
  readonly penalty: number;
  readonly dodgeAttackers: number;
  readonly stopped: boolean;
  readonly firstOnly: boolean;
  readonly hurt: boolean;
}

export interface PairingPlan {
  readonly acts: readonly ActPlan[];
  /** Indices among `acts`, in initiative order (empty before the initiative). */
  readonly winners: readonly number[];
  readonly defenders: readonly number[];
}

export interface MeleePlan {
  readonly pairings: readonly PairingPlan[];
  /** The pairing in play; those before it are over, those after it not begun. */
  readonly at: number;
  /**
   * Where the pairing in play stands: its initiative rolled and its declarations to come, or its
   * roll and compare at `cursor`.
   */
  readonly stage: "declare" | "resolve";
  readonly cursor: ResolveCursor;
}

function partPlan(part: Part, index: Map<Act, number>): PartPlan {
  if (part.kind !== "strike") {
    return {
      kind: part.kind,
      size: part.size,
      group: part.group,
      what: part.what,
      capacity: part.capacity,
      done: part.done,
    };
  }
  const d = part.defence;
  return {
    kind: "strike",
    size: part.size,
    group: part.group,
    counter: part.counter,
    attack: part.attack,
    called: part.called,
    target: index.get(part.target)!,
    defence:
      d === null
        ? null
        : { owner: index.get(d.owner)!, type: d.type, size: d.size, saved: d.saved, from: d.from },
    fake: part.fake,
    done: part.done,
    number: part.number,
    rangedPenalty: part.rangedPenalty,
  };
}

function strikeRef(s: StrikePart, index: Map<Act, number>): readonly [number, number] {
  return [index.get(s.owner)!, s.owner.parts.indexOf(s)];
}

function pairingPlan(p: Pairing): PairingPlan {
  const index = new Map<Act, number>();
  p.acts.forEach((a, i) => index.set(a, i));
  return {
    acts: p.acts.map((a) => ({
      f: a.f.index,
      winner: a.winner,
      parts: a.parts.map((x) => partPlan(x, index)),
      incoming: a.incoming.map((s) => strikeRef(s, index)),
      counters: a.counters.map((s) => strikeRef(s, index)),
      dodge: a.dodge === null ? null : { ...a.dodge },
      fleeing: a.fleeing,
      followed: a.followed,
      penalty: a.penalty,
      dodgeAttackers: a.dodgeAttackers,
      stopped: a.stopped,
      firstOnly: a.firstOnly,
      hurt: a.hurt,
    })),
    winners: p.winners.map((a) => index.get(a)!),
    defenders: p.defenders.map((a) => index.get(a)!),
  };
}

/** The plan of `pairings` with the `at`th at `stage` (and `cursor`): plain JSON for the state. */
export function meleePlan(
  pairings: readonly Pairing[],
  at: number,
  stage: MeleePlan["stage"],
  cursor: ResolveCursor = RESOLVE_START,
): MeleePlan {
  return { pairings: pairings.map(pairingPlan), at, stage, cursor };
}

function restorePairing(state: KarnState, plan: PairingPlan): Pairing {
  const fighters: readonly Fighter[] = state.fighters;
  const p: Pairing = { state, acts: [], winners: [], defenders: [] };
  for (const a of plan.acts) p.acts.push(newAct(fighters[a.f]!, p));
  plan.acts.forEach((a, i) => {
    const act = p.acts[i]!;
    act.winner = a.winner;
    act.dodge = a.dodge === null ? null : { ...a.dodge };
    act.fleeing = a.fleeing;
    act.followed = a.followed;
    act.penalty = a.penalty;
    act.dodgeAttackers = a.dodgeAttackers;
    act.stopped = a.stopped;
    act.firstOnly = a.firstOnly;
    act.hurt = a.hurt;
    for (const x of a.parts) {
      if (x.kind === "strike") {
        const d = x.defence;
        act.parts.push({
          kind: "strike",
          owner: act,
          size: x.size,
          group: x.group,
          counter: x.counter,
          attack: x.attack,
          called: x.called,
          target: p.acts[x.target]!,
          defence:
            d === null
              ? null
              : {
                  owner: p.acts[d.owner]!,
                  type: d.type,
                  size: d.size,
                  saved: d.saved,
                  from: d.from,
                },
          fake: x.fake,
          done: x.done,
          number: x.number,
          rangedPenalty: x.rangedPenalty,
        });
      } else {
        act.parts.push({
          kind: x.kind,
          owner: act,
          size: x.size,
          group: x.group,
          what: x.what,
          capacity: x.capacity,
          done: x.done,
        });
      }
    }
  });
  const strike = ([a, i]: readonly [number, number]): StrikePart =>
    p.acts[a]!.parts[i] as StrikePart;
  plan.acts.forEach((a, i) => {
    const act = p.acts[i]!;
    act.incoming = a.incoming.map(strike);
    act.counters = a.counters.map(strike);
  });
  p.winners = plan.winners.map((i) => p.acts[i]!);
  p.defenders = plan.defenders.map((i) => p.acts[i]!);
  return p;
}

/** The pairings of a melee resumed from `plan`, on `state`'s fighters. */
export function restorePairings(state: KarnState, plan: MeleePlan): Pairing[] {
  return plan.pairings.map((p) => restorePairing(state, p));
}
