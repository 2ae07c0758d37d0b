// The HTTP API's requests and responses as zod schemas: Fastify validates requests with them
// (validation.ts) and @fastify/swagger turns them into the OpenAPI document at /openapi.json.
import { z } from "zod";
import { envLimit } from "../app/env-limits.js";
import { CHOICE_GROUPS } from "../engine/choice.js";
import { seedSchema } from "../engine/encounter-file.js";
import { tacticsChoiceSchema } from "../engine/tactics.js";

/**
 * Most fights one request may simulate (a job: docs/http-api.md, "Limits"), unless FRAY_MAX_RUNS
 * (`fray serve --max-runs`) says otherwise.
 */
export const MAX_SIMULATION_RUNS = 100_000;

/** The environment variable that raises MAX_SIMULATION_RUNS. */
export const RUNS_VARIABLE = "FRAY_MAX_RUNS";

// ---- requests ----------------------------------------------------------------------------

const seed = seedSchema("the dice then keep to the default seed of this request").describe(
  "seed for Fray's dice (default: the file's seed, else 1)",
);
const version = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe("the encounter's version you last saw: refused with 409 if it has changed since");
const file = z
  .union([z.string(), z.record(z.string(), z.unknown())], {
    error: (issue) =>
      issue.input === undefined
        ? "the file is missing: give its YAML or JSON text, or its content as an object"
        : `the file is its YAML or JSON text, or its content as an object, not ${Array.isArray(issue.input) ? "a list" : typeof issue.input}`,
  })
  .describe("the file: its YAML or JSON text, or its content as an object");

/**
 * A number in a route's path (an encounter's id, a player's, a job's): a whole number from 1,
 * refused in words that say which and where to find one, where zod said "Invalid input: expected
 * number, received NaN" (`/encounters/1%00`) or "Too big: expected int to be <=9007199254740991".
 */
export function pathNumber(what: string, found: string): z.ZodCoercedNumber {
  const says = `${what} is a whole number from 1, ${found}`;
  return z.coerce.number({ error: says }).int({ error: says }).positive({ error: says });
}

export const encounterId = pathNumber("an encounter's id", "as GET /encounters lists them");

export const idParams = z.strictObject({ id: encounterId });
export const rulesetParams = z.strictObject({ id: z.string() });

export const createBody = z.strictObject({
  file: file.describe(
    "the encounter file (docs/encounter-format.md): YAML or JSON text, or an object",
  ),
  seed: seed.optional(),
});

export const checkBody = z.strictObject({
  file: file.describe("the encounter file to check: YAML or JSON text, or an object"),
});

export const fromLogBody = z.strictObject({
  log: z.string().describe("a log in the fray-log/1 format: JSON lines, as GET .../log gives"),
  seed: seed.optional().describe("seed for Fray's dice from now on (default: the log's)"),
});

export const answerBody = z.strictObject({
  choice: z
    .unknown()
    .optional()
    .describe(
      "a decision: one of the pending decision's choices (its value), or a value its schema allows",
    ),
  dice: z
    .array(z.number().int())
    .min(1)
    .optional()
    .describe("a roll: the dice as rolled at the table, in order, explosions included"),
  total: z.number().int().optional().describe("a roll: only its result"),
  version,
});

export const versionBody = z.strictObject({ version }).prefault({});

export const stepsBody = z
  .strictObject({
    steps: z
      .number()
      .int()
      .min(1)
      .default(1)
      .describe("how many steps (default 1): answers, or decisions with unit decision"),
    unit: z
      .enum(["answer", "decision"])
      .default("answer")
      .describe(
        'what a step is: "answer" (default), one roll or one decision; "decision", a decision with the rolls after it, as `fray play` undoes with Fray\'s dice',
      ),
    version,
  })
  .prefault({});

export const autoplayBody = z
  .strictObject({
    until: z
      .enum(["round", "end"])
      .default("end")
      .describe("play to the end of the current round, or of the fight (default)"),
    version,
  })
  .prefault({});

