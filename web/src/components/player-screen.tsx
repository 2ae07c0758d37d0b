// A player's screen, opened from the link the GM made (`#/play/<token>`, docs/console.md "The
// players' screens"), phone first: whose turn it is ("your turn" stands out; each new choice of
// the player's vibrates the phone, and sounds a tone if the player turned that on), the turn
// order, the player's own choice with the same prompts as the GM's page, the last result as the
// side saw it (what it did first) and under it the results since the player's last turn, and over the prompt the blow under way as the GM's page shows
// it (from its first choice: the attacker's dice while the defender answers), the player's
// combatants in full and the others as their side sees them.
// Pushed live; nothing on it is the GM's.
import { useEffect, useRef, useState } from "react";
import { sentence } from "../../../src/core/sentence.js";
import { cardOf } from "../card-data.js";
import { type DiceDraft, draftAfter } from "../dice-draft.js";
import { pendingKey } from "../freshest.js";
import { outcomeText } from "../outcome.js";
import { playerApi } from "../player-api.js";
import type { PlayerState, TurnOrderData } from "../types.js";
import { type TookBack, usePlayer } from "../use-player.js";
import { usePlayerAlert } from "../use-player-alert.js";
import { withheldText } from "../withheld.js";
import { shareNote, waitingText } from "../roll-shares.js";
import { CardRow, lineLengthOf } from "./combatant-card.js";
import { DecisionPrompt } from "./decision-prompt.js";
import { ErrorBox } from "./error-box.js";
import { BlowSoFar, ResultCard } from "./result-card.js";
import { RollPrompt } from "./roll-prompt.js";
import { SinceTurn } from "./since-turn.js";
import { nextInOrder, TurnOrder } from "./turn-order.js";
import "../players.css";

/**
 * Options of a long decision shown before the player asks for all: with the last result above
 * the prompt, a phone (390x844) still shows the prompt and its first options on arrival.
 */
const FOLD = 5;

/** A combatant's, a side's or the GM's name, as the screen says whose turn it is. */
function nameIn(state: PlayerState, actor: string | null): string {
  if (actor === null || actor === "gm") return "the GM";
  return (
    state.combatants.find((c) => c.id === actor)?.name ??
    state.sides.find((s) => s.id === actor)?.name ??
    actor
  );
}

function TurnBanner({ state }: { readonly state: PlayerState }) {
  const { turn, pending } = state;
  if (turn === null) {
    return (
      <p className="turn-banner over" role="status">
        {outcomeText(state)}
      </p>
    );
  }
  if (turn.waitingFor !== null) {
    // The player's part of an opposed roll is in; the roll waits for the other's.
    return (
      <p className="turn-banner waiting" role="status">
        {waitingText(turn.gave ?? "die", turn.waitingFor)}
      </p>
    );
  }
  if (turn.yours) {
    // A foe's roll with the player's defender's dice in it: "Your roll: Orrin", not "Your
    // turn: Kell" (the attacker, whose turn it is not the player's).
    const defends =
      pending?.kind === "roll" &&
      pending.opposed !== null &&
      !state.player.plays.includes(pending.actor ?? "");
    return (
      <p className="turn-banner yours" role="alert">
        {defends
          ? `Your roll: ${nameIn(state, pending.opposed)}`
          : `Your turn: ${nameIn(state, pending?.actor ?? turn.actor)}`}
      </p>
    );
  }
  const who = nameIn(state, turn.actor);
  const asked = turn.kind === "roll" ? rollAsked(who, turn.asked) : turn.asked;
  return (
    <p className="turn-banner waiting" role="status">
      {who === "the GM" ? "The GM" : who} {turn.kind === "roll" ? "rolls" : "decides"}
      {/* A ruling's question or a roll's label, when the side may read it: what is decided or
          rolled ("The GM rolls Osric's damage die"). */}
      {asked === undefined ? null : (
        <span className="turn-asked">
          {turn.kind === "roll" ? " " : ": "}
          {asked}
        </span>
      )}
    </p>
  );
}

/**
 * A roll's label after "<who> rolls" in the banner, without its roller's name again: "Tombril
 * rolls damage", not "Tombril rolls Tombril's damage"; "Kell rolls damage of its strike (Hand
 * axe) at Orrin", not "Kell rolls damage of Kell's strike ..." (karn's damage label).
 */
export function rollAsked(who: string, asked: string | undefined): string | undefined {
  if (asked === undefined) return undefined;
  if (asked.startsWith(`${who}'s `)) return asked.slice(who.length + 3);
  return asked.replace(` of ${who}'s `, " of its ");
}

