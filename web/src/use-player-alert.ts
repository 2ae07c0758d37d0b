// The "your turn" alert of a player's screen: for each new choice of the player's (player-alert.ts)
// the phone vibrates where the browser can, and sounds a short tone if the player turned "Sound
// on your turn" on (off at first; the setting is kept in this browser). Chosen on the page, the
// tone may play: a browser plays sound only once the page has been touched.
import { useCallback, useEffect, useRef, useState } from "react";
import { choiceKey, see, seenStoreKey } from "./player-alert.js";
import type { PlayerState } from "./types.js";

const SOUND_KEY = "fray.player-sound";

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // a browser that keeps nothing: every load starts afresh
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // as above
  }
}

function seenIn(key: string): readonly string[] {
  try {
    const kept: unknown = JSON.parse(stored(key) ?? "[]");
    return Array.isArray(kept) ? kept.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

function tone(ctx: AudioContext): void {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.15, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
  oscillator.frequency.value = 660;
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start();
  oscillator.stop(ctx.currentTime + 0.4);
}

/**
 * Alerts the player of each new choice of theirs in `state`. Gives the sound setting, its
 * setter, and the player's choice shown once it is counted among those seen (null for none).
 */
export function usePlayerAlert(state: PlayerState | null) {
  const [sound, setSoundState] = useState(() => stored(SOUND_KEY) === "on");
  const [seenKey, setSeenKey] = useState<string | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const afterMine = useRef(false);

  /** Makes (or wakes) the page's audio: only in answer to the player's touch. */
  const unlock = useCallback(() => {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    if (audio.current === null && Context !== undefined) audio.current = new Context();
    void audio.current?.resume();
  }, []);

  const setSound = useCallback(
    (on: boolean) => {
      store(SOUND_KEY, on ? "on" : "off");
      setSoundState(on);
      if (on) unlock();
    },
    [unlock],
  );

  useEffect(() => {
    if (!sound) return;
    // Kept on from an earlier visit: the tone may play once the page has been touched.
    document.addEventListener("pointerdown", unlock, { once: true });
    return () => document.removeEventListener("pointerdown", unlock);
  }, [sound, unlock]);

  const key = state === null ? null : choiceKey(state);
  const storeKey = state === null ? null : seenStoreKey(state);
  useEffect(() => {
    if (state === null || storeKey === null) return;
    const before = seenIn(storeKey);
    const { seen, alert } = see(before, state, afterMine.current);
    afterMine.current = key !== null;
    if (seen !== before) store(storeKey, JSON.stringify(seen));
    if (alert) {
      navigator.vibrate?.([180, 90, 180]);
      const ctx = audio.current;
      if (sound && ctx !== null && ctx.state === "running") tone(ctx);
    }
    setSeenKey(key);
    // Once per choice shown: a new state with the same choice changes neither key.
  }, [key, storeKey]);

  return { sound, setSound, seenKey };
}
