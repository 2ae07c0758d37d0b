// The GM's hand: changes made by hand mid-fight, each an answer in the log (POST .../changes)
// that undo takes back: a combatant's value set, a condition put on (for a number of rounds when
// it lasts) or taken off, a combatant taken out, a late arrival (a stat block copied from the
// encounter's file or from the ruleset's party and bestiary, or typed, with its tactics: stored
// with the encounter's definition, as the file's combatants' are), the fight ended by ruling. What may change, labelled and with its allowed values, comes from the API (GET
// .../gm); the engine and the ruleset check every change, and a refusal shows next to the field
// it names.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { api, ApiError } from "../api.js";
import { roundsText } from "./combatant-card.js";
import { cleanBlock, CombatantForm, type StatBlock } from "./combatant-form.js";
import { FieldRow } from "./schema-field.js";
import { TacticsPicker } from "./tactics-picker.js";
import type { RulesetTacticsJson, TacticsChoice } from "../tactics.js";
import { copiedBlock, fieldOf } from "../stat-block.js";
import type {
  Encounter,
  GmChangeData,
  GmCombatant,
  GmFieldData,
  GmOptions,
  RosterEntry,
} from "../types.js";

type Act = (change: () => Promise<Encounter>) => Promise<void>;

/** A refusal, and the form (or field) it belongs to. */
interface Failure {
  readonly at: string;
  readonly message: string;
}

const numeric = (schema: Record<string, unknown>) =>
  schema.type === "integer" || schema.type === "number";

/** What a field's box holds, as text: a choice's index, a number, "yes"/"no", or a string. */
function boxText(field: GmFieldData): string {
  if (field.choices !== undefined) {
    const i = field.choices.findIndex(
      (c) => JSON.stringify(c.value) === JSON.stringify(field.value),
    );
    return String(Math.max(0, i));
  }
  if (typeof field.value === "boolean") return field.value ? "yes" : "no";
  return typeof field.value === "string" ? field.value : JSON.stringify(field.value);
}

/** The value a field's box gives the API. */
function boxValue(field: GmFieldData, text: string): unknown {
  if (field.choices !== undefined) return field.choices[Number(text)]?.value;
  if (numeric(field.schema)) return Number(text);
  if (field.schema.type === "boolean") return text === "yes";
  return text;
}

function FieldForm({
  field,
  who,
  failure,
  send,
}: {
  readonly field: GmFieldData;
  readonly who: GmCombatant;
  readonly failure: Failure | null;
  readonly send: (change: GmChangeData, at: string) => void;
}) {
  const shown = boxText(field);
  const [text, setBox] = useState(shown);
  // What the GM has typed and not yet set is theirs: a new position (the fight moved on, or the
  // hand's values came in after the page's) shows the field's value only in a box left alone.
  const edited = useRef(false);
  useEffect(() => {
    if (!edited.current) setBox(shown);
  }, [shown]);
  const setText = (typed: string) => {
    edited.current = true;
    setBox(typed);
  };
  const at = `${who.id}:${field.key}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edited.current = false;
    send({ op: "set", combatant: who.id, field: field.key, value: boxValue(field, text) }, at);
  };
  const box =
    field.choices !== undefined ? (
      <select value={text} onChange={(e) => setText(e.target.value)} aria-label={field.label}>
        {field.choices.map((c, i) => (
          <option key={i} value={String(i)}>
            {c.label}
          </option>
        ))}
      </select>
    ) : field.schema.type === "boolean" ? (
      <select value={text} onChange={(e) => setText(e.target.value)} aria-label={field.label}>
        <option value="yes">yes</option>
        <option value="no">no</option>
      </select>
    ) : (
      <input
        type={numeric(field.schema) ? "number" : "text"}
        min={field.schema.minimum as number | undefined}
        max={field.schema.maximum as number | undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={field.label}
      />
    );
  return (
    <form className="gm-field" onSubmit={submit} noValidate>
      <label>
        <span className="gm-field-label">{field.label}</span> {box}
      </label>
      <button type="submit" aria-label={`Set ${who.name}'s ${field.label}`}>
        Set
      </button>
      <FieldError failure={failure} at={at} />
    </form>
  );
}

function FieldError({ failure, at }: { readonly failure: Failure | null; readonly at: string }) {
  if (failure === null || failure.at !== at) return null;
  return (
    <p className="field-error" role="alert">
      {failure.message}
    </p>
  );
}