/** The player's combatant (one of `plays`) who acts after the one acting now, if it is one. */
export function yoursNext(order: TurnOrderData, plays: readonly string[]): string | undefined {
  const next = nextInOrder(order);
  return next !== undefined && plays.includes(next.id) ? next.id : undefined;
}

/**
 * What a player whose combatants are all out of a fight still going is told: "Ysolde is out of
 * the fight: the fight goes on without Ysolde; follow it here". Null while one is still in.
 */
export function allOutText(mine: readonly { name: string; out: boolean }[]): string | null {
  if (mine.length === 0 || mine.some((c) => !c.out)) return null;
  const names = mine.map((c) => c.name);
  const listed =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  return names.length === 1
    ? `${listed} is out of the fight: the fight goes on without ${listed}; follow it here.`
    : `${listed} are out of the fight: the fight goes on without them; follow it here.`;
}

/**
 * What a player is told while their side's own decision waits for a link that is not theirs (who
 * acts next for the party, asked of the side, which a link of some of its combatants does not
 * answer): "The party's choice: agree on it at the table; the GM answers it."
 */
export function sideChoiceText(sideName: string): string {
  return `${sentence(sideName)}'s choice: agree on it at the table; the GM answers it.`;
}

/**
 * What the GM's undo took back, as the screen says it: the step by its heading ("The GM took
 * back your choice “Janine the Pious: attack Goblin skirmisher with the mace”"), where the Friday
 * rehearsal's phone said only "the last answer"; else how many answers.
 */
export function tookBackText({ answers, what }: TookBack): string {
  const which = what === null ? "" : ` ${what.yours ? "your choice " : ""}“${what.heading}”`;
  if (answers === 1)
    return `The GM took back${which || " the last answer"}: the fight goes on from before it.`;
  return which === ""
    ? `The GM took back the last ${answers} answers: the fight goes on from before them.`
    : `The GM took back the last ${answers} answers, back to before${which}.`;
}

