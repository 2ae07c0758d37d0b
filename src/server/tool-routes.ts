// The designer's tools, as `fray odds <exchange.yaml>` and `fray sim` give them: exact odds of
// one exchange, and a simulation of an encounter, each a job on a worker thread (jobs.ts), at most
// MAX_SIMULATION_RUNS fights a request.
import type { Json } from "../engine/json.js";
import type { App } from "./app.js";
import { heavy } from "./encounter-routes.js";
import { clientGone } from "./job-runner.js";
import type { ServerJobs } from "./jobs.js";
import { exchangeBody, exchangeOddsSchema, simulationBody, simulationSchema } from "./schemas.js";

export function registerToolRoutes(app: App, jobs: ServerJobs): void {
  app.post(
    "/exchange-odds",
    {
      schema: {
        tags: ["tools"],
        summary: "Exact odds of one exchange: outcome categories, damage both ways, taken out",
        body: exchangeBody,
        response: { 200: exchangeOddsSchema, ...heavy },
      },
    },
    (request, reply) => {
      const { file, decisions } = request.body;
      const fixed = (decisions ?? {}) as Record<string, Json>;
      return jobs.run("exchangeOdds", { file, decisions: fixed }, clientGone(reply));
    },
  );

  app.post(
    "/simulations",
    {
      schema: {
        tags: ["tools"],
        summary:
          "Simulate an encounter under its tactics (or those given): win chances with 95% intervals",
        body: simulationBody,
        response: { 200: simulationSchema, ...heavy },
      },
    },
    (request, reply) => {
      const { file, runs, seed, maxRounds, tactics } = request.body;
      const task = { file, source: "file", seed, runs, maxRounds, tactics };
      return jobs.run("simulate", task, clientGone(reply));
    },
  );
}