function ConditionRow({
  who,
  condition,
  failure,
  send,
}: {
  readonly who: GmCombatant;
  readonly condition: GmOptions["conditions"][number];
  readonly failure: Failure | null;
  readonly send: (change: GmChangeData, at: string) => void;
}) {
  const [rounds, setRounds] = useState("1");
  const under = who.conditions.find((c) => c.id === condition.id);
  const at = `${who.id}:condition:${condition.id}`;
  const unit = condition.rounds?.unit;
  return (
    <li className="gm-condition">
      <span className="gm-condition-label">
        {condition.label}
        {under?.rounds === undefined ? "" : ` (${roundsText(under.rounds, unit)} left)`}
      </span>{" "}
      {/* In words, not as a hover title: a tablet shows none. */}
      <span className="gm-condition-description">{condition.description}</span>
      {under !== undefined ? (
        <button
          type="button"
          onClick={() =>
            send({ op: "remove-condition", combatant: who.id, condition: condition.id }, at)
          }
        >
          Take off {who.name}
        </button>
      ) : (
        <>
          {unit === undefined ? null : (
            <input
              type="number"
              min={1}
              value={rounds}
              onChange={(e) => setRounds(e.target.value)}
              aria-label={`${condition.label}: ${unit}s`}
            />
          )}
          <button
            type="button"
            onClick={() =>
              send(
                {
                  op: "add-condition",
                  combatant: who.id,
                  condition: condition.id,
                  ...(unit === undefined ? {} : { rounds: Number(rounds) }),
                },
                at,
              )
            }
          >
            Put on {who.name}
            {unit === undefined ? "" : ` for ${rounds} ${unit}${rounds === "1" ? "" : "s"}`}
          </button>
        </>
      )}
      <FieldError failure={failure} at={at} />
    </li>
  );
}