export const branchBody = z
  .strictObject({
    at: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("keep the first `at` answers (default: all of them)"),
    seed: seed
      .optional()
      .describe(
        "seed for Fray's dice in the branch (default: this encounter's); with at 0, the same fight with new dice",
      ),
  })
  .prefault({});

/** The most distinct states a request may let the odds keep (about 2 GB of states at the most). */
export const MAX_ODDS_STATES = 20_000_000;

/**
 * The header a GET that starts work needs (request-guard.ts): no simple request may carry it, so
 * another site's page cannot make the server work. Any value; the console sends "1".
 */
export const frayRequestHeader = z.object({
  "fray-request": z
    .string()
    .describe(
      "Any value (1): says the request is meant for Fray; another site's page cannot send it without a CORS preflight, which the server refuses",
    ),
});

export const adviceQuery = z.strictObject({
  samples: z.coerce
    .number()
    .int()
    .min(1)
    .max(200_000)
    .default(20_000)
    .describe(
      "the most samples per option when the round (or, with horizon=fight, the fight) is too large to work out exactly; a side's round is sampled until its ranking is sure",
    ),
  horizon: z
    .enum(["round", "fight"])
    .default("round")
    .describe(
      "round: the odds to the end of the round; fight: win and lose are the chances over the whole fight (exact within maxStates, else sampled: the reply's fight.method says which)",
    ),
  maxStates: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ODDS_STATES)
    .default(1_000_000)
    .describe("with horizon=fight: the most distinct states before sampling whole fights instead"),
});

export const exchangeBody = z.strictObject({
  file: file.describe(
    "the exchange file (docs/encounter-format.md): YAML or JSON text, or an object",
  ),
  decisions: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('fixed answers keyed "actor:question", over the file\'s own'),
});

const runs = z
  .number()
  .int()
  .min(1)
  .superRefine((n, ctx) => {
    const most = envLimit(RUNS_VARIABLE, MAX_SIMULATION_RUNS);
    if (n <= most) return;
    ctx.addIssue({
      code: "too_big",
      origin: "number",
      maximum: most,
      inclusive: true,
      input: n,
      message: `${n} fights, over the limit of ${most.toLocaleString("en")} in one simulation on the server (fray sim has none; fray serve --max-runs <n> raises it)`,
    });
  })
  .default(1000);
const maxRounds = z.number().int().min(1).max(10_000).default(500);

/** A combatant's tactics as an encounter file gives them (docs/encounter-format.md, "Tactics"). */
const tacticsChoice = tacticsChoiceSchema.describe(
  'a profile\'s name ("default", "cautious", "reckless", ...: GET /rulesets/:id lists them), or {"profile", "questions": {question: profile}}',
);

/** Who plays which tactics, as `fray sim --tactics` takes them. */
export const tacticsAssignment = z
  .record(z.string(), tacticsChoice)
  .describe(
    'tactics by side or combatant id, "*" for everyone: {"goblins": "reckless", "bram": "cautious"}; a combatant\'s beats its side\'s, which beats "*"',
  );

export const simulationBody = z.strictObject({
  file: file.describe("the encounter file: YAML or JSON text, or an object"),
  runs,
  seed: seed.optional().describe("run i uses stream i of the seed (default: the file's, else 1)"),
  maxRounds,
  tactics: tacticsAssignment
    .optional()
    .describe(
      'tactics over the file\'s, by side or combatant id ("*" for everyone), as fray sim --tactics: {"goblins": "reckless"}',
    ),
});

