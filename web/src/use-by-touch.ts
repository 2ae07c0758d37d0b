// Whether the page is on a phone or a tablet (or wherever the pointer is a finger): no keyboard
// to say keys to. The words a stylesheet cannot hide (a box's placeholder: "filter the 19 options
// ( / )") follow it; what it can (the undo line's keys, a player's key hints) styles.css hides by
// the same media query.
import { useSyncExternalStore } from "react";

/** styles.css's query for a phone or a tablet ("(max-width: 900px), (pointer: coarse)"). */
export const BY_TOUCH = "(max-width: 900px), (pointer: coarse)";

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(BY_TOUCH);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
}

/** True on a phone or a tablet, following the window as it is resized or turned. */
export function useByTouch(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(BY_TOUCH).matches);
}
