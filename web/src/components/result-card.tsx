// The last result, beside the prompt until a newer one replaces it: the decision that started
// it, each roll with its dice as rolled, what changed (health before and after), and each
// result with the rule that produced it. Plain props.
import { Fragment, type ReactNode } from "react";
import type { ResultData } from "../types.js";

/**
 * Dice as the log writes them ("Attack Check [4, 5] = 9"), each die drawn in a box; the
 * brackets and commas stay in the text for screen readers and for copying.
 */
export function DiceText({ text }: { readonly text: string }) {
  const parts = text.split(/(\[[^\]]*\])/);
  return (
    <span className="dice-text">
      {parts.map((part, i) => {
        if (!/^\[.*\]$/.test(part)) return <span key={i}>{part}</span>;
        const dice = part
          .slice(1, -1)
          .split(/,\s*/)
          .filter((d) => d !== "");
        return (
          <span key={i} className="dice">
            <span className="sr-only">[</span>
            {dice.map((die, j) => (
              <Fragment key={j}>
                {j === 0 ? null : <span className="sr-only">, </span>}
                <span className="die">{die}</span>
              </Fragment>
            ))}
            <span className="sr-only">]</span>
          </span>
        );
      })}
    </span>
  );
}

export function ResultCard({
  result,
  children,
}: {
  readonly result: ResultData | null;
  /** What the page adds under it (the GM's "Roll again"). */
  readonly children?: ReactNode;
}) {
  return (
    <section className="result-card" aria-label="last result">
      <h2>Last result</h2>
      {result === null ? (
        <p className="result-none">Nothing has happened yet.</p>
      ) : (
        <>
          <p className="result-heading">{result.heading}</p>
          {result.rolls.length === 0 ? null : (
            <ul className="result-rolls" tabIndex={0} aria-label="dice">
              {result.rolls.map((roll, i) => (
                <li key={i}>
                  <span className="roll-label">{roll.label}</span> <DiceText text={roll.dice} />
                  {roll.by === undefined ? null : (
                    <span className="roll-by">{roll.by === "table" ? "table" : "Fray"}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {result.changes.length === 0 ? null : (
            <ul className="result-changes">
              {result.changes.map((c, i) => (
                <li key={i}>
                  {c.name}: {c.label} {c.before} → {c.after}
                </li>
              ))}
            </ul>
          )}
          <ul className="result-explanations" tabIndex={0} aria-label="results">
            {result.explanations.map((e, i) => (
              <li key={i}>
                <span className="text">{e.text}</span> <span className="rule">{e.rule}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {children}
    </section>
  );
}
