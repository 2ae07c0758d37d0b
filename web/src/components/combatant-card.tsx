// A combatant's card: its name and status, health as bars, conditions as badges with the rounds
// they have left, where it stands on the ruleset's line with its reach, and its details as a
// player would say them. Plain props: the GM's page and the players' screens both draw it.
import { useId, useState, type ReactNode } from "react";
import { saysOut } from "../../../src/engine/out-words.js";
import type { CardData, ConditionData, HealthBarData, PlaceData } from "../types.js";

/**
 * A bar of health as a meter: `kind` its class ("health-bar" on a card, "turn-health" under a
 * turn order's entry), its fill `${kind}-fill`, toned "ok", "low" or "bad" as it runs low (or,
 * for one that fills up, such as injuries, as it fills), its value in words for a screen reader.
 */
export function BarMeter({
  bar,
  kind,
  title,
}: {
  readonly bar: HealthBarData;
  readonly kind: "health-bar" | "turn-health";
  readonly title?: string;
}) {
  const share = bar.max <= 0 ? 0 : Math.min(1, Math.max(0, bar.value / bar.max));
  const danger = bar.fillsUp === true ? share : 1 - share;
  const tone = danger >= 0.75 ? "bad" : danger >= 0.5 ? "low" : "ok";
  return (
    <span
      className={`${kind} ${tone}`}
      role="meter"
      aria-label={bar.label}
      aria-valuemin={0}
      aria-valuemax={bar.max}
      aria-valuenow={bar.value}
      aria-valuetext={barText(bar)}
      title={title}
    >
      <span className="meter-fill" style={{ width: `${(100 * share).toFixed(1)}%` }} />
    </span>
  );
}

/** A bar's value in words: "37/68 SP". */
export function barText(bar: HealthBarData): string {
  return `${bar.value}/${bar.max}${bar.unit === undefined ? "" : ` ${bar.unit}`}`;
}

export function HealthBar({ bar }: { readonly bar: HealthBarData }) {
  return (
    <div className="health">
      <span className="health-label">{bar.label}</span>
      <BarMeter bar={bar} kind="health-bar" />
      <span className="health-value">{barText(bar)}</span>
    </div>
  );
}

/** A condition's time left in its ruleset's unit: "1 round", "2 melees". */
export function roundsText(rounds: number, unit = "round"): string {
  return `${rounds} ${unit}${rounds === 1 ? "" : "s"}`;
}

export function conditionText(c: ConditionData): string {
  return c.rounds === undefined ? c.label : `${c.label}, ${roundsText(c.rounds, c.unit)}`;
}

/**
 * A condition's badge. One with a note (karn's "-1 on combat rolls", a shield-wall's AC) is a
 * button that shows or hides it (`open`): a hover title alone, which it keeps, is out of reach
 * on a phone or tablet.
 */
export function ConditionBadge({
  condition,
  open,
  noteId,
  onToggle,
}: {
  readonly condition: ConditionData;
  readonly open: boolean;
  /** The id of the note it shows (ConditionBadges' `condition-note`). */
  readonly noteId: string;
  readonly onToggle: () => void;
}) {
  if (condition.note === undefined)
    return (
      <span className="condition" title={condition.note}>
        {conditionText(condition)}
      </span>
    );
  return (
    <button
      type="button"
      className="condition"
      title={condition.note}
      aria-expanded={open}
      aria-controls={open ? noteId : undefined}
      onClick={onToggle}
    >
      {conditionText(condition)}
    </button>
  );
}

/** A card's condition badges, and under them the note of the one tapped (one at a time). */
export function ConditionBadges({ conditions }: { readonly conditions: readonly ConditionData[] }) {
  const [shown, setShown] = useState<string | null>(null);
  const noteId = useId();
  const open = conditions.find((c) => c.id === shown && c.note !== undefined);
  return (
    <>
      <div className="card-conditions">
        {conditions.map((c) => (
          <ConditionBadge
            key={c.id}
            condition={c}
            open={c === open}
            noteId={noteId}
            onToggle={() => setShown(c.id === shown ? null : c.id)}
          />
        ))}
      </div>
      {open === undefined ? null : (
        <p className="condition-note" id={noteId}>
          {`${open.label}: ${open.note ?? ""}`}
        </p>
      )}
    </>
  );
}

