// The list of the page's keyboard shortcuts (`?`), in a modal dialog that Esc closes.
import { Fragment } from "react";
import { useModal } from "../use-modal.js";
import { SHORTCUTS } from "../shortcuts.js";

export function HelpOverlay({
  open,
  close,
}: {
  readonly open: boolean;
  readonly close: () => void;
}) {
  const dialog = useModal(open);
  return (
    <dialog ref={dialog} className="help" aria-labelledby="help-title" onClose={close}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {SHORTCUTS.map((s) => (
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
      <button onClick={close}>Close</button>
    </dialog>
  );
}
