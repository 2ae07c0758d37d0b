// The GM's page of one encounter, laid out as a combat tracker: the turn order, the pending
// choice, beside it a card for every combatant (its stats and tactics, which the GM may change,
// folded) and the last result under them, what happened, the log (undo, redo, branch,
// download), the whole fight's odds, the advisor and a simulation; every step on a key (`?`).
import { useState } from "react";
import { usePageKeys } from "../use-page-keys.js";
import { api, ApiError } from "../api.js";
import { routeHref } from "../route.js";
import { actorName, answersText, elsewhereText } from "../log-steps.js";
import { branchedFrom } from "../format.js";
import { isShortcut } from "../shortcuts.js";
import type { Encounter } from "../types.js";
import { useEncounter, type ChangeControl } from "../use-encounter.js";
import { useOnline } from "../use-online.js";
import { usePlayerLinks } from "../use-player-links.js";
import { Advisor } from "./advisor.js";
import { Combatants } from "./combatants.js";
import { SaveToRoster } from "./save-to-roster.js";
import { ErrorBox, rollRefusal } from "./error-box.js";
import { FightOddsPanel } from "./fight-odds.js";
import { GmHand } from "./gm-hand.js";
import { HelpOverlay, KeysButton } from "./help-overlay.js";
import { History, saveLog } from "./history.js";
import { UndoLineText, useUndoLine } from "./took-back.js";
import { NextStep } from "./next-step.js";
import { PlayerActivity, PlayersButton } from "./players-panel.js";
import { QuickUndo } from "./quick-undo.js";
import { DiceText, ResultCard } from "./result-card.js";
import { Simulation } from "./simulation.js";
import { CardTactics, SideTactics, useRulesetTactics } from "./card-tactics.js";
import { Timeline } from "./timeline.js";
import { TurnOrder } from "./turn-order.js";

/** How often the page asks whether the encounter changed elsewhere (another tab, the API). */
const POLL_MS = 1500;

/**
 * Whether a fight's cards go four a row, denser, beside a narrower prompt with the last result
 * over it (styles.css, .board.crowded): when three a row, a row for each three of a side, they
 * take more than two rows, so that everyone's health and the last result are on a laptop's first
 * screen. Swords & Wizardry's group fight (a row of the party, two of five orcs) began its last
 * result 610 px down, its lines under the screen's edge; an ambush of nine ran a screen and a half.
 */
function crowded(encounter: Pick<Encounter, "sides" | "views">): boolean {
  const rows = encounter.sides.reduce(
    (n, side) => n + Math.ceil(encounter.views.gm.filter((c) => c.side === side.id).length / 3),
    0,
  );
  return rows > 2;
}

/** The change a shortcut key makes to the encounter, or null if it makes none now. */
function keyChange(key: string, e: Encounter): (() => Promise<Encounter>) | null {
  const { id, version, pending } = e;
  switch (key) {
    case "u":
      return e.answers === 0 ? null : () => api.undo(id, version, 1, "decision");
    case "U":
      return e.answers === 0 ? null : () => api.undo(id, version, 1);
    case "r":
      return e.canRedo === 0 ? null : () => api.redo(id, version, 1, "decision");
    case "R":
      return e.canRedo === 0 ? null : () => api.redo(id, version, 1);
    case "f":
      return pending?.kind === "roll" ? () => api.roll(id, version) : null;
    case "n":
      if (pending === null) return null;
      return pending.kind === "roll" ? () => api.roll(id, version) : () => api.policy(id, version);
    case "e":
      return pending === null ? null : () => api.autoplay(id, version, "round");
    case "a":
      return e.log.at(-1)?.kind === "roll" ? () => api.reroll(id, version) : null;
    default:
      return null;
  }
}

/**
 * Whether the last result tells the log's last answer (its step ends with it), or no result has
 * come yet ("So far" names it): else that answer is of the step under way, which no card tells
 * (the round's initiative dice after Gorbag singles out Mirelle).
 */