export function PlayerScreen({ token }: { readonly token: string }) {
  const { state, error, busy, live, online, gone, tookBack, partBack, again, act } =
    usePlayer(token);
  const { sound, setSound, seenKey } = usePlayerAlert(state);
  // Dice typed for the roll asked, kept when the roll changes under them (dice-draft.ts).
  const draft = useRef<DiceDraft | null>(null);
  const [lost, setLost] = useState<Error | null>(null);
  const asked = state?.pending ?? null;
  const key = state === null || asked === null ? null : pendingKey(state.tableAnswers, asked);
  const lastKey = useRef<string | null>(null);
  // The note of an undo brought into view: the phone was down at the options it answered, the
  // note above the turn order off its screen (the Friday rehearsal).
  const tookBackNote = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    if (tookBack.answers > 0) tookBackNote.current?.scrollIntoView({ block: "nearest" });
  }, [tookBack]);
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    const after = draftAfter(draft.current, asked);
    if (after.kind === "keep") setLost(null);
    if (after.kind !== "lost" || draft.current === null) return;
    setLost(new Error(after.message));
    draft.current = { ...draft.current, sent: true }; // said once
  }, [key, asked]);

  if (gone !== null || state === null) {
    return (
      <main className="player-screen">
        {gone === "deleted" ? (
          <p className="error" role="alert">
            The GM has deleted this encounter: there is nothing more to play here.
          </p>
        ) : gone === "revoked" && error === null ? (
          <p className="error" role="alert">
            This player&apos;s link was revoked by the GM: ask the GM for a new one.
          </p>
        ) : (
          <ErrorBox error={error} />
        )}
        {gone === null && error === null ? <p className="loading">Joining the fight…</p> : null}
      </main>
    );
  }
  const { version, tableAnswers, pending } = state;
  const cards = state.combatants.map(cardOf);
  const length = lineLengthOf(cards);
  const mine = cards.filter((c) => state.player.plays.includes(c.id));
  const allOut = allOutText(mine);
  const others = state.sides.map((side) => ({
    side,
    cards: cards.filter((c) => c.side === side.id && !state.player.plays.includes(c.id)),
  }));
  const acting = state.turn?.actor ?? null;
  const nameOf = (id: string) => nameIn(state, id);
  const mineNext = yoursNext(state.order, state.player.plays);
  const withheld = state.lastResult === null ? null : withheldText(state.lastResult);
  const blow = state.blowSoFar;
  /** Sends a move; once it is taken, the dice typed are spent and what was lost is old news. */
  const send = (change: () => Promise<PlayerState>) => {
    if (draft.current !== null) draft.current = { ...draft.current, sent: true };
    void act(change).then((taken) => {
      if (!taken) return;
      draft.current = null;
      setLost(null);
    });
  };
  return (
    <main className="player-screen" data-version={version} data-seen={seenKey ?? ""}>
      <header className="player-head">
        <h1>{state.title}</h1>
        <p className="player-who">
          {state.player.name}: {mine.map((c) => c.name).join(", ") || "no combatant left"}
        </p>
        <span className={live ? "live on" : "live off"} role="status">
          {live ? "live" : online ? "reconnecting…" : "no connection"}
        </span>
        <label className="sound-toggle">
          <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
          Sound on your turn
        </label>
      </header>
      <TurnBanner state={state} />
      {/* The player's own combatant acts next: said under whose turn it is, where the player
          looks first, not only in the turn order's small "next:". */}
      {state.turn === null || state.turn.yours || mineNext === undefined ? null : (
        <p className="player-next" role="status">
          You are next: {nameOf(mineNext)}
        </p>
      )}
      {/* The side's own decision, which this link does not answer: whose it is to say. */}
      {state.turn === null || state.turn.yours || state.turn.actor !== state.player.side ? null : (
        <p className="player-next" role="status">
          {sideChoiceText(nameOf(state.player.side))}
        </p>
      )}
      {/* All of the player's combatants down while the fight goes on: said, not left to the
          struck-out names (their cards are far down a phone's screen). */}
      {state.turn === null || allOut === null ? null : (
        <p className="player-out" role="status">
          {allOut}
        </p>
      )}
      {/* The fight went back under the player (it was over, or their answer given): why, as
          the GM's page says its undo (styles.css). */}
      {tookBack.answers === 0 ? null : (
        <p className="took-back" role="status" ref={tookBackNote}>
          {tookBackText(tookBack)}
        </p>
      )}
      {/* The GM's undo took back the player's part of an opposed roll: asked again, said why. */}
      {partBack === null ? null : (
        <p className="took-back" role="status">
          {partBack}
        </p>
      )}
      {/* The GM fought the fight again and this link moved on to it: said through its first
          round, or the finished fight's end and the new start run together. */}
      {again !== state.id ? null : (
        <p className="took-back fight-again" role="status">
          The GM started the fight again: the same fight from its start, with new dice.
        </p>
      )}
      <TurnOrder order={state.order} nameOf={nameOf} over={state.status === "over"} />
      <ErrorBox error={error} />
      <ErrorBox error={lost} />
      <ResultCard
        result={state.lastResult}
        ruleset={state.ruleset}
        folded={pending !== null}
        underWay={blow?.holdsLastResult === true}
        headed={blow?.holdsLastResult !== true}
        title={blow === null || blow.holdsLastResult ? "Last result" : "Before that"}
      />
      {withheld === null ? null : <p className="withheld">{withheld}</p>}
      <SinceTurn results={state.sinceTurn} over={state.status === "over"} />
      {/* The blow under way over the prompt, as on the GM's page: Hild's attack with her die,
          while Knuckles's defence is asked. */}
      {blow !== null ? (
        <BlowSoFar step={blow} />
      ) : state.step === null ? null : (
        // No blow under way, but answers that caused nothing yet (a declaration before the
        // initiative, the initiative dice): the player's own said taken, as the side may read them.
        <BlowSoFar step={state.step} title="So far" />
      )}
      {pending === null ? null : (
        <section className="next-step yours" aria-label="your choice">
          {pending.kind === "decide" ? (
            <DecisionPrompt
              key={pendingKey(tableAnswers, pending)}
              pending={pending}
              busy={busy}
              answer={(answer) => send(() => playerApi.answer(token, version, answer))}
              byPolicy={() => send(() => playerApi.policy(token, version))}
              fold={FOLD}
            />
          ) : (
            <RollPrompt
              key={pendingKey(tableAnswers, pending)}
              note={shareNote(pending, state.player.plays, nameOf)}
              pending={pending}
              busy={busy}
              answer={(answer) => send(() => playerApi.answer(token, version, answer))}
              rollForMe={() => send(() => playerApi.roll(token, version))}
              initial={draft.current?.label === pending.label ? draft.current.text : ""}
              onTyped={(text) => {
                draft.current = { label: pending.label, text, sent: false };
              }}
            />
          )}
        </section>
      )}
      <section className="combatants mine" aria-label="your combatants">
        <h2 className="side-name">Yours</h2>
        <CardRow cards={mine} acting={acting} lineLength={length} />
      </section>
      <section className="combatants" aria-label="the others">
        {others.map(({ side, cards: theirs }) =>
          theirs.length === 0 ? null : (
            <div key={side.id} className="side" data-side={side.id}>
              <h2 className="side-name">{side.name}</h2>
              <CardRow cards={theirs} acting={acting} lineLength={length} />
            </div>
          ),
        )}
      </section>
    </main>
  );
}