function LateArrival({
  options,
  tactics,
  rostered,
  failure,
  send,
  close,
}: {
  readonly options: GmOptions;
  /** The ruleset's tactics: the arrival's profile (null until they come). */
  readonly tactics: RulesetTacticsJson | null;
  /** The ruleset's party and bestiary: stat blocks to copy besides the encounter's. */
  readonly rostered: readonly RosterEntry[];
  readonly failure: Failure | null;
  readonly send: (change: GmChangeData, at: string) => void;
  readonly close: () => void;
}) {
  const taken = options.combatants.map(({ id, name }) => ({ id, name }));
  const firstSide = options.sides[0]?.id ?? "";
  const blocks = [
    ...options.roster.map((block) => ({ label: String(block.name ?? block.id), block })),
    ...rostered.map((e) => ({
      label: `${String(e.combatant.name ?? e.combatant.id)} (${e.roster})`,
      block: {
        ...e.combatant,
        side: (e.roster === "party" ? options.sides[0] : options.sides.at(-1))?.id ?? "",
      },
    })),
  ];
  const fill = (i: number) => {
    const block = blocks[i]?.block ?? {};
    return copiedBlock(block, String(block.side ?? firstSide), taken);
  };
  const [block, setBlock] = useState<StatBlock>(() => fill(0));
  const [from, setFrom] = useState(0);
  const [place, setPlace] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(
      {
        op: "add-combatant",
        combatant: cleanBlock(block),
        ...(place === "" ? {} : { place: Number(place) }),
      },
      "arrival",
    );
  };
  // The refusal's field in the block ("arrival" + where: "change.combatant: stamina").
  const at =
    failure !== null && failure.at.startsWith("arrival")
      ? fieldOf(failure.at.slice("arrival".length), "change.combatant")
      : null;
  const problem = at === null ? null : { path: at, message: failure!.message };
  const elsewhere = failure !== null && failure.at.startsWith("arrival") && at === null;
  return (
    <form className="gm-arrival" onSubmit={submit} aria-label="late arrival" noValidate>
      <FieldRow label="Combatant to bring in" problem={null}>
        <select
          value={String(from)}
          onChange={(e) => {
            setFrom(Number(e.target.value));
            setBlock(fill(Number(e.target.value)));
          }}
        >
          {blocks.map((b, i) => (
            <option key={i} value={String(i)}>
              {b.label}
            </option>
          ))}
        </select>
      </FieldRow>
      <CombatantForm
        stats={options.stats}
        sides={options.sides}
        block={block}
        set={setBlock}
        problem={problem}
      />
      {tactics === null ? null : (
        <TacticsPicker
          tactics={tactics}
          name={String(block.name ?? block.id ?? "the arrival")}
          value={block.tactics as TacticsChoice | undefined}
          set={(choice) => setBlock({ ...block, tactics: choice })}
        />
      )}
      <FieldRow
        label="Arrives at (on the line; empty: its side's place)"
        problem={
          failure?.at === "arrivalchange.place" ? { path: "", message: failure.message } : null
        }
      >
        <input type="number" value={place} onChange={(e) => setPlace(e.target.value)} />
      </FieldRow>
      {elsewhere && failure?.at !== "arrivalchange.place" ? (
        <FieldError failure={failure} at={failure.at} />
      ) : null}
      <div className="builder-actions">
        <button type="submit">Bring in</button>{" "}
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function GmHand({
  encounter,
  tactics,
  busy,
  act,
}: {
  readonly encounter: Encounter;
  /** The ruleset's tactics, as the page loaded them (null until they come). */
  readonly tactics: RulesetTacticsJson | null;
  readonly busy: boolean;
  readonly act: Act;
}) {
  const { id, version } = encounter;
  const [options, setOptions] = useState<GmOptions | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [arriving, setArriving] = useState(false);
  const [rostered, setRostered] = useState<RosterEntry[]>([]);
  const [winner, setWinner] = useState("");
  const [reason, setReason] = useState("");
  useEffect(() => {
    let live = true;
    api.gm(id).then(
      (next) => live && setOptions(next),
      () => live && setOptions(null),
    );
    return () => {
      live = false;
    };
  }, [id, version]);
  if (options === null || encounter.status === "over") return null;
  const who =
    options.combatants.find((c) => c.id === chosen) ??
    options.combatants.find((c) => c.id === encounter.pending?.actor) ??
    options.combatants[0];

  const send = (change: GmChangeData, at: string) => {
    if (busy) return;
    void act(async () => {
      try {
        const next = await api.change(id, version, change);
        setFailure(null);
        if (change.op === "add-combatant") setArriving(false);
        return next;
      } catch (thrown) {
        const message = thrown instanceof Error ? thrown.message : String(thrown);
        const where = thrown instanceof ApiError ? (thrown.body.where ?? "") : "";
        setFailure({ at: change.op === "add-combatant" ? `arrival${where}` : at, message });
        throw thrown;
      }
    });
  };

  return (
    <section className="gm-hand" aria-label="the GM's hand">
      <h2>Change by hand</h2>
      <p className="gm-hand-note">Each change is a step in the log: undo takes it back.</p>
      {who === undefined ? null : (
        <>
          <label className="gm-who">
            Combatant{" "}
            <select value={who.id} onChange={(e) => setChosen(e.target.value)}>
              {options.combatants.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <div className="gm-fields">
            {who.fields.map((f) => (
              <FieldForm
                key={`${who.id}:${f.key}`}
                field={f}
                who={who}
                failure={failure}
                send={send}
              />
            ))}
          </div>
          <h3>Conditions</h3>
          <ul className="gm-conditions">
            {options.conditions.map((c) => (
              <ConditionRow
                key={`${who.id}:${c.id}`}
                who={who}
                condition={c}
                failure={failure}
                send={send}
              />
            ))}
          </ul>
          <button
            type="button"
            onClick={() => send({ op: "remove-combatant", combatant: who.id }, `${who.id}:remove`)}
          >
            Take {who.name} out of the fight
          </button>
          <FieldError failure={failure} at={`${who.id}:remove`} />
        </>
      )}
      <h3>Late arrival</h3>
      {arriving ? (
        <LateArrival
          options={options}
          tactics={tactics}
          rostered={rostered}
          failure={failure}
          send={send}
          close={() => setArriving(false)}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setArriving(true);
            api.rosters(encounter.ruleset).then(
              (r) => setRostered(r.entries),
              () => setRostered([]),
            );
          }}
        >
          Bring in a late arrival…
        </button>
      )}
      <h3>End the fight by ruling</h3>
      <form
        className="gm-end"
        onSubmit={(event) => {
          event.preventDefault();
          send({ op: "end", winner: winner === "" ? null : winner, reason }, "end");
        }}
      >
        <label>
          Winner{" "}
          <select value={winner} onChange={(e) => setWinner(e.target.value)}>
            <option value="">no winner</option>
            {options.sides.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Why <input value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>{" "}
        <button type="submit">End the fight</button>
        <FieldError failure={failure} at="end" />
      </form>
    </section>
  );
}
