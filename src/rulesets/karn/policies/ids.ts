// Small integer ids for fighters' static profiles and for switch sets, so that the policies'
// cache keys stay short (a profile is a long JSON string; its id is looked up once per call).
// Bounded (engine/memo.ts): a long run over many encounters keeps the latest profiles; one that
// leaves and comes back gets a new id (ids are never reused), so a key never names two profiles.
import { Memo } from "../../../engine/memo.js";

/** Profiles and switch sets kept at once: far more than one encounter has. */
const KEPT = 4096;

let next = 0;
const ids = new Memo<string, number>(KEPT);
const switchIds = new WeakMap<object, number>();
const switchContents = new Memo<string, number>(KEPT);
const fresh = () => next++;

export function profileId(profile: string): number {
  return ids.get(profile, fresh);
}

/** An id for a set of switches, by content (exact odds clone the state, switches included). */
export function switchId(switches: object): number {
  let id = switchIds.get(switches);
  if (id === undefined) {
    id = switchContents.get(JSON.stringify(switches), fresh);
    switchIds.set(switches, id);
  }
  return id;
}

const attackStates = new Memo<string, number>(KEPT);

/** An id for a fighter's attacks' states in hand and untrained penalties, by content. */
export function attackStatesId(held: readonly number[], untrained: readonly number[]): number {
  return attackStates.get(`${held.join()}/${untrained.join()}`, fresh);
}
