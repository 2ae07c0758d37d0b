// /encounters: create (from an encounter file or a log), check a file without storing it, list, get, play (answer, policy, roll,
// autoplay), undo, redo, branch, the log, the advisor, a simulation from where the fight stands,
// delete. Every change answers with the encounter as it now is.
import { z } from "zod";
import type { App } from "./app.js";
import { FILE_BODY_LIMIT, MOVE_BODY_LIMIT } from "./error-handler.js";
import { encounterTag, namesTag, type Encounters } from "./encounters.js";
import type { FightOddsJobs } from "./fight-odds-jobs.js";
import { clientGone } from "./job-runner.js";
import {
  adviceQuery,
  frayRequestHeader,
  adviceSchema,
  answerBody,
  autoplayBody,
  branchBody,
  checkBody,
  createBody,
  encounterSchema,
  encounterSimulationBody,
  encounterSummarySchema,
  errorSchema,
  fightOddsBody,
  fightOddsJobParams,
  fightOddsJobSchema,
  fightOddsSchema,
  fromLogBody,
  idParams,
  simulationSchema,
  stepsBody,
  tacticsBody,
  versionBody,
} from "./schemas.js";

const TAGS = ["encounters"];
const refused = { 400: errorSchema, 404: errorSchema, 409: errorSchema };
/** What a route whose work is a job may answer besides (job-runner.ts): too much, too busy. */
export const heavy = { 400: errorSchema, 422: errorSchema, 429: errorSchema };

