// The advisor for the pending decision (GET .../advice): each option ranked best first with the
// damage it is expected to deal and take by the end of the round and each foe's chance of being
// taken out; ranked by the chance to win the whole fight when the GM asks (horizon=fight: exact
// within the console's state budget, else sampled, and the page says which). The damage is in the
// ruleset's unit of health ("HP", "SP + injury slots") when it gives one. On demand: a large
// round is sampled, which takes a few seconds.
import { useState, type ReactNode } from "react";
import { api } from "../api.js";
import { estimate } from "../format.js";
import { asError, type ChangeControl } from "../use-encounter.js";
import type { AdviceJson } from "../types.js";
import { HEALTH_SAME, SAME_MARGIN } from "../../../src/engine/sure-ranking.js";
import { adviceFigures, TIED } from "../advice-figures.js";
import { CopyFigures } from "./copy-figures.js";
import { ErrorBox } from "./error-box.js";
import { PanelHelp } from "./panel-help.js";

const SAMPLES = 5000;

/**
 * The most distinct states the fight horizon may take before sampling whole fights instead: each
 * option leads to states of its own (the example duel's 21 options take 81,000).
 */
const FIGHT_MAX_STATES = 200_000;

/**
 * Past this many combatants whose chance of being out is shown, they go in one column, a line
 * each: the ambush on the forest road's nine, a column each, ran past the laptop's panel and a
 * phone's screen.
 */
const OUT_COLUMNS = 3;

/**
 * What ± says, in words, under sampled figures: a GM comparing two options read "1.6 ± 0.1"
 * with only "± gives the 95% interval" to go on.
 */
export const PLUS_MINUS =
  "±: the true figure lies within it 19 times in 20 (1.6 ± 0.1: from 1.5 to 1.7), so two options whose ranges overlap may do as well as each other.";

/** How the chances over the whole fight were found, as the table's note says it. */
function fightMethod(fight: NonNullable<AdviceJson["fight"]>): string {
  return fight.method === "exact"
    ? `exact over the whole fight (${fight.states.toLocaleString("en-US")} states, unresolved ${fight.unresolved.toExponential(1)})`
    : `sampled over the whole fight (${fight.samples.toLocaleString("en-US")} fights an option; ± gives the 95% interval)`;
}

/** A cell of an option's row: its column's heading (shown beside it on a phone), what it holds. */
type Cell = readonly [label: string, content: ReactNode, className?: string];

const OUT_LIST = "out by the end of the round";

/** A combatant's chance of being out at the end of the round after `option`. */
function outOf(option: AdviceJson["options"][number], id: string): string {
  return estimate(option.combatants.find((c) => c.id === id)?.out ?? null, true);
}

