// The page's keys, heard by a component while it is shown.
import { useLayoutEffect, useRef } from "react";

/**
 * Calls `onKey` (the one of the latest render) for every key pressed on the page while the
 * component is shown. The listener is attached in a layout effect, in the same commit that shows
 * the component: a passive effect runs after the paint, and a key typed in between (a player's
 * "21" as soon as the options appear after a reload) went unheard.
 */
export function usePageKeys(onKey: (event: KeyboardEvent) => void): void {
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}
