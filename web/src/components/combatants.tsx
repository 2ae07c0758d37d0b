// The combatants as one viewer sees them (the GM: everything; a side's players: what the
// ruleset's player view lets them see): a card each, side by side. Plain props.
import { cardOf } from "../card-data.js";
import type { ReactNode } from "react";
import type { CardData, CombatantView, Encounter } from "../types.js";
import { CardRow, lineLengthOf } from "./combatant-card.js";

export function Combatants({
  combatants,
  sides,
  acting = null,
  footer,
  sideExtra,
}: {
  readonly combatants: readonly CombatantView[];
  readonly sides: Encounter["sides"];
  /** The id of the combatant the pending choice waits for. */
  readonly acting?: string | null;
  /** What the page adds under each card. */
  readonly footer?: (card: CardData) => ReactNode;
  /** What the page adds under each side's name (the GM's page: the side's tactics). */
  readonly sideExtra?: (side: Encounter["sides"][number]) => ReactNode;
}) {
  const cards = combatants.map(cardOf);
  const length = lineLengthOf(cards);
  return (
    <section className="combatants" aria-label="combatants">
      {sides.map((side) => (
        <div key={side.id} className="side" data-side={side.id}>
          <h2 className="side-name">{side.name}</h2>
          {sideExtra?.(side)}
          <CardRow
            cards={cards.filter((c) => c.side === side.id)}
            acting={acting}
            lineLength={length}
            {...(footer === undefined ? {} : { footer })}
          />
        </div>
      ))}
    </section>
  );
}
