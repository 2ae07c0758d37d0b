// /player: what a player's link opens, and nothing else (access.ts): its screen's state (with an
// ETag, for the page that polls when it cannot follow the stream), its live stream (live.ts),
// and its moves at its own combatants' choices. A choice that is not the link's is refused with
// a 403 that says whose it is.
import { z } from "zod";
import type { PendingChoiceData } from "../engine/drivers/pending.js";
import type { Encounter } from "../engine/encounter.js";
import type { App } from "./app.js";
import { namesTag, type Encounters, type Move } from "./encounters.js";
import { AnswerError } from "../engine/drivers/validate.js";
import { MOVE_BODY_LIMIT } from "./error-handler.js";
import { ForbiddenError } from "./errors.js";
import type { Live } from "./live.js";
import type { PlayerLink } from "./player-link-store.js";
import { answers, shareOf } from "./player-links.js";
import type { Named } from "./player-result.js";
import { labelFor, namedCombatants, playerTag } from "./player-json.js";
import { EVENTS_DESCRIPTION, playerAnswerBody, playerStateSchema } from "./player-schemas.js";
import { errorSchema, versionBody } from "./schemas.js";

const TAGS = ["player"];
const PLAYER = { access: "player" } as const;
const refused = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The link of a request that passed access.ts as a player's. */
function linkOf(request: { readonly playerLink: PlayerLink | null }): PlayerLink {
  const link = request.playerLink;
  if (link === null) throw new Error("a player's route reached without a player's link");
  return link;
}

/** Refuses a choice that is not one of the link's combatants'. */
function mine(link: PlayerLink, choice: PendingChoiceData, named: readonly Named[]): void {
  if (answers(link, choice, named)) return;
  const whose =
    choice.actor === undefined || choice.actor === "gm"
      ? "the GM's"
      : `${named.find((c) => c.id === choice.actor)?.name ?? choice.actor}'s`;
  const what =
    choice.kind === "roll"
      ? `the roll (${labelFor(choice.label, named, link.side)})`
      : "the decision";
  throw new ForbiddenError(
    `${what} the fight waits for is ${whose}, not yours: this link plays ${link.combatants === null ? `the side ${link.side}` : link.combatants.join(", ")}`,
    "pending",
    "wait for your turn: your screen shows your own choices",
  );
}

/**
 * A refusal of dice typed for a roll, said with the roll's label as the player's screen shows it
 * (player-json.ts, `labelFor`): the engine's may hold another side's number ("(needs 12)"), and
 * the dice box knows its refusal by that label.
 */
function relabelled(error: unknown, label: string, shown: string): unknown {
  if (!(error instanceof AnswerError) || label === shown) return error;
  return new AnswerError(
    error.message.replaceAll(label, shown),
    error.where?.replaceAll(label, shown),
    error.hint?.replaceAll(label, shown),
    error.answer,
  );
}

export function registerPlayerRoutes(app: App, encounters: Encounters, live: Live): void {
  app.get(
    "/player",
    {
      config: PLAYER,
      schema: {
        tags: TAGS,
        summary:
          "What a player's link reads: its side's view, the turn, its own pending choice, the last result (304 with If-None-Match when unchanged)",
        response: { 200: playerStateSchema, 304: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-cache");
      const link = linkOf(request);
      // An unchanged encounter's 304 from its stored version, read without its answers.
      const held = encounters.holds(link.encounterId);
      const stored = playerTag(link, await encounters.listing(link.encounterId), held);
      if (namesTag(request.headers["if-none-match"], stored)) {
        void reply.code(304).header("etag", stored);
        return null;
      }
      return encounters.read(link.encounterId, (record, encounter) => {
        void reply.header("etag", playerTag(link, record, record.held !== undefined));
        return live.playerView(link)(record, encounter);
      });
    },
  );

  app.get(
    "/player/events",
    {
      config: PLAYER,
      schema: {
        tags: TAGS,
        summary: "A player's screen live: the state at once, then after every change",
        description: EVENTS_DESCRIPTION,
        response: { 200: z.string().describe("text/event-stream"), ...refused },
      },
    },
    (request, reply) => live.followAsPlayer(request, reply, linkOf(request)),
  );

  const play = (link: PlayerLink, version: number | undefined, step: Move) => {
    // The roll answered, by the engine's label and by the one the player's screen shows.
    let roll: { readonly label: string; readonly shown: string } | undefined;
    const check = (choice: PendingChoiceData, encounter: Encounter) => {
      const named = namedCombatants(encounter);
      mine(link, choice, named);
      if (choice.kind === "roll")
        roll = { label: choice.label, shown: labelFor(choice.label, named, link.side) };
    };
    return encounters
      .play(
        link.encounterId,
        version,
        step,
        live.playerView(link),
        check,
        { player: link.name },
        (c, e) => shareOf(link, c, namedCombatants(e)),
      )
      .catch((error: unknown) => {
        throw roll === undefined ? error : relabelled(error, roll.label, roll.shown);
      });
  };
  const moved = { 200: playerStateSchema, ...refused };

  app.post(
    "/player/answer",
    {
      config: PLAYER,
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          'Answer the link\'s own pending choice: {"choice"} for a decision, {"dice"} or {"total"} for a roll',
        body: playerAnswerBody,
        response: moved,
      },
    },
    (request) => {
      const { version, ...answer } = request.body;
      return play(linkOf(request), version, { kind: "answer", answer });
    },
  );

  app.post(
    "/player/roll",
    {
      config: PLAYER,
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Fray rolls the link's own pending roll",
        body: versionBody,
        response: moved,
      },
    },
    (request) => play(linkOf(request), request.body.version, { kind: "roll" }),
  );

  app.post(
    "/player/policy",
    {
      config: PLAYER,
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Answer the link's own pending decision with its tactics' pick",
        body: versionBody,
        response: moved,
      },
    },
    (request) => play(linkOf(request), request.body.version, { kind: "policy" }),
  );
}
