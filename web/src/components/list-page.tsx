// The first page: every stored encounter (the demo among them) to open, the last played first,
// with a box to find one by its title, game or fighters' names once the list is long; the way to the encounter
// builder, a copy of one to change there, its file exported, and a new one to create from its file.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api } from "../api.js";
import { branchedFrom, counted, foughtAgain, since } from "../format.js";
import { routeHref } from "../route.js";
import { copiedFile, download, exportName, storedEncounter } from "../stored-encounter.js";
import type { EncounterSummary } from "../types.js";
import { asError } from "../use-encounter.js";
import { CreateEncounter } from "./create-encounter.js";
import { LIST_KEYS } from "../shortcuts.js";
import { ErrorBox } from "./error-box.js";
import { PageKeysHelp } from "./help-overlay.js";
import { PanelHelp } from "./panel-help.js";

/** The find box shows once the list is longer than this. */
const FIND_FROM = 8;

/** The fighters a row was found by ("with Grub, Snaga"), under its title while the GM finds. */
function FoundNames({
  names,
  words,
}: {
  readonly names: readonly string[];
  readonly words: readonly string[];
}) {
  const found = names.filter((n) => words.some((w) => n.toLowerCase().includes(w)));
  return found.length === 0 ? null : (
    <small className="list-found"> with {[...new Set(found)].join(", ")}</small>
  );
}

/**
 * The game as a row names it: whole on a laptop ("Laurels and Loot (Cartyrion)"), without what
 * its brackets add on a phone ("Laurels and Loot"), where it wrapped the row's details onto a
 * second line.
 */
function GameName({ game }: { readonly game: string }) {
  const bracketed = /^(.+?)( \(.*\))$/.exec(game);
  if (bracketed === null) return <>{game}</>;
  return (
    <>
      {bracketed[1]}
      <span className="list-wide">{bracketed[2]}</span>
    </>
  );
}