export const encounterSimulationBody = z
  .strictObject({
    from: z
      .enum(["here", "start"])
      .default("here")
      .describe(
        "where the fights start: where the encounter stands now (default: its round replayed with the answers given in it, then on by the tactics), or the start of the fight",
      ),
    runs: runs.describe("fights to play (default 1000); with untilCi, the most to play"),
    seed: seed.optional().describe("run i uses stream i of the seed (default: the encounter's)"),
    maxRounds: maxRounds.describe(
      "a fight still going after this many rounds is a draw; counted from the round it starts in",
    ),
    untilCi: z
      .number()
      .gt(0)
      .lt(0.5)
      .optional()
      .describe("stop once every side's win interval is narrower than ± this, e.g. 0.01"),
    tactics: tacticsAssignment
      .optional()
      .describe(
        'tactics over the encounter\'s for these fights only, by side or combatant id ("*" for everyone): {"goblins": "reckless"}',
      ),
  })
  .prefault({});

export const tacticsBody = z.strictObject({
  tactics: tacticsAssignment
    .refine((assigned) => Object.keys(assigned).length > 0, {
      error: 'name at least one side or combatant: {"goblins": "reckless"}',
    })
    .describe(
      'the tactics to play from now on (auto-play, the tactics\' answers, the advisor, the odds), by side or combatant id ("*" for everyone); the others keep theirs. "default" gives back the ruleset\'s default tactics',
    ),
  version,
});

// ---- responses ---------------------------------------------------------------------------

export const errorSchema = z.object({
  error: z.string().describe("what went wrong"),
  where: z.string().optional().describe("where: a field of the request or of the file"),
  hint: z.string().optional().describe("what would fix it"),
});

const provenance = z.object({ source: z.enum(["chapter", "cited", "default"]), ref: z.string() });

const game = z
  .string()
  .describe(
    "the game's name as a table says it (\"Land of Karn\"): the ruleset's `game`, else its id",
  );

export const rulesetSummarySchema = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  game,
  source: z.string(),
  switches: z.array(
    z.object({ key: z.string(), description: z.string(), default: z.unknown(), provenance }),
  ),
});

const jsonSchemaObject = z.record(z.string(), z.unknown());

export const rulesetSchema = rulesetSummarySchema.extend({
  switches: z.array(
    z.object({
      key: z.string(),
      description: z.string(),
      default: z.unknown(),
      provenance,
      schema: jsonSchemaObject.describe("JSON Schema of the values it takes"),
    }),
  ),
  stats: jsonSchemaObject.describe(
    "JSON Schema of a combatant's stats in an encounter file (besides id, name and side), each titled",
  ),
  options: jsonSchemaObject.describe("JSON Schema of the encounter file's options"),
  sections: z.array(z.object({ id: z.string(), title: z.string() })).readonly(),
  tables: z.array(z.unknown()).readonly(),
  tactics: z
    .object({
      profiles: z
        .array(z.object({ name: z.string(), description: z.string() }))
        .describe("the profiles a combatant may play, default first, each with what it does"),
      questions: z
        .array(
          z.object({
            question: z.string().describe('its key, as an encounter file names it: "action"'),
            description: z.string().describe("what it asks, in the GM's words"),
            by: z
              .enum(["combatant", "side", "gm"])
              .describe(
                "who answers it: a combatant (its own decision: a profile may be chosen for it in the combatant's tactics' questions), a side (the party's players, or the GM for the opponents), or the GM (a ruling; Fray's default ruling when nobody answers)",
              ),
            section: z
              .object({ id: z.string(), title: z.string() })
              .optional()
              .describe("the chapter's section it comes from, where there is one"),
          }),
        )
        .describe(
          "the questions the tactics answer; a combatant's tactics may name a profile for each one answered by the combatant",
        ),
    })
    .describe("the ruleset's tactics (docs/tactics.md)"),
  coverage: z.array(z.unknown()).readonly(),
  frayDefaults: z
    .array(z.unknown())
    .readonly()
    .describe("what Fray plays that the chapter does not have, with its source"),
  exchangeCategories: z.array(z.string()).readonly(),
});

