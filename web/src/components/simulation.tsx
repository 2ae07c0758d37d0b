// A small simulation of the encounter (POST /encounters/:id/simulations): the fight played many
// times by the combatants' tactics (the encounter's, or others chosen here per side or per
// combatant for these fights only) from where it stands (the round in play again, with the
// answers given in it), or from its start; each side's chance of winning, its 95% interval, a
// chart, each combatant's chance of still being in the fight at the end, and the tactics played.
import { useEffect, useMemo, useState } from "react";
import { sentence } from "../../../src/core/sentence.js";
import { sideWins } from "../../../src/engine/side-wins.js";
import { describeStart } from "../../../src/sim/report.js";
import { api } from "../api.js";
import { counted, interval, percent, shares } from "../format.js";
import { asError } from "../use-encounter.js";
import {
  pickedTactics,
  playedText,
  profileDescription,
  type RulesetTacticsJson,
} from "../tactics.js";
import type { Encounter, SimulationFrom, SimulationJson } from "../types.js";
import { simulationFigures } from "../sim-figures.js";
import { CopyFigures } from "./copy-figures.js";
import { ErrorBox } from "./error-box.js";
import { PanelHelp } from "./panel-help.js";
import { ProfileOptions } from "./tactics-picker.js";
import { WinChart } from "./win-chart.js";

type Outcomes = Pick<SimulationJson, "sides" | "draw" | "mutualKill">;

/** A draw and a mutual kill, the outcomes that are no side's win. */
const NO_WINNER = [
  { key: "draw", name: "draw", phrase: "a draw" },
  { key: "mutualKill", name: "mutual kill", phrase: "a mutual kill" },
] as const;

/**
 * The outcomes' rows, their chances rounded so that those shown add up to 100%: each side's win,
 * then a draw and a mutual kill when some fight ended so (as the fight odds and `fray sim`'s chart
 * leave out what cannot happen; a draw comes only at the round limit: a "draw 0.0%" row was noise).
 */
export function outcomeRows(result: Outcomes) {
  const rows = [
    ...result.sides.map((side) => ({
      key: side.id,
      side: side.id as string | undefined,
      name: sideWins(side.name),
      p: side.win,
    })),
    ...NO_WINNER.map(({ key, name }) => ({
      key,
      side: undefined,
      name,
      p: result[key],
    })),
  ].filter((r) => r.side !== undefined || r.p.p > 0);
  const chances = shares(rows.map((r) => r.p.p));
  return rows.map((r, i) => ({ ...r, chance: chances[i]! }));
}

/**
 * How the panel writes a chance of `result`: an outcome's as its row says it (rounded so that the
 * rows add up to 100%), any other chance to the nearest 0.1%, so that one figure reads the same
 * wherever it shows. A duel's survivor's chance is its side's win: its 973 fights of 2,000 read
 * 48.7% in the outcomes and 48.6% in the table of who is still in the fight.
 */
export function chanceText(result: Outcomes): (p: number) => string {
  const rows = outcomeRows(result);
  return (p) => rows.find((r) => r.p.p === p)?.chance ?? percent(p);
}

/**
 * What no fight of the run ended in, left out of the table, with how rare it must be for that,
 * "No fight of the 2,000 ended in a draw or a mutual kill (each under 0.2%, 95% sure)."; null
 * when both came up.
 */
export function unseenText(result: Outcomes & Pick<SimulationJson, "runs">): string | null {
  const unseen = NO_WINNER.filter(({ key }) => result[key].p === 0);
  if (unseen.length === 0) return null;
  const high = Math.max(...unseen.map(({ key }) => result[key].high));
  const what = unseen.map((u) => u.phrase).join(" or ");
  const each = unseen.length === 1 ? "under" : "each under";
  return `No fight of the ${result.runs.toLocaleString("en-US")} ended in ${what} (${each} ${percent(high)}, 95% sure).`;
}

/** Side `id`'s name, as the page says it. */
const nameOfSide = (sides: readonly { readonly id: string; readonly name: string }[], id: string) =>
  sides.find((s) => s.id === id)?.name ?? id;

/**
 * Each combatant's chance of still being in the fight when it ends, with its side and its 95%
 * interval: "what if the goblins fight to the death" asks who of the party falls too, which the
 * panel's help promised and only `fray sim` said.
 */
