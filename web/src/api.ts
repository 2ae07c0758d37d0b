// The HTTP API (docs/http-api.md), as the console calls it: same origin, JSON in and out, with
// the GM's secret when this browser keeps one (credentials.ts). A refused request throws
// ApiError with the API's `{ error, where, hint }`.
import { bearer, gmSecret } from "./credentials.js";
import type {
  AdviceJson,
  Answer,
  Encounter,
  EncounterSummary,
  ErrorBody,
  ExampleFile,
  FightOddsJob,
  GmChangeData,
  GmOptions,
  NewPlayerLink,
  PlayerLink,
  RosterEntry,
  RosterKind,
  RulesetExamples,
  RulesetJson,
  RulesetSummary,
  SimulationFrom,
  SimulationJson,
  StepUnit,
} from "./types.js";
import type { TacticsChoice } from "./tactics.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** When it may be tried again (the page's clock, ms), from a 429's Retry-After. */
    readonly retryAt?: number,
  ) {
    super(body.error);
  }
}

/** Retry-After's seconds (a number of seconds, or an HTTP date), or undefined without one. */
export function retryAfterOf(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The API's refusal in a reply that is not ok. */
export async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let error: ErrorBody;
  try {
    error = JSON.parse(text) as ErrorBody;
  } catch {
    error = { error: `${response.status} ${response.statusText}: ${text}` };
  }
  const now = Date.now();
  const wait = retryAfterOf(response.headers.get("retry-after"), now);
  return new ApiError(response.status, error, wait === undefined ? undefined : now + wait * 1000);
}

async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: object,
): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: {
      ...bearer(gmSecret()),
      // Says the request is the console's: a GET that starts work (the advisor's) needs it, and
      // another site's page cannot send it (docs/http-api.md, "What the server withstands").
      "fray-request": "1",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await errorOf(response);
  return response;
}

async function json<T>(method: "GET" | "POST" | "PUT", path: string, body?: object): Promise<T> {
  return (await (await call(method, path, body)).json()) as T;
}

const at = (id: number, action = "") => `/encounters/${id}${action === "" ? "" : `/${action}`}`;

