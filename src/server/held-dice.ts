// The part of an opposed roll given before the other (RollSpec.shares): karn's strike die typed
// on the attacker's phone while the defender's player has still to roll the dodge die, or the
// other way round. The rules read the pair as one roll, so the server holds the first part here
// until the other comes (a player's, or the GM's for a foe), then answers the roll with both
// (docs/console.md, "The players' screens"). Holding one stores a new version of the encounter
// (its answers unchanged), so that every page and phone is told. Held in this server's memory:
// a restart, or another server on the same database, does not know it, and the roll is asked
// whole again; a state with a part held is told apart by its event id and entity tag (live.ts's
// stateId, encounterTag), so that a phone reconnecting there is sent the roll asked again.
import type { RollShare } from "../engine/choice.js";
import type { PendingRoll } from "../engine/drivers/pending.js";
import { sharesOf } from "../engine/drivers/shares.js";
import type { Encounter } from "../engine/encounter.js";

/** One part of an opposed roll, held until the other comes. */
export interface HeldShare {
  /** Which roll it is of (`heldKey`): the same while it waits, whatever the GM changes by hand. */
  readonly key: string;
  /** Which of the roll's shares: 0 or 1. */
  readonly part: number;
  readonly dice: readonly number[];
  /** Rolled by Fray (from the seed), not typed. */
  readonly fray: boolean;
  /** The player whose screen gave it (their link's name); undefined for the GM. */
  readonly player?: string | undefined;
  /** The encounter's version before it was held: a move made since at that version still fits. */
  readonly since: number;
}

/**
 * Which pending roll `choice` of `encounter` is: the answers given at the table so far (a change
 * by hand does not change it, an undo does), its roller, whom it is against, its dice.
 */
export function heldKey(choice: PendingRoll, encounter: Encounter): string {
  const asked = encounter.log.filter((a) => a.kind !== "gm").length;
  return `${asked} ${choice.actor ?? ""} ${choice.spec.opposed ?? ""} ${choice.spec.notation}`;
}

/** `held` when it is a part of pending roll `choice` of `encounter`, else undefined. */
export function heldFor(
  held: HeldShare | undefined,
  choice: PendingRoll,
  encounter: Encounter,
): HeldShare | undefined {
  if (held === undefined || sharesOf(choice) === undefined) return undefined;
  return held.key === heldKey(choice, encounter) ? held : undefined;
}

/** What share `share` of an opposed roll is, said with its combatant: "Orrin's dodge die". */
export function shareName(share: RollShare, encounter: Encounter): string {
  const who = encounter.view({ kind: "gm" }).find((c) => c.id === share.combatant);
  return `${who?.name ?? share.combatant}'s ${share.name}`;
}

/** Part `part` of `choice` as it is asked on its own: "<the roll's label>: Orrin's dodge die". */
export function shareLabel(choice: PendingRoll, part: number, encounter: Encounter): string {
  const share = sharesOf(choice)?.[part];
  return share === undefined ? choice.label : `${choice.label}: ${shareName(share, encounter)}`;
}

/** The parts held, by encounter. */
export class HeldDice {
  private readonly held = new Map<number, HeldShare>();

  of(id: number): HeldShare | undefined {
    return this.held.get(id);
  }

  hold(id: number, share: HeldShare): void {
    this.held.set(id, share);
  }

  drop(id: number): void {
    this.held.delete(id);
  }

  /** Drops encounter `id`'s part unless it is of the roll `key` names (undefined: none waits). */
  keepOnly(id: number, key: string | undefined): void {
    if (this.held.get(id)?.key !== key) this.held.delete(id);
  }
}
