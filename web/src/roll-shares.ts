// What the screens say of an opposed roll whose dice are two players' (the API's `shares`:
// karn's strike die and the defender's die, dungeons-of-olde's Attack Check and Defense Check):
// at a table each rolls their own, in either order, and the roll is answered once both are in
// (docs/console.md, "The players' screens").
import type { PendingRoll } from "./types.js";

type Share = NonNullable<PendingRoll["shares"]>[number];

/** A part as a person names it: "Orrin's dodge die". */
const said = (share: Share, nameOf: (id: string) => string) =>
  `${nameOf(share.combatant)}'s ${share.name}`;

/**
 * Said under the prompt of a player's own part of an opposed roll: the other part, and whether
 * it is in. Null when the roll is not one (or the player plays both).
 */
export function shareNote(
  pending: PendingRoll,
  plays: readonly string[],
  nameOf: (id: string) => string,
): string | null {
  const own = pending.shares?.filter((s) => plays.includes(s.combatant)) ?? [];
  const other = pending.shares?.find((s) => !plays.includes(s.combatant));
  if (own.length !== 1 || other === undefined) return null;
  return other.given
    ? `${said(other, nameOf)} is in: your ${own[0]!.name} answers the roll.`
    : `Roll your ${own[0]!.name} only: ${said(other, nameOf)} is rolled for its side, before or after yours, and the roll is answered once both are in.`;
}

/** "Your strike die is in: waiting for Orrin's dodge die." */
export function waitingText(gave: string, waitingFor: string): string {
  return `Your ${gave} is in: waiting for ${waitingFor}.`;
}

/**
 * What the GM's page says of an opposed roll that a player rolls a part of: each part in with its
 * dice and who gave it, and who still has to roll which ("Ben's, on their screen"; "yours" for a
 * foe), then that the GM may give what is missing. `rollerOf` names the player whose link plays a
 * combatant (and whether their screen is open), if one does.
 */
export function sharesText(
  shares: readonly Share[],
  nameOf: (id: string) => string,
  rollerOf: (id: string) => { readonly name: string; readonly open: boolean } | undefined,
): string {
  const given = shares.flatMap((s) =>
    s.given ? [`${said(s, nameOf)} is in (${s.player ?? "you"}: ${(s.dice ?? []).join(" ")})`] : [],
  );
  const missing = shares.flatMap((s) => {
    if (s.given) return [];
    const roller = rollerOf(s.combatant);
    const whose =
      roller === undefined
        ? "yours"
        : roller.open
          ? `${roller.name}'s, on their screen`
          : `${roller.name}'s, whose screen is not open`;
    return [`${said(s, nameOf)}, ${whose}`];
  });
  const here = given.length > 0 ? "roll or type it here" : "roll or type both here";
  return `${given.map((g) => `${g}. `).join("")}Still to roll: ${missing.join("; ")}. You can ${here}.`;
}
