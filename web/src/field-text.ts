// A field of a combatant's view as text: numbers and words as they are, lists joined, and records
// (a weapon's profile, the range to each foe) as "key: value" pairs, which wrap in a narrow
// column where a record's JSON, with no spaces, would widen the page past the screen. `keyText`
// writes a record's keys (as they are by default).
export function fieldText(value: unknown, keyText: (key: string) => string = (k) => k): string {
  if (value === null || value === undefined) return "-";
  if (Array.isArray(value)) {
    if (value.length === 0) return "-";
    const records = value.some((v) => typeof v === "object" && v !== null);
    return value.map((v) => fieldText(v, keyText)).join(records ? "; " : ", ");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "-";
    return entries.map(([key, v]) => `${keyText(key)}: ${fieldText(v, keyText)}`).join(", ");
  }
  return String(value);
}