export const rulesetExamplesSchema = z.object({
  examples: z.array(
    z.object({
      file: z.string().describe("the file in examples/<ruleset>/"),
      title: z.string(),
      about: z.string().describe("what it is, in a sentence: the first of its file's comment"),
      combatants: z
        .array(z.record(z.string(), z.unknown()))
        .describe("its combatants as the file lists them: stat blocks to copy"),
    }),
  ),
});

export const exampleParams = z.strictObject({
  id: z.string(),
  file: z
    .string()
    .describe("the file in examples/<ruleset>/, as GET /rulesets/{id}/examples names it"),
});

export const exampleFileSchema = z.object({
  file: z.string(),
  title: z.string(),
  about: z.string(),
  text: z.string().describe("the encounter file as Fray ships it (YAML), for POST /encounters"),
});

const outcome = z.object({ winner: z.string().nullable(), reason: z.string() });

export const encounterSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ruleset: z.string(),
  game,
  round: z.number().int().describe("rounds completed (the round in play is round + 1)"),
  status: z.enum(["pending", "over"]),
  outcome: outcome.nullable(),
  answers: z.number().int().describe("answers in the log"),
  canRedo: z.number().int().describe("answers that redo would give back"),
  version: z.number().int(),
  branchOf: z.object({ id: z.number().int(), at: z.number().int() }).nullable(),
  combatants: z
    .array(z.string())
    .describe("the names of the file's combatants (late arrivals not among them)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const combatantView = z.object({
  id: z.string(),
  name: z.string(),
  side: z.string(),
  status: z.string().describe('one line: "37/68 SP, 0/15 injuries", or "wounded" for a foe'),
  out: z.boolean(),
  outAs: z
    .string()
    .optional()
    .describe(
      'how it is out, in its ruleset\'s word, when it is: "fled", "dead", "left the fight"',
    ),
  health: z
    .array(
      z.object({
        label: z.string().describe('"Stamina", "Hit points"'),
        value: z.number(),
        max: z.number(),
        unit: z.string().describe('"SP", "HP", "injuries"'),
        fillsUp: z.boolean().optional().describe("worse the fuller it is (injuries, damage)"),
      }),
    )
    .readonly()
    .describe("health as bars; empty for a foe a side sees (its status says how it looks)"),
  conditions: z
    .array(
      z.object({
        id: z.string().describe("the ruleset's condition id"),
        label: z.string(),
        rounds: z.number().int().optional().describe("rounds (melees, turns) left"),
        unit: z.string().optional().describe('what rounds counts when not rounds: "melee" (karn)'),
        note: z.string().optional(),
      }),
    )
    .readonly(),
  details: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .readonly()
    .describe('stats and gear as a player says them: "Damage dice: 5d6"'),
  place: z
    .object({
      at: z.number().describe("position on the ruleset's line (feet, spaces)"),
      reach: z.number().optional(),
      label: z.string(),
    })
    .optional()
    .describe("where it stands, for the rulesets with a line"),
});

const turnOrder = z
  .object({
    round: z.number().int().describe("the round in play"),
    label: z.string().describe('"Round 3", "Melee 2", "Turn 1"'),
    entries: z
      .array(
        z.object({
          id: z.string(),
          state: z.enum(["done", "acting", "waiting", "out"]),
          note: z.string().optional().describe('"initiative 14", "count 7", "5 AP"'),
        }),
      )
      .readonly(),
    note: z.string().optional(),
  })
  .describe("the order in which combatants act this round, first first");

/** A change of the last result as a sentence. */
export const changeText = z
  .string()
  .describe('the change as the GM says it: "Hill Giant: Stamina down from 68/68 SP to 37/68 SP"');

/** Who gave an answer from a player's screen: the name of their link (never its token). */
export const playerName = z
  .string()
  .optional()
  .describe("the player who gave it from their screen, by their link's name; absent: the GM");

