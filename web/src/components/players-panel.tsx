// The GM's side of the players' screens (docs/console.md, "The players' screens"): a link for a
// player (some combatants of one side) or for a whole side; the links with who has their screen
// open, each made on this page with its own _Show the code_ (one link and QR code shown at a
// time: the rehearsal's GM, making Anna's, Ben's, Cleo's and Dev's in a row, was left with Dev's
// only and revoked and remade the other three); revoke. The panel opens over the page from
// _Players_ in its header (at the foot of the page it was two screens down at 1280x800, under
// the log and the odds, where a GM linking phones before the fight did not find it). And, beside
// the prompt, that a player is choosing.
import { useRef, useState, type FormEvent } from "react";
import { api } from "../api.js";
import { copyText } from "../clipboard.js";
import type { Encounter, NewPlayerLink, PlayerLink } from "../types.js";
import { asError } from "../use-encounter.js";
import { useModal } from "../use-modal.js";
import { sharesText } from "../roll-shares.js";
import { linkOf, useLinksMovedTo } from "../use-player-links.js";
import { ErrorBox } from "./error-box.js";
import { QrCode } from "./qr-code.js";

/** The link's address to give the player: the server's own for other machines, else this page's. */
function addressOf(made: NewPlayerLink): string {
  return made.urls[0] ?? `${window.location.origin}${made.path}`;
}

/**
 * Whether no phone can open the link: the server gave no address other machines reach (it listens
 * on loopback, `fray serve`'s default) and this page is at a loopback address. The quick start's
 * server handed out a 127.0.0.1 link and its QR code, which a phone scanned to nothing.
 */
function thisMachineOnly(made: NewPlayerLink): boolean {
  return (
    made.urls.length === 0 &&
    /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(window.location.hostname)
  );
}

/** The players' links of the encounter, as the page loads them (usePlayerLinks). */
type Links = readonly PlayerLink[];

export function PlayerActivity({
  encounter,
  links,
}: {
  readonly encounter: Encounter;
  readonly links: Links;
}) {
  const pending = encounter.pending;
  // An opposed roll a player rolls a part of: each part in, and who still has to roll which.
  const shares = pending?.kind === "roll" ? pending.shares : null;
  if (shares !== null && shares.some((s) => linkOf(links, s.combatant) !== undefined)) {
    const nameOf = (id: string) => encounter.views.gm.find((c) => c.id === id)?.name ?? id;
    const rollerOf = (id: string) => {
      const link = linkOf(links, id);
      return link === undefined ? undefined : { name: link.name, open: link.connected };
    };
    return (
      <p className="player-choosing" role="status">
        {sharesText(shares, nameOf, rollerOf)}
      </p>
    );
  }
  // A roll with a player's defender's dice in it (karn's dodge die in a foe's strike) is that
  // player's to type too: "Ben is rolling for Orrin on their screen".
  const opposed = pending?.kind === "roll" ? pending.opposed : null;
  const actor =
    linkOf(links, pending?.actor ?? null) === undefined && linkOf(links, opposed) !== undefined
      ? opposed
      : (pending?.actor ?? null);
  const link = linkOf(links, actor);
  if (link === undefined || actor === null) return null;
  const name =
    encounter.views.gm.find((c) => c.id === actor)?.name ??
    encounter.sides.find((s) => s.id === actor)?.name ??
    actor;
  const doing = pending?.kind === "roll" ? "rolling" : "choosing";
  return (
    <p className={link.connected ? "player-choosing" : "player-choosing away"} role="status">
      {link.connected
        ? `${link.name} is ${doing} for ${name} on their screen; you can still answer here.`
        : `${name} is ${link.name}'s, whose screen is not open: answer here, or ask them to open their link.`}
    </p>
  );
}