export function ListPage() {
  const [encounters, setEncounters] = useState<EncounterSummary[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const load = useCallback(
    () =>
      api
        .list()
        .then((list) => setEncounters(list.encounters))
        .catch((thrown: unknown) => setError(asError(thrown))),
    [],
  );
  useEffect(() => void load(), [load]);
  const [find, setFind] = useState("");
  const findBox = useRef<HTMLInputElement>(null);
  /** The list's keys (shortcuts.ts, LIST_KEYS): `/` the find box, `b` the builder. */
  const onKey = (key: string) => {
    if (key === "/" && findBox.current !== null) findBox.current.focus();
    else if (key === "b") window.location.hash = routeHref({ page: "build" });
    else return false;
    return true;
  };
  const words = useMemo(
    () =>
      find
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w !== ""),
    [find],
  );
  const shown = useMemo(() => {
    if (encounters === null) return null;
    return encounters
      .filter((e) =>
        words.every((w) =>
          `${e.title} ${e.game} ${e.ruleset} ${e.combatants.join(" ")}`.toLowerCase().includes(w),
        ),
      )
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  }, [encounters, words]);
  const now = Date.now();
  const remove = async (e: EncounterSummary) => {
    if (!window.confirm(`Delete encounter #${e.id}, "${e.title}"? Its what-ifs stay.`)) return;
    try {
      await api.remove(e.id);
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    }
    await load();
  };
  /** Saves encounter `e`'s file as YAML (as the builder's copy starts from it). */
  const exportFile = async (e: EncounterSummary) => {
    try {
      // The YAML writer loads with the first export (the builder's, shared), not with the list.
      const [{ stringify }, stored] = await Promise.all([import("yaml"), storedEncounter(e.id)]);
      download(exportName(e.title), stringify(copiedFile(stored)), "application/yaml");
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    }
  };
  return (
    <main>
      <header className="page-head">
        <h1>Encounters</h1>
        <PageKeysHelp keys={LIST_KEYS} onKey={onKey} />
      </header>
      <p className="list-intro">
        Each encounter is one fight: open one to run it at the table. Fray asks each decision and
        roll in turn, says which rule did what, and can take any of it back.
      </p>
      {/* How to play a step in the words of the screen: a laptop's keys, a phone's or a tablet's
          buttons (it has no n to press); both written, styles.css shows one, as the fight
          page's undo line (took-back.tsx). */}
      <PanelHelp>
        First time? Open the demo fight below (it is there from the start) and{" "}
        <span className="by-keys">
          press <kbd>n</kbd> to play it a step at a time, or <kbd>?</kbd> for its keys;
        </span>
        <span className="by-touch">
          tap Fray rolls or Decide by the tactics to play it a step at a time;
        </span>{" "}
        then build your own encounter, or paste a file under New encounter.
      </PanelHelp>
      <p className="list-actions">
        <a className="button" href={routeHref({ page: "build" })}>
          Build an encounter
        </a>{" "}
        <span>pick a ruleset and combatants from your rosters or the examples, no YAML</span>
      </p>
      <ErrorBox error={error} />
      {encounters !== null && encounters.length > FIND_FROM ? (
        <p className="list-find">
          <label>
            Find an encounter{" "}
            <input
              type="search"
              ref={findBox}
              value={find}
              placeholder="title, game or fighter"
              onChange={(event) => setFind(event.target.value)}
            />
          </label>{" "}
          <span aria-live="polite">
            {shown !== null && find !== ""
              ? `${shown.length} of ${encounters.length}`
              : `${encounters.length} encounters, the last played first`}
          </span>
        </p>
      ) : null}
      {encounters?.length === 0 ? (
        <p className="list-empty">
          No encounter yet: build one, or paste an encounter file under New encounter below.
        </p>
      ) : null}
      {shown === null || encounters?.length === 0 ? null : (
        <table className="encounters">
          <thead>
            <tr>
              <th>#</th>
              <th>title</th>
              <th>game</th>
              <th>round</th>
              <th>status</th>
              <th>answers</th>
              <th>branched from</th>
              <th>last played</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.id} data-encounter={e.id}>
                <td>{e.id}</td>
                <td>
                  <a href={routeHref({ page: "encounter", id: e.id })}>{e.title}</a>
                  <FoundNames names={e.combatants} words={words} />
                </td>
                <td className="game" title={`${e.game} (ruleset ${e.ruleset})`}>
                  <GameName game={e.game} />
                </td>
                <td className="round">
                  {e.status === "over" ? (
                    <>
                      <span className="cell-label">over after </span>
                      {counted(e.round, "round")}
                      <span className="list-wide"> played</span>
                    </>
                  ) : (
                    <>
                      <span className="cell-label">round </span>
                      {e.round + 1}
                    </>
                  )}
                </td>
                {/* A finished fight's outcome sentence was the whole cell, five lines at 1280 px
                    (the Friday rehearsal's ambush), squeezing the titles: "over", with the
                    sentence its tooltip, and whole on the fight's page. */}
                <td className="list-wide list-status">
                  {e.status === "over" ? (
                    <abbr title={`over: ${e.outcome?.reason ?? ""}`}>over</abbr>
                  ) : (
                    "in play"
                  )}
                </td>
                <td className="list-wide">{e.answers}</td>
                <td className="branched">
                  {e.branchOf === null ? (
                    ""
                  ) : foughtAgain(e.branchOf) ? (
                    branchedFrom(e.branchOf)
                  ) : (
                    <>
                      <span className="cell-label">a what-if of </span>#{e.branchOf.id}
                      <span className="list-wide"> after {e.branchOf.at}</span>
                    </>
                  )}
                </td>
                <td className="list-played">
                  <time dateTime={e.updatedAt} title={e.updatedAt}>
                    {since(e.updatedAt, now)}
                  </time>
                </td>
                <td className="list-row-actions">
                  <button
                    aria-label={`copy #${e.id} into the builder`}
                    title="A new encounter from this one's file, to change in the builder"
                    onClick={() => {
                      window.location.hash = routeHref({ page: "build", from: e.id });
                    }}
                  >
                    Copy
                  </button>{" "}
                  <button
                    aria-label={`export #${e.id} as a file`}
                    title="Save this encounter's file (YAML), as it began, to open under New encounter here or on another server; the fight as it stands is its page's Download the log"
                    onClick={() => void exportFile(e)}
                  >
                    Export
                  </button>{" "}
                  <button aria-label={`delete #${e.id}`} onClick={() => void remove(e)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateEncounter
        created={(e) => {
          window.location.hash = routeHref({ page: "encounter", id: e.id });
        }}
      />
    </main>
  );
}
