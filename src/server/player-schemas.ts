// The players' part of the HTTP API as zod schemas (schemas.ts holds the rest): the GM's links
// (make, list, revoke) and what a player's link reads and sends. A reply is stripped to its
// schema, so a field that is not here never reaches a player.
import { z } from "zod";
import { seedSchema } from "../engine/encounter-file.js";
import {
  answerBody,
  changeText,
  combatantView,
  encounterId,
  pathNumber,
  pendingSchema,
  playerName,
  resultRulings,
} from "./schemas.js";

// ---- the GM's links ------------------------------------------------------------------------

export const playerParams = z.strictObject({
  id: encounterId,
  player: pathNumber("a player's link's number", "as GET /encounters/:id/players lists them"),
});

/** POST /encounters/:id/again: the same fight from its start, the players' links moving on. */
export const againBody = z
  .strictObject({
    seed: seedSchema("the same dice as this encounter's")
      .optional()
      .describe(
        "seed for Fray's dice in the fight again (default: this encounter's: the same dice)",
      ),
  })
  .prefault({});

export const newPlayerLinkBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .describe("the player's name, as the GM's page lists the link: \"Anna\""),
  combatants: z
    .array(z.string())
    .min(1)
    .optional()
    .describe("the combatants the link plays, all of one side (or give side alone)"),
  side: z
    .string()
    .optional()
    .describe("the side the link plays whole: its combatants and its own decisions"),
});

export const playerLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  side: z.string(),
  combatants: z
    .array(z.string())
    .nullable()
    .describe("those it was made for; null: the whole side"),
  plays: z.array(z.string()).describe("the combatants it plays now"),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  connected: z.boolean().describe("whether the player's screen is open (live) now"),
});

export const newPlayerLinkSchema = playerLinkSchema.extend({
  token: z.string().describe("the player's token: shown this once, only its SHA-256 is kept"),
  path: z.string().describe("the player's screen on this server: /#/play/<token>"),
  urls: z
    .array(z.string())
    .describe("the same at each address given for other machines (fray serve --host 0.0.0.0)"),
});

export const playerLinksSchema = z.object({
  players: z.array(playerLinkSchema),
  movedTo: z
    .number()
    .int()
    .nullable()
    .describe(
      "the encounter its links moved on to when it was fought again (POST /encounters/:id/again), or null",
    ),
});

// ---- what a player's link reads and sends ----------------------------------------------------

const playerRollSchema = z.object({
  label: z.string(),
  dice: z.string(),
  total: z.number(),
  by: z.enum(["fray", "table"]).optional(),
  player: playerName,
});

export const playerResultSchema = z.object({
  at: z.number().int().describe("answers given when it was complete"),
  heading: z.string().describe("the decision (or roll) that started it"),
  player: playerName.describe("the player who made its decision from their screen"),
  gmChose: z
    .literal(true)
    .optional()
    .describe(
      "the decision that began it is one of the link's own combatants' that the GM made, not the player",
    ),
  outcome: z
    .array(z.string())
    .describe(
      'what it did, first, a line per combatant it hurt or put out of the fight: on the side\'s own whole ("Tombril hits Hill Giant: -31 SP (to 37/68 SP)" on the giant\'s side), on another side\'s without its numbers ("Oswin hits Cutter: out of the fight", "Hill Giant: hurt"); empty when it hurt no one',
    ),
  byHand: z
    .literal(true)
    .optional()
    .describe(
      "the GM's change by hand began it, not a combatant's action: its outcome is the ruling's, drawn as one, not as a blow",
    ),
  rolls: z.array(playerRollSchema),
  rulings: resultRulings.describe(
    "the GM's rulings inside the step that the side may read (no other side's number, no number answered)",
  ),
  changes: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        label: z.string(),
        before: z.string(),
        after: z.string(),
        text: changeText,
        worse: z
          .literal(true)
          .optional()
          .describe("a health bar that got worse, which the outcome's line says first"),
      }),
    )
    .describe("what it changed on the side's own combatants (the others' cards tell it in words)"),
  explanations: z.array(z.object({ rule: z.string(), text: z.string() })),
  withheld: z
    .number()
    .int()
    .describe(
      "rolls, rulings and results of the step the GM keeps (they name another side's numbers)",
    ),
  told: z
    .array(z.string())
    .describe(
      'what the kept rolls and rulings are about, without their numbers, each said once: "Knife\'s damage", "the GM\'s answer to “Orc 3: does it fight on, flee or surrender?”"',
    ),
  rules: z
    .array(z.string())
    .describe('the rules whose explanations the GM keeps, by their titles: "Melee Attacks"'),
});