/** The GM's rulings asked inside a step, each where it stands among the step's rolls. */
export const resultRulings = z
  .array(
    z.object({
      question: z
        .string()
        .describe(
          '"Goblin shieldbearer is held by Bram: does its DEX bonus (2) still count against this blow?"',
        ),
      answer: z.string().describe('the GM\'s answer as the options say it: "no", "40"'),
      rollsBefore: z.number().int().describe("how many of the step's rolls came before it"),
      decider: z
        .object({ id: z.string(), name: z.string() })
        .optional()
        .describe(
          "who made it when a combatant (or a side) did, not the GM: a target's answer to the blow",
        ),
      byHand: z
        .literal(true)
        .optional()
        .describe(
          "a change of the GM's hand made inside the step (between a decision and its roll), its answer the change as the log says it",
        ),
    }),
  )
  .readonly()
  .describe(
    "the GM's rulings and the combatants' decisions inside the action, after its heading (its first actor's choices before any roll)",
  );

/** A step's rolls, each with its dice as rolled. */
const resultRolls = z
  .array(
    z.object({
      label: z.string(),
      dice: z.string().describe('the dice as rolled: "[5, 3, 4] = 12" ("= 12": a total typed)'),
      total: z.number(),
      by: z.enum(["fray", "table"]).optional(),
      player: playerName,
    }),
  )
  .readonly();

const lastResult = z
  .object({
    at: z.number().int().describe("answers given when it was complete"),
    heading: z.string().describe('the decision or change that began it: "Tombril: attack ..."'),
    player: playerName.describe("the player who made its decision from their screen (not the GM)"),
    rolls: resultRolls,
    rulings: resultRulings,
    changes: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          label: z.string().describe('a health bar\'s label ("Stamina"), "Conditions", ...'),
          before: z.string().describe('"37/68 SP"'),
          after: z.string(),
          text: changeText,
          worse: z
            .literal(true)
            .optional()
            .describe("a health bar that got worse, which the outcome's line says first"),
        }),
      )
      .readonly()
      .describe("what it changed, before and after"),
    outcome: z
      .array(z.string())
      .readonly()
      .describe(
        'what it did, first: a line per combatant it hurt or put out of the fight ("Oswin hits Cutter: -11 HP (to -4/18 HP), out of the fight"); empty when it hurt no one',
      ),
    byHand: z
      .literal(true)
      .optional()
      .describe(
        "the GM's change by hand began it, not a combatant's action: its outcome is the ruling's, drawn as one, not as a blow",
      ),
    explanations: z
      .array(z.object({ rule: z.string(), text: z.string() }))
      .readonly()
      .describe("what happened, each with the rule it came from"),
  })
  .nullable()
  .describe("the last step that caused something, for the result card; null before any");

const blowSoFar = z
  .object({
    heading: z.string().describe('its first actor\'s decisions: "Hild: one attack with 3 dice"'),
    player: playerName.describe("the player who made its decision from their screen (not the GM)"),
    rolls: resultRolls.describe("its rolls so far"),
    rulings: resultRulings,
    holdsLastResult: z
      .boolean()
      .describe(
        "whether lastResult is this blow's beginning (a choice of it that caused something: the dice an attacker attacks with)",
      ),
    byHand: z
      .array(z.string())
      .readonly()
      .optional()
      .describe(
        "the GM's changes by hand since the blow's last answer, as the log says them (\"the GM sets Hedda's Hit points to 6 (was 10)\" between a hit and its damage); absent when none",
      ),
  })
  .nullable()
  .describe(
    "the blow the pending choice belongs to, as far as it has come, from its first choice (an attacker's target and dice, before the defender's answer); null when nothing was answered since lastResult, and once the fight is over",
  );

