// The GM's routes for players: make a player's link (for some combatants of one side, or a whole
// side), list them with who is connected, revoke one; the fight fought again with its players'
// links moving on to it; and the GM's page live (live.ts).
import { z } from "zod";
import type { App } from "./app.js";
import { MOVE_BODY_LIMIT } from "./error-handler.js";
import { GM_STREAMS_PER_ENCOUNTER, type Live } from "./live.js";
import type { PlayerLinks } from "./player-links.js";
import {
  againBody,
  EVENTS_DESCRIPTION,
  newPlayerLinkBody,
  newPlayerLinkSchema,
  playerLinkSchema,
  playerLinksSchema,
  playerParams,
} from "./player-schemas.js";
import { encounterSchema, errorSchema, idParams } from "./schemas.js";

const TAGS = ["players"];
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export function registerPlayerLinkRoutes(app: App, links: PlayerLinks, live: Live): void {
  app.get(
    "/encounters/:id/players",
    {
      schema: {
        tags: TAGS,
        summary:
          "The players' links of an encounter, with who is connected (no tokens), and where they moved on to when it was fought again",
        params: idParams,
        response: { 200: playerLinksSchema, ...refused },
      },
    },
    async (request) => ({
      players: await links.list(request.params.id),
      movedTo: await links.movedTo(request.params.id),
    }),
  );

  app.post(
    "/encounters/:id/players",
    {
      schema: {
        tags: TAGS,
        summary:
          "A player's link, for some combatants of one side or a whole side: its token is in this reply only",
        params: idParams,
        body: newPlayerLinkBody,
        response: { 201: newPlayerLinkSchema, ...refused },
      },
    },
    (request, reply) => {
      reply.status(201);
      return links.create(request.params.id, request.body);
    },
  );

  app.delete(
    "/encounters/:id/players/:player",
    {
      schema: {
        tags: TAGS,
        summary: "Revoke a player's link: its screen closes and its token opens nothing",
        params: playerParams,
        response: { 200: playerLinkSchema, ...refused },
      },
    },
    (request) => links.revoke(request.params.id, request.params.player),
  );

  app.post(
    "/encounters/:id/again",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: ["encounters"],
        summary:
          "The same fight from its start as a new encounter (with a seed of its own: other dice); the players' links not revoked move on to it and their screens follow",
        params: idParams,
        body: againBody,
        response: { 201: encounterSchema, ...refused, 409: errorSchema },
      },
    },
    (request, reply) => {
      reply.status(201);
      return links.fightAgain(request.params.id, request.body.seed);
    },
  );

  app.get(
    "/encounters/:id/events",
    {
      // Another site's page opening eight (an old browser's <img>s) would close the GM's own.
      config: {
        takes: `holds one of the GM's ${GM_STREAMS_PER_ENCOUNTER} streams of the encounter`,
      },
      schema: {
        tags: ["encounters"],
        summary: "The GM's page live: the encounter at once, then after every change",
        description: EVENTS_DESCRIPTION,
        params: idParams,
        response: { 200: z.string().describe("text/event-stream"), ...refused },
      },
    },
    (request, reply) => live.followAsGm(request, reply, request.params.id),
  );
}
