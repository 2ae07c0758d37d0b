// The encounter log as JSON lines: a header with the encounter file (so a log replays on its
// own), then every answer with the explanations it led to, then how the fight ended.
// Same file, seed and answers give byte-identical lines.
import { z } from "zod";
import type { Answer } from "./answers.js";
import { Encounter } from "./encounter.js";
import { parseEncounterFile, type RulesetRegistry } from "./encounter-file.js";
import { InputError, parseInput } from "./input-error.js";
import type { Json } from "./json.js";

export const LOG_FORMAT = "fray-log/1";

export function logLines(encounter: Encounter, seed: number | undefined): string[] {
  const { ruleset, file } = encounter.definition;
  const lines: Json[] = [
    {
      type: "encounter",
      format: LOG_FORMAT,
      ruleset: ruleset.id,
      rulesetVersion: ruleset.version,
      seed: seed ?? null,
      file,
    },
  ];
  const explanations = encounter.explanations;
  let e = 0;
  const explainUpTo = (at: number) => {
    while (e < explanations.length && explanations[e]!.at <= at) {
      const { section, rule, text, data } = explanations[e]!;
      lines.push(
        data === undefined
          ? { type: "explain", section, rule, text }
          : { type: "explain", section, rule, text, data },
      );
      e += 1;
    }
  };
  encounter.log.forEach((answer, i) => {
    explainUpTo(i);
    lines.push({ type: "answer", n: i + 1, ...answer });
  });
  explainUpTo(Number.POSITIVE_INFINITY);
  const status = encounter.status;
  if (status.kind === "over") {
    lines.push({
      type: "end",
      rounds: encounter.round,
      winner: status.outcome.winner,
      reason: status.outcome.reason,
    });
  }
  return lines.map((l) => JSON.stringify(l));
}

const header = z.looseObject({
  type: z.literal("encounter"),
  format: z.literal(LOG_FORMAT),
  seed: z.number().int().nullable(),
  file: z.unknown(),
});

const answerLine = z.union([
  z.looseObject({
    type: z.literal("answer"),
    kind: z.literal("roll"),
    label: z.string(),
    value: z.number().int(),
    dice: z.string().optional(),
    by: z.enum(["fray", "table"]).optional(),
  }),
  z.looseObject({
    type: z.literal("answer"),
    kind: z.literal("decide"),
    actor: z.string(),
    question: z.string(),
    value: z.json(),
  }),
]);

/** Rebuilds an encounter from log text; errors name the log line. */
export function readLog(
  text: string,
  registry: RulesetRegistry,
  source: string,
): { encounter: Encounter; seed: number | undefined } {
  const rows = text
    .split("\n")
    .map((line, i) => ({ line, n: i + 1 }))
    .filter((r) => r.line.trim() !== "");
  const parsed = rows.map(({ line, n }) => {
    try {
      return { n, value: JSON.parse(line) as unknown };
    } catch {
      throw new InputError(
        `${source}:${n}: not a JSON line`,
        `${source}:${n}`,
        "a log has one JSON object per line",
      );
    }
  });
  const first = parsed[0];
  if (first === undefined) throw new InputError(`${source}: the log is empty`, source);
  const head = parseInput(header, first.value, `${source}:1`);
  const definition = parseEncounterFile(head.file, registry, `${source}:1 (encounter file)`);
  const answers: Answer[] = [];
  for (const { n, value } of parsed.slice(1)) {
    const type = (value as { type?: unknown }).type;
    if (type !== "answer") continue;
    const a = parseInput(answerLine, value, `${source}:${n}`);
    answers.push(
      a.kind === "roll"
        ? {
            kind: "roll",
            label: a.label,
            value: a.value,
            ...(a.dice === undefined ? {} : { dice: a.dice }),
            ...(a.by === undefined ? {} : { by: a.by }),
          }
        : { kind: "decide", actor: a.actor, question: a.question, value: a.value as Json },
    );
  }
  return { encounter: Encounter.fromAnswers(definition, answers), seed: head.seed ?? undefined };
}
