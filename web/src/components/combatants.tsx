// The combatants as one viewer sees them (the GM: everything; a side's players: what the
// ruleset's player view lets them see): a card each, side by side. Plain props.
import { cardOf } from "../card-data.js";
import type { CSSProperties, ReactNode } from "react";
import type { CardData, CombatantView, Encounter } from "../types.js";
import { CardRow, lineLengthOf } from "./combatant-card.js";

export function Combatants({
  combatants,
  sides,
  acting = null,
  more,
  footer,
  sideExtra,
}: {
  readonly combatants: readonly CombatantView[];
  readonly sides: Encounter["sides"];
  /** The id of the combatant the pending choice waits for. */
  readonly acting?: string | null;
  /** The line each card's details and footer fold under, if they do (CombatantCard's `more`). */
  readonly more?: string;
  /** What the page adds under each card. */
  readonly footer?: (card: CardData) => ReactNode;
  /** What the page adds beside each side's name (the GM's page: the side's tactics). */
  readonly sideExtra?: (side: Encounter["sides"][number]) => ReactNode;
}) {
  const cards = combatants.map(cardOf);
  const length = lineLengthOf(cards);
  return (
    <section className="combatants" aria-label="combatants">
      {sides.map((side) => {
        const own = cards.filter((c) => c.side === side.id);
        // A side is as wide as its cards ask (styles.css, .side): a duel's two sides share a
        // row, a side of many takes the width and its cards go three a row.
        const width = { "--cards": Math.max(1, own.length) } as CSSProperties;
        return (
          <div key={side.id} className="side" data-side={side.id} style={width}>
            <div className="side-head">
              <h2 className="side-name">{side.name}</h2>
              {sideExtra?.(side)}
            </div>
            <CardRow
              cards={own}
              acting={acting}
              lineLength={length}
              more={more}
              {...(footer === undefined ? {} : { footer })}
            />
          </div>
        );
      })}
    </section>
  );
}
