// The encounter builder (`#/new`): a ruleset, its combatants copied from the rosters or the
// examples and edited in boxes drawn from the ruleset's schema (each labelled by its title), the
// switches at their documented defaults, checked by the server as the GM types (each refusal next
// to its box), then created (POST /encounters) or exported as YAML. Nothing is stored before
// Create. Loaded the first time it is opened, with the YAML writer.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { stringify } from "yaml";
import { api, ApiError } from "../api.js";
import {
  copiedTexts,
  DEFAULT_SIDES,
  defaultSwitches,
  draftFile,
  placeOf,
  switchBox,
  type Draft,
  type Place,
} from "../encounter-draft.js";
import { statFields, type StatField } from "../late-arrival.js";
import { routeHref } from "../route.js";
import type {
  RosterEntry,
  RosterKind,
  RulesetExamples,
  RulesetJson,
  RulesetSummary,
  SwitchJson,
} from "../types.js";
import { asError } from "../use-encounter.js";
import { ErrorBox } from "./error-box.js";

/** What the server (or the page, for a box that is not JSON) says of the draft now. */
type Check =
  | { readonly kind: "checking" }
  | { readonly kind: "ready"; readonly title: string }
  | { readonly kind: "refused"; readonly place: Place; readonly message: string };

/** A stat block to copy: from a roster, or from an example's file. */
interface Source {
  readonly value: string;
  readonly label: string;
  readonly group: string;
  readonly block: Record<string, unknown>;
  /** The side it goes to unless the GM picks another. */
  readonly side: string;
}

const ROSTER_NAMES: Record<RosterKind, string> = { party: "Party", bestiary: "Bestiary" };

function sourcesOf(entries: readonly RosterEntry[], examples: RulesetExamples): Source[] {
  const rostered = entries.map((e) => ({
    value: `roster:${e.id}`,
    label: String(e.combatant.name ?? e.combatant.id),
    group: `${ROSTER_NAMES[e.roster]} (roster)`,
    block: e.combatant,
    side: e.roster === "party" ? "party" : "foes",
  }));
  const shipped = examples.flatMap((example, i) => {
    const firstSide = example.combatants[0]?.side;
    return example.combatants.map((block, j) => ({
      value: `example:${i}:${j}`,
      label: String(block.name ?? block.id),
      group: `Example: ${example.title}`,
      block,
      side: block.side === firstSide ? "party" : "foes",
    }));
  });
  return [...rostered, ...shipped];
}

const groupsOf = (sources: readonly Source[]) => [...new Set(sources.map((s) => s.group))];

function emptyDraft(ruleset: RulesetJson | null): Draft {
  return {
    ruleset: ruleset?.id ?? "",
    title: "",
    seed: "",
    sides: DEFAULT_SIDES,
    combatants: [],
    switches: ruleset === null ? {} : defaultSwitches(ruleset.switches),
  };
}

function Problem({ check, at }: { readonly check: Check; readonly at: (p: Place) => boolean }) {
  if (check.kind !== "refused" || !at(check.place)) return null;
  return (
    <p className="field-error" role="alert">
      {check.message}
    </p>
  );
}