const pendingRoll = z.object({
  kind: z.literal("roll"),
  label: z.string(),
  actor: z.string().nullable(),
  opposed: z
    .string()
    .nullable()
    .describe(
      "the combatant whose own dice are rolled in this roll against the actor's (karn's defence die after the strike die, dungeons-of-olde's Defense Check before the Attack Check): its player's link may answer the roll too; null when only the actor's dice are in it",
    ),
  shares: z
    .array(
      z.object({
        combatant: z.string().describe("whose die it is"),
        name: z.string().describe('what it is: "strike die", "dodge die", "Defense Check"'),
        notation: z.string(),
        given: z.boolean().describe("whether it is in, held until the other comes"),
        dice: z
          .array(z.number().int())
          .nullable()
          .describe("its dice once given (null on a player's screen for another's)"),
        player: z
          .string()
          .nullable()
          .describe("the player whose screen gave it; null for the GM, or while it waits"),
      }),
    )
    .nullable()
    .describe(
      "an opposed roll's dice by whose they are, in the order rolled: each player gives their own part, the GM a foe's, in either order; the first given is held and the roll answered once both are in. While one is held, label, notation, min, max and prompt ask for the other alone, and an answer or POST roll gives it. Null for a roll of one combatant's dice",
    ),
  notation: z.string().describe("the dice to roll"),
  min: z.number(),
  max: z.number(),
  open: z.boolean().describe("explosions can go past max"),
  faces: z
    .string()
    .nullable()
    .describe(
      "what the table types, in words, when min to max is not it (dungeons-of-olde: a d7 rolled as a d8 whose 8 counts as 4, an attack answering its tier); null: the dice's faces, totalling min to max",
    ),
  eachDie: z
    .boolean()
    .describe(
      'whether the rules read each die (karn\'s strike die then dodge die): answer with every die, {"dice": [...]}; {"total": n} is refused. min to max is then the range of the dice\'s result, not of each die typed',
    ),
  prompt: z
    .string()
    .describe(
      'the roll as one sentence for the table: "Aldric\'s initiative: roll a d20 (1 to 20)", "Chip Calhoon\'s strike ...: roll 2d20 (each 1 to 20)"',
    ),
  answer: z.string().describe("how to answer it"),
});

const pendingDecision = z.object({
  kind: z.literal("decide"),
  actor: z.string(),
  question: z.string(),
  prompt: z.string(),
  choices: z
    .array(
      z.object({
        value: z.unknown(),
        label: z.string(),
        group: z
          .enum(CHOICE_GROUPS)
          .optional()
          .describe(
            "the kind of action, on an action decision's options: a console lists them under these headings; never part of the answer",
          ),
      }),
    )
    .nullable()
    .describe("every allowed answer, when they can be listed"),
  default: z.unknown().describe("the tactics' answer (POST .../policy gives it)"),
  schema: z.record(z.string(), z.unknown()).describe("JSON Schema of an answer"),
  answer: z.string().describe("how to answer it"),
});

/** The choice the fight waits for: a roll or a decision, and how to answer it. */
export const pendingSchema = z.discriminatedUnion("kind", [pendingRoll, pendingDecision]);

const blowSchema = z
  .object({
    attacker: z.string(),
    target: z.string(),
    damage: z.literal(true).optional().describe("the roll is the blow's damage"),
    weapon: z
      .string()
      .optional()
      .describe('what it strikes with, as the table names it, on its damage roll ("mace")'),
  })
  .optional()
  .describe("the blow it decides, by the ruleset: who strikes at whom (combatant ids)");

const answerSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("roll"),
    label: z.string(),
    value: z.number().describe("the roll's result"),
    dice: z.string().optional().describe("the dice as rolled, for people"),
    by: z.enum(["fray", "table"]).optional().describe("rolled by Fray or typed in at the table"),
    blow: blowSchema,
    attempt: z.number().int().optional().describe("a reroll at the GM's request: 1, 2, ..."),
    rerolled: z
      .array(z.string())
      .readonly()
      .optional()
      .describe("the dice of the rolls it replaced"),
    player: playerName,
  }),
  z.object({
    kind: z.literal("decide"),
    actor: z.string(),
    question: z.string(),
    value: z.unknown().describe("the choice made"),
    prompt: z.string().optional().describe("the question as a person reads it"),
    label: z.string().optional().describe("the choice as a person reads it"),
    blow: blowSchema,
    player: playerName,
  }),
  z.object({
    kind: z.literal("gm"),
    change: z.record(z.string(), z.unknown()).describe("the change the GM made by hand"),
    label: z.string().optional().describe("the change as a person reads it"),
  }),
]);

