// /rulesets: the rulesets Fray ships, as `fray rules --json` describes them.
import { rulesetJson, rulesetSummary } from "../app/ruleset-json.js";
import { z } from "zod";
import { rulesets } from "../app/rulesets.js";
import type { App } from "./app.js";
import { NotFoundError } from "./errors.js";
import { errorSchema, rulesetParams, rulesetSchema, rulesetSummarySchema } from "./schemas.js";
import { ownEntry } from "../core/name-table.js";

export function registerRulesetRoutes(app: App): void {
  app.get(
    "/rulesets",
    {
      schema: {
        tags: ["rulesets"],
        summary: "List the rulesets: id, title, source and switches with their defaults",
        response: { 200: z.object({ rulesets: z.array(rulesetSummarySchema) }) },
      },
    },
    () => ({ rulesets: Object.values(rulesets).map(rulesetSummary) }),
  );

  app.get(
    "/rulesets/:id",
    {
      schema: {
        tags: ["rulesets"],
        summary: "One ruleset: its switches, data tables with sources, and coverage of the chapter",
        params: rulesetParams,
        response: { 200: rulesetSchema, 404: errorSchema },
      },
    },
    (request) => {
      const ruleset = ownEntry(rulesets, request.params.id);
      if (ruleset === undefined) {
        throw new NotFoundError(
          `unknown ruleset "${request.params.id}"; known: ${Object.keys(rulesets).sort().join(", ")}`,
          "id",
          "GET /rulesets lists them",
        );
      }
      return rulesetJson(ruleset);
    },
  );
}
