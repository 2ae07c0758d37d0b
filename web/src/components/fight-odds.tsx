// The whole fight's exact odds from where the encounter stands (POST .../fight-odds/jobs): each
// side's chance to win with the probability left unresolved and the distinct states it took, or
// that the fight is too large to be exact here; a progress bar while the server works, a cancel
// button, and once asked, worked out again after every change (the stale job cancelled).
import { useEffect, useRef, useState } from "react";
import { sideWins } from "../../../src/engine/side-wins.js";
import { ApiError, api } from "../api.js";
import { counted, percent, shares } from "../format.js";
import { asError } from "../use-encounter.js";
import type { Encounter, FightOddsJob } from "../types.js";
import { fightOddsFigures } from "../odds-figures.js";
import { CopyFigures } from "./copy-figures.js";
import { ErrorBox } from "./error-box.js";
import { PanelHelp } from "./panel-help.js";

/** The most distinct states the console lets the odds take: past it, too large to be exact here. */
const CONSOLE_MAX_STATES = 50_000;

/**
 * The most runs of the rules the console lets the odds take, about what a job thread works
 * through in the server's minute (docs/benchmarks.md, "The fight odds of a round too large"): a
 * stretch of play the server estimates past it is refused as soon as it is long, where karn's
 * two new fighters ran the minute out, at 3 positions, before it said so.
 */
const CONSOLE_MAX_RUNS = 10_000_000;

/** How often the panel reads its job while it runs. */
const POLL_MS = 250;

type FightOdds = NonNullable<FightOddsJob["result"]>;

/** The outcomes' rows: each side's win, then a draw and a mutual kill when they can happen. */
function outcomeRows(odds: FightOdds) {
  const rows = [
    ...odds.sides.map((s) => ({
      key: s.id,
      side: s.id as string | undefined,
      name: sideWins(s.name),
      p: s.win,
    })),
    { key: "draw", side: undefined, name: "draw", p: odds.draw },
    { key: "mutual kill", side: undefined, name: "mutual kill", p: odds.mutualKill },
  ].filter((r) => r.side !== undefined || r.p > 0);
  return rows;
}

/** Why the odds are not exact here, or null when they are. */
function tooLarge(odds: FightOdds): string | null {
  switch (odds.stopped) {
    case "done":
      return null;
    case "state-limit":
      return `more than ${odds.maxStates.toLocaleString("en-US")} distinct positions of the fight`;
    case "round-limit":
      return `still going after ${counted(odds.roundsWorked, "round")}`;
    case "run-limit":
      return `round ${odds.start.round + odds.roundsWorked} alone has more than ${(odds.maxRuns ?? odds.runs).toLocaleString("en-US")} ways the dice can fall`;
    case "cancelled":
      return "stopped before the end";
  }
}

/**
 * Whether a job ended too large to be exact here (past the console's positions or rounds, or the
 * server's time budget for one job): the panel stops following the fight then, where it set the
 * same work going again after every answer (a minute of a job thread each time for karn's two
 * new fighters, the simulation and the advisor waiting behind it).
 */
export function endedTooLarge(job: FightOddsJob): boolean {
  if (job.status === "failed") return job.error?.status === 422;
  return job.status === "done" && job.result !== null && tooLarge(job.result) !== null;
}

/** How far the work got before it stopped: nothing when not one round was worked out. */
function howFar(odds: FightOdds): string {
  if (odds.roundsWorked === 0) return "";
  return ` (${counted(odds.roundsWorked, "round")} worked out, ${percent(odds.unresolved.total)} of fights still undecided)`;
}

/**
 * The most a chance shown may be low by, as a GM reads it: "less than 0.001%" rather than
 * "4.1e-12".
 */
export function atMost(p: number): string {
  return p < 0.000_01 ? "less than 0.001%" : `at most ${percent(p, 3)}`;
}

/**
 * What the panel says while the server has not reported yet, `seconds` after it was asked: at
 * first that it waits; after a few seconds how long, and that a large fight may not be exact
 * here (a tnt fight of five stayed at "Waiting for the server…" for a minute before it was
 * refused as too large).
 */
export function waitingText(seconds: number): string {
  if (seconds < WAITING_NOTE_S) return "Waiting for the server…";
  return `Working out the fight's first round: ${Math.floor(seconds)} s so far. A fight of many combatants may be too large to be exact here: Cancel and simulate it instead (the Simulation panel, below).`;
}

