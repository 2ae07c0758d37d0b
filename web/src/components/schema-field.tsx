// A value edited in the box its JSON Schema gives (schema-form.ts): a number with its bounds, a
// select (a side or a combatant among the encounter's own), a checkbox, text, a list of rows
// with add and remove, labelled fields, a table of named values, a table key or a full record
// ("Other"), or "none". The server's refusal shows next to
// the deepest box it names. Used by the combatant form, the options and the switches.
import { useEffect, useState, type ReactNode } from "react";
import {
  boxOf,
  initialOf,
  labelOf,
  pathOf,
  problemAt,
  type FieldProblem,
  type Offer,
  type Schema,
} from "../schema-form.js";
import type { IdOf } from "../../../src/engine/encounter-ids.js";

/** The encounter's sides and combatants: what a side's or a combatant's id is picked from. */
export type Ids = Readonly<Record<IdOf, readonly Offer[]>>;

export interface FieldProps {
  readonly schema: Schema;
  readonly label: string;
  /** undefined: not given (the schema's default holds, shown in the box). */
  readonly value: unknown;
  readonly set: (value: unknown) => void;
  /** Where the value is, as the server names it ("weapons[0].magic"). */
  readonly path: string;
  readonly problem: FieldProblem | null;
  readonly required?: boolean;
  /** The encounter's sides and combatants, for the ids the schema marks (the options). */
  readonly ids?: Ids;
  /** The group it is a field of ("Weapon 1"), said before its label to a screen reader. */
  readonly context?: string;
}

export function Problem({ problem }: { readonly problem: FieldProblem | null }) {
  if (problem === null) return null;
  return (
    <p className="field-error" role="alert">
      {problem.message}
    </p>
  );
}

/** A labelled box and its problem: one cell of a form's grid. */
export function FieldRow({
  label,
  problem,
  children,
  context,
  path,
  hint,
}: {
  readonly label: string;
  readonly problem: FieldProblem | null;
  readonly children: ReactNode;
  readonly context?: string | undefined;
  /** The value's path ("weapons[1]"), on the cell for tests and styles. */
  readonly path?: string;
  /** What the field means in the game's words (its schema's description), under it. */
  readonly hint?: string | undefined;
}) {
  return (
    <div className="gm-field" data-path={path}>
      <label>
        <span className="gm-field-label">
          <Context of={context} />
          {label}
        </span>{" "}
        {children}
      </label>
      <Hint text={hint} />
      <Problem problem={problem} />
    </div>
  );
}

/** What a field means, under it. */
function Hint({ text }: { readonly text: string | undefined }) {
  return text === undefined ? null : <p className="gm-field-hint">{text}</p>;
}

/** A schema's description, which a ruleset writes in the game's words for its fields. */
const hintOf = (schema: Schema): string | undefined =>
  typeof schema.description === "string" ? schema.description : undefined;

