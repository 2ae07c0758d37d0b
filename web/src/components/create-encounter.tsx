// A new encounter from its file (docs/encounter-format.md), pasted or uploaded, or a fight
// resumed from its log (fray-log/1, the fight page's download). A refused file
// shows the API's error with a hint, and where as a line of the box (a syntax error's, or the
// line of the field refused: "Line 18 of the box: weapon, in Aldric's stat block"), which can be
// selected there; the field said by its title in the builder's form beside its key ("Hit points
// (hitPoints) of Knuckles, line 47 of the box: ..."); the text stays in the box to be fixed.
import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../api.js";
import {
  fieldPlace,
  lineRange,
  positionOf,
  isLog,
  rulesetOf,
  titlesOf,
  type FieldPlace,
} from "../file-position.js";
import type { Schema } from "../schema-form.js";
import { asError } from "../use-encounter.js";
import type { Encounter } from "../types.js";
import { ErrorBox } from "./error-box.js";
import { ExampleEncounters } from "./example-encounters.js";

export function CreateEncounter({ created }: { readonly created: (e: Encounter) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  /** The text refused (the box may have changed since). */
  const [refused, setRefused] = useState("");
  const where = error instanceof ApiError ? error.body.where : undefined;
  const syntax = positionOf(where);
  const [field, setField] = useState<FieldPlace | null>(null);
  useEffect(() => {
    setField(null);
    let live = true;
    void (async () => {
      // The ruleset's forms title the field refused; a ruleset unknown, or not answered, leaves
      // it by its key.
      const id = where === undefined ? null : await rulesetOf(refused);
      const ruleset = id === null ? null : await api.ruleset(id).catch(() => null);
      const titles =
        ruleset === null ? undefined : titlesOf(ruleset.stats as Schema, ruleset.options as Schema);
      const place = await fieldPlace(refused, where, titles);
      if (live) setField(place);
    })();
    return () => {
      live = false;
    };
  }, [refused, where]);
  const at: { readonly line: number; readonly says: string } | null =
    syntax !== null
      ? { line: syntax.line, says: `Line ${syntax.line}, column ${syntax.column} of the box.` }
      : field === null
        ? null
        : {
            line: field.line,
            says: `Fix it at line ${field.line} of the box, then press Create again.`,
          };
  // The refusal opens with the field by its title, whose it is and its line; the API's message
  // after it ("Hit points (hitPoints) of Knuckles, line 47 of the box: hitPoints is 1 to 1000").
  const shown =
    field !== null && error instanceof ApiError
      ? new ApiError(error.status, {
          ...error.body,
          error: `${field.what}, line ${field.line} of the box: ${error.body.error.replace(`${where ?? ""}: `, "")}`,
        })
      : error;
  const showLine = (line: number) => {
    const textarea = box.current;
    if (textarea === null) return;
    const { start, end } = lineRange(textarea.value, line);
    textarea.focus();
    textarea.setSelectionRange(start, end);
    const height = Number.parseFloat(getComputedStyle(textarea).lineHeight) || 16;
    textarea.scrollTop = Math.max(0, (line - 3) * height);
  };
  const create = async () => {
    setBusy(true);
    try {
      // A fight's log (the fight page's download) resumes where it ends; a file starts a fight.
      created(await (isLog(text) ? api.resume(text) : api.create(text)));
    } catch (thrown) {
      setRefused(text);
      setError(asError(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="create" aria-label="new encounter">
      <h2>New encounter</h2>
      <p>
        Paste an encounter file (YAML or JSON), or open one; a fight&apos;s log (a .jsonl file, the
        fight page&apos;s Download the log) resumes it where it stopped.
      </p>
      <ExampleEncounters created={created} />
      <input
        type="file"
        aria-label="encounter file"
        accept=".yaml,.yml,.json,.jsonl,text/yaml,application/json"
        onChange={(e) => void e.target.files?.[0]?.text().then(setText)}
      />
      <textarea
        ref={box}
        aria-label="encounter YAML"
        rows={16}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button disabled={busy || text.trim() === ""} onClick={() => void create()}>
        Create
      </button>
      <ErrorBox error={shown} placed={at !== null} />
      {at === null ? null : (
        <p className="create-where">
          {at.says}{" "}
          <button onClick={() => showLine(at.line)}>Show line {at.line} in the box</button>
        </p>
      )}
    </section>
  );
}