function SurvivalTable({
  result,
  sides,
}: {
  readonly result: SimulationJson;
  readonly sides: readonly { readonly id: string; readonly name: string }[];
}) {
  const sideName = (id: string) => nameOfSide(sides, id);
  const chance = chanceText(result);
  return (
    <table className="sim-combatants">
      <caption>Who is still in the fight when it ends</caption>
      <thead>
        <tr>
          <th>combatant</th>
          <th>chance</th>
          <th>95% interval</th>
        </tr>
      </thead>
      <tbody>
        {result.combatants.map((c) => (
          <tr key={c.id} data-combatant={c.id}>
            <td>
              {c.name} <small>({sideName(c.side)})</small>
            </td>
            <td>{chance(c.survival.p)}</td>
            <td>{interval(c.survival)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * How long the fights lasted, counted from the start of the round they started in: "3.65 rounds
 * on average from the start of round 1; half the fights end within 3 rounds, nine in ten within
 * 5" (it said "mean 3.65, median 3, 90% by 5").
 */
export function roundsText({ rounds, start }: Pick<SimulationJson, "rounds" | "start">): string {
  return `How long: ${rounds.mean.toFixed(2)} rounds on average from the start of round ${start.round}; half the fights end within ${counted(rounds.median, "round")}, nine in ten within ${counted(rounds.p90, "round")}.`;
}

/** Past this many seconds, the panel at work says how long, and what may come first. */
const SIMULATING_NOTE_S = 5;

/**
 * What the panel says while the server simulates, `seconds` after it was asked: a run of 2,000
 * fights takes a second or two, but it waits behind the fight odds or the advice that the
 * server's job threads are working out (karn's duel's odds: a minute to their 50,000 positions on
 * a machine of two cores, with "Simulating…" alone meanwhile).
 */
export function simulatingText(seconds: number): string {
  if (seconds < SIMULATING_NOTE_S) return "Simulating…";
  return `Simulating… ${Math.floor(seconds)} s so far: the fight odds or the advice, while the server works them out, may come first (Cancel the fight odds to simulate now).`;
}

/** The runs before the last kept to compare it with. */
const COMPARED = 3;

/**
 * The last run beside the ones before it, a row each: the tactics played, where from, and each
 * side's chance to win. "Reckless goblins or cautious ones?" is two runs; the second replaced
 * the first, whose figures the GM had to remember.
 */
function Compared({
  runs,
  encounter,
}: {
  readonly runs: readonly SimulationJson[];
  readonly encounter: Encounter;
}) {
  const sides = runs[0]!.sides;
  return (
    <table className="sim-compared">
      <caption>This run and the ones before, with the same seed</caption>
      <thead>
        <tr>
          <th>tactics played</th>
          {sides.map((side) => (
            <th key={side.id}>{sideWins(side.name)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {runs.map((run, i) => {
          const rows = outcomeRows(run);
          return (
            <tr key={i} className={i === 0 ? "sim-compared-last" : undefined}>
              <td data-label="tactics played">
                {playedText(encounter.sides, encounter.views.gm, run.tactics).join("; ")}
                <small>
                  {i === 0 ? "this run" : i === 1 ? "the run before" : `${i} runs before`}:{" "}
                  {run.runs.toLocaleString("en-US")} fights {describeStart(run.start)}
                </small>
              </td>
              {sides.map((side) => (
                <td key={side.id} data-label={sideWins(side.name)}>
                  {rows.find((r) => r.side === side.id)?.chance ?? "-"}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A select of the profiles, "as the encounter has them" first (""). */
function TacticsSelect({
  label,
  tactics,
  value,
  set,
}: {
  readonly label: string;
  readonly tactics: RulesetTacticsJson;
  readonly value: string;
  readonly set: (profile: string) => void;
}) {
  const description = profileDescription(tactics, value);
  return (
    <div className="sim-tactics-pick">
      <label>
        <span className="tactics-label">{label}</span>{" "}
        <select
          aria-label={`Tactics of ${label} in the simulation`}
          title={description}
          value={value}
          onChange={(e) => set(e.target.value)}
        >
          <option value="">as in the encounter</option>
          <ProfileOptions tactics={tactics} />
        </select>
      </label>
      {/* What the profile picked does, which a phone shows no title for ("reckless": "fights to
          the death: never withdraws"). */}
      {description === "" ? null : <p className="tactics-note">{description}</p>}
    </div>
  );
}

export function Simulation({
  encounter,
  tactics,
}: {
  readonly encounter: Encounter;
  /** The ruleset's tactics; null until they come (the panel then offers no choice). */
  readonly tactics: RulesetTacticsJson | null;
}) {
  const [runs, setRuns] = useState(2000);
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [result, setResult] = useState<SimulationJson | null>(null);
  // The runs before the last, newest first, to compare it with.
  const [before, setBefore] = useState<readonly SimulationJson[]>([]);
  const [running, setRunning] = useState(false);
  // Seconds since the run was asked, while it runs: the panel says them past a few.
  const [waited, setWaited] = useState(0);
  useEffect(() => {
    if (!running) return;
    const asked = Date.now();
    setWaited(0);
    const timer = window.setInterval(() => setWaited((Date.now() - asked) / 1000), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  // How many runs the panel has shown: a run's copy button starts afresh ("Copied" was the last's).
  const [shown, setShown] = useState(0);
  const [error, setError] = useState<Error | null>(null);
  const over = encounter.status === "over";
  const round = encounter.round + 1;
  // Before the first answer, the fight as it stands is its start: one button, not two that do
  // the same ("Simulate from round 1" beside "Simulate from the start" on every new encounter).
  const fromHere = !over && encounter.log.length > 0;
  const simulate = async (from: SimulationFrom) => {
    setRunning(true);
    try {
      const next = await api.simulate(encounter.id, runs, from, pickedTactics(picks));
      if (result !== null) setBefore([result, ...before].slice(0, COMPARED));
      setResult(next);
      setShown(shown + 1);
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setRunning(false);
    }
  };
  const start = result === null ? "" : describeStart(result.start);
  // The chart's labels are the table's chances, rounded alike (one array a run: the chart is
  // drawn again only for a new one).
  const chances = useMemo(
    () => (result === null ? [] : outcomeRows(result).map((row) => row.chance)),
    [result],
  );
  const played =
    result === null
      ? ""
      : playedText(encounter.sides, encounter.views.gm, result.tactics).join("; ");
  // A select per side or combatant, by id, named as the page names it.
  const selects = (
    tactics: RulesetTacticsJson,
    who: readonly { readonly id: string; readonly name: string }[],
  ) => (
    <div className="sim-tactics-row">
      {who.map(({ id, name }) => (
        <TacticsSelect
          key={id}
          label={name}
          tactics={tactics}
          value={picks[id] ?? ""}
          set={(profile) => setPicks({ ...picks, [id]: profile })}
        />
      ))}
    </div>
  );
  const inFile = encounter.views.gm.filter((c) => c.id in encounter.tactics);
  return (
    <section className="simulation">
      <h2>Simulation</h2>
      <p>
        {over
          ? "The fight is over: it can be simulated from its start"
          : fromHere
            ? `The fight from round ${round} as it stands (the round again, with the answers given in it), or from its start`
            : "The fight from its start (nothing is answered yet)"}
        , played by the combatants&apos; tactics (as on their cards, or as chosen here for these
        fights only) with seed {encounter.seed}.
      </p>
      <PanelHelp>
        What if? Pick other tactics for a side or a combatant below (another profile for the foes,
        say), then Simulate: each side&apos;s chance to win over many fights, and each
        combatant&apos;s chance of still being in the fight at its end.
      </PanelHelp>
      {tactics === null ? null : (
        <fieldset className="sim-tactics">
          <legend>Tactics</legend>
          {selects(tactics, encounter.sides)}
          <details className="tactics-questions">
            <summary>Per combatant (over its side&apos;s)</summary>
            {selects(tactics, inFile)}
          </details>
        </fieldset>
      )}
      <div className="row">
        <input
          type="number"
          aria-label="runs"
          min={1}
          max={100_000}
          value={runs}
          onChange={(e) => setRuns(Math.max(1, Math.trunc(Number(e.target.value)) || 1))}
        />
        fights
        {!fromHere ? null : (
          <button disabled={running} onClick={() => void simulate("here")}>
            {`Simulate from round ${round}`}
          </button>
        )}
        <button disabled={running} onClick={() => void simulate("start")}>
          Simulate from the start
        </button>
        {running ? <span className="sim-running">{simulatingText(waited)}</span> : null}
      </div>
      <ErrorBox error={error} />
      {result === null ? null : (
        <>
          <p className="sim-start">
            {sentence(start)}: {result.runs.toLocaleString("en-US")} fights
          </p>
          <p className="sim-played">Tactics played: {played}</p>
          <table className="sim-result">
            <thead>
              <tr>
                <th>outcome</th>
                <th>chance</th>
                <th>95% interval</th>
              </tr>
            </thead>
            <tbody>
              {outcomeRows(result).map((row) => (
                <tr key={row.key} data-side={row.side}>
                  <td>{row.name}</td>
                  <td>{row.chance}</td>
                  <td>{interval(row.p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {unseenText(result) === null ? null : <p className="sim-unseen">{unseenText(result)}</p>}
          <p className="note">
            The 95% interval: where the true chance lies, 19 times in 20, given the fights played
            (more fights narrow it). The chances shown are rounded so that they add up to 100%; the
            intervals are not.
          </p>
          <p className="sim-rounds">{roundsText(result)}</p>
          {before.length === 0 ? null : (
            <Compared runs={[result, ...before]} encounter={encounter} />
          )}
          <SurvivalTable result={result} sides={encounter.sides} />
          <CopyFigures
            key={shown}
            what={`the ${result.runs.toLocaleString("en-US")} fights' figures`}
            figures={() =>
              simulationFigures(encounter.title, result, played, (id) =>
                nameOfSide(encounter.sides, id),
              )
            }
          />
          <WinChart summary={result} labels={chances} />
        </>
      )}
    </section>
  );
}