export function registerEncounterRoutes(
  app: App,
  encounters: Encounters,
  fightOddsJobs: FightOddsJobs,
): void {
  app.get(
    "/encounters",
    {
      schema: {
        tags: TAGS,
        summary: "List the stored encounters, oldest first",
        response: { 200: z.object({ encounters: z.array(encounterSummarySchema) }) },
      },
    },
    async () => ({ encounters: await encounters.list() }),
  );

  app.post(
    "/encounters",
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Create an encounter from an encounter file (JSON body, or the YAML itself)",
        body: createBody,
        response: { 201: encounterSchema, ...heavy },
      },
    },
    async (request, reply) => {
      const { file, seed } = request.body;
      const created = await encounters.create(file, "file", seed, clientGone(reply));
      reply.status(201);
      return created;
    },
  );

  app.post(
    "/encounters/check",
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          "Check an encounter file as POST /encounters would, storing nothing: its title and ruleset, or the error with where it is",
        body: checkBody,
        response: { 200: z.object({ title: z.string(), ruleset: z.string() }), ...heavy },
      },
    },
    (request, reply) => encounters.check(request.body.file, "file", clientGone(reply)),
  );

  app.post(
    "/encounters/from-log",
    {
      schema: {
        tags: TAGS,
        summary: "Create an encounter from a fray-log/1 log: the fight resumed where it ends",
        body: fromLogBody,
        response: { 201: encounterSchema, ...heavy },
      },
    },
    async (request, reply) => {
      const { log, seed } = request.body;
      const resumed = await encounters.resume(log, "log", seed, clientGone(reply));
      reply.status(201);
      return resumed;
    },
  );

  app.get(
    "/encounters/:id",
    {
      schema: {
        tags: TAGS,
        summary:
          "One encounter: the pending choice, what the GM and each side see, explanations (304 when its ETag is sent in If-None-Match and it has not changed)",
        params: idParams,
        response: { 200: encounterSchema, 304: z.null(), ...refused },
      },
    },
    // A page that polls (the GM's, the players') sends the ETag it has: an unchanged encounter
    // answers 304 from its stored version, read without its answers, without a replay.
    async (request, reply) => {
      void reply.header("cache-control", "no-cache");
      const { id } = request.params;
      const stored = encounterTag(await encounters.listing(id), encounters.holds(id));
      if (namesTag(request.headers["if-none-match"], stored)) {
        void reply.code(304).header("etag", stored);
        return null;
      }
      const encounter = await encounters.get(id);
      void reply.header("etag", encounterTag(encounter, encounters.holds(id)));
      return encounter;
    },
  );

  app.delete(
    "/encounters/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Delete an encounter",
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      await encounters.remove(request.params.id);
      reply.status(204);
      return null;
    },
  );

  app.post(
    "/encounters/:id/answer",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          'Answer the pending choice: {"choice"} for a decision, {"dice"} or {"total"} for a roll',
        params: idParams,
        body: answerBody,
        response: { 200: encounterSchema, ...refused },
      },
    },
    (request) => {
      const { version, ...answer } = request.body;
      return encounters.answer(request.params.id, version, answer);
    },
  );

  app.post(
    "/encounters/:id/policy",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Answer the pending decision with its tactics' answer (the default)",
        params: idParams,
        body: versionBody,
        response: { 200: encounterSchema, ...refused },
      },
    },
    (request) => encounters.decideByPolicy(request.params.id, request.body.version),
  );

  app.post(
    "/encounters/:id/roll",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Answer the pending roll with Fray's seeded dice",
        params: idParams,
        body: versionBody,
        response: { 200: encounterSchema, ...refused },
      },
    },
    (request) => encounters.roll(request.params.id, request.body.version),
  );

  app.post(
    "/encounters/:id/autoplay",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Roll and decide by the tactics to the end of the round or of the fight",
        params: idParams,
        body: autoplayBody,
        response: { 200: encounterSchema, ...refused, ...heavy },
      },
    },
    (request, reply) => {
      const { version, until } = request.body;
      return encounters.autoplay(request.params.id, version, until, clientGone(reply));
    },
  );

  app.put(
    "/encounters/:id/tactics",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          "Give sides or combatants other tactics from now on (auto-play, the tactics' answers, the advisor, the odds); the answers given stay",
        params: idParams,
        body: tacticsBody,
        response: { 200: encounterSchema, ...refused },
      },
    },
    (request) => {
      const { version, tactics } = request.body;
      return encounters.setTactics(request.params.id, version, tactics);
    },
  );

  app.post(
    "/encounters/:id/undo",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          "Take back the last answers, or the last decisions with their rolls (any number, across rounds)",
        params: idParams,
        body: stepsBody,
        response: { 200: encounterSchema, ...refused },
      },
    },
    (request) => {
      const { version, steps, unit } = request.body;
      return encounters.undo(request.params.id, version, steps, unit);
    },
  );

  app.post(
    "/encounters/:id/redo",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Give back answers (or decisions with their rolls) that undo took",
        params: idParams,
        body: stepsBody,
        response: { 200: encounterSchema, ...refused },
      },
    },
    (request) => {
      const { version, steps, unit } = request.body;
      return encounters.redo(request.params.id, version, steps, unit);
    },
  );

  app.post(
    "/encounters/:id/branch",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          'A new encounter with the first "at" answers of this one: a what-if (with a seed of its own: other dice)',
        params: idParams,
        body: branchBody,
        response: { 201: encounterSchema, ...refused },
      },
    },
    (request, reply) => {
      reply.status(201);
      return encounters.branch(request.params.id, request.body.at, request.body.seed);
    },
  );

  app.get(
    "/encounters/:id/log",
    {
      schema: {
        tags: TAGS,
        summary: "The log as JSON lines (fray-log/1): replays with fray replay, resumes anywhere",
        params: idParams,
        response: { 200: z.string(), ...refused },
      },
    },
    (request, reply) => {
      reply.type("application/x-ndjson; charset=utf-8");
      return encounters.log(request.params.id);
    },
  );

  app.get(
    "/encounters/:id/advice",
    {
      config: { takes: "starts work on the server" },
      schema: {
        tags: TAGS,
        summary:
          "The advisor: each option of the next decision, with its odds to the end of the round (or, with horizon=fight, its chance to win the whole fight)",
        params: idParams,
        querystring: adviceQuery,
        headers: frayRequestHeader,
        response: { 200: adviceSchema, ...refused, ...heavy },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { advice, rolled } = await encounters.advise(id, request.query, clientGone(reply));
      return { rolled, ...advice, options: [...advice.options] };
    },
  );

  app.post(
    "/encounters/:id/simulations",
    {
      schema: {
        tags: TAGS,
        summary:
          "Simulate the fight from where it stands (or from its start) under the tactics: win chances with 95% intervals",
        params: idParams,
        body: encounterSimulationBody,
        response: { 200: simulationSchema, ...refused, ...heavy },
      },
    },
    (request, reply) => encounters.simulate(request.params.id, request.body, clientGone(reply)),
  );

  app.post(
    "/encounters/:id/fight-odds",
    {
      schema: {
        tags: TAGS,
        summary:
          "Exact odds of the whole fight from where it stands (or from its start) under the tactics: each side's chance to win, draws, rounds, survival, and the bound on what is unresolved",
        params: idParams,
        body: fightOddsBody,
        response: { 200: fightOddsSchema, ...refused, ...heavy },
      },
    },
    (request, reply) => encounters.fightOdds(request.params.id, request.body, clientGone(reply)),
  );

  app.post(
    "/encounters/:id/fight-odds/jobs",
    {
      schema: {
        tags: TAGS,
        summary:
          "Start the whole fight's exact odds as a job to follow: 202 at once with its id; GET it for its progress and then its odds, DELETE it to cancel",
        params: idParams,
        body: fightOddsBody,
        response: { 202: fightOddsJobSchema, ...refused, ...heavy },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { task, version } = await encounters.fightOddsTask(id, request.body);
      const job = fightOddsJobs.start(id, version, request.body.from, task);
      void reply.status(202).header("location", `/encounters/${id}/fight-odds/jobs/${job.id}`);
      return job;
    },
  );

  app.get(
    "/encounters/:id/fight-odds/jobs/:job",
    {
      schema: {
        tags: TAGS,
        summary:
          "A whole-fight odds job: its status, its progress while it runs, then its odds or its error",
        params: fightOddsJobParams,
        response: { 200: fightOddsJobSchema, ...refused },
      },
    },
    (request) => fightOddsJobs.get(request.params.id, request.params.job),
  );

  app.delete(
    "/encounters/:id/fight-odds/jobs/:job",
    {
      schema: {
        tags: TAGS,
        summary:
          "Cancel a whole-fight odds job: its worker thread is stopped and freed; answers the job as it then is",
        params: fightOddsJobParams,
        response: { 200: fightOddsJobSchema, ...refused },
      },
    },
    (request) => fightOddsJobs.cancel(request.params.id, request.params.job),
  );
}
