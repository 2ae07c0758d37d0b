// Small integer ids for fighters' static profiles and for switch sets, so that the policies'
// cache keys stay short (a profile is a long JSON string; its id is looked up once per call).
const ids = new Map<string, number>();
const switchIds = new WeakMap<object, number>();
const switchContents = new Map<string, number>();

export function profileId(profile: string): number {
  let id = ids.get(profile);
  if (id === undefined) ids.set(profile, (id = ids.size));
  return id;
}

/** An id for a set of switches, by content (exact odds clone the state, switches included). */
export function switchId(switches: object): number {
  let id = switchIds.get(switches);
  if (id === undefined) {
    const text = JSON.stringify(switches);
    id = switchContents.get(text);
    if (id === undefined) switchContents.set(text, (id = switchContents.size));
    switchIds.set(switches, id);
  }
  return id;
}
