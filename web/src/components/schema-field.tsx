// A value edited in the box its JSON Schema gives (schema-form.ts): a number with its bounds, a
// select, a checkbox, text, a list of rows with add and remove, labelled fields, a table of named
// values, a table key or a full record ("Other"), or "none". The server's refusal shows next to
// the deepest box it names. Used by the combatant form, the options and the switches.
import { useEffect, useState, type ReactNode } from "react";
import {
  boxOf,
  initialOf,
  labelOf,
  pathOf,
  problemAt,
  type FieldProblem,
  type Schema,
} from "../schema-form.js";

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
  /** Words offered for a text box (the sides' and combatants' ids, for the options). */
  readonly words?: readonly string[];
  /** The group it is a field of ("Weapons 1"), said before its label to a screen reader. */
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
}: {
  readonly label: string;
  readonly problem: FieldProblem | null;
  readonly children: ReactNode;
  readonly context?: string | undefined;
  /** The value's path ("weapons[1]"), on the cell for tests and styles. */
  readonly path?: string;
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
      <Problem problem={problem} />
    </div>
  );
}

/** The group a field is of, for a screen reader only ("Weapons 1: " before "Name"). */
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
}: {
  readonly label: string;
  readonly problem: FieldProblem | null;
  readonly claimed: boolean;
  readonly children: ReactNode;
}) {
  return (
    <fieldset className="schema-group">
      <legend>{label}</legend>
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
  words,
  context,
}: {
  readonly fields: readonly (readonly [string, Schema])[];
  readonly required: readonly string[];
  readonly record: Record<string, unknown>;
  readonly set: (record: Record<string, unknown>) => void;
  readonly path: string;
  readonly problem: FieldProblem | null;
  readonly words?: readonly string[];
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
          {...(words === undefined ? {} : { words })}
        />
      ))}
    </div>
  );
}

