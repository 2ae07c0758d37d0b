// The turn order strip: the round, the combatants in the order they act this round, the one
// acting now highlighted and the next one named, and how the order came about; once the fight is
// over, the round it ended in and who is out (no next, no note on an initiative to come). The
// same for every ruleset. On the GM's page each entry has its combatant's health under its name
// (its first bar that empties: hit points, stamina), so that everyone's is seen at a glance above
// the prompt, a group fight's cards running far below it. On a phone the GM's strip is one row
// that scrolls sideways, the one acting now at its start (styles.css). Plain props.
import { useLayoutEffect, useRef, useState } from "react";
import type { HealthBarData, TurnEntryData, TurnOrderData, TurnState } from "../types.js";
import { BarMeter, barText } from "./combatant-card.js";

const STATE_WORDS: Record<TurnState, string> = {
  done: "has acted",
  acting: "acting now",
  waiting: "waiting",
  out: "out of the fight",
};

/** The one who acts after the one acting now (none while no one acts, or no one waits). */
export function nextInOrder(order: TurnOrderData): TurnEntryData | undefined {
  const acting = order.entries.findIndex((e) => e.state === "acting");
  return acting < 0 ? undefined : order.entries.find((e, i) => i > acting && e.state === "waiting");
}

export function TurnOrder({
  order,
  nameOf,
  over = false,
  healthOf,
}: {
  readonly order: TurnOrderData;
  /** A combatant's name, for an entry that has no label of its own. */
  readonly nameOf: (id: string) => string;
  readonly over?: boolean;
  /** A combatant's health to show under its entry (the GM's page), if any. */
  readonly healthOf?: (id: string) => HealthBarData | undefined;
}) {
  const next = nextInOrder(order);
  const acting = order.entries.find((e) => e.state === "acting")?.id;
  const row = useRef<HTMLOListElement>(null);
  // Whether the row scrolls (a phone's): it is then a stop for the keyboard, to scroll it by keys.
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const entries = row.current;
    if (entries === null) return;
    const show = () => {
      const now = entries.querySelector<HTMLElement>('[aria-current="step"]');
      // The one acting now at the row's start, who comes after it beside it (no-op unscrolled).
      if (now !== null)
        entries.scrollLeft +=
          now.getBoundingClientRect().left - entries.getBoundingClientRect().left;
      setScrolls(entries.scrollWidth > entries.clientWidth);
    };
    show();
    window.addEventListener("resize", show);
    return () => window.removeEventListener("resize", show);
  }, [acting, order.round, order.entries.length]);
  const round = order.label ?? `Round ${order.round}`;
  const health = (id: string) => {
    const bar = healthOf?.(id);
    return bar === undefined ? null : (
      <BarMeter bar={bar} kind="turn-health" title={`${bar.label} ${barText(bar)}`} />
    );
  };
  return (
    <nav className="turn-order" aria-label="turn order">
      <span className="turn-round">{over ? `Over after ${round.toLowerCase()}` : round}</span>
      <ol className="turn-entries" ref={row} tabIndex={scrolls ? 0 : undefined}>
        {order.entries.map((e) => (
          <li
            key={e.id}
            className={`turn ${e.state}`}
            aria-current={e.state === "acting" ? "step" : undefined}
            title={STATE_WORDS[e.state]}
          >
            {e.label ?? nameOf(e.id)}
            {e.note === undefined ? null : <span className="turn-entry-note"> {e.note}</span>}
            {e.state === "acting" || e.state === "out" ? (
              <span className="sr-only"> ({STATE_WORDS[e.state]})</span>
            ) : null}
            {health(e.id)}
          </li>
        ))}
      </ol>
      {over || next === undefined ? null : (
        <span className="turn-next">next: {next.label ?? nameOf(next.id)}</span>
      )}
      {over || order.note === undefined ? null : (
        <span className="turn-note">
          {/* Apart from the next one's name: "next: Knuckles · in initiative order". */}
          {next === undefined ? null : <span aria-hidden="true">· </span>}
          {order.note}
        </span>
      )}
    </nav>
  );
}
