// A page's keyboard shortcuts (`?`), in a modal dialog that Esc closes: the fight's on an
// encounter's page, the list's and the builder's on theirs, each saying where its keys work and
// where the others are.
import { Fragment, useState } from "react";
import { useByTouch } from "../use-by-touch.js";
import { useModal } from "../use-modal.js";
import { usePageKeys } from "../use-page-keys.js";
import { FIGHT_KEYS, isShortcut, type PageKeys } from "../shortcuts.js";

export function HelpOverlay({
  open,
  close,
  keys = FIGHT_KEYS,
}: {
  readonly open: boolean;
  readonly close: () => void;
  readonly keys?: PageKeys;
}) {
  const dialog = useModal(open);
  return (
    // Esc's cancel closes the state at once: the dialog hides then, and its close event comes a
    // task later, between which a key (the list's /) was taken as pressed with the help open.
    <dialog
      ref={dialog}
      className="help"
      aria-labelledby="help-title"
      onCancel={close}
      onClose={close}
    >
      <h2 id="help-title">Keyboard shortcuts</h2>
      <p className="help-where">{keys.where}</p>
      <table>
        <tbody>
          {keys.shortcuts.map((s) => (
            <tr key={s.what}>
              <th scope="row">
                {s.keys.map((k, i) => (
                  <Fragment key={i}>
                    {i === 0 ? null : s.keys[0] === "Shift" ? "+" : " "}
                    {k === "…" ? k : <kbd>{k}</kbd>}
                  </Fragment>
                ))}
              </th>
              <td>{s.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="help-elsewhere">{keys.elsewhere}</p>
      <button onClick={close}>Close</button>
    </dialog>
  );
}

/**
 * The _Keys ?_ button that opens a page's help about its keys; none on a phone or a tablet, which
 * has no keyboard to say keys to (the GM running the fight from a phone at 390x844 was offered
 * it, and a table of keys he could not press). A keyboard's `?` still opens the help.
 */
export function KeysButton({ onClick }: { readonly onClick: () => void }) {
  const byTouch = useByTouch();
  if (byTouch) return null;
  return (
    <button className="help-button" onClick={onClick}>
      Keys ?
    </button>
  );
}

/**
 * A page's _Keys ?_ button and its help overlay, shown by `?` too; `onKey` takes the page's other
 * keys (a key it uses returns true).
 */
export function PageKeysHelp({
  keys,
  onKey = () => false,
}: {
  readonly keys: PageKeys;
  readonly onKey?: (key: string) => boolean;
}) {
  const [open, setOpen] = useState(false);
  usePageKeys((event) => {
    if (!isShortcut(event)) return;
    if (event.key === "?") setOpen(!open);
    else if (open || !onKey(event.key)) return;
    event.preventDefault();
  });
  return (
    <>
      <KeysButton onClick={() => setOpen(true)} />
      <HelpOverlay open={open} close={() => setOpen(false)} keys={keys} />
    </>
  );
}
