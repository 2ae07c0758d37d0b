// The designer's tools, as `fray odds <exchange.yaml>` and `fray sim` give them: exact odds of
// one exchange, and a simulation of an encounter (in this thread, at most
// MAX_SIMULATION_RUNS fights a request).
import { exchangeOddsJson, exchangeOddsOf } from "../app/exchange-odds.js";
import { simResultJson } from "../app/simulation-json.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import type { Json } from "../engine/json.js";
import { rulesets } from "../app/rulesets.js";
import { runSimulation } from "../sim/runner.js";
import type { App } from "./app.js";
import { fileContent } from "./file-content.js";
import {
  errorSchema,
  exchangeBody,
  exchangeOddsSchema,
  simulationBody,
  simulationSchema,
} from "./schemas.js";

export function registerToolRoutes(app: App): void {
  app.post(
    "/exchange-odds",
    {
      schema: {
        tags: ["tools"],
        summary: "Exact odds of one exchange: outcome categories, damage both ways, taken out",
        body: exchangeBody,
        response: { 200: exchangeOddsSchema, 400: errorSchema },
      },
    },
    (request) => {
      const { file, decisions } = request.body;
      const odds = exchangeOddsOf(
        fileContent(file, "file"),
        "file",
        (decisions ?? {}) as Record<string, Json>,
      );
      return exchangeOddsJson(odds);
    },
  );

  app.post(
    "/simulations",
    {
      schema: {
        tags: ["tools"],
        summary: "Simulate an encounter under the policies: win chances with 95% intervals",
        body: simulationBody,
        response: { 200: simulationSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { file, runs, seed, maxRounds } = request.body;
      const definition = parseEncounterFile(fileContent(file, "file"), rulesets, "file");
      const result = await runSimulation({
        definition,
        seed: seed ?? definition.seed ?? 1,
        runs,
        maxRounds,
        workers: 1,
      });
      return simResultJson(result);
    },
  );
}
