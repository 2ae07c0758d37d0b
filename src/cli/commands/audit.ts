// `fray audit <encounter.yaml>`: how well the encounter's tactics play, judged by looking ahead
// with the rules (src/engine/search/audit.ts): the blunder rate at sampled decisions, the worst
// blunders with their positions (logs to open with `fray play <log> --at N`), and mirror matches
// against the search tactic. A progress bar shows on a terminal; Ctrl-C stops after the fight in
// progress and reports what was gathered.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { FrayError } from "../../core/errors.js";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { logLines } from "../../engine/log.js";
import { auditSteps, AUDIT_DEFAULTS, type AuditReport } from "../../engine/search/audit.js";
import { rulesets } from "../../rulesets/index.js";
import { readDataFile } from "../../app/files.js";
import { parseSeed, positiveInt } from "../options.js";
import { interruptOnCtrlC } from "../interrupt.js";

export interface AuditCliOptions {
  runs?: string;
  seed?: string;
  sample?: string;
  rollouts?: string;
  horizon?: string;
  margin?: string;
  escape?: string;
  mirror?: string;
  logs?: string;
  json?: boolean;
}

/** The most of each count the audit takes (a look costs rollouts x options x fights). */
const CAPS = { runs: 10_000, rollouts: 10_000, mirror: 10_000, horizon: 500 } as const;

function capped(text: string | undefined, flag: keyof typeof CAPS, fallback: number, min = 1) {
  return positiveInt(text, `--${flag}`, fallback, min, {
    max: CAPS[flag],
    beyond: "audit in several runs with different --seed values instead",
  });
}

