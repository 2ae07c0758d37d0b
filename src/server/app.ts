// The HTTP API (docs/http-api.md): a Fastify app over an encounter store, with its OpenAPI
// description at /openapi.json, the GM's routes and the players' (access.ts), and the pages
// pushed every change (live.ts). `fray serve` listens with it; tests call it with `inject`.
import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Credentials, registerAccess } from "./access.js";
import { CompressedBody, registerReplyCompression } from "./compressed-body.js";
import { registerConsoleRoutes } from "./console-routes.js";
import { BODY_LIMIT, handleClientError, handleError, handleNotFound } from "./error-handler.js";
import { registerEncounterRoutes } from "./encounter-routes.js";
import { registerGmRoutes } from "./gm-routes.js";
import { Encounters } from "./encounters.js";
import { FightOddsJobs } from "./fight-odds-jobs.js";
import { LocalEvents, type EncounterEvents } from "./events.js";
import { startJobs, type ServerJobs } from "./jobs.js";
import { countJsonBodies } from "./json-bodies.js";
import { Live } from "./live.js";
import { registerPlayerLinkRoutes } from "./player-link-routes.js";
import { PlayerLinks } from "./player-links.js";
import { registerPlayerRoutes } from "./player-routes.js";
import { Presence } from "./presence.js";
import { registerReplyCap } from "./reply-cap.js";
import { hostNames, registerRequestGuard } from "./request-guard.js";
import { RATE_LIMITS, registerRateLimits, type RateLimits } from "./rate-limits.js";
import { registerRosterRoutes } from "./roster-routes.js";
import { registerRulesetRoutes } from "./ruleset-routes.js";
import {
  capBodies,
  capConnections,
  isLoopback,
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_MS,
} from "./slow-clients.js";
import type { EncounterStore } from "./store.js";
import { registerToolRoutes } from "./tool-routes.js";
import { capUnreadReplies, UnreadBytes } from "./unread-replies.js";
import { validatorCompiler } from "./validation.js";

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppOptions {
  readonly store: EncounterStore;
  /** Log the failures of the server itself (500s) on stdout, as JSON lines. */
  readonly logErrors?: boolean;
  /** The GM's secret; null or missing: the local GM is trusted (start.ts decides). */
  readonly gmSecret?: string | null;
  /** The server's addresses for other machines (`http://192.168.1.20:4000`), known once it listens. */
  readonly publicUrls?: () => readonly string[];
  /** Where changes are published; one process's by default. */
  readonly events?: EncounterEvents;
  /**
   * The host names the server answers as (request-guard.ts): by default the loopback names;
   * `hostNames(listenHost, allowed)` gives those of an address it listens on.
   */
  readonly hosts?: readonly string[];
  /**
   * Where heavy work runs (jobs.ts): by default `startJobs()`, closed with the app; a runner
   * given here is the caller's to close.
   */
  readonly jobs?: ServerJobs;
  /** How often a player's link and a machine other than the server's may ask (rate-limits.ts). */
  readonly rateLimits?: RateLimits;
  /**
   * Whether a client's address is the server's own machine (the GM's browser), which the caps on
   * connections and bodies and the machines' rate limit neither count nor refuse: loopback by
   * default. A test or a benchmark names one address, so that the others of 127.0.0.0/8 stand for
   * machines on the network.
   */
  readonly ownMachine?: (address: string) => boolean;
  /** Where the console's build is (console-routes.ts): web/dist by default. */
  readonly consoleDir?: string;
  /**
   * Make the OpenAPI description once the app is ready rather than at its first request: a server
   * the network can reach (start.ts), where a flood's first requests asked for it and the GM's
   * page waited the seconds it took (its schemas made JSON Schemas, 1-5 s of the one thread at
   * load 20).
   */
  readonly describeAtStart?: boolean;
}