export const encounterSchema = encounterSummarySchema.extend({
  seed: z.number().int(),
  sides: z.array(z.object({ id: z.string(), name: z.string() })),
  pending: pendingSchema.nullable(),
  order: turnOrder,
  lastResult,
  blowSoFar,
  views: z.object({
    gm: z.array(combatantView).describe("what the GM sees"),
    sides: z
      .record(z.string(), z.array(combatantView))
      .describe("what the players of each side see, by side id"),
  }),
  tactics: z
    .record(z.string(), tacticsChoice)
    .describe(
      "each combatant's tactics by id (\"default\" unless its file or PUT .../tactics says otherwise), the late arrivals in the fight after the file's combatants (theirs from the tactics their block came with or PUT .../tactics): what auto-play, the tactics' answers, the advisor and the odds play",
    ),
  log: z
    .array(answerSchema)
    .describe("the answers given, in order: the log that GET .../log writes as JSON lines"),
  explanations: z.array(
    z.object({
      at: z.number().int().describe("answers given when this was explained"),
      section: z.string(),
      rule: z.string(),
      text: z.string(),
      data: z.unknown().optional(),
    }),
  ),
});

export const adviceSchema = z.looseObject({
  rolled: z.array(z.string()).describe("rolls made from the seed before the decision"),
  actor: z.string(),
  question: z.string(),
  prompt: z.string(),
  round: z.number().int(),
  method: z.enum(["exact", "sampled"]),
  sure: z
    .boolean()
    .optional()
    .describe(
      "a round sampled for a side's decision: true when sampling stopped once the ranking was sure (every pair of options ordered, or alike on every key), before the most samples",
    ),
  options: z
    .array(z.unknown())
    .describe(
      "best first; an option alike on every key with the one above it (a sampled round) has tied: true",
    ),
  unit: z
    .string()
    .optional()
    .describe(
      'the unit of the damage figures: the ruleset\'s health unit ("HP"), when it gives one',
    ),
});

export const exchangeOddsSchema = z.looseObject({
  title: z.string(),
  ruleset: z.string(),
  categories: z.array(z.object({ category: z.string(), p: z.number() })),
  damage: z.unknown(),
  damageTaken: z.unknown(),
  defenderOut: z.number(),
  attackerOut: z.number(),
});

export const simulationSchema = z.looseObject({
  title: z.string(),
  runs: z.number().int(),
  start: z
    .object({
      round: z.number().int().describe("the round the fights start in (1 = the first)"),
      answers: z.number().int().describe("answers replayed to get there (0: the fight's start)"),
      answersInRound: z.number().int().describe("of those, the answers given in that round"),
    })
    .describe("where the fights start; rounds to the end count from the start of that round"),
  sides: z.array(z.unknown()).readonly().describe("each side's chance of winning"),
  combatants: z.array(z.unknown()).readonly().describe("each combatant's survival and health"),
  stopped: z.enum(["completed", "interval-reached", "interrupted"]),
  tactics: z.record(z.string(), tacticsChoice).describe("the tactics each combatant played, by id"),
});

// ---- whole-fight odds (POST /encounters/:id/fight-odds) ----------------------------------------

export const fightOddsBody = z
  .strictObject({
    from: z
      .enum(["here", "start"])
      .default("here")
      .describe(
        "where the odds start: where the encounter stands now (its round replayed with the answers given in it, then on by the tactics), or the start of the fight",
      ),
    maxStates: z
      .number()
      .int()
      .min(1)
      .max(MAX_ODDS_STATES)
      .default(1_000_000)
      .describe(
        "the most distinct states to keep; past it the odds are exact through the rounds worked (stopped: state-limit)",
      ),
    maxRounds: maxRounds.describe("rounds to work through at most, from the round it starts in"),
    maxRuns: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        "the most runs of the rule procedures; a stretch of play estimated past what is left is refused at once, and the odds are exact through the rounds worked (stopped: run-limit). None by default",
      ),
    decisions: z
      .record(z.string(), z.json())
      .optional()
      .describe('fixed answers keyed "actor:question"; the other decisions follow the tactics'),
  })
  .prefault({});