function share(text: string | undefined, flag: string, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const x = Number(text);
  const zero = flag === "--margin" || flag === "--escape";
  if (!(Number.isFinite(x) && x > 0 && x <= max) && !(zero && x === 0)) {
    throw new FrayError(
      `--${flag.replace(/^--/, "")}: "${text}" is not a number ${zero ? "from 0" : "above 0"} to ${max}`,
      flag,
    );
  }
  return x;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function formatAudit(report: AuditReport, logsDir: string | undefined): string {
  const o = report.options;
  const lines = [
    `${report.fights} fights${report.stopped ? " (interrupted)" : ""}: ${report.decisions} decisions of the combatants with two or more options, ${report.audited} audited (a share of ${o.sample}), each option played out ${o.rollouts} times to the end of the fight (at most ${o.horizon} more rounds; a lost fight the actor gets away from is worth ${o.escape} of a won one)`,
    `Blunders: ${report.blunders} of ${report.audited} audited decisions: ${pct(report.rate)} (95% interval ±${pct(report.half)}); a blunder is a choice worse than the best option found by more than the 95% interval of the difference plus ${o.margin} chance of winning`,
  ];
  if (report.byQuestion.length > 0) {
    lines.push("By question (blunders of audited decisions):");
    for (const q of report.byQuestion)
      lines.push(
        `  ${q.question}: ${q.blunders} of ${q.audited}${q.description === undefined ? "" : ` (${q.description})`}`,
      );
  }
  if (report.worst.length > 0) {
    lines.push("Worst blunders (chance of winning):");
    report.worst.forEach((b, i) => {
      lines.push(
        `  ${i + 1}. fight ${b.fight}, answer ${b.at + 1} (round ${b.round}), ${b.actor}: ${b.question}: chose "${b.chosen.label}" (${b.chosen.value.toFixed(2)}); the search prefers "${b.best.label}" (${b.best.value.toFixed(2)}): -${b.loss.toFixed(2)} ±${b.half.toFixed(2)}`,
      );
      lines.push(
        logsDir === undefined
          ? `     (write the fights' logs with --logs DIR to open it with fray play)`
          : `     fray play ${join(logsDir, `fight-${b.fight}.jsonl`)} --at ${b.at}`,
      );
    });
  }
  const m = report.mirror;
  if (m !== null)
    lines.push(
      `Mirror matches (each side in turn plays by search, ${o.mirror} fights each way${report.stopped ? ", interrupted" : ""}): the tactics won ${m.tacticsWins} (${m.searchEscapes} of them the search's side getting away), the search ${m.searchWins} (${m.tacticsEscapes} the tactics' side getting away), draws ${m.draws}: the tactics' share ${pct(m.rate)} (95% interval ±${pct(m.half)}; a fight lost by getting away counts ${o.escape} to its loser; 50% is as good as the search)`,
    );
  return lines.join("\n") + "\n";
}

export async function audit(path: string, options: AuditCliOptions): Promise<AuditReport> {
  const definition = parseEncounterFile(readDataFile(path), rulesets, path);
  const seed = parseSeed(options.seed) ?? definition.seed ?? 1;
  const settings = {
    ...AUDIT_DEFAULTS,
    seed,
    runs: capped(options.runs, "runs", AUDIT_DEFAULTS.runs),
    rollouts: capped(options.rollouts, "rollouts", AUDIT_DEFAULTS.rollouts),
    horizon: capped(options.horizon, "horizon", AUDIT_DEFAULTS.horizon),
    mirror: capped(options.mirror, "mirror", AUDIT_DEFAULTS.mirror, 0),
    sample: share(options.sample, "--sample", AUDIT_DEFAULTS.sample, 1),
    margin: share(options.margin, "--margin", AUDIT_DEFAULTS.margin, 1),
    escape: share(options.escape, "--escape", AUDIT_DEFAULTS.escape, 0.5),
  };
  const tty = process.stdout.isTTY === true && options.json !== true;
  const bar = new cliProgress.SingleBar(
    {
      format: "  {bar} {percentage}% | {value}/{total} fights | {eta_formatted} left{note}",
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 20,
      stream: process.stdout,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const ctrlC = interruptOnCtrlC((text) =>
    started ? bar.update({ note: ` | ${text}` }) : process.stderr.write(`\n${text}\n`),
  );
  let report: AuditReport;
  try {
    const steps = auditSteps(definition, rulesets, {
      ...settings,
      progress: (done, total) => {
        if (!tty) return;
        if (!started) {
          bar.start(total, 0, { note: "" });
          started = true;
        }
        bar.update(done);
      },
      stop: () => ctrlC.signal.aborted,
    });
    // A turn of the event loop after each fight lets a Ctrl-C in: the audit stops after the fight
    // it plays and reports what it gathered.
    for (;;) {
      const step = steps.next();
      if (step.done === true) {
        report = step.value;
        break;
      }
      await nextTurn();
    }
  } finally {
    if (started) bar.stop();
    ctrlC.release();
  }
  if (options.logs !== undefined) {
    mkdirSync(options.logs, { recursive: true });
    for (const [fight, answers] of report.logs) {
      const encounter = Encounter.fromAnswers(definition, answers);
      writeFileSync(
        join(options.logs, `fight-${fight}.jsonl`),
        logLines(encounter, seed).join("\n") + "\n",
      );
    }
  }
  if (options.json) {
    // The logs go to --logs, not into the report (an undefined field is left out).
    process.stdout.write(JSON.stringify({ ...report, logs: undefined }, null, 2) + "\n");
  } else {
    process.stdout.write(
      `Tactics audit of ${definition.title} (${definition.ruleset.title}, seed ${seed})\n` +
        formatAudit(report, options.logs),
    );
  }
  return report;
}

export function registerAudit(program: Command): void {
  program
    .command("audit")
    .description(
      "judge the encounter's tactics by looking ahead with the rules: blunder rate, worst blunders, mirror matches against the search tactic",
    )
    .argument("<encounter>", "encounter file (YAML or JSON)")
    .option("--runs <n>", `fights played to find decisions (default ${AUDIT_DEFAULTS.runs})`)
    .option("--seed <n>", "seed (default: the file's seed, else 1)")
    .option(
      "--sample <share>",
      `share of the decisions audited, 0 to 1 (default ${AUDIT_DEFAULTS.sample})`,
    )
    .option(
      "--rollouts <n>",
      `times each option is played out (default ${AUDIT_DEFAULTS.rollouts})`,
    )
    .option(
      "--horizon <rounds>",
      `rounds a rollout plays on before the fight is scored as it stands (default ${AUDIT_DEFAULTS.horizon})`,
    )
    .option(
      "--margin <chance>",
      `how much worse than the best a choice must be to be a blunder, as a chance of winning (default ${AUDIT_DEFAULTS.margin})`,
    )
    .option(
      "--escape <worth>",
      `the worth of a lost fight the actor gets away from alive (withdrawn), 0 to 0.5, against 1 for a won fight (default ${AUDIT_DEFAULTS.escape})`,
    )
    .option(
      "--mirror <n>",
      `mirror-match fights each way, 0 for none (default ${AUDIT_DEFAULTS.mirror})`,
    )
    .option("--logs <dir>", "write the logs of the fights with the worst blunders there")
    .option("--json", "print the report as JSON")
    .action(async (path: string, options: AuditCliOptions) => {
      await audit(path, options);
    });
}