/**
 * A body sent as YAML is an encounter or exchange file (`{ file }`), one sent as JSON lines a
 * log (`{ log }`), so that `curl --data-binary @file.yaml` works without wrapping it in JSON.
 */
function acceptFileBodies(app: App): void {
  const as =
    (key: "file" | "log") =>
    (_: unknown, body: string | Buffer, done: (e: Error | null, body?: unknown) => void) =>
      done(null, { [key]: body.toString() });
  app.addContentTypeParser(
    ["application/yaml", "application/x-yaml", "text/yaml"],
    { parseAs: "string" },
    as("file"),
  );
  app.addContentTypeParser(
    ["application/x-ndjson", "application/jsonl"],
    { parseAs: "string" },
    as("log"),
  );
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app: App = Fastify({
    logger: options.logErrors === true ? { level: "error" } : false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  const ownMachine = options.ownMachine ?? isLoopback;
  capConnections(app.server, { exempt: ownMachine });
  capBodies(app, undefined, ownMachine);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  const credentials = new Credentials(options.gmSecret ?? null);
  const limits = await registerRateLimits(app, options.rateLimits ?? RATE_LIMITS, {
    ownMachine,
    vouchedFor: (request) => credentials.vouchedFor(request),
    firstOpening: {
      tokenOf: (request) => credentials.playerTokenOf(request),
      lookUp: (token) => credentials.lookUp(token, options.store.playerLinks),
    },
  });
  registerRequestGuard(app, options.hosts ?? hostNames("127.0.0.1"));
  registerReplyCap(app);
  registerReplyCompression(app);
  const unread = new UnreadBytes({
    exempt: (request) =>
      ownMachine(request.socket.remoteAddress ?? "") || credentials.vouchedFor(request) === "gm",
  });
  capUnreadReplies(app, unread);
  acceptFileBodies(app);
  countJsonBodies(app);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Fray HTTP API",
        description:
          "Run tabletop-RPG fights: encounters stored with their answers, undo, redo and branches; exact odds, the advisor and simulation. See docs/http-api.md.",
        version: "1",
      },
    },
    transform: jsonSchemaTransform,
  });
  registerAccess(app, { credentials, links: options.store.playerLinks });
  limits.registerAfterAccess();
  // Open to anyone, and 435 KB: its text is made once, at the first request, and sent as made,
  // compressed when the client accepts it (12 KB in brotli). Serialized anew at each request, it
  // took the server's one thread 100-150 ms (load 24), and 300 connections from the network
  // asking for it kept the GM's page waiting over 30 s.
  let openapi: CompressedBody | undefined;
  const description = () =>
    (openapi ??= new CompressedBody(Buffer.from(JSON.stringify(app.swagger()))));
  app.get(
    "/openapi.json",
    { schema: { hide: true }, config: { access: "public" } },
    (request, reply) => description().send(request, reply.type("application/json; charset=utf-8")),
  );
  if (options.describeAtStart === true) app.addHook("onReady", async () => void description());
  registerRulesetRoutes(app);
  const jobs = options.jobs ?? startJobs();
  if (options.jobs === undefined) app.addHook("onClose", () => jobs.close());
  const encounters = new Encounters(options.store, options.events ?? new LocalEvents(), jobs);
  registerEncounterRoutes(app, encounters, new FightOddsJobs(jobs));
  registerGmRoutes(app, encounters);
  const presence = new Presence(options.store.screens);
  const links = new PlayerLinks(
    options.store.playerLinks,
    encounters,
    presence,
    options.publicUrls,
  );
  const live = new Live(encounters, links, options.store.playerLinks, presence, unread, (error) =>
    app.log.error(error),
  );
  app.addHook("preClose", (done) => {
    live.close();
    done();
  });
  registerPlayerLinkRoutes(app, links, live);
  registerPlayerRoutes(app, encounters, live);
  registerToolRoutes(app, jobs);
  registerRosterRoutes(app, options.store.rosters);
  await registerConsoleRoutes(app, options.consoleDir);
  return app;
}