const lastAnswerTold = ({ lastResult, log }: Encounter): boolean =>
  lastResult === null || lastResult.at === log.length;

/**
 * "Roll again" while the last answer is a roll: Fray rolls it anew, logged as a reroll. Under
 * the last result when it is of that result's step; over the prompt, with its dice, when it is
 * of the step under way (`apart`): "Roll again: Orc 4's initiative" stood under Gorbag's
 * singling out, as if it were of that step.
 */
function Reroll({ encounter, busy, act, apart = false }: ChangeControl & { apart?: boolean }) {
  const last = encounter.log.at(-1);
  if (last?.kind !== "roll" || lastAnswerTold(encounter) === apart) return null;
  // Its dice said beside it, unless the blow so far over it says them.
  const said = apart && encounter.blowSoFar === null;
  return (
    <p className={apart ? "reroll apart" : "reroll"}>
      {said ? (
        <span className="reroll-last">
          Last roll: {last.label} <DiceText text={last.dice ?? `= ${last.value}`} />{" "}
        </span>
      ) : null}
      <button
        disabled={busy}
        onClick={() => act(() => api.reroll(encounter.id, encounter.version))}
      >
        Roll again{said ? "" : `: ${last.label}`} <kbd aria-hidden="true">a</kbd>
      </button>
      {last.rerolled === undefined ? null : (
        <span className="reroll-was"> rolled again; was {last.rerolled.join(", then ")}</span>
      )}
    </p>
  );
}