export function Advisor({ encounter, busy, act }: ChangeControl) {
  const [advice, setAdvice] = useState<{ version: number; advice: AdviceJson } | null>(null);
  const [thinking, setThinking] = useState(false);
  const [byFight, setByFight] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const ask = async () => {
    setThinking(true);
    try {
      const fight = byFight ? { maxStates: FIGHT_MAX_STATES } : undefined;
      setAdvice({
        version: encounter.version,
        advice: await api.advice(encounter.id, SAMPLES, fight),
      });
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setThinking(false);
    }
  };
  // Advice is about one moment of the fight: any change makes it stale.
  const current = advice?.version === encounter.version ? advice.advice : null;
  // A decision after rolls (cartyrion's side's turn order, after the round's initiative): the
  // advice rolled them from the seed, as Fray's dice roll them, so Choose rolls them so first.
  const answerable =
    current !== null &&
    (current.rolled.length === 0
      ? encounter.pending?.kind === "decide" && encounter.pending.actor === current.actor
      : encounter.pending?.kind === "roll");
  const choose = (value: unknown) =>
    act(async () => {
      let now = encounter;
      for (let roll = 0; roll < (current?.rolled.length ?? 0); roll += 1) {
        now = await api.roll(now.id, now.version);
      }
      // Rolled to another question than the one advised (changed elsewhere meanwhile): it is
      // shown, not answered.
      const { pending } = now;
      if (
        pending?.kind !== "decide" ||
        pending.actor !== current?.actor ||
        pending.question !== current.question
      ) {
        return now;
      }
      return api.answer(now.id, now.version, { choice: value });
    });
  const out = (current?.options[0]?.combatants ?? []).filter((c) => c.side !== current?.side);
  const outColumns = out.length <= OUT_COLUMNS;
  // A decision of the GM's or of a side's turn order (no side of its own) lists both sides: each
  // under its side's name, where one list of nine mixed the party with the goblins.
  const bySide = [...new Set(out.map((c) => c.side))].map(
    (side) => [side, out.filter((c) => c.side === side)] as const,
  );
  const sideName = (id: string) => encounter.sides.find((s) => s.id === id)?.name ?? id;
  const fight = current?.horizon === "fight";
  const unit = current?.unit === undefined ? "" : ` (${current.unit})`;
  const [dealtHead, takenHead] = [`damage dealt${unit}`, `damage taken${unit}`];
  const heads = [
    "option",
    dealtHead,
    takenHead,
    ...(fight ? ["win the fight", "lose the fight"] : []),
    ...(outColumns ? out.map((f) => `${f.name} out`) : [OUT_LIST]),
    ...(fight ? [] : ["win this round", "lose this round"]),
    ...(answerable ? [""] : []),
  ];
  return (
    <section className="advisor">
      <h2>Advisor</h2>
      <PanelHelp>
        Which answer to the pending decision does best? Press Advise the next decision: each option
        with the damage it deals and takes and the foes&apos; chance of being out; Choose answers
        with it.
      </PanelHelp>
      <div className="row">
        <button disabled={thinking || encounter.pending === null} onClick={() => void ask()}>
          {thinking ? "Thinking…" : "Advise the next decision"}
        </button>
        <label>
          <input type="checkbox" checked={byFight} onChange={(e) => setByFight(e.target.checked)} />{" "}
          rank by the chance to win the whole fight
        </label>
      </div>
      <ErrorBox error={error} />
      {current === null ? null : (
        <>
          <p>
            {current.prompt} (round {current.round}, {current.method}
            {current.method === "sampled"
              ? `: ${current.runs.toLocaleString("en-US")} rounds played out an option${current.sure === true ? ", until the ranking was sure" : ""}; ± gives the 95% interval`
              : ""}
            )
            {current.rolled.length === 0
              ? ""
              : `; rolled first from the seed: ${current.rolled.join("; ")}${answerable ? ", as Choose rolls them with Fray's dice before it answers" : ""}`}
          </p>
          {current.fight === undefined ? null : (
            <p className="advice-fight" data-method={current.fight.method}>
              Ranked by the chance to win the fight: {fightMethod(current.fight)}; damage and the
              foes out are to the end of the round.
            </p>
          )}
          <p className="note">
            Every later decision of the round, the foes&apos; included, is taken by the
            combatants&apos; tactics: the figures are what each option leads to if everyone then
            plays by them, not against every answer the foes could give.
          </p>
          <p className="advice-key">
            {current.side === null
              ? ""
              : `Damage dealt: the health${current.unit === undefined ? "" : ` in ${current.unit}`} the foes lose on average by the end of the round; damage taken: the health this side loses. `}
            Out: the chance of being out of the fight by then.
            {current.method === "sampled" || current.fight?.method === "sampled"
              ? ` ${PLUS_MINUS}`
              : ""}
          </p>
          <div className="advice-frame">
            <table className="advice" data-out={outColumns ? "columns" : "list"}>
              <thead>
                <tr>
                  {heads.map((head, i) => (
                    <th key={i}>{head}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {current.options.map((option) => {
                  const cells: readonly Cell[] = [
                    [
                      "option",
                      option.tied === true ? (
                        <>
                          {`${option.label}${option.policy ? " (tactics' pick)" : ""}`}
                          <span className="advice-tied">{TIED}</span>
                        </>
                      ) : (
                        `${option.label}${option.policy ? " (tactics' pick)" : ""}`
                      ),
                      "advice-option",
                    ],
                    [dealtHead, estimate(option.dealt)],
                    [takenHead, estimate(option.taken)],
                    ...(fight
                      ? ([
                          [
                            "win the fight",
                            <data key="win" value={option.win?.value}>
                              {estimate(option.win, true)}
                            </data>,
                            "advice-win-fight",
                          ],
                          ["lose the fight", estimate(option.lose, true)],
                        ] satisfies Cell[])
                      : []),
                    ...(outColumns
                      ? out.map((f): Cell => [`${f.name} out`, outOf(option, f.id)])
                      : ([
                          [
                            OUT_LIST,
                            <ul key="out" className="advice-out">
                              {bySide.length < 2
                                ? out.map((f) => (
                                    <li key={f.id}>
                                      {f.name}: {outOf(option, f.id)}
                                    </li>
                                  ))
                                : bySide.map(([side, who]) => (
                                    <li key={side} className="advice-out-side">
                                      <span className="advice-side-name">{sideName(side)}</span>
                                      <ul>
                                        {who.map((f) => (
                                          <li key={f.id}>
                                            {f.name}: {outOf(option, f.id)}
                                          </li>
                                        ))}
                                      </ul>
                                    </li>
                                  ))}
                            </ul>,
                            "advice-out-list",
                          ],
                        ] satisfies Cell[])),
                    ...(fight
                      ? []
                      : ([
                          ["win this round", estimate(option.win, true)],
                          ["lose this round", estimate(option.lose, true)],
                        ] satisfies Cell[])),
                  ];
                  return (
                    <tr key={JSON.stringify(option.value)}>
                      {cells.map(([label, content, className]) => (
                        <td
                          key={label}
                          data-label={label}
                          className={content === "-" ? "advice-none" : className}
                        >
                          {content}
                        </td>
                      ))}
                      {answerable ? (
                        <td className="advice-choose">
                          <button disabled={busy} onClick={() => choose(option.value)}>
                            Choose
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {current.options.some((o) => o.tied === true) ? (
            <p className="advice-tied-note">
              {`${TIED[0]!.toUpperCase()}${TIED.slice(1)}: alike on every figure the ranking reads (win and lose within ${SAME_MARGIN * 100} points, damage dealt minus taken within ${HEALTH_SAME * 100}% of the damage the round costs both sides), so either does as well.`}
            </p>
          ) : null}
          {/* Advice of another moment starts afresh ("Copied" was the last's). */}
          <CopyFigures
            key={`${advice?.version} ${current.horizon}`}
            what="the advice"
            figures={() => adviceFigures(current)}
          />
        </>
      )}
    </section>
  );
}