export function PlayersPanel({
  encounter,
  links: all,
  movedTo,
}: {
  readonly encounter: Encounter;
  readonly links: Links;
  /** The encounter its links moved on to when it was fought again, if they did. */
  readonly movedTo: number | null;
}) {
  const { id } = encounter;
  const links = all.filter((l) => l.revokedAt === null);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<readonly string[]>([]);
  // The links made on this page, whose addresses Fray keeps no more than their fingerprints, and
  // the one whose address and QR code are shown.
  const [made, setMade] = useState<readonly NewPlayerLink[]>([]);
  const [shownId, setShownId] = useState<number | null>(null);
  const gone = (player: number) => all.some((l) => l.id === player && l.revokedAt !== null);
  const shown = made.find((m) => m.id === shownId && !gone(m.id)) ?? null;
  const show = (player: number | null) => {
    setShownId(player);
    setCopied("no");
  };
  const [copied, setCopied] = useState<"no" | "yes" | "by hand">("no");
  const linkBox = useRef<HTMLInputElement>(null);
  const copyLink = async (link: NewPlayerLink) => {
    const done = await copyText(addressOf(link));
    setCopied(done ? "yes" : "by hand");
    if (done) return;
    linkBox.current?.focus();
    linkBox.current?.select();
  };
  const [error, setError] = useState<Error | null>(null);
  const nameOf = (who: string) => encounter.views.gm.find((c) => c.id === who)?.name ?? who;
  const toggle = (key: string) =>
    setChosen(chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]);

  const make = async (event: FormEvent) => {
    event.preventDefault();
    const sides = chosen.filter((k) => k.startsWith("side:")).map((k) => k.slice(5));
    const combatants = chosen.filter((k) => !k.startsWith("side:"));
    try {
      const link =
        sides.length === 1 && combatants.length === 0
          ? { name, side: sides[0]! }
          : sides.length === 0
            ? { name, combatants }
            : null;
      if (link === null) throw new Error("a link plays a whole side, or some combatants: not both");
      const fresh = await api.newPlayer(id, link);
      setMade((before) => [...before, fresh]);
      show(fresh.id);
      setError(null);
      setName("");
      setChosen([]);
    } catch (thrown) {
      setError(asError(thrown));
    }
  };

  const revoke = async (player: number) => {
    try {
      await api.revokePlayer(id, player);
      setMade((before) => before.filter((m) => m.id !== player));
      if (shownId === player) show(null);
    } catch (thrown) {
      setError(asError(thrown));
    }
  };

  return (
    <section className="players-panel" aria-label="players">
      <h2>Players</h2>
      {links.length === 0 && movedTo !== null ? (
        <p className="hint players-moved">
          This fight was fought again: its players&apos; links moved on to{" "}
          <a href={`#/encounters/${movedTo}`}>#{movedTo}</a>, and their phones play it there. Links
          made here play this fight.
        </p>
      ) : links.length === 0 ? (
        <p className="hint">No player has a link yet: make one for each player's phone.</p>
      ) : (
        <>
          {links.some((l) => !made.some((m) => m.id === l.id)) ? (
            <p className="hint">
              A link made before this page opened shows no code: Fray keeps only a fingerprint of
              it. To hand one out again, revoke it and make another.
            </p>
          ) : null}
          <ul className="player-links">
            {links.map((l) => (
              <li key={l.id}>
                <span className="player-name">{l.name}</span>{" "}
                <span className="player-plays">
                  {l.combatants === null
                    ? `all of ${encounter.sides.find((s) => s.id === l.side)?.name ?? l.side}`
                    : l.plays.map(nameOf).join(", ")}
                </span>{" "}
                <span className={l.connected ? "presence on" : "presence off"}>
                  {l.connected ? "screen open" : "not connected"}
                </span>{" "}
                {made.some((m) => m.id === l.id) ? (
                  <>
                    <button
                      aria-pressed={shown?.id === l.id}
                      aria-label={`Show ${l.name}'s code`}
                      onClick={() => show(shown?.id === l.id ? null : l.id)}
                    >
                      {shown?.id === l.id ? "Hide the code" : "Show the code"}
                    </button>{" "}
                  </>
                ) : null}
                <button onClick={() => void revoke(l.id)} aria-label={`Revoke ${l.name}'s link`}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {shown === null ? null : (
        <div className="new-link" role="status">
          {thisMachineOnly(shown) ? (
            <p className="link-unreachable">
              This server answers this machine only ({window.location.hostname}): no phone can open
              this link. Stop it (Ctrl-C), start it with <code>fray serve --host 0.0.0.0</code> (or{" "}
              <code>npm start -- --host 0.0.0.0</code>), open the GM&apos;s link it prints and make
              the links there: the fights are kept.
            </p>
          ) : null}
          <label>
            {shown.name}&apos;s link{" "}
            <input
              ref={linkBox}
              readOnly
              value={addressOf(shown)}
              onFocus={(e) => e.target.select()}
            />
          </label>
          <button onClick={() => void copyLink(shown)}>Copy</button>{" "}
          {/* Over plain http from another machine the page may copy nothing: Copy did nothing, and
              said nothing. Then the link is selected, to copy by hand. */}
          <span className="copied">
            {copied === "yes"
              ? `Copied ${shown.name}'s link.`
              : copied === "by hand"
                ? "This browser lets the page copy nothing: the link is selected, copy it (Ctrl+C, or hold it on a phone)."
                : ""}
          </span>
          <QrCode text={addressOf(shown)} label={`${shown.name}'s link as a QR code`} />
          <p className="hint">
            Send it to {shown.name}, or let their phone's camera scan the code, to open on their
            phone. Fray keeps only a fingerprint of it: if it is lost, revoke it and make another.
          </p>
        </div>
      )}
      <form className="new-player" onSubmit={(e) => void make(e)}>
        <label>
          Player&apos;s name{" "}
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="Anna" />
        </label>
        {encounter.sides.map((side) => (
          <fieldset key={side.id}>
            <legend>{side.name}</legend>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(`side:${side.id}`)}
                onChange={() => toggle(`side:${side.id}`)}
              />
              all of {side.name}
            </label>
            {encounter.views.gm
              .filter((c) => c.side === side.id)
              .map((c) => (
                <label key={c.id}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(c.id)}
                    onChange={() => toggle(c.id)}
                  />
                  {c.name}
                </label>
              ))}
          </fieldset>
        ))}
        <button type="submit" disabled={name.trim() === "" || chosen.length === 0}>
          Make a link
        </button>
      </form>
      <ErrorBox error={error} />
    </section>
  );
}

/**
 * _Players_ in the page's header, with the links and the screens open ("Players: 2, 1 open"),
 * and the panel it opens over the page, which Esc or _Close_ closes.
 */
export function PlayersButton({
  encounter,
  links: all,
  open,
  setOpen,
}: {
  readonly encounter: Encounter;
  readonly links: Links;
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
}) {
  const links = all.filter((l) => l.revokedAt === null);
  const dialog = useModal(open);
  const movedTo = useLinksMovedTo(encounter.id, encounter.status === "over", all);
  const onScreens = links.filter((l) => l.connected).length;
  return (
    <>
      <button className="players-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Players
        {links.length === 0 ? null : (
          <span className="players-count">
            : {links.length}, {onScreens} open
          </span>
        )}
      </button>
      <dialog ref={dialog} className="players-dialog" onClose={() => setOpen(false)}>
        {/* Kept while closed: the links made are still there to show when it opens again. */}
        <PlayersPanel encounter={encounter} links={all} movedTo={movedTo} />
        <button onClick={() => setOpen(false)}>Close</button>
      </dialog>
    </>
  );
}
