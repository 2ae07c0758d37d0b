// Everything that happened, newest first, each with the rule (the chapter's section) that
// produced it and the number of answers given by then.
import type { Explanation } from "../types.js";

export function Explanations({ explanations }: { readonly explanations: readonly Explanation[] }) {
  const newestFirst = explanations.map((e, i) => ({ ...e, key: i })).reverse();
  return (
    <section className="explanations">
      <h2>What happened</h2>
      <ol reversed>
        {newestFirst.map((e) => (
          <li key={e.key}>
            <span className="at" title="answers given by then">
              {e.at}
            </span>
            <span className="rule">{e.rule}</span>
            <span className="text">{e.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
