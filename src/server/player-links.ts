// The players' links of an encounter (docs/http-api.md, "Players"): the GM makes one per player
// (for some combatants of one side) or per side, shows its token once and keeps its SHA-256
// (tokens.ts), and may revoke it. A link plays its combatants' decisions and rolls; a link for
// the whole side also its side's own decisions (who acts next) and whoever joins that side.
// When the GM fights the fight again, its links move on to the new encounter, so that the same
// phones play it.
import type { z } from "zod";
import type { PendingChoiceData, PendingRoll } from "../engine/drivers/pending.js";
import { InputError } from "../engine/input-error.js";
import type { EncounterJson } from "./encounter-json.js";
import type { Encounters } from "./encounters.js";
import { NotFoundError } from "./errors.js";
import type { PlayerLink, PlayerLinkStore } from "./player-link-store.js";
import type { Named } from "./player-result.js";
import type { newPlayerLinkSchema, playerLinkSchema } from "./player-schemas.js";
import type { Presence } from "./presence.js";
import { newPlayerToken, tokenHash } from "./tokens.js";

/** A link as the GM's page lists it. */
export type PlayerLinkJson = z.input<typeof playerLinkSchema>;

/** A new link, with its token: shown once, since only its SHA-256 is kept. */
export type NewPlayerLinkJson = z.input<typeof newPlayerLinkSchema>;

export interface NewLinkRequest {
  readonly name: string;
  readonly combatants?: readonly string[] | undefined;
  readonly side?: string | undefined;
}

/** The combatants `link` plays in an encounter that now has `combatants`. */
export function playedBy(link: PlayerLink, combatants: readonly Named[]): string[] {
  return link.combatants === null
    ? combatants.filter((c) => c.side === link.side).map((c) => c.id)
    : [...link.combatants];
}

/**
 * Whether a choice of `actor` (a combatant, a side, "gm"; none for a roll of the table's) is the
 * link's to answer.
 */
export function owns(
  link: PlayerLink,
  actor: string | undefined,
  combatants: readonly Named[],
): boolean {
  if (actor === undefined || actor === "gm") return false;
  if (link.combatants === null && actor === link.side) return true;
  return playedBy(link, combatants).includes(actor);
}

/**
 * Whether the link answers pending choice `choice`: its actor's, or a roll with its own
 * combatant's dice in it against the actor's (RollSpec.opposed: karn's defence die in the
 * strike's roll), which the defender's player types as the attacker's would.
 */
export function answers(
  link: PlayerLink,
  choice: PendingChoiceData,
  combatants: readonly Named[],
): boolean {
  if (owns(link, choice.actor, combatants)) return true;
  return choice.kind === "roll" && owns(link, choice.spec.opposed, combatants);
}

/**
 * The part of opposed roll `choice` (RollSpec.shares) that the link gives: its own combatant's
 * die, when it plays one of the two. Undefined for another roll, or when it plays both.
 */
export function shareOf(
  link: PlayerLink,
  choice: PendingRoll,
  combatants: readonly Named[],
): number | undefined {
  const mine = (choice.spec.shares ?? []).flatMap((share, part) =>
    owns(link, share.combatant, combatants) ? [part] : [],
  );
  return mine.length === 1 ? mine[0] : undefined;
}

export const playPath = (token: string) => `/#/play/${token}`;

export class PlayerLinks {
  constructor(
    private readonly store: PlayerLinkStore,
    private readonly encounters: Encounters,
    private readonly presence: Presence,
    /** The server's addresses for other machines (`http://192.168.1.20:4000`), if any. */
    private readonly urls: () => readonly string[] = () => [],
  ) {}

  async list(encounterId: number): Promise<PlayerLinkJson[]> {
    const combatants = await this.combatants(encounterId);
    const links = await this.store.list(encounterId);
    const open = await this.presence.open(links.map((link) => link.id));
    return links.map((link) => this.json(link, combatants, open.has(link.id)));
  }

  /** Where the links of encounter `id` moved on to when it was fought again, or null. */
  movedTo(id: number): Promise<number | null> {
    return this.store.movedTo(id);
  }

