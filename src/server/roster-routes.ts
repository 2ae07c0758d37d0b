// /rosters: each ruleset's party and bestiary, stat blocks to build encounters with and to bring
// in as late arrivals: list, get, add (checked by the ruleset, as a combatant of an encounter
// file is), delete.
import { z } from "zod";
import { rulesets } from "../app/rulesets.js";
import { ownEntry } from "../core/name-table.js";
import { parseStatBlock } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import { InputError } from "../engine/input-error.js";
import type { App } from "./app.js";
import { NotFoundError } from "./errors.js";
import {
  newRosterEntryBody,
  rosterEntrySchema,
  rosterListSchema,
  rosterQuery,
} from "./roster-schemas.js";
import type { RosterStore } from "./roster-store.js";
import { errorSchema, idParams } from "./schemas.js";

const TAGS = ["rosters"];

export function registerRosterRoutes(app: App, rosters: RosterStore): void {
  app.get(
    "/rosters",
    {
      schema: {
        tags: TAGS,
        summary:
          "The rosters' entries, oldest first: every ruleset's, or one ruleset's (a roster's)",
        querystring: rosterQuery,
        response: { 200: rosterListSchema, 400: errorSchema },
      },
    },
    async (request) => ({
      entries: await rosters.list(request.query.ruleset, request.query.roster),
    }),
  );

  app.get(
    "/rosters/:id",
    {
      schema: {
        tags: TAGS,
        summary: "One roster entry",
        params: idParams,
        response: { 200: rosterEntrySchema, 404: errorSchema },
      },
    },
    async (request) => (await rosters.get(request.params.id)) ?? throwNotFound(request.params.id),
  );

  app.post(
    "/rosters",
    {
      schema: {
        tags: TAGS,
        summary:
          "Add a stat block to a ruleset's party or bestiary, checked by the ruleset as a combatant of an encounter file",
        body: newRosterEntryBody,
        response: { 201: rosterEntrySchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { ruleset: id, roster, combatant } = request.body;
      const ruleset = ownEntry(rulesets, id);
      if (ruleset === undefined) {
        throw new InputError(
          `ruleset: unknown ruleset "${id}"; known: ${Object.keys(rulesets).sort().join(", ")}`,
          "body.ruleset",
          "GET /rulesets lists them",
        );
      }
      parseStatBlock(ruleset, combatant, "combatant");
      const entry = await rosters.insert({
        ruleset: id,
        roster,
        combatant: JSON.parse(JSON.stringify(combatant)) as JsonObject,
      });
      reply.status(201);
      return entry;
    },
  );

  app.delete(
    "/rosters/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Delete a roster entry",
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await rosters.remove(request.params.id))) throwNotFound(request.params.id);
      reply.status(204);
      return null;
    },
  );
}

function throwNotFound(id: number): never {
  throw new NotFoundError(`no roster entry ${id}`, "id", "GET /rosters lists them");
}