/** The group a field is of, for a screen reader only ("Weapon 1: " before "Name"). */
function Context({ of }: { readonly of: string | undefined }) {
  return of === undefined ? null : <span className="sr-only">{of}: </span>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A record with `key` set to `value`, or left out when `value` is undefined. */
function withField(record: Record<string, unknown>, key: string, value: unknown) {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** A group of boxes (a list, a record, a table), its problem shown when no box of it has it. */
function Group({
  label,
  problem,
  claimed,
  children,
  hint,
}: {
  readonly label: string;
  readonly problem: FieldProblem | null;
  readonly claimed: boolean;
  readonly children: ReactNode;
  readonly hint?: string | undefined;
}) {
  return (
    <fieldset className="schema-group">
      <legend>{label}</legend>
      <Hint text={hint} />
      {children}
      <Problem problem={claimed ? null : problem} />
    </fieldset>
  );
}

function Fields({
  fields,
  required,
  record,
  set,
  path,
  problem,
  ids,
  context,
}: {
  readonly fields: readonly (readonly [string, Schema])[];
  readonly required: readonly string[];
  readonly record: Record<string, unknown>;
  readonly set: (record: Record<string, unknown>) => void;
  readonly path: string;
  readonly problem: FieldProblem | null;
  readonly ids?: Ids;
  readonly context: string;
}) {
  return (
    <div className="schema-fields">
      {fields.map(([key, schema]) => (
        <SchemaField
          key={key}
          schema={schema}
          label={labelOf(key, schema)}
          value={record[key]}
          set={(v) => set(withField(record, key, v))}
          path={pathOf(path, key)}
          problem={problemAt(problem, pathOf(path, key))}
          required={required.includes(key)}
          context={context}
          {...(ids === undefined ? {} : { ids })}
        />
      ))}
    </div>
  );
}

/** A record's fields in a group of their own, its problem shown when no field has it. */
function RecordGroup(
  props: Parameters<typeof Fields>[0] & { readonly legend: string; readonly hint?: string },
) {
  const { legend, fields, path, problem, hint } = props;
  const paths = fields.map(([k]) => pathOf(path, k));
  return (
    <Group label={legend} problem={problem} claimed={claims(problem, paths)} hint={hint}>
      <Fields {...props} />
    </Group>
  );
}

const claims = (problem: FieldProblem | null, paths: readonly string[]) =>
  paths.some((p) => problemAt(problem, p) !== null);

/** JSON typed by hand: for a value whose schema says nothing the page can draw. */
function JsonBox({ label, value, set }: Pick<FieldProps, "label" | "value" | "set">) {
  const [text, setText] = useState(value === undefined ? "" : JSON.stringify(value));
  const [wrong, setWrong] = useState(false);
  useEffect(() => {
    setText(value === undefined ? "" : JSON.stringify(value));
  }, [value]);
  return (
    <>
      <input
        value={text}
        spellCheck={false}
        aria-invalid={wrong}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === "") return set(undefined);
          try {
            set(JSON.parse(e.target.value) as unknown);
            setWrong(false);
          } catch {
            setWrong(true);
          }
        }}
      />
      {wrong ? <span className="field-error">{label}: not JSON yet</span> : null}
    </>
  );
}

