// The players' links of an encounter, for the GM's page: loaded once, then pushed by the
// encounter's stream (gm-live.ts) whenever a link is made or revoked or a screen opens or closes.
import { useEffect, useState } from "react";
import { api } from "./api.js";
import { followEncounter } from "./gm-live.js";
import type { PlayerLink } from "./types.js";

export function usePlayerLinks(id: number): readonly PlayerLink[] {
  const [links, setLinks] = useState<readonly PlayerLink[]>([]);
  useEffect(() => {
    let pushed = false;
    const stop = followEncounter(id, {
      players: (players) => {
        pushed = true;
        setLinks(players);
      },
    });
    api.players(id).then(
      ({ players }) => {
        if (!pushed) setLinks(players);
      },
      () => undefined, // the page's own load says what is wrong
    );
    return stop;
  }, [id]);
  return links;
}

/**
 * Where the links of a fight that is over moved on to when it was fought again (the encounter's
 * id), or null: asked only once it is over with no open link, as it is after _Fight it again_.
 */
export function useLinksMovedTo(id: number, over: boolean, links: readonly PlayerLink[]) {
  const [movedTo, setMovedTo] = useState<number | null>(null);
  const none = over && links.every((l) => l.revokedAt !== null);
  useEffect(() => {
    if (!none) {
      setMovedTo(null);
      return;
    }
    let gone = false;
    api.players(id).then(
      (read) => {
        if (!gone) setMovedTo(read.movedTo);
      },
      () => undefined, // the page's own load says what is wrong
    );
    return () => {
      gone = true;
    };
  }, [id, none]);
  return movedTo;
}

/**
 * The link that plays `actor` (a combatant, or a side for a whole side's link), of those not
 * revoked: the one whose screen is open if any is, as the GM's page says who is choosing. Anna's
 * second link, her tablet's, was open while the first (her phone's) was not: the page said her
 * screen was not open (docs/console.md, "A Friday session, rehearsed").
 */
export function linkOf(links: readonly PlayerLink[], actor: string | null): PlayerLink | undefined {
  if (actor === null) return undefined;
  const playing = links.filter(
    (l) =>
      l.revokedAt === null &&
      (l.plays.includes(actor) || (l.combatants === null && l.side === actor)),
  );
  return playing.find((l) => l.connected) ?? playing[0];
}
