// /rulesets: the rulesets Fray ships, as `fray rules --json` describes them, with the JSON Schemas
// of what an encounter file gives them (a combatant's stats, the switches, the options) and the
// examples' stat blocks: what the console's encounter builder draws its forms from; and an
// example's file, which the console's list opens as a new encounter.
import { rulesetJson, rulesetSummary } from "../app/ruleset-json.js";
import { z } from "zod";
import { rulesets } from "../app/rulesets.js";
import type { App } from "./app.js";
import { NotFoundError } from "./errors.js";
import { exampleFiles, exampleStatBlocks } from "./example-stat-blocks.js";
import { jsonSchema } from "./gm-json.js";
import {
  errorSchema,
  exampleFileSchema,
  exampleParams,
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
    (request) => ({ examples: exampleStatBlocks(known(request.params.id).id) }),
  );

  app.get(
    "/rulesets/:id/examples/:file",
    {
      schema: {
        tags: ["rulesets"],
        summary: "One example encounter's file, to create it as a new encounter (POST /encounters)",
        params: exampleParams,
        response: { 200: exampleFileSchema, 404: errorSchema },
      },
    },
    (request) => {
      const { id } = known(request.params.id);
      const examples = exampleFiles(id);
      const example = examples.find((e) => e.file === request.params.file);
      if (example === undefined) {
        throw new NotFoundError(
          `no example "${request.params.file}" for ${id}; its examples: ${examples.map((e) => e.file).join(", ")}`,
          "file",
          `GET /rulesets/${id}/examples lists them`,
        );
      }
      const { file, title, about, text } = example;
      return { file, title, about, text };
    },
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