export function SchemaField(props: FieldProps) {
  const { schema, label, value, set, path, problem, required = false, ids, context } = props;
  const shown = value ?? schema.default;
  const box = boxOf(schema);
  const here = problemAt(problem, path);
  switch (box.kind) {
    case "number": {
      // Not given: empty, its default greyed in (a box refilled as it is emptied could not be
      // typed over), or what the ruleset does without it (tnt's combat dice: "3").
      const fallback = typeof schema.default === "number" ? String(schema.default) : box.empty;
      return (
        <FieldRow label={label} problem={here} context={context} path={path} hint={hintOf(schema)}>
          <input
            type="number"
            inputMode="numeric"
            min={box.min}
            max={box.max}
            value={typeof value === "number" ? String(value) : ""}
            placeholder={fallback}
            onChange={(e) => set(e.target.value === "" ? undefined : Number(e.target.value))}
          />
        </FieldRow>
      );
    }
    case "choice": {
      const at = box.choices.findIndex((c) => c.value === shown);
      return (
        <FieldRow label={label} problem={here} context={context} path={path} hint={hintOf(schema)}>
          <select
            value={at < 0 ? "" : String(at)}
            onChange={(e) =>
              set(e.target.value === "" ? undefined : box.choices[Number(e.target.value)]?.value)
            }
          >
            {at >= 0 && (required || schema.default !== undefined) ? null : (
              <option value="">{required ? "(pick one)" : "(none)"}</option>
            )}
            {box.choices.map((c, i) => (
              <option key={String(c.value)} value={String(i)}>
                {c.title}
              </option>
            ))}
          </select>
        </FieldRow>
      );
    }
    case "yes-no":
      return (
        <div className="gm-field schema-check" data-path={path}>
          <label>
            <input
              type="checkbox"
              checked={shown === true}
              onChange={(e) => set(e.target.checked)}
            />{" "}
            <span className="gm-field-label">
              <Context of={context} />
              {label}
            </span>
          </label>
          <Hint text={hintOf(schema)} />
          <Problem problem={here} />
        </div>
      );
    case "text":
      return (
        <FieldRow label={label} problem={here} context={context} path={path} hint={hintOf(schema)}>
          <input
            value={typeof value === "string" ? value : ""}
            placeholder={typeof schema.default === "string" ? schema.default : undefined}
            spellCheck={false}
            onChange={(e) => set(e.target.value === "" && !required ? undefined : e.target.value)}
          />
        </FieldRow>
      );
    case "id": {
      // One of the encounter's sides or combatants; an id it no longer has stays, marked.
      const offers = ids?.[box.of] ?? [];
      const id = typeof shown === "string" ? shown : "";
      return (
        <FieldRow label={label} problem={here} context={context} path={path} hint={hintOf(schema)}>
          <select
            value={id}
            onChange={(e) => set(e.target.value === "" && !required ? undefined : e.target.value)}
          >
            {id !== "" && required ? null : (
              <option value="">{required ? "(pick one)" : "(none)"}</option>
            )}
            {id === "" || offers.some((o) => o.value === id) ? null : (
              <option value={id}>{id} (not in this encounter)</option>
            )}
            {offers.map((o) => (
              <option key={o.value} value={o.value}>
                {o.title}
              </option>
            ))}
          </select>
        </FieldRow>
      );
    }
    case "list": {
      const rows = Array.isArray(shown) ? (shown as unknown[]) : [];
      const paths = rows.map((_, i) => pathOf(path, i));
      // A row is named by what it is ("Weapon 1"), its list by what it holds ("Weapons").
      const rowName = typeof box.item.title === "string" ? box.item.title : label;
      return (
        <Group label={label} problem={here} claimed={claims(here, paths)} hint={hintOf(schema)}>
          {rows.length === 0 && box.empty !== undefined ? (
            <p className="schema-empty">{box.empty}</p>
          ) : null}
          {rows.map((row, i) => (
            <div className="schema-row" key={i}>
              <SchemaField
                schema={box.item}
                label={`${rowName} ${i + 1}`}
                value={row}
                set={(v) => set(rows.map((r, j) => (j === i ? v : r)))}
                path={paths[i]!}
                problem={problemAt(here, paths[i]!)}
                required
                {...(ids === undefined ? {} : { ids })}
              />
              <button type="button" onClick={() => set(rows.filter((_, j) => j !== i))}>
                Remove {rowName} {i + 1}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => set([...rows, initialOf(box.item)])}>
            Add to {label}
          </button>
        </Group>
      );
    }
    case "fields": {
      const record = isRecord(shown) ? shown : {};
      return (
        <RecordGroup
          legend={label}
          {...(hintOf(schema) === undefined ? {} : { hint: hintOf(schema)! })}
          {...box}
          record={record}
          set={set}
          path={path}
          problem={here}
          context={label}
          {...(ids === undefined ? {} : { ids })}
        />
      );
    }
    case "table": {
      const entries = Object.entries(isRecord(shown) ? shown : {});
      const rebuild = (next: [string, unknown][]) => set(Object.fromEntries(next));
      const paths = entries.map(([k]) => pathOf(path, k));
      // Keys from the schema's list, or the encounter's sides or combatants.
      const keys = box.keys ?? (box.keysAre === undefined ? undefined : (ids?.[box.keysAre] ?? []));
      const unused = keys?.find((k) => !entries.some(([e]) => e === k.value))?.value;
      const nameOf = (key: string) => keys?.find((k) => k.value === key)?.title ?? key;
      return (
        <Group label={label} problem={here} claimed={claims(here, paths)} hint={hintOf(schema)}>
          {entries.map(([key, v], i) => (
            <div className="schema-row" key={i}>
              <FieldRow label={`${label}: name ${i + 1}`} problem={null}>
                {keys === undefined ? (
                  <input
                    value={key}
                    spellCheck={false}
                    onChange={(e) =>
                      rebuild(entries.map((en, j) => (j === i ? [e.target.value, en[1]] : en)))
                    }
                  />
                ) : (
                  <select
                    value={key}
                    onChange={(e) =>
                      rebuild(entries.map((en, j) => (j === i ? [e.target.value, en[1]] : en)))
                    }
                  >
                    {keys.some((k) => k.value === key) ? null : (
                      <option value={key}>{key} (not in this encounter)</option>
                    )}
                    {keys.map((k) => (
                      <option key={k.value} value={k.value}>
                        {k.title}
                      </option>
                    ))}
                  </select>
                )}
              </FieldRow>
              <SchemaField
                schema={box.value}
                label={`${label}: ${nameOf(key) || "value"}`}
                value={v}
                set={(nv) => rebuild(entries.map((en, j) => (j === i ? [en[0], nv] : en)))}
                path={paths[i]!}
                problem={problemAt(here, paths[i]!)}
                required
              />
              <button type="button" onClick={() => rebuild(entries.filter((_, j) => j !== i))}>
                Remove {label}: {nameOf(key) || "value"}
              </button>
            </div>
          ))}
          <button
            type="button"
            disabled={keys !== undefined && unused === undefined}
            onClick={() => rebuild([...entries, [String(unused ?? ""), initialOf(box.value)]])}
          >
            Add to {label}
          </button>
        </Group>
      );
    }
    case "key-or-record":
      return <KeyOrRecord {...props} keys={box.keys} record={box.record} />;
    case "or-none": {
      // "No block": the checkbox first, so that the box lines up with its neighbours'.
      const none = `No ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
      return (
        <div className="schema-or-none">
          <label className="schema-check">
            <input
              type="checkbox"
              checked={shown === null}
              onChange={(e) => set(e.target.checked ? null : undefined)}
            />{" "}
            <Context of={context} />
            {none}
          </label>
          {shown === null ? null : (
            <SchemaField
              {...props}
              schema={{ ...box.inner, default: schema.default, description: hintOf(schema) }}
            />
          )}
          {shown === null ? <Problem problem={here} /> : null}
        </div>
      );
    }
    case "json":
      return (
        <FieldRow label={label} problem={here} context={context} path={path} hint={hintOf(schema)}>
          <JsonBox label={label} value={value} set={set} />
        </FieldRow>
      );
  }
}

const OTHER = "(other)";

/**
 * A key of one of the ruleset's tables, picked from them, or a record in its place ("Other",
 * or "Details" to give a key's magic, its place, ...): the record's fields below the select.
 */
function KeyOrRecord({
  label,
  value,
  schema,
  set,
  path,
  problem,
  ids,
  context,
  required = false,
  keys,
  record,
}: FieldProps & { readonly keys: readonly Offer[] | undefined; readonly record: Schema }) {
  const shown = value ?? schema.default;
  const here = problemAt(problem, path);
  const box = boxOf(record);
  const fields = box.kind === "fields" ? box : { fields: [], required: [] };
  // The record's field that names a key of the same table ("weapon": "shortsword"), if any.
  const keyField = fields.fields.find(([, s]) => {
    const b = boxOf(s);
    return (
      b.kind === "choice" &&
      keys !== undefined &&
      b.choices.every((c) => keys.some((k) => k.value === c.value))
    );
  })?.[0];
  const details = isRecord(shown) ? shown : null;
  const select =
    keys === undefined ? (
      <input
        value={typeof shown === "string" ? shown : ""}
        spellCheck={false}
        onChange={(e) => set(e.target.value)}
      />
    ) : (
      <select
        value={details !== null ? OTHER : typeof shown === "string" ? shown : ""}
        onChange={(e) =>
          set(
            e.target.value === OTHER ? (initialOf(record) as unknown) : e.target.value || undefined,
          )
        }
      >
        {/* An optional one can go back to none, and says so: "(pick one)" read as if the shield
            had to be. */}
        {(typeof shown === "string" || details !== null) &&
        (required || schema.default !== undefined) ? null : (
          <option value="">{required ? "(pick one)" : "(none)"}</option>
        )}
        {keys.map((k) => (
          <option key={k.value} value={k.value}>
            {k.title}
          </option>
        ))}
        <option value={OTHER}>other (described below)</option>
      </select>
    );
  return (
    <div className="schema-key-or-record">
      <FieldRow
        label={label}
        problem={details === null ? here : null}
        context={context}
        path={path}
        hint={hintOf(schema)}
      >
        {select}
      </FieldRow>
      {details === null ? (
        keyField === undefined || typeof shown !== "string" ? null : (
          <button type="button" onClick={() => set({ [keyField]: shown })}>
            Details of {label}
          </button>
        )
      ) : (
        <RecordGroup
          legend={`${label}: details`}
          {...fields}
          record={details}
          set={set}
          path={path}
          problem={here}
          context={label}
          {...(ids === undefined ? {} : { ids })}
        />
      )}
    </div>
  );
}
