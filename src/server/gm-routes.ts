// /encounters/:id/gm: what the GM may change by hand where the fight stands; and
// /encounters/:id/changes: a change of the GM's hand (a value set, a condition on or off, a late
// arrival, a combatant taken out, the fight ended by ruling), logged as an answer of its own; and
// /encounters/:id/reroll: the last roll rolled again with Fray's dice, logged as a reroll.
import type { App } from "./app.js";
import { MOVE_BODY_LIMIT } from "./error-handler.js";
import type { Encounters } from "./encounters.js";
import { gmChangeBody, gmSchema } from "./gm-schemas.js";
import { encounterSchema, errorSchema, idParams, versionBody } from "./schemas.js";

const TAGS = ["encounters"];

export function registerGmRoutes(app: App, encounters: Encounters): void {
  app.get(
    "/encounters/:id/gm",
    {
      schema: {
        tags: TAGS,
        summary:
          "What the GM may change by hand: each combatant's fields (labelled, with their allowed values), the ruleset's conditions, stat blocks for a late arrival",
        params: idParams,
        response: { 200: gmSchema, 404: errorSchema },
      },
    },
    (request) => encounters.gm(request.params.id),
  );

  app.post(
    "/encounters/:id/changes",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          "A change of the GM's hand, logged as an answer: undo, redo, replay, simulation and the advisor see it",
        params: idParams,
        body: gmChangeBody,
        response: { 200: encounterSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) =>
      encounters.changeByHand(request.params.id, request.body.version, request.body.change),
  );

  app.post(
    "/encounters/:id/reroll",
    {
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          "Roll the last answer, a roll, again with Fray's dice at the GM's request: fresh dice (another attempt of the seed), logged with the dice replaced; undo takes it back",
        params: idParams,
        body: versionBody,
        response: { 200: encounterSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => encounters.reroll(request.params.id, request.body.version),
  );
}