function StatBox({
  field,
  text,
  set,
}: {
  readonly field: StatField;
  readonly text: string;
  readonly set: (text: string) => void;
}) {
  if (field.choices !== undefined) {
    return (
      <select value={text} onChange={(e) => set(e.target.value)}>
        <option value="">(none)</option>
        {field.choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type={field.kind === "number" ? "number" : "text"}
      value={text}
      spellCheck={false}
      onChange={(e) => set(e.target.value)}
    />
  );
}

function SwitchRow({
  toggle,
  text,
  set,
}: {
  readonly toggle: SwitchJson;
  readonly text: string;
  readonly set: (text: string) => void;
}) {
  const box = switchBox(toggle.schema);
  const input =
    box.kind === "choice" || box.kind === "yes-no" ? (
      <select value={text} onChange={(e) => set(e.target.value)}>
        {(box.kind === "choice" ? box.choices : ["yes", "no"]).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    ) : (
      <input
        type={box.kind === "number" ? "number" : "text"}
        value={text}
        onChange={(e) => set(e.target.value)}
      />
    );
  return (
    <label className="builder-switch">
      <span className="gm-field-label">
        {toggle.description} <small>(default: {JSON.stringify(toggle.default)})</small>
      </span>
      {input}
    </label>
  );
}

export function BuilderPage() {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([]);
  const [ruleset, setRuleset] = useState<RulesetJson | null>(null);
  const [examples, setExamples] = useState<RulesetExamples>([]);
  const [entries, setEntries] = useState<RosterEntry[]>([]);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(null));
  const [pick, setPick] = useState("");
  const [check, setCheck] = useState<Check>({ kind: "checking" });
  const [error, setError] = useState<Error | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(1);

  useEffect(() => {
    api.rulesets().then(
      (r) => setRulesets(r.rulesets),
      (thrown: unknown) => setError(asError(thrown)),
    );
  }, []);

  const choose = async (id: string) => {
    setError(null);
    setNote("");
    if (id === "") {
      setRuleset(null);
      setDraft(emptyDraft(null));
      return;
    }
    try {
      const [chosen, shipped, rostered] = await Promise.all([
        api.ruleset(id),
        api.examples(id),
        api.rosters(id),
      ]);
      setRuleset(chosen);
      setExamples(shipped.examples);
      setEntries(rostered.entries);
      setDraft(emptyDraft(chosen));
      setPick("");
    } catch (thrown) {
      setError(asError(thrown));
    }
  };

  const fields = useMemo(() => (ruleset === null ? [] : statFields(ruleset.stats)), [ruleset]);
  const sources = useMemo(() => sourcesOf(entries, examples), [entries, examples]);
  const built = useMemo(
    () => (ruleset === null ? null : draftFile(draft, fields, ruleset.switches)),
    [draft, fields, ruleset],
  );

  // The server checks the file as the GM types (a quarter of a second after the last key).
  useEffect(() => {
    if (built === null) return;
    if (built.kind === "refused") {
      setCheck(built);
      return;
    }
    setCheck({ kind: "checking" });
    let live = true;
    const timer = setTimeout(() => {
      api.check(built.file).then(
        (ok) => live && setCheck({ kind: "ready", title: ok.title }),
        (thrown: unknown) => {
          if (!live) return;
          const body = thrown instanceof ApiError ? thrown.body : null;
          setCheck({
            kind: "refused",
            place: placeOf(body?.where),
            message: body === null ? asError(thrown).message : body.error.replace(/^file: /, ""),
          });
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [built]);

  const update = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const setText = (index: number, key: string, text: string) =>
    update({
      combatants: draft.combatants.map((c, i) =>
        i === index ? { ...c, texts: { ...c.texts, [key]: text } } : c,
      ),
    });
  const add = () => {
    const source = sources.find((s) => s.value === pick);
    if (source === undefined) return;
    const taken = draft.combatants.map((c) => c.texts.id ?? "");
    const side = draft.sides.some((s) => s.id === source.side) ? source.side : draft.sides[0]!.id;
    const texts = copiedTexts(source.block, fields, side, taken);
    update({ combatants: [...draft.combatants, { key: nextKey.current++, texts }] });
    setNote(`Added ${texts.name ?? texts.id} to ${draft.sides.find((s) => s.id === side)?.name}.`);
  };
  const save = async (index: number, roster: RosterKind) => {
    if (ruleset === null || built === null || built.kind !== "file") return;
    const block = { ...(built.file.combatants as Record<string, unknown>[])[index]! };
    delete block.side;
    try {
      await api.addToRoster(ruleset.id, roster, block);
      setEntries((await api.rosters(ruleset.id)).entries);
      setNote(`Saved ${String(block.name)} to the ${roster}.`);
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    }
  };
  const create = async () => {
    if (built === null || built.kind !== "file") return;
    setBusy(true);
    try {
      const created = await api.create(built.file);
      window.location.hash = routeHref({ page: "encounter", id: created.id });
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setBusy(false);
    }
  };
  const yaml = built?.kind === "file" ? stringify(built.file) : "";
  const fileName = `${(draft.title.trim() || "encounter").toLowerCase().replace(/[^a-z0-9]+/g, "-")}.yaml`;
  const sideName = (id: string) => draft.sides.find((s) => s.id === id)?.name ?? id;
  const atFile = (key: string) => (p: Place) => p.kind === "file" && p.key === key;

  return (
    <main className="builder">
      <h1>Build an encounter</h1>
      <p>
        Pick a ruleset, add combatants from your rosters or the examples and set their stats. Each
        box is checked by the ruleset as you type; nothing is stored until you create it.
      </p>
      <ErrorBox error={error} />
      <section className="builder-head" aria-label="the encounter">
        <label>
          <span className="gm-field-label">Ruleset</span>{" "}
          <select value={ruleset?.id ?? ""} onChange={(e) => void choose(e.target.value)}>
            <option value="">(pick one)</option>
            {rulesets.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        {ruleset === null ? null : (
          <>
            <label>
              <span className="gm-field-label">Title</span>{" "}
              <input
                value={draft.title}
                placeholder={`${ruleset.title} encounter`}
                onChange={(e) => update({ title: e.target.value })}
              />
            </label>
            <Problem check={check} at={atFile("title")} />
            <label>
              <span className="gm-field-label">Seed for Fray&apos;s dice</span>{" "}
              <input
                type="number"
                value={draft.seed}
                placeholder="1"
                onChange={(e) => update({ seed: e.target.value })}
              />
            </label>
            <Problem check={check} at={atFile("seed")} />
            {draft.sides.map((side, i) => (
              <label key={side.id}>
                <span className="gm-field-label">Side {i + 1}</span>{" "}
                <input
                  value={side.name}
                  onChange={(e) =>
                    update({
                      sides: draft.sides.map((s) =>
                        s.id === side.id ? { ...s, name: e.target.value } : s,
                      ),
                    })
                  }
                />
              </label>
            ))}
            <Problem check={check} at={atFile("sides")} />
          </>
        )}
      </section>
      {ruleset === null ? null : (
        <>
          <section className="builder-add" aria-label="add a combatant">
            <h2>Combatants</h2>
            <label>
              <span className="gm-field-label">Copy the stat block of</span>{" "}
              <select value={pick} onChange={(e) => setPick(e.target.value)}>
                <option value="">(pick one)</option>
                {groupsOf(sources).map((group) => (
                  <optgroup key={group} label={group}>
                    {sources
                      .filter((s) => s.group === group)
                      .map((s) => (
                        <option key={s.value} value={s.value}>
                          {s.label}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </label>{" "}
            <button type="button" disabled={pick === ""} onClick={add}>
              Add
            </button>
            <p className="builder-note" role="status">
              {note}
            </p>
            <Problem check={check} at={(p) => p.kind === "file" && p.key === "combatants"} />
          </section>
          {draft.combatants.map((c, index) => {
            const here = (key: string) => (p: Place) =>
              p.kind === "combatant" && p.index === index && p.key === key;
            const keys = ["id", "name", "side", ...fields.map((f) => f.key)];
            const row = (key: string, label: string, box: ReactNode) => (
              <div className="gm-field" key={key}>
                <label>
                  <span className="gm-field-label">{label}</span> {box}
                </label>
                <Problem check={check} at={here(key)} />
              </div>
            );
            const name = c.texts.name || c.texts.id || "combatant";
            return (
              <fieldset key={c.key} className="builder-combatant" aria-label={name}>
                <legend>
                  {name} <small>({sideName(c.texts.side ?? "")})</small>
                </legend>
                {row(
                  "id",
                  "Id (unique)",
                  <input
                    value={c.texts.id ?? ""}
                    onChange={(e) => setText(index, "id", e.target.value)}
                  />,
                )}
                {row(
                  "name",
                  "Name",
                  <input
                    value={c.texts.name ?? ""}
                    onChange={(e) => setText(index, "name", e.target.value)}
                  />,
                )}
                {row(
                  "side",
                  "Side",
                  <select
                    value={c.texts.side ?? ""}
                    onChange={(e) => setText(index, "side", e.target.value)}
                  >
                    {draft.sides.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>,
                )}
                {fields.map((f) =>
                  row(
                    f.key,
                    f.label,
                    <StatBox
                      field={f}
                      text={c.texts[f.key] ?? ""}
                      set={(text) => setText(index, f.key, text)}
                    />,
                  ),
                )}
                <Problem
                  check={check}
                  at={(p) => p.kind === "combatant" && p.index === index && !keys.includes(p.key)}
                />
                <div className="builder-actions">
                  <button
                    type="button"
                    onClick={() =>
                      update({ combatants: draft.combatants.filter((_, i) => i !== index) })
                    }
                  >
                    Remove {name}
                  </button>
                  <button
                    type="button"
                    disabled={built?.kind !== "file"}
                    onClick={() => void save(index, "party")}
                  >
                    Save {name} to the party
                  </button>
                  <button
                    type="button"
                    disabled={built?.kind !== "file"}
                    onClick={() => void save(index, "bestiary")}
                  >
                    Save {name} to the bestiary
                  </button>
                </div>
              </fieldset>
            );
          })}
          {ruleset.switches.length === 0 ? null : (
            <details className="builder-switches">
              <summary>Switches ({ruleset.switches.length}, at their documented defaults)</summary>
              {ruleset.switches.map((s) => (
                <div key={s.key} className="gm-field">
                  <SwitchRow
                    toggle={s}
                    text={draft.switches[s.key] ?? ""}
                    set={(text) => update({ switches: { ...draft.switches, [s.key]: text } })}
                  />
                  <Problem check={check} at={(p) => p.kind === "switch" && p.key === s.key} />
                </div>
              ))}
            </details>
          )}
          <section className="builder-done" aria-label="create">
            <p className="builder-check" role="status">
              {check.kind === "checking"
                ? "Checking…"
                : check.kind === "ready"
                  ? `Ready: "${check.title}" checked by the ruleset.`
                  : `To fix: ${check.message}`}
            </p>
            <button
              type="button"
              disabled={busy || check.kind !== "ready"}
              onClick={() => void create()}
            >
              Create the encounter
            </button>{" "}
            {yaml === "" ? null : (
              <a
                className="button"
                download={fileName}
                href={`data:application/yaml;charset=utf-8,${encodeURIComponent(yaml)}`}
              >
                Export as YAML
              </a>
            )}
            {yaml === "" ? null : (
              <details>
                <summary>The encounter file</summary>
                <pre className="builder-yaml">{yaml}</pre>
              </details>
            )}
          </section>
        </>
      )}
    </main>
  );
}
