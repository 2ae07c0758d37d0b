// The combatants as one viewer sees them (the GM: everything; a side's players: what the
// ruleset's player view lets them see), each with its status and the fields of its view.
import { fieldText } from "../field-text.js";
import type { CombatantView, Encounter } from "../types.js";

export function Combatants({
  combatants,
  sides,
}: {
  readonly combatants: readonly CombatantView[];
  readonly sides: Encounter["sides"];
}) {
  const sideName = (id: string) => sides.find((s) => s.id === id)?.name ?? id;
  return (
    <table className="combatants">
      <thead>
        <tr>
          <th>combatant</th>
          <th>side</th>
          <th>status</th>
          <th>details</th>
        </tr>
      </thead>
      <tbody>
        {combatants.map((c) => (
          <tr key={c.id} data-combatant={c.id} className={c.out ? "out" : undefined}>
            <td className="name">{c.name}</td>
            <td>{sideName(c.side)}</td>
            <td className="status">
              {c.status}
              {c.out ? " (out)" : ""}
            </td>
            <td className="fields">
              {Object.entries(c.fields).map(([key, value]) => (
                <span key={key} className="field">
                  <span className="field-key">{key}</span> {fieldText(value)}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