/** After this many seconds without a report, the panel says how long it has waited. */
const WAITING_NOTE_S = 5;

/**
 * Why the server refused to go on (a failed job's 422: past its time or memory), as the GM reads
 * it: without the program's name ("fightOdds: "), and what to do instead.
 */
export function budgetText(error: string): string {
  return `Too large to be exact here: ${error.replace(/^[a-zA-Z]+: /, "")}. Simulate it instead (the Simulation panel, below), or run fray odds on the encounter's file, which has no such limit.`;
}

type FightOddsProgress = NonNullable<FightOddsJob["progress"]>;

/**
 * Where the server's work stands, as a GM reads it: the fights settled so far, or before the first
 * is, how many ways of the dice it has followed ("Round 1: 412,000 ways the dice can fall worked
 * through, 121 positions (3.2 s); no fight settled yet"), which grow from the start: a round of
 * tnt's five reported nothing for 73 s, its first report at the round's end (#16).
 */
export function progressText(p: FightOddsProgress): string {
  const positions = `${p.states.toLocaleString("en-US")} position${p.states === 1 ? "" : "s"}`;
  const seconds = `${p.seconds.toFixed(1)} s`;
  if (p.resolved === 0)
    return `Round ${p.round}: ${p.runs.toLocaleString("en-US")} ways the dice can fall worked through, ${positions} (${seconds}); no fight settled yet`;
  return `Round ${p.round}: ${percent(p.resolved)} of fights settled (${positions}, ${seconds})`;
}

function Progress({ job, since }: { readonly job: FightOddsJob; readonly since: number }) {
  const p = job.progress;
  return (
    <div className="fight-odds-progress">
      {/* No value while no fight is settled: the bar moves (indeterminate) rather than sit at 0. */}
      <progress
        aria-label="fights settled so far"
        max={1}
        value={p === null || p.resolved === 0 ? undefined : p.resolved}
      />
      <span>{p === null ? waitingText((Date.now() - since) / 1000) : progressText(p)}</span>
    </div>
  );
}

export function FightOddsResult({ odds }: { readonly odds: FightOdds }) {
  const why = tooLarge(odds);
  if (why !== null) {
    return (
      <p className="fight-odds-large" data-stopped={odds.stopped}>
        Too large to be exact here: {why}
        {howFar(odds)}. Simulate it instead (the Simulation panel, below)
        {/* A round of more ways than that takes fray odds hours too: the simulation alone. */}
        {odds.stopped === "run-limit" ? (
          ": many fights played out give each side's chance in seconds."
        ) : (
          <>
            , or run <code>fray odds</code> on the encounter&apos;s file, which has no such limit.
          </>
        )}
      </p>
    );
  }
  const rows = outcomeRows(odds);
  const shown = shares(
    rows.map((r) => r.p / rows.reduce((sum, x) => sum + x.p, 0)),
    2,
  );
  return (
    <>
      <table className="fight-odds-result">
        <thead>
          <tr>
            <th>outcome</th>
            <th>chance</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.key} data-side={row.side}>
              <td>{row.name}</td>
              <td>
                <data value={row.p}>{shown[i]}</data>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="note">
        Exact: each chance is low by {atMost(odds.unresolved.total)} (the fights not settled within
        the limit); {odds.states.toLocaleString("en-US")} distinct positions worked out in{" "}
        {odds.seconds.toFixed(1)} s.
      </p>
      {/* A new position's odds start afresh ("Copied" was the last position's). */}
      <CopyFigures
        key={`${odds.start.answers} ${odds.states}`}
        what="the fight odds"
        figures={() =>
          fightOddsFigures(odds, (id) => odds.sides.find((s) => s.id === id)?.name ?? id)
        }
      />
    </>
  );
}