  async create(encounterId: number, request: NewLinkRequest): Promise<NewPlayerLinkJson> {
    const combatants = await this.combatants(encounterId);
    const { side, chosen } = this.whom(request, combatants);
    const token = newPlayerToken();
    const link = await this.store.insert({
      encounterId,
      tokenHash: tokenHash(token),
      name: request.name,
      side,
      combatants: chosen,
    });
    this.encounters.events.publish({ encounter: encounterId, kind: "players" });
    const path = playPath(token);
    return {
      ...this.json(link, combatants, false),
      token,
      path,
      urls: this.urls().map((url) => `${url}${path}`),
    };
  }

  async revoke(encounterId: number, id: number): Promise<PlayerLinkJson> {
    const combatants = await this.combatants(encounterId);
    const link = await this.store.revoke(encounterId, id);
    if (link === undefined) {
      throw new NotFoundError(
        `encounter ${encounterId} has no player's link ${id}`,
        "player",
        `GET /encounters/${encounterId}/players lists them`,
      );
    }
    this.encounters.events.publish({ encounter: encounterId, kind: "players" });
    return this.json(link, combatants, (await this.presence.open([link.id])).has(link.id));
  }

  /**
   * Encounter `id` fought again from its start with Fray's dice from `seed` (a branch at 0, as
   * POST /encounters/:id/branch makes it): a new encounter, to which the links of `id` not
   * revoked move, so that the players' links open it and their open screens follow it (told
   * `moved`: live.ts). A link moves only with its own encounter, into the one made from it here,
   * never into another; the encounter fought stays as it ended, its revoked links with it.
   */
  async fightAgain(id: number, seed: number | undefined): Promise<EncounterJson> {
    const again = await this.encounters.branch(id, 0, seed);
    const moved = await this.store.moveOn(id, again.id);
    if (moved.length > 0) {
      this.encounters.events.publish({ encounter: id, kind: "players" });
      this.encounters.events.publish({ encounter: again.id, kind: "players" });
    }
    return again;
  }

  private json(link: PlayerLink, combatants: readonly Named[], connected: boolean): PlayerLinkJson {
    return {
      id: link.id,
      name: link.name,
      side: link.side,
      combatants: link.combatants === null ? null : [...link.combatants],
      plays: playedBy(link, combatants),
      createdAt: link.createdAt,
      revokedAt: link.revokedAt,
      connected,
    };
  }

  /** The combatants of encounter `id` as they now are (a 404 if it has none). */
  private combatants(id: number): Promise<Named[]> {
    return this.encounters.read(id, (_, encounter) =>
      encounter.view({ kind: "gm" }).map(({ id: cid, name, side }) => ({ id: cid, name, side })),
    );
  }

  /** The side and the combatants a request names: some of one side's, or a whole side. */
  private whom(
    request: NewLinkRequest,
    combatants: readonly Named[],
  ): { side: string; chosen: string[] | null } {
    const sides = [...new Set(combatants.map((c) => c.side))];
    if (request.combatants === undefined) {
      if (request.side === undefined || !sides.includes(request.side)) {
        throw new InputError(
          request.side === undefined
            ? "body: name the combatants the link plays, or its side"
            : `body.side: no side "${request.side}" in this encounter`,
          request.side === undefined ? "body" : "body.side",
          `give {"combatants": ["id", ...]} or {"side": "id"}; sides: ${sides.join(", ")}`,
        );
      }
      return { side: request.side, chosen: null };
    }
    const found = request.combatants.map((id, i) => {
      const c = combatants.find((x) => x.id === id);
      if (c === undefined) {
        throw new InputError(
          `body.combatants[${i}]: no combatant "${id}" in this encounter`,
          `body.combatants[${i}]`,
          `combatants: ${combatants.map((x) => x.id).join(", ")}`,
        );
      }
      return c;
    });
    const side = found[0]!.side;
    const stray = found.find((c) => c.side !== side);
    if (stray !== undefined || (request.side !== undefined && request.side !== side)) {
      throw new InputError(
        `body.combatants: a link plays one side's combatants; ${stray?.id ?? found[0]!.id} is not on side ${request.side ?? side}`,
        "body.combatants",
        "make one link per side",
      );
    }
    return { side, chosen: [...new Set(found.map((c) => c.id))] };
  }
}
