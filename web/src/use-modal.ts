// A <dialog> shown as a modal while `open` holds and closed when it no longer does (the keyboard
// help and the players' panel): the ref to give the dialog.
import { useEffect, useRef } from "react";

export function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d === null) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return dialog;
}