export function FightOddsPanel({ encounter }: { readonly encounter: Encounter }) {
  const { id, version } = encounter;
  const [following, setFollowing] = useState(false);
  const [job, setJob] = useState<FightOddsJob | null>(null);
  const [error, setError] = useState<Error | null>(null);
  /** The job this panel runs now, if any: cancelled when it goes stale or the GM cancels. */
  const running = useRef<number | null>(null);
  /** When the panel asked for the job it shows (the page's clock). */
  const askedAt = useRef(0);
  /** Whether the GM has just pressed Work out the fight odds: the job it starts is theirs. */
  const pressed = useRef(false);
  /** The job the GM's press started, which the panel keeps on the screen as it grows. */
  const pressedJob = useRef<number | null>(null);
  const section = useRef<HTMLElement>(null);
  /** What the panel last showed of that job: waiting, then its progress. */
  const shown = useRef("");

  useEffect(() => {
    if (!following) return;
    let gone = false;
    let timer: number | undefined;
    const stop = () => {
      const current = running.current;
      running.current = null;
      if (current !== null) void api.cancelFightOdds(id, current).catch(() => undefined);
    };
    const read = async (job: number) => {
      try {
        const now = await api.fightOddsJob(id, job);
        if (gone) return;
        setJob(now);
        if (now.status === "running") timer = window.setTimeout(() => void read(job), POLL_MS);
        else {
          running.current = null;
          if (endedTooLarge(now)) setFollowing(false);
        }
      } catch (thrown) {
        if (!gone) setError(asError(thrown));
      }
    };
    void (async () => {
      try {
        askedAt.current = Date.now();
        const started = await api.startFightOdds(id, {
          maxStates: CONSOLE_MAX_STATES,
          maxRuns: CONSOLE_MAX_RUNS,
        });
        running.current = started.id;
        if (pressed.current) pressedJob.current = started.id;
        pressed.current = false;
        if (gone) return stop();
        setJob(started);
        setError(null);
        timer = window.setTimeout(() => void read(started.id), POLL_MS);
      } catch (thrown) {
        if (!gone) setError(asError(thrown));
      }
    })();
    return () => {
      gone = true;
      window.clearTimeout(timer);
      stop();
    };
  }, [following, id, version]);

  // The panel at work grows under the button the GM pressed (its progress, then what it waits
  // for): on a phone it grew past the screen's edge. While the job the press started runs, each
  // new kind of line brings the panel into view, once; a later job (after an answer) does not
  // take the page from the prompt.
  useEffect(() => {
    if (job === null || job.id !== pressedJob.current || job.status !== "running") return;
    const long = job.progress === null && Date.now() - askedAt.current > WAITING_NOTE_S * 1000;
    const now = `${job.id} ${job.progress === null ? (long ? "long" : "waiting") : "progress"}`;
    if (now === shown.current) return;
    shown.current = now;
    section.current?.scrollIntoView({ block: "nearest" });
  }, [job]);

  const cancel = async () => {
    const current = running.current;
    running.current = null;
    setFollowing(false);
    if (current === null) return;
    try {
      setJob(await api.cancelFightOdds(id, current));
    } catch (thrown) {
      setError(asError(thrown));
    }
  };

  const failure = job?.status === "failed" ? job.error : null;
  return (
    <section
      ref={section}
      className="fight-odds"
      data-status={job?.status ?? "none"}
      data-version={job?.version}
      data-job={job?.id}
    >
      <h2>Fight odds</h2>
      <p>
        Each side&apos;s chance to win the whole fight from where it stands, worked out exactly by
        the server under the combatants&apos; tactics, again after every answer.
      </p>
      <PanelHelp>
        Press Work out the fight odds and keep playing: the odds follow the fight. To try other
        tactics, run a Simulation below.
      </PanelHelp>
      <div className="row">
        {!following ? (
          <button
            onClick={() => {
              pressed.current = true;
              setFollowing(true);
            }}
          >
            Work out the fight odds
          </button>
        ) : job?.status === "running" ? (
          <button onClick={() => void cancel()}>Cancel</button>
        ) : (
          <button onClick={() => setFollowing(false)}>Stop following the fight</button>
        )}
      </div>
      <ErrorBox error={error} />
      {job !== null && !following && endedTooLarge(job) ? (
        <p className="note fight-odds-unfollowed">
          No longer following the fight: the same work would start again after every answer. Press
          Work out the fight odds once fewer are fighting.
        </p>
      ) : null}
      {job !== null && job.version !== version && !following ? (
        <p className="note">
          Of an earlier position (version {job.version}): the fight has moved since.
        </p>
      ) : null}
      {job === null ? null : job.status === "running" ? (
        <Progress job={job} since={askedAt.current} />
      ) : job.status === "cancelled" ? (
        <p>Cancelled: the server stopped working them out.</p>
      ) : job.status === "failed" && failure !== null ? (
        failure.status === 422 ? (
          <p className="fight-odds-large" data-stopped="budget">
            {budgetText(failure.error)}
          </p>
        ) : (
          <ErrorBox error={new ApiError(failure.status, failure)} />
        )
      ) : job.result === null ? null : (
        <FightOddsResult odds={job.result} />
      )}
    </section>
  );
}