export const playerStepSchema = z
  .object({
    heading: z.string().describe("the decision (or change) that began it"),
    player: playerName.describe("the player who made its decision from their screen"),
    gmChose: z
      .literal(true)
      .optional()
      .describe(
        "the decision that began it is one of the link's own combatants' that the GM made, not the player",
      ),
    rolls: z.array(playerRollSchema).describe("its rolls given so far"),
    rulings: resultRulings.describe("the GM's rulings inside it so far that the side may read"),
  })
  .describe(
    "the step begun after the last result that has caused nothing yet (a decision whose dice wait), as the side may see it",
  );

export const playerBlowSchema = playerStepSchema
  .extend({
    holdsLastResult: z
      .boolean()
      .describe(
        "whether lastResult is this blow's beginning (a choice of it that caused something: the dice an attacker attacks with)",
      ),
  })
  .describe(
    "the blow the pending choice belongs to, as far as it has come, from its first choice (an attacker's target and dice, then the defender's answer), as the side may see it; null when nothing was answered since lastResult, and once the fight is over",
  );

export const playerOrderSchema = z
  .object({
    round: z.number().int().describe("the round in play"),
    label: z.string().describe('"Round 3", "Melee 2", "Turn 1"'),
    entries: z.array(
      z.object({
        id: z.string(),
        label: z.string().describe("the combatant's name"),
        state: z.enum(["done", "acting", "waiting", "out"]),
        note: z
          .string()
          .optional()
          .describe('"initiative 14", "5 AP": another side\'s numbers left out'),
      }),
    ),
    note: z.string().optional(),
  })
  .describe("the ruleset's order of the round in play, first first, as the side may see it");

export const playerStateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ruleset: z.string(),
  round: z.number().int().describe("rounds completed (the round in play is round + 1)"),
  status: z.enum(["pending", "over"]),
  outcome: z.object({ winner: z.string().nullable(), reason: z.string() }).nullable(),
  version: z.number().int().describe("the encounter's version: send it with a move"),
  answers: z.number().int().describe("answers given so far, the GM's changes by hand included"),
  tableAnswers: z
    .number()
    .int()
    .describe(
      "rolls and decisions given so far (the GM's changes by hand left out): with the pending choice's actor and question, which choice it is (the same while it waits, whatever the GM changes by hand)",
    ),
  sides: z.array(z.object({ id: z.string(), name: z.string() })),
  player: z.object({
    id: z.number().int().describe("the link's id"),
    name: z.string(),
    side: z.string(),
    plays: z.array(z.string()).describe("the combatants this link plays"),
  }),
  turn: z
    .object({
      kind: z.enum(["roll", "decide"]),
      actor: z
        .string()
        .nullable()
        .describe('whose choice the fight waits for: a combatant, a side, "gm", or null'),
      yours: z.boolean().describe("whether this link answers it (then pending holds it)"),
      waitingFor: z
        .string()
        .nullable()
        .describe(
          'an opposed roll whose part this link gave: the other part it waits for ("Orrin\'s dodge die"); else null',
        ),
      gave: z
        .string()
        .nullable()
        .describe('with waitingFor, the part this link gave ("strike die"); else null'),
      asked: z
        .string()
        .optional()
        .describe(
          "a ruling of the GM's or a side's decision that waits: its question, or a roll that waits: its label; when the side may read it (never a ruling's options)",
        ),
    })
    .nullable()
    .describe("null once the fight is over"),
  pending: pendingSchema.nullable().describe("the pending choice, when it is this link's"),
  order: playerOrderSchema,
  combatants: z.array(combatantView).describe("the ruleset's view for the link's side"),
  lastResult: playerResultSchema.nullable(),
  sinceTurn: z
    .array(playerResultSchema)
    .describe(
      "the results before lastResult since the player's last answer (a decision of a combatant the link plays, dice from its screen), oldest first, each as the side may see it; at most 7 (8 with lastResult)",
    ),
  step: playerStepSchema
    .nullable()
    .describe("null while the last result is of the step in play, and once the fight is over"),
  blowSoFar: playerBlowSchema.nullable(),
});

/** A player's move: an answer to its own pending choice. */
export const playerAnswerBody = answerBody;

/** The events of GET /player/events and GET /encounters/:id/events, for the OpenAPI text. */
export const EVENTS_DESCRIPTION =
  "Server-sent events (text/event-stream). `state`: the JSON of the GET route, with the encounter's version as the event's id (followed by h, `12h`, while this server holds a part of an opposed roll), sent at once and after every change; `players` (the GM's stream): the links with who is connected; `revoked` (a player's): the link was revoked, the stream ends; `moved` (a player's): the GM fought the fight again (POST /encounters/:id/again) and the link moved on to the new encounter, the stream ends: open it anew, without Last-Event-ID; `deleted`: the encounter was deleted, the stream ends. A comment line every 20 s keeps it open. Reconnect with Last-Event-ID: the state is sent again only if it changed since.";
