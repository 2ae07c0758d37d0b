// /rulesets: the rulesets Fray ships, as `fray rules --json` describes them, with the JSON Schemas
// of what an encounter file gives them (a combatant's stats, the switches, the options) and the
// examples' stat blocks: what the console's encounter builder draws its forms from.
import { rulesetJson, rulesetSummary } from "../app/ruleset-json.js";
import { z } from "zod";
import { rulesets } from "../app/rulesets.js";
import type { App } from "./app.js";
import { NotFoundError } from "./errors.js";
import { exampleStatBlocks } from "./example-stat-blocks.js";
import { jsonSchema } from "./gm-json.js";
import {
  errorSchema,
  rulesetExamplesSchema,
  rulesetParams,
  rulesetSchema,
  rulesetSummarySchema,
} from "./schemas.js";
import type { Ruleset } from "../engine/ruleset.js";
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
      const ruleset = known(request.params.id);
      return {
        ...rulesetJson(ruleset),
        switches: ruleset.switches.map((s, i) => ({
          ...rulesetJson(ruleset).switches[i]!,
          schema: jsonSchema(s.schema),
        })),
        stats: jsonSchema(ruleset.combatantSchema),
        options: jsonSchema(ruleset.encounterOptionsSchema),
      };
    },
  );

  app.get(
    "/rulesets/:id/examples",
    {
      schema: {
        tags: ["rulesets"],
        summary: "The example encounters Fray ships for a ruleset, each with its stat blocks",
        params: rulesetParams,
        response: { 200: rulesetExamplesSchema, 404: errorSchema },
      },
    },
    (request) => ({ examples: [...exampleStatBlocks(known(request.params.id).id)] }),
  );
}

function known(id: string): Ruleset {
  const ruleset = ownEntry(rulesets, id);
  if (ruleset === undefined) {
    throw new NotFoundError(
      `unknown ruleset "${id}"; known: ${Object.keys(rulesets).sort().join(", ")}`,
      "id",
      "GET /rulesets lists them",
    );
  }
  return ruleset;
}