/** A record's fields in a group of their own, its problem shown when no field has it. */
function RecordGroup(props: Parameters<typeof Fields>[0] & { readonly legend: string }) {
  const { legend, fields, path, problem } = props;
  const paths = fields.map(([k]) => pathOf(path, k));
  return (
    <Group label={legend} problem={problem} claimed={claims(problem, paths)}>
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
  const { schema, label, value, set, path, problem, required = false, words, context } = props;
  const shown = value ?? schema.default;
  const box = boxOf(schema);
  const here = problemAt(problem, path);
  switch (box.kind) {
    case "number": {
      // Not given: empty, its default greyed in (a box refilled as it is emptied could not be
      // typed over).
      const fallback = typeof schema.default === "number" ? String(schema.default) : undefined;
      return (
        <FieldRow label={label} problem={here} context={context} path={path}>
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
      const at = box.choices.findIndex((c) => c === shown);
      return (
        <FieldRow label={label} problem={here} context={context} path={path}>
          <select
            value={at < 0 ? "" : String(at)}
            onChange={(e) =>
              set(e.target.value === "" ? undefined : box.choices[Number(e.target.value)])
            }
          >
            {at >= 0 && (required || schema.default !== undefined) ? null : (
              <option value="">{required ? "(pick one)" : "(none)"}</option>
            )}
            {box.choices.map((c, i) => (
              <option key={String(c)} value={String(i)}>
                {String(c)}
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
          <Problem problem={here} />
        </div>
      );
    case "text": {
      const list = words === undefined || words.length === 0 ? undefined : `words-${path}`;
      return (
        <FieldRow label={label} problem={here} context={context} path={path}>
          <input
            value={typeof value === "string" ? value : ""}
            placeholder={typeof schema.default === "string" ? schema.default : undefined}
            spellCheck={false}
            list={list}
            onChange={(e) => set(e.target.value === "" && !required ? undefined : e.target.value)}
          />
          {list === undefined ? null : (
            <datalist id={list}>
              {words!.map((w) => (
                <option key={w} value={w} />
              ))}
            </datalist>
          )}
        </FieldRow>
      );
    }
    case "list": {
      const rows = Array.isArray(shown) ? (shown as unknown[]) : [];
      const paths = rows.map((_, i) => pathOf(path, i));
      return (
        <Group label={label} problem={here} claimed={claims(here, paths)}>
          {rows.map((row, i) => (
            <div className="schema-row" key={i}>
              <SchemaField
                schema={box.item}
                label={`${label} ${i + 1}`}
                value={row}
                set={(v) => set(rows.map((r, j) => (j === i ? v : r)))}
                path={paths[i]!}
                problem={problemAt(here, paths[i]!)}
                required
                {...(words === undefined ? {} : { words })}
              />
              <button type="button" onClick={() => set(rows.filter((_, j) => j !== i))}>
                Remove {label} {i + 1}
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
          {...box}
          record={record}
          set={set}
          path={path}
          problem={here}
          context={label}
          {...(words === undefined ? {} : { words })}
        />
      );
    }
    case "table": {
      const entries = Object.entries(isRecord(shown) ? shown : {});
      const rebuild = (next: [string, unknown][]) => set(Object.fromEntries(next));
      const paths = entries.map(([k]) => pathOf(path, k));
      const unused = box.keys?.find((k) => !entries.some(([e]) => e === k));
      return (
        <Group label={label} problem={here} claimed={claims(here, paths)}>
          {entries.map(([key, v], i) => (
            <div className="schema-row" key={i}>
              <FieldRow label={`${label}: name ${i + 1}`} problem={null}>
                {box.keys === undefined ? (
                  <input
                    value={key}
                    spellCheck={false}
                    list={words === undefined ? undefined : `words-${path}`}
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
                    {box.keys.map((k) => (
                      <option key={k} value={k}>
                        {k}
                      </option>
                    ))}
                  </select>
                )}
              </FieldRow>
              <SchemaField
                schema={box.value}
                label={`${label}: ${key || "value"}`}
                value={v}
                set={(nv) => rebuild(entries.map((en, j) => (j === i ? [en[0], nv] : en)))}
                path={paths[i]!}
                problem={problemAt(here, paths[i]!)}
                required
              />
              <button type="button" onClick={() => rebuild(entries.filter((_, j) => j !== i))}>
                Remove {label}: {key || "value"}
              </button>
            </div>
          ))}
          {words === undefined || box.keys !== undefined ? null : (
            <datalist id={`words-${path}`}>
              {words.map((w) => (
                <option key={w} value={w} />
              ))}
            </datalist>
          )}
          <button
            type="button"
            disabled={box.keys !== undefined && unused === undefined}
            onClick={() => rebuild([...entries, [unused ?? "", initialOf(box.value)]])}
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
            <SchemaField {...props} schema={{ ...box.inner, default: schema.default }} />
          )}
          {shown === null ? <Problem problem={here} /> : null}
        </div>
      );
    }
    case "json":
      return (
        <FieldRow label={label} problem={here} context={context} path={path}>
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
  words,
  context,
  keys,
  record,
}: FieldProps & { readonly keys: readonly string[] | undefined; readonly record: Schema }) {
  const shown = value ?? schema.default;
  const here = problemAt(problem, path);
  const box = boxOf(record);
  const fields = box.kind === "fields" ? box : { fields: [], required: [] };
  // The record's field that names a key of the same table ("weapon": "shortsword"), if any.
  const keyField = fields.fields.find(([, s]) => {
    const b = boxOf(s);
    return (
      b.kind === "choice" && keys !== undefined && b.choices.every((c) => keys.includes(String(c)))
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
        {typeof shown === "string" || details !== null ? null : (
          <option value="">(pick one)</option>
        )}
        {keys.map((k) => (
          <option key={k} value={k}>
            {k}
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
          {...(words === undefined ? {} : { words })}
        />
      )}
    </div>
  );
}
