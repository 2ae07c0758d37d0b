// "What happened": every answer (each roll with its dice as rolled, each decision) followed by
// what it caused, each result with the rule that produced it; newest step first or oldest first,
// each step in causal order (the roll before its effect). The answers are numbered as "Branch a
// what-if" counts them.
import { Fragment, useState } from "react";
import { sentence } from "../../../src/core/sentence.js";
import { ruleName } from "../format.js";
import { actorName, answerText, decisionText, restates } from "../log-steps.js";
import { timeline, timelineSteps, type TimelineEntry } from "../timeline.js";
import type { Encounter } from "../types.js";
import { RollLine } from "./result-card.js";

function Entry({
  entry,
  nameOf,
  rules,
  ruleset,
}: {
  readonly entry: TimelineEntry;
  readonly nameOf: (id: string) => string;
  /** The encounter's ruleset: each rule is said by its name alone (ruleName). */
  readonly ruleset: string;
  /** A decision's: the rules of the results that only said it again. */
  readonly rules: readonly string[];
}) {
  if (entry.kind === "explanation") {
    const { explanation } = entry;
    return (
      <li
        className={explanation.section === "fray-round" ? "explanation round-start" : "explanation"}
      >
        <span className="text">{explanation.text}</span>{" "}
        <span className="rule">{ruleName(explanation.rule, ruleset)}</span>
      </li>
    );
  }
  const { answer, n } = entry;
  return (
    <li className={`answer ${answer.kind}`}>
      <span className="n" title="answers given by then">
        #{n}
      </span>{" "}
      {answer.kind === "roll" ? (
        <RollLine roll={{ ...answer, dice: answer.dice ?? `= ${answer.value}` }} />
      ) : (
        <span className="decision-text">{sentence(answerText(answer, nameOf))}</span>
      )}
      {/* The space outside the rule's inline-block, which would drop it: "(was 20)The GM's ruling". */}
      {rules.map((rule, i) => (
        <Fragment key={i}>
          {" "}
          <span className="rule">{ruleName(rule, ruleset)}</span>
        </Fragment>
      ))}
    </li>
  );
}

export function Timeline({ encounter }: { readonly encounter: Encounter }) {
  const [newestFirst, setNewestFirst] = useState(true);
  const nameOf = (id: string) => actorName(encounter, id);
  const steps = timelineSteps(timeline(encounter.log, encounter.explanations));
  const ordered = newestFirst ? [...steps].reverse() : steps;
  return (
    <section className="timeline" aria-label="what happened">
      <h2>
        What happened{" "}
        <button
          className="small"
          aria-pressed={newestFirst}
          onClick={() => setNewestFirst(!newestFirst)}
        >
          {newestFirst ? "Newest first" : "Oldest first"}
        </button>
      </h2>
      <ol className="timeline-steps" tabIndex={0} aria-label="steps">
        {ordered.map((step) => {
          const first = step[0]!;
          // A result that only says the step's decision again is not said twice: its rule goes
          // beside the decision.
          const answer = first.kind === "answer" ? first.answer : undefined;
          const restated = (entry: TimelineEntry) =>
            entry.kind === "explanation" &&
            (answer?.kind === "decide"
              ? restates(nameOf(answer.actor), decisionText(answer), entry.explanation.text)
              : answer?.kind === "gm" &&
                entry.explanation.text.toLowerCase() === answerText(answer, nameOf).toLowerCase());
          const rules = step.flatMap((e) =>
            restated(e) && e.kind === "explanation" ? [e.explanation.rule] : [],
          );
          return (
            <li key={first.kind === "answer" ? first.n : 0} className="step">
              <ol>
                {step
                  .filter((entry) => !restated(entry))
                  .map((entry, i) => (
                    <Entry
                      key={i}
                      entry={entry}
                      nameOf={nameOf}
                      ruleset={encounter.ruleset}
                      rules={entry === first ? rules : []}
                    />
                  ))}
              </ol>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