export function EncounterPage({ id }: { readonly id: number }) {
  const { encounter, error, busy, elsewhere, act, answering } = useEncounter(id, POLL_MS);
  const [help, setHelp] = useState(false);
  // The players' panel, open over the page: its boxes are not the page's keys.
  const [players, setPlayers] = useState(false);
  const [askingEnd, setAskingEnd] = useState(false);
  // Loaded once for the page and handed to what shows them (the cards, the GM's hand; the
  // players' button, panel and activity line): each loading its own fetched them two and three
  // times over on every encounter's page.
  const tactics = useRulesetTactics(encounter?.ruleset);
  const links = usePlayerLinks(id);
  const undoLine = useUndoLine(encounter);
  const online = useOnline();

  usePageKeys((event) => {
    if (!isShortcut(event) || encounter === null || players) return;
    if (event.key === "?") {
      setHelp(!help);
    } else if (event.key === "Escape") {
      setAskingEnd(false);
      return;
    } else if (help) {
      return;
    } else if (event.key === "E") {
      if (encounter.pending === null) return;
      setAskingEnd(true);
    } else {
      const change = busy ? null : keyChange(event.key, encounter);
      if (change === null) return;
      void act(change);
    }
    event.preventDefault();
  });

  if (encounter === null) {
    // A 409 here is a stored fight this Fray's rules no longer replay: its log is the way out.
    return (
      <main>
        <ErrorBox error={error} />
        {error instanceof ApiError && error.status === 409 ? (
          <button onClick={() => void saveLog(id)}>Download the log (JSON lines)</button>
        ) : null}
      </main>
    );
  }
  const { version } = encounter;
  /** Opens the new encounter `made` makes (a branch, the fight fought again). */
  const openNew = (made: () => Promise<Encounter>) =>
    act(async () => {
      const branched = await made();
      window.location.hash = routeHref({ page: "encounter", id: branched.id });
      return branched;
    });
  const branch = (at: number) => openNew(() => api.branch(id, at));
  const refused = rollRefusal(error, encounter.pending);
  const nameOf = (who: string) => actorName(encounter, who);
  return (
    <main className="encounter" data-version={version}>
      <header className="topbar">
        <h1>
          {encounter.title} <small>#{encounter.id}</small>
        </h1>
        {/* Off the network, or on it with Fray's server not answering, the page can neither send
            nor hear a change: said at once, as on a player's phone, and gone once it answers
            (back, the page catches up at once: gm-live.ts). */}
        {online && answering ? null : (
          <span className="live off" role="status">
            {online ? "Fray's server is not answering: reconnecting…" : "no connection"}
          </span>
        )}
        <p className="summary">
          {encounter.game}, seed {encounter.seed},{" "}
          {/* The ruleset's word for a round, as the turn order says it: "melee 2", "turn 1". */}
          {encounter.status === "over"
            ? `over after ${encounter.order.label.toLowerCase()}`
            : encounter.order.label.toLowerCase()}
          {encounter.branchOf === null ? "" : `; ${branchedFrom(encounter.branchOf)}`}
        </p>
        <div className="topbar-buttons">
          <PlayersButton encounter={encounter} links={links} open={players} setOpen={setPlayers} />
          <KeysButton onClick={() => setHelp(true)} />
        </div>
      </header>
      <TurnOrder
        order={encounter.order}
        nameOf={nameOf}
        over={encounter.status === "over"}
        healthOf={(who) =>
          encounter.views.gm.find((c) => c.id === who)?.health.find((bar) => bar.fillsUp !== true)
        }
      />
      <ErrorBox error={refused === null ? error : null} />
      <div className={crowded(encounter) ? "board crowded" : "board"}>
        <div className="now">
          {/* Over the prompt, not across the page: with players answering on their phones it is
              there most of the time, and across the page it pushed everyone's cards down. */}
          <p className="elsewhere" role="status">
            {elsewhere === null ? "" : elsewhereText(encounter, elsewhere.answers)}
          </p>
          <PlayerActivity encounter={encounter} links={links} />
          <QuickUndo encounter={encounter} busy={busy} act={(change) => void act(change)} />
          <UndoLineText line={undoLine} nameOf={nameOf} />
          <NextStep
            encounter={encounter}
            busy={busy}
            act={(change) => void act(change)}
            askingEnd={askingEnd}
            setAskingEnd={setAskingEnd}
            again={() =>
              void openNew(() => api.again(id, crypto.getRandomValues(new Uint32Array(1))[0]!))
            }
            players={links.filter((link) => link.revokedAt === null).length}
            refused={refused}
            lastRoll={
              <Reroll encounter={encounter} busy={busy} act={(change) => void act(change)} apart />
            }
          />
        </div>
        <ResultCard
          result={encounter.lastResult}
          ruleset={encounter.ruleset}
          underWay={encounter.blowSoFar?.holdsLastResult === true}
          none={
            encounter.log.length === 0
              ? undefined
              : `No result yet. So far: ${answersText(encounter.log, nameOf)}.`
          }
        >
          <Reroll encounter={encounter} busy={busy} act={(change) => void act(change)} />
        </ResultCard>
        <Combatants
          combatants={encounter.views.gm}
          sides={encounter.sides}
          acting={encounter.pending?.actor ?? null}
          more="Stats and tactics"
          sideExtra={(side) => (
            <SideTactics
              encounter={encounter}
              tactics={tactics}
              side={side}
              busy={busy}
              act={(change) => void act(change)}
            />
          )}
          footer={(card) => (
            <>
              <CardTactics
                encounter={encounter}
                tactics={tactics}
                combatant={card.id}
                name={card.name}
                busy={busy}
                act={(change) => void act(change)}
              />
              <SaveToRoster encounter={encounter} combatant={card.id} name={card.name} />
            </>
          )}
        />
      </div>
      <div className="lower">
        <Timeline encounter={encounter} />
        <div>
          <GmHand encounter={encounter} tactics={tactics} busy={busy} act={act} />
          <History
            encounter={encounter}
            busy={busy}
            act={(change) => void act(change)}
            branch={(at) => void branch(at)}
          />
          <FightOddsPanel encounter={encounter} />
          <Advisor encounter={encounter} busy={busy} act={(change) => void act(change)} />
          <Simulation encounter={encounter} tactics={tactics} />
        </div>
      </div>
      <HelpOverlay open={help} close={() => setHelp(false)} />
    </main>
  );
}
