// The encounter builder (`#/new`): a ruleset, its sides (two or more), its combatants copied from
// the rosters or the examples and edited in forms drawn from the ruleset's schema (each box
// labelled by its title: lists as rows, records as fields, allowed values as selects), each
// combatant's tactics (a profile, or one per question), the file's options and the switches at
// their documented defaults, checked by the server as the GM types (each refusal next to its
// box), then created (POST /encounters) or exported as YAML. Nothing is stored before Create.
// Loaded the first time it is opened, with the YAML writer.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { stringify } from "yaml";
import { api, ApiError } from "../api.js";
import {
  anotherSide,
  DEFAULT_SIDES,
  defaultTitle,
  draftFile,
  draftOfFile,
  listed,
  namedBox,
  placeOf,
  plainRefusal,
  type Draft,
  type DraftSide,
  type Place,
} from "../encounter-draft.js";
import { routeHref } from "../route.js";
import { copiedFile, exportName, storedEncounter } from "../stored-encounter.js";
import { labelOf, type FieldProblem, type Schema } from "../schema-form.js";
import { copiedBlock, keyStats, renamedBlock } from "../stat-block.js";
import type {
  RosterEntry,
  RosterKind,
  RulesetExamples,
  RulesetJson,
  RulesetSummary,
  SwitchJson,
} from "../types.js";
import { asError } from "../use-encounter.js";
import { CombatantForm } from "./combatant-form.js";
import { SideTacticsPicker, TacticsPicker } from "./tactics-picker.js";
import { tacticsChoice, type TacticsChoice } from "../tactics.js";
import { BUILDER_KEYS } from "../shortcuts.js";
import { ErrorBox } from "./error-box.js";
import { PageKeysHelp } from "./help-overlay.js";
import { PanelHelp } from "./panel-help.js";
import { Problem, SchemaField, type Ids } from "./schema-field.js";

/** What the server says of the draft now. */
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
const ROSTERS = Object.keys(ROSTER_NAMES) as RosterKind[];

/** The group of the empty stat blocks, one per side: a fighter from scratch. */
const NEW_GROUP = "New, from scratch (the ruleset's defaults)";

function sourcesOf(
  entries: readonly RosterEntry[],
  examples: RulesetExamples,
  sides: readonly DraftSide[],
): Source[] {
  // An empty stat block: its boxes at the ruleset's defaults, what it must have said by the check.
  const fresh = sides.map((side) => ({
    value: `new:${side.id}`,
    label: `A new combatant of ${side.name || side.id}`,
    group: NEW_GROUP,
    block: { id: "combatant", name: "Combatant" },
    side: side.id,
  }));
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
  return [...fresh, ...rostered, ...shipped];
}

const groupsOf = (sources: readonly Source[]) => [...new Set(sources.map((s) => s.group))];

function emptyDraft(ruleset: RulesetJson | null): Draft {
  return {
    ruleset: ruleset?.id ?? "",
    title: "",
    seed: "",
    sides: DEFAULT_SIDES,
    combatants: [],
    options: {},
    switches: {},
  };
}

/** The switches as one record's schema: each titled by its description, at its default. */
function switchesSchema(switches: readonly SwitchJson[]): Schema {
  return {
    type: "object",
    properties: Object.fromEntries(
      switches.map((s) => [s.key, { ...s.schema, title: s.description, default: s.default }]),
    ),
  };
}

/** The refusal, when it is at `kind` (in the combatant `index`): its path there. */
function problemIn(check: Check, kind: Place["kind"], index = 0): FieldProblem | null {
  if (check.kind !== "refused" || check.place.kind !== kind) return null;
  const { place, message } = check;
  if (place.kind === "file") return { path: place.key, message };
  if (place.kind === "combatant" && place.index !== index) return null;
  return { path: place.path, message };
}