/** Where the combatant stands on the line (0 to `length`), with its reach shaded around it. */
export function PlaceStrip({
  place,
  length,
}: {
  readonly place: PlaceData;
  readonly length: number;
}) {
  const at = (x: number) =>
    `${(100 * Math.min(1, Math.max(0, x / Math.max(1, length)))).toFixed(1)}%`;
  const reach = place.reach ?? 0;
  return (
    <div className="place" aria-label={`place: ${place.label}`}>
      <span className="place-line">
        {reach > 0 ? (
          <span
            className="place-reach"
            style={{ left: at(place.at - reach), right: `calc(100% - ${at(place.at + reach)})` }}
          />
        ) : null}
        <span className="place-mark" style={{ left: at(place.at) }} />
      </span>
      <span className="place-label">{place.label}</span>
    </div>
  );
}

export function CombatantCard({
  card,
  sideName,
  acting = false,
  lineLength = 0,
  more,
  children,
}: {
  readonly card: CardData;
  /** The side's name, when the card is not already under its side's heading. */
  readonly sideName?: string;
  readonly acting?: boolean;
  /** The length of the line every place is drawn on (the farthest place and reach). */
  readonly lineLength?: number;
  /**
   * When given, the card's details and what the page adds fold under a line of this text (the
   * GM's page: "Stats, tactics"), so that a card is its name, status, health, conditions and
   * place: everyone's in sight at once.
   */
  readonly more?: string;
  /** What the page adds under the card (the GM's changes, say). */
  readonly children?: ReactNode;
}) {
  const details =
    card.details.length === 0 ? null : (
      <dl className="card-details">
        {card.details.map((d) => (
          <div key={d.label} className="detail">
            <dt>{d.label}</dt>
            <dd>{d.value}</dd>
          </div>
        ))}
      </dl>
    );
  const classes = ["card", card.out ? "out" : "", acting ? "acting" : ""].filter((c) => c !== "");
  return (
    <article className={classes.join(" ")} data-combatant={card.id} aria-label={card.name}>
      <header className="card-head">
        <h3 className="card-name">{card.name}</h3>
        {sideName === undefined ? null : <span className="card-side">{sideName}</span>}
        {acting ? <span className="card-acting">acting now</span> : null}
        {/* Why, when its ruleset says it ("out: fled", "taken out"), as the last result's line does. */}
        {card.out ? (
          <span className="card-out">
            {card.outAs === null
              ? "out of the fight"
              : saysOut(card.outAs)
                ? card.outAs
                : `out: ${card.outAs}`}
          </span>
        ) : null}
      </header>
      {card.status === "" ? null : <p className="card-status">{card.status}</p>}
      {card.health.length === 0 ? null : (
        <div className="card-health">
          {card.health.map((bar) => (
            <HealthBar key={bar.label} bar={bar} />
          ))}
        </div>
      )}
      {card.conditions.length === 0 ? null : <ConditionBadges conditions={card.conditions} />}
      {card.place === null ? null : <PlaceStrip place={card.place} length={lineLength} />}
      {more === undefined ? (
        <>
          {details}
          {children}
        </>
      ) : (
        <details className="card-more">
          <summary>{more}</summary>
          {details}
          {children}
        </details>
      )}
    </article>
  );
}

/** How long a line every card's place fits on: the farthest place plus its reach. */
export function lineLengthOf(cards: readonly CardData[]): number {
  return Math.max(
    1,
    ...cards.map((c) => (c.place === null ? 0 : c.place.at + (c.place.reach ?? 0))),
  );
}

/** A row of cards (one side's, or a player's own), the acting one marked, on one shared line. */
export function CardRow({
  cards,
  acting,
  lineLength,
  more,
  footer,
}: {
  readonly cards: readonly CardData[];
  readonly acting: string | null;
  readonly lineLength: number;
  /** The line each card's details and footer fold under (CombatantCard's `more`), if they do. */
  readonly more?: string;
  /** What the page adds under each card (the GM's page: save it to a roster). */
  readonly footer?: (card: CardData) => ReactNode;
}) {
  return (
    <div className="cards">
      {cards.map((card) => (
        <CombatantCard
          key={card.id}
          card={card}
          acting={card.id === acting}
          lineLength={lineLength}
          more={more}
        >
          {footer?.(card)}
        </CombatantCard>
      ))}
    </div>
  );
}
