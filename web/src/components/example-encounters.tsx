// The example encounters Fray ships, each ruleset's by its title and a line on what it is, to
// open as a new encounter from the list's New encounter (GET /rulesets/:id/examples, then the
// example's file for POST /encounters). The Friday rehearsal's GM had to know the path
// examples/cartyrion/ambush-on-the-forest-road.yaml to upload it; the builder takes stat blocks
// only. Loaded when opened.
import { useEffect, useState } from "react";
import { api } from "../api.js";
import type { Encounter, RulesetExamples, RulesetSummary } from "../types.js";
import { asError } from "../use-encounter.js";
import { ErrorBox } from "./error-box.js";

interface GameExamples {
  readonly ruleset: RulesetSummary;
  readonly examples: RulesetExamples;
}

export function ExampleEncounters({ created }: { readonly created: (e: Encounter) => void }) {
  const [open, setOpen] = useState(false);
  const [games, setGames] = useState<readonly GameExamples[] | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (!open || games !== null) return;
    let live = true;
    void (async () => {
      try {
        const { rulesets } = await api.rulesets();
        const all = await Promise.all(
          rulesets.map(async (ruleset) => ({
            ruleset,
            examples: (await api.examples(ruleset.id)).examples,
          })),
        );
        if (live) setGames(all.filter((g) => g.examples.length > 0));
      } catch (thrown) {
        if (live) setError(asError(thrown));
      }
    })();
    return () => {
      live = false;
    };
  }, [open, games]);
  const openExample = async (ruleset: string, file: string) => {
    setOpening(`${ruleset}/${file}`);
    try {
      const example = await api.exampleFile(ruleset, file);
      created(await api.create(example.text));
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setOpening(null);
    }
  };
  return (
    <details className="example-encounters" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Open an example encounter: each game&apos;s, ready to play</summary>
      {games === null ? (
        error === null ? (
          <p className="hint">Loading the examples…</p>
        ) : null
      ) : (
        games.map(({ ruleset, examples }) => (
          <section key={ruleset.id} aria-label={`${ruleset.game}'s examples`}>
            <h3>{ruleset.game}</h3>
            <ul>
              {examples.map((e) => (
                <li key={e.file}>
                  <button
                    aria-label={`Open ${e.title} (${ruleset.game})`}
                    disabled={opening !== null}
                    onClick={() => void openExample(ruleset.id, e.file)}
                  >
                    Open
                  </button>{" "}
                  <span className="example-title">{e.title}</span>{" "}
                  <span className="example-about">{e.about}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <ErrorBox error={error} />
    </details>
  );
}