export const api = {
  list: () => json<{ encounters: EncounterSummary[] }>("GET", "/encounters"),
  create: (file: string | object) => json<Encounter>("POST", "/encounters", { file }),
  /** An encounter resumed from its log (`fray-log/1`, as the fight page saves it). */
  resume: (log: string) => json<Encounter>("POST", "/encounters/from-log", { log }),
  /** Checks an encounter file as create would, storing nothing. */
  check: (file: object) =>
    json<{ title: string; ruleset: string }>("POST", "/encounters/check", { file }),
  rulesets: () => json<{ rulesets: RulesetSummary[] }>("GET", "/rulesets"),
  ruleset: (id: string) => json<RulesetJson>("GET", `/rulesets/${encodeURIComponent(id)}`),
  examples: (id: string) =>
    json<{ examples: RulesetExamples }>("GET", `/rulesets/${encodeURIComponent(id)}/examples`),
  exampleFile: (id: string, file: string) =>
    json<ExampleFile>(
      "GET",
      `/rulesets/${encodeURIComponent(id)}/examples/${encodeURIComponent(file)}`,
    ),
  /** A ruleset's party and bestiary. */
  rosters: (ruleset: string) =>
    json<{ entries: RosterEntry[] }>("GET", `/rosters?ruleset=${encodeURIComponent(ruleset)}`),
  addToRoster: (ruleset: string, roster: RosterKind, combatant: Record<string, unknown>) =>
    json<RosterEntry>("POST", "/rosters", { ruleset, roster, combatant }),
  removeFromRoster: async (entry: number): Promise<void> =>
    void (await call("DELETE", `/rosters/${entry}`)),
  get: (id: number) => json<Encounter>("GET", at(id)),
  remove: async (id: number): Promise<void> => void (await call("DELETE", at(id))),
  answer: (id: number, version: number, answer: Answer) =>
    json<Encounter>("POST", at(id, "answer"), { ...answer, version }),
  policy: (id: number, version: number) => json<Encounter>("POST", at(id, "policy"), { version }),
  roll: (id: number, version: number) => json<Encounter>("POST", at(id, "roll"), { version }),
  reroll: (id: number, version: number) => json<Encounter>("POST", at(id, "reroll"), { version }),
  autoplay: (id: number, version: number, until: "round" | "end") =>
    json<Encounter>("POST", at(id, "autoplay"), { until, version }),
  /** Takes back `steps` answers, or `steps` decisions each with the rolls after it. */
  undo: (id: number, version: number, steps: number, unit: StepUnit = "answer") =>
    json<Encounter>("POST", at(id, "undo"), { steps, unit, version }),
  redo: (id: number, version: number, steps: number, unit: StepUnit = "answer") =>
    json<Encounter>("POST", at(id, "redo"), { steps, unit, version }),
  /** A what-if with the first `answers` answers; with a `seed`, Fray's dice are new from there. */
  branch: (id: number, answers: number, seed?: number) =>
    json<Encounter>("POST", at(id, "branch"), { at: answers, seed }),
  /** The same fight from its start with Fray's dice from `seed`: the players' links move on to it. */
  again: (id: number, seed: number) => json<Encounter>("POST", at(id, "again"), { seed }),
  logUrl: (id: number) => at(id, "log"),
  /** The log as a file to save (fetched with the GM's secret, which a plain link cannot send). */
  logFile: async (id: number): Promise<Blob> => (await call("GET", at(id, "log"))).blob(),
  /** What the GM may change by hand where the fight stands. */
  gm: (id: number) => json<GmOptions>("GET", at(id, "gm")),
  /** A change of the GM's hand, logged as an answer. */
  change: (id: number, version: number, change: GmChangeData) =>
    json<Encounter>("POST", at(id, "changes"), { change, version }),
  /** The advisor; `fight`: win and lose over the whole fight, exact within `maxStates`. */
  advice: (id: number, samples: number, fight?: { maxStates: number }) =>
    json<AdviceJson>(
      "GET",
      `${at(id, "advice")}?samples=${samples}${fight === undefined ? "" : `&horizon=fight&maxStates=${fight.maxStates}`}`,
    ),
  /**
   * Simulates the encounter with its seed, from where the fight stands or from its start; with
   * `tactics` (by side or combatant id) other tactics than the encounter's, for these fights only.
   */
  simulate: (
    id: number,
    runs: number,
    from: SimulationFrom,
    tactics: Readonly<Record<string, TacticsChoice>> = {},
  ) =>
    json<SimulationJson>("POST", at(id, "simulations"), {
      runs,
      from,
      ...(Object.keys(tactics).length === 0 ? {} : { tactics }),
    }),
  /** Gives combatants (by id, or a side's) other tactics from now on. */
  setTactics: (id: number, version: number, tactics: Readonly<Record<string, TacticsChoice>>) =>
    json<Encounter>("PUT", at(id, "tactics"), { tactics, version }),
  /** Starts the whole fight's exact odds from where it stands, as a job to follow. */
  startFightOdds: (id: number, limits: { readonly maxStates: number; readonly maxRuns: number }) =>
    json<FightOddsJob>("POST", at(id, "fight-odds/jobs"), limits),
  fightOddsJob: (id: number, job: number) =>
    json<FightOddsJob>("GET", at(id, `fight-odds/jobs/${job}`)),
  /** Stops the job (its worker thread is freed); answers it as it then is. */
  cancelFightOdds: async (id: number, job: number): Promise<FightOddsJob> =>
    (await call("DELETE", at(id, `fight-odds/jobs/${job}`))).json() as Promise<FightOddsJob>,
  players: (id: number) =>
    json<{ players: PlayerLink[]; movedTo: number | null }>("GET", at(id, "players")),
  /** A player's link for some combatants of one side, or for a whole side. */
  newPlayer: (id: number, link: { name: string; combatants?: string[]; side?: string }) =>
    json<NewPlayerLink>("POST", at(id, "players"), link),
  revokePlayer: async (id: number, player: number): Promise<PlayerLink> =>
    (await call("DELETE", at(id, `players/${player}`))).json() as Promise<PlayerLink>,
};
