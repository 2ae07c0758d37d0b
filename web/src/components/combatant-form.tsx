// One combatant's stat block as a form: its id, name and side, then a box per stat of the
// ruleset's schema (GET /rulesets/:id's `stats`, or the GM options' of an encounter), labelled by
// the schema's titles, in a grid. The builder draws one per combatant, the GM's hand one for a
// late arrival; the server checks the block and its refusal shows next to the box it names.
import { labelOf, problemAt, type FieldProblem, type Schema } from "../schema-form.js";
import { FieldRow, Problem, SchemaField } from "./schema-field.js";

export type StatBlock = Readonly<Record<string, unknown>>;

/** The block's fields in the schema's order (id, name, side first), the empty ones left out. */
export function cleanBlock(block: StatBlock): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([, v]) => v !== undefined));
}

export function CombatantForm({
  stats,
  sides,
  block,
  set,
  problem,
}: {
  readonly stats: Schema;
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly block: StatBlock;
  readonly set: (block: StatBlock) => void;
  /** The server's refusal, at a path inside the block ("weapons[0].magic"; "" for the block). */
  readonly problem: FieldProblem | null;
}) {
  const properties = Object.entries((stats.properties ?? {}) as Record<string, Schema>);
  const required = Array.isArray(stats.required) ? (stats.required as string[]) : [];
  const put = (key: string, value: unknown) => set({ ...block, [key]: value });
  const text = (key: string) => (typeof block[key] === "string" ? (block[key] as string) : "");
  const keys = ["id", "name", "side", ...properties.map(([k]) => k)];
  const elsewhere = problem !== null && !keys.some((k) => problemAt(problem, k)) ? problem : null;
  return (
    <div className="combatant-form">
      <FieldRow label="Id (unique)" problem={problemAt(problem, "id")} path="id">
        <input value={text("id")} spellCheck={false} onChange={(e) => put("id", e.target.value)} />
      </FieldRow>
      <FieldRow label="Name" problem={problemAt(problem, "name")} path="name">
        <input value={text("name")} onChange={(e) => put("name", e.target.value)} />
      </FieldRow>
      <FieldRow label="Side" problem={problemAt(problem, "side")} path="side">
        <select value={text("side")} onChange={(e) => put("side", e.target.value)}>
          {sides.some((s) => s.id === text("side")) ? null : <option value="">(pick one)</option>}
          {sides.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </FieldRow>
      {properties.map(([key, schema]) => (
        <SchemaField
          key={key}
          schema={schema}
          label={labelOf(key, schema)}
          value={block[key]}
          set={(v) => put(key, v)}
          path={key}
          problem={problemAt(problem, key)}
          required={required.includes(key)}
        />
      ))}
      <div className="combatant-form-rest">
        <Problem problem={elsewhere} />
      </div>
    </div>
  );
}