/** `from`: a stored encounter whose file the builder starts from, as a copy to change. */
export function BuilderPage({ from }: { readonly from?: number }) {
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
  // One combatant's form open at a time (three against five is pages of forms otherwise): the
  // one just added, the one the GM opens, or the one a refusal is in.
  const [openKey, setOpenKey] = useState<number | null>(null);

  useEffect(() => {
    api.rulesets().then(
      (r) => setRulesets(r.rulesets),
      (thrown: unknown) => setError(asError(thrown)),
    );
  }, []);

  /**
   * Picks the ruleset `id`: the forms empty, or `copy`'s (a stored encounter's file, titled past
   * the `taken` titles).
   */
  const choose = async (
    id: string,
    copy?: Readonly<Record<string, unknown>>,
    taken: readonly string[] = [],
  ) => {
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
      setDraft(
        copy === undefined ? emptyDraft(chosen) : draftOfFile(copy, () => nextKey.current++, taken),
      );
      setPick("");
    } catch (thrown) {
      setError(asError(thrown));
    }
  };

  // A copy of a stored encounter: its file in the forms, to change and create anew.
  useEffect(() => {
    if (from === undefined) return;
    Promise.all([storedEncounter(from), api.list()]).then(
      async ([stored, list]) => {
        const file = copiedFile(stored);
        const titles = list.encounters.map((e) => e.title);
        await choose(String(file.ruleset), file, titles);
        const joined = stored.arrivals.map((b) => String(b.name ?? b.id));
        setNote(
          `A copy of encounter #${from}, "${String(stored.file.title ?? "")}", as it began: everyone at full health, round 1${
            joined.length === 0
              ? ""
              : `, with ${listed(joined)}, who joined during the fight, in it from the start (remove ${joined.length === 1 ? "them" : "any"} who should not be)`
          }. Change what differs, then Create the encounter (the stored one stays as it is).`,
        );
      },
      (thrown: unknown) => setError(asError(thrown)),
    );
    // Once, for the encounter the page was opened for (the route's key remounts it for another).
  }, [from]);

  const sources = useMemo(
    () => sourcesOf(entries, examples, draft.sides),
    [entries, examples, draft.sides],
  );
  /** A field of the stat blocks or the options by its title ("hitPoints": "Hit points"). */
  const titleOf = useCallback(
    (key: string) => {
      const titled = [ruleset?.stats, ruleset?.options]
        .map((schema) => ((schema as Schema | undefined)?.properties as Schema | undefined)?.[key])
        .find((field): field is Schema => typeof field === "object" && field !== null);
      return labelOf(key, titled ?? {});
    },
    [ruleset],
  );
  const built = useMemo(
    () => (ruleset === null ? null : draftFile(draft, ruleset.switches)),
    [draft, ruleset],
  );

  // The server checks the file as the GM types (a quarter of a second after the last key).
  useEffect(() => {
    if (built === null) return;
    setCheck({ kind: "checking" });
    let live = true;
    const blocks = built.combatants as readonly Record<string, unknown>[];
    const nameOf = (index: number) =>
      String(blocks[index]?.name ?? blocks[index]?.id ?? `combatant ${index + 1}`);
    const timer = setTimeout(() => {
      api.check(built).then(
        (ok) => live && setCheck({ kind: "ready", title: ok.title }),
        (thrown: unknown) => {
          if (!live) return;
          const body = thrown instanceof ApiError ? thrown.body : null;
          setCheck({
            kind: "refused",
            place: placeOf(body?.where),
            message:
              body === null
                ? asError(thrown).message
                : plainRefusal(body.error.replace(/^file: /, ""), body.where, titleOf, nameOf),
          });
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [built, titleOf]);

  // A refusal in a combatant opens its form when none is open, or when the one open is the
  // combatant refused before (fixed, the next refused opens): the box to fix is in view of "Show
  // the box to fix". Not over another the GM opened: every change checks the file again, and the
  // refusal of tnt's Hedda (no weapon yet) folded the combatant just added a quarter of a second
  // later, and at each key typed in it.
  const refusedKey =
    check.kind === "refused" && check.place.kind === "combatant"
      ? (draft.combatants[check.place.index]?.key ?? null)
      : null;
  const refusedBefore = useRef<number | null>(null);
  useEffect(() => {
    if (check.kind === "ready") refusedBefore.current = null;
    if (refusedKey === null) return;
    const before = refusedBefore.current;
    setOpenKey((open) => (open === null || open === before ? refusedKey : open));
    refusedBefore.current = refusedKey;
  }, [refusedKey, check.kind]);

  const update = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  /** Combatant `index`'s block changed, its id following its name (renamedBlock). */
  const setBlock = (index: number, block: Record<string, unknown>) => {
    const others = draft.combatants.filter((_, i) => i !== index);
    const named = renamedBlock(
      draft.combatants[index]!.block,
      block,
      others.map((c) => String(c.block.id ?? "")),
      (id) => JSON.stringify(draft.options).includes(JSON.stringify(id)),
    );
    update({
      combatants: draft.combatants.map((d, i) => (i === index ? { ...d, block: named } : d)),
    });
  };
  const add = () => {
    const source = sources.find((s) => s.value === pick);
    if (source === undefined) return;
    const taken = draft.combatants.map(({ block }) => ({
      id: String(block.id ?? ""),
      name: String(block.name ?? block.id ?? ""),
    }));
    const side = draft.sides.some((s) => s.id === source.side) ? source.side : draft.sides[0]!.id;
    const block = copiedBlock(source.block, side, taken);
    const key = nextKey.current++;
    update({ combatants: [...draft.combatants, { key, block }] });
    setOpenKey(key);
    // A new one is named by the GM: "Added Combatant to The foes." stayed once it was Grub.
    const to = draft.sides.find((s) => s.id === side)?.name ?? side;
    setNote(
      source.group === NEW_GROUP
        ? `Added a new combatant to ${to}: give it a name and its stats in its form below.`
        : `Added ${String(block.name)} to ${to}.`,
    );
  };
  const save = async (index: number, roster: RosterKind) => {
    if (ruleset === null || built === null) return;
    const block = { ...(built.combatants as Record<string, unknown>[])[index]! };
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
    if (built === null) return;
    setBusy(true);
    try {
      const created = await api.create(built);
      window.location.hash = routeHref({ page: "encounter", id: created.id });
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setBusy(false);
    }
  };
  const yaml = built === null ? "" : stringify(built);
  // Named for the file's title, the sides' when the GM typed none ("hedda-against-grub.yaml"):
  // every fight built without a title was "encounter.yaml".
  const fileName = exportName(built === null ? draft.title : String(built["title"] ?? ""));
  const sideName = (id: string) => draft.sides.find((s) => s.id === id)?.name ?? id;
  const fileProblem = (key: string) => {
    const p = problemIn(check, "file");
    return p !== null && p.path === key ? p : null;
  };
  /**
   * The box the refusal is at, in view and focused: a party of three against five is pages of
   * forms above the line that says what to fix (a closed fold, the switches or a folded
   * combatant, opened).
   */
  /** The box a refusal of a whole stat block names ("needs level … or Hit dice"), if any. */
  const blockBox = (refusal: HTMLElement): HTMLElement | null => {
    const fields = [
      ...(refusal.closest("fieldset")?.querySelectorAll<HTMLElement>(".gm-field") ?? []),
    ];
    const labels = fields.map((f) => f.querySelector(".gm-field-label")?.textContent ?? "");
    return fields[namedBox(refusal.textContent ?? "", labels)] ?? null;
  };
  const showRefused = () => {
    if (refusedKey !== null) flushSync(() => setOpenKey(refusedKey));
    const refusal = document.querySelector<HTMLElement>(".builder .field-error");
    if (refusal === null) return;
    const details = refusal.closest("details");
    if (details !== null) details.open = true;
    const field = refusal.closest<HTMLElement>(".gm-field") ?? blockBox(refusal) ?? refusal;
    field.scrollIntoView({ block: "center" });
    field.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
  };
  /** Whose box the refusal is at, said before it under the forms ("Sigrun: "). */
  const refusedAt = (place: Place) =>
    place.kind === "combatant"
      ? `${String(draft.combatants[place.index]?.block.name ?? "")}: `.replace(/^: $/, "")
      : place.kind === "options"
        ? "How the fight starts: "
        : place.kind === "switches"
          ? "Switches: "
          : "";
  const statTitles = Object.entries(
    ((ruleset?.stats as Schema | undefined)?.properties ?? {}) as Record<string, Schema>,
  ).map(([key, field]) => [key, labelOf(key, field), field.type, field.default] as const);
  const used = (id: string) => draft.combatants.some((c) => c.block.side === id);
  const sideBlocks = (id: string) =>
    draft.combatants.filter((c) => c.block.side === id).map((c) => c.block);
  const optionsSchema = (ruleset?.options ?? {}) as Schema;
  const hasOptions = Object.keys((optionsSchema.properties ?? {}) as object).length > 0;
  // What the options' sides and combatants are picked from: the encounter's own, by name.
  const ids: Ids = {
    side: draft.sides.map((s) => ({ value: s.id, title: s.name || s.id })),
    combatant: draft.combatants
      .map((c) => ({
        value: String(c.block.id ?? ""),
        title: String(c.block.name || c.block.id || ""),
      }))
      .filter((c) => c.value !== ""),
  };

  return (
    <main className="builder">
      <header className="page-head">
        <h1>
          {from === undefined ? "Build an encounter" : `Build an encounter: a copy of #${from}`}
        </h1>
        <PageKeysHelp keys={BUILDER_KEYS} />
      </header>
      <p>
        Pick a ruleset, add combatants from your rosters or the examples and set their stats. Each
        box is checked by the ruleset as you type; nothing is stored until you create it.
      </p>
      <PanelHelp>
        {from === undefined
          ? "Next: add a side for each group, a combatant for each fighter (a new one from scratch, or a copy of a stat block, then change it), look over How the fight starts, and press Create the encounter once the check at the bottom says Ready."
          : "Next: press Edit on a combatant to change it (or Add another), retitle the copy if you like, and press Create the encounter once the check at the bottom says Ready: a new encounter, the one copied unchanged."}
      </PanelHelp>
      <ErrorBox error={error} />
      <section className="builder-head" aria-label="the encounter">
        <div className="gm-field">
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
        </div>
        {ruleset === null ? null : (
          <>
            <div className="gm-field">
              <label>
                <span className="gm-field-label">Title</span>{" "}
                <input
                  value={draft.title}
                  placeholder={defaultTitle(
                    draft.sides,
                    draft.combatants.map((c) => c.block),
                  )}
                  onChange={(e) => update({ title: e.target.value })}
                />
              </label>
              <Problem problem={fileProblem("title")} />
            </div>
            <div className="gm-field">
              <label>
                <span className="gm-field-label">Seed for Fray&apos;s dice</span>{" "}
                <input
                  type="number"
                  value={draft.seed}
                  placeholder="1"
                  onChange={(e) => update({ seed: e.target.value })}
                />
              </label>
              <Problem problem={fileProblem("seed")} />
            </div>
          </>
        )}
      </section>
      {ruleset === null ? null : (
        <>
          <section className="builder-sides" aria-label="sides">
            <h2>Sides</h2>
            <div className="builder-grid">
              {draft.sides.map((side, i) => (
                <div className="gm-field builder-side" key={side.id}>
                  <label>
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
                  {sideBlocks(side.id).length < 2 ? null : (
                    <SideTacticsPicker
                      tactics={ruleset.tactics}
                      side={side.name}
                      choices={sideBlocks(side.id).map(
                        (b) => b.tactics as TacticsChoice | undefined,
                      )}
                      set={(profile) =>
                        update({
                          combatants: draft.combatants.map((c) =>
                            c.block.side === side.id
                              ? { ...c, block: { ...c.block, tactics: tacticsChoice(profile) } }
                              : c,
                          ),
                        })
                      }
                    />
                  )}
                  {draft.sides.length <= 2 ? null : (
                    <button
                      type="button"
                      disabled={used(side.id)}
                      title={used(side.id) ? "Move its combatants to another side first" : ""}
                      onClick={() => update({ sides: draft.sides.filter((s) => s.id !== side.id) })}
                    >
                      Remove {side.name}
                    </button>
                  )}
                </div>
              ))}
            </div>
            <button
              type="button"
              onClick={() => update({ sides: [...draft.sides, anotherSide(draft.sides)] })}
            >
              Add a side
            </button>
            <Problem problem={fileProblem("sides")} />
          </section>
          <section className="builder-add" aria-label="add a combatant">
            <h2>Combatants</h2>
            <div className="gm-field">
              <label>
                <span className="gm-field-label">Combatant to add</span>{" "}
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
              </label>
              <button type="button" disabled={pick === ""} onClick={add}>
                Add
              </button>
            </div>
            <p className="builder-note" role="status">
              {note}
            </p>
            <Problem problem={fileProblem("combatants")} />
          </section>
          {draft.combatants.map((c, index) => {
            const name = String(c.block.name || c.block.id || "combatant");
            const open = openKey === c.key;
            const stats = keyStats(c.block, statTitles);
            return (
              <fieldset
                key={c.key}
                className={`builder-combatant${open ? " open" : ""}`}
                aria-label={name}
              >
                <legend>
                  {name} <small>({sideName(String(c.block.side ?? ""))})</small>
                </legend>
                <div className="builder-fold">
                  <span className="builder-fold-stats">{stats === "" ? " " : stats}</span>
                  <button
                    type="button"
                    aria-expanded={open}
                    onClick={() => setOpenKey(open ? null : c.key)}
                  >
                    {open ? `Fold ${name}` : `Edit ${name}`}
                  </button>
                </div>
                {open ? (
                  <>
                    <CombatantForm
                      stats={ruleset.stats as Schema}
                      sides={draft.sides}
                      block={c.block}
                      set={(block) => setBlock(index, block)}
                      problem={problemIn(check, "combatant", index)}
                    />
                    <TacticsPicker
                      tactics={ruleset.tactics}
                      name={name}
                      value={c.block.tactics as TacticsChoice | undefined}
                      set={(tactics) => setBlock(index, { ...c.block, tactics })}
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
                      {ROSTERS.map((roster) => (
                        <button
                          key={roster}
                          type="button"
                          disabled={check.kind !== "ready"}
                          onClick={() => void save(index, roster)}
                        >
                          Save {name} to the {roster}
                        </button>
                      ))}
                    </div>
                  </>
                ) : null}
              </fieldset>
            );
          })}
          {hasOptions ? (
            <section className="builder-options" aria-label="how the fight starts">
              <SchemaField
                schema={optionsSchema}
                label="How the fight starts (the encounter's options, at their defaults)"
                value={draft.options}
                set={(options) => update({ options: (options ?? {}) as Record<string, unknown> })}
                path=""
                problem={problemIn(check, "options")}
                ids={ids}
              />
            </section>
          ) : null}
          {ruleset.switches.length === 0 ? null : (
            <details className="builder-switches">
              <summary>Switches ({ruleset.switches.length}, at their documented defaults)</summary>
              <SchemaField
                schema={switchesSchema(ruleset.switches)}
                label="The ruleset's switches"
                value={draft.switches}
                set={(switches) =>
                  update({ switches: (switches ?? {}) as Record<string, unknown> })
                }
                path=""
                problem={problemIn(check, "switches")}
              />
            </details>
          )}
          <section className="builder-done" aria-label="create">
            <p className="builder-check" role="status">
              {check.kind === "checking"
                ? "Checking…"
                : check.kind === "ready"
                  ? `Ready: "${check.title}" checked by the ruleset.`
                  : `To fix: ${refusedAt(check.place)}${check.message}`}
            </p>
            {check.kind === "refused" ? (
              <button type="button" onClick={showRefused}>
                Show the box to fix
              </button>
            ) : null}
            <button
              type="button"
              className="primary"
              disabled={busy || check.kind !== "ready"}
              onClick={() => void create()}
            >
              Create the encounter
            </button>{" "}
            {yaml === "" ? null : (
              <a
                className="button secondary"
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