const probability = z.number().min(0).max(1);

export const fightOddsSchema = z
  .object({
    title: z.string(),
    ruleset: z.string(),
    start: z.object({
      round: z.number().int(),
      answers: z.number().int(),
      answersInRound: z.number().int(),
    }),
    sides: z.array(z.object({ id: z.string(), name: z.string(), win: probability })).readonly(),
    draw: probability,
    mutualKill: probability,
    rounds: z
      .object({
        distribution: z
          .array(z.number())
          .readonly()
          .describe("[r]: the probability that the fight ends after r rounds"),
        mean: z.number(),
        median: z.number(),
        p90: z.number(),
      })
      .describe(
        "rounds to the end, counted from the start of `start.round`; mean and quantiles of the fights that end",
      ),
    combatants: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          side: z.string(),
          survival: probability,
          meanHealth: z.number(),
          meanHealthIfStanding: z.number().nullable(),
        }),
      )
      .readonly(),
    unresolved: z
      .object({ total: z.number(), truncated: z.number(), ongoing: z.number() })
      .describe(
        "probability not resolved: cut off with explosions, and of fights still going when the work stopped; every probability above is low by at most `total`",
      ),
    stopped: z.enum(["done", "round-limit", "state-limit", "run-limit", "cancelled"]),
    roundsWorked: z.number().int(),
    maxStates: z.number().int(),
    maxRuns: z
      .number()
      .int()
      .nullable()
      .describe("the budget of runs it had (`maxRuns` asked; stopped: run-limit), null for none"),
    estimatedRuns: z
      .number()
      .nullable()
      .describe(
        "with stopped run-limit: the runs the stretch of play it stopped at was estimated to take",
      ),
    states: z.number().int().describe("distinct states the work took"),
    runs: z.number().int().describe("runs of the rule procedures it took"),
    seconds: z.number(),
  })
  .describe("exact odds of the whole fight under the tactics (docs/odds.md)");

// ---- whole-fight odds as a job to follow (POST /encounters/:id/fight-odds/jobs) ---------------

export const fightOddsJobParams = z.strictObject({
  id: encounterId,
  job: pathNumber("a fight-odds job's number", "as POST /encounters/:id/fight-odds/jobs gave it"),
});

export const fightOddsProgressSchema = z
  .object({
    round: z.number().int().describe("the round being worked out, from the fight's start"),
    states: z.number().int().describe("distinct states so far"),
    runs: z.number().int().describe("runs of the rule procedures so far"),
    resolved: probability.describe("probability of the fights ended so far"),
    seconds: z.number().describe("seconds of work so far"),
  })
  .describe("where the work stands, as it last reported (each round's start, and every 0.1 s)");

export const fightOddsJobSchema = z.object({
  id: z.number().int(),
  encounter: z.number().int(),
  version: z.number().int().describe("the encounter's version the odds are of"),
  from: z.enum(["here", "start"]),
  status: z
    .enum(["running", "done", "failed", "cancelled"])
    .describe("running (or waiting for a thread), then done, failed or cancelled"),
  progress: fightOddsProgressSchema.nullable().describe("null until the work first reports"),
  result: fightOddsSchema.nullable().describe("the odds once done: what POST .../fight-odds gives"),
  error: z
    .object({
      status: z.number().int().describe("the status the request would have had (422: too much)"),
      error: z.string(),
      where: z.string().optional(),
      hint: z.string().optional(),
    })
    .nullable()
    .describe("why it failed"),
});
