// A combatant's card from the API's view of it: the ruleset's labelled fields (`health`,
// `conditions`, `details`, `place`) when the reply carries them; until then, today's `fields`
// object with each key written in words ("maxStamina" -> "max stamina"), empty ones left out.
import { fieldText } from "./field-text.js";
import type {
  CardData,
  CombatantView,
  ConditionData,
  DetailData,
  HealthBarData,
  PlaceData,
} from "./types.js";

/** A view with the labelled fields the API is to carry. */
type LabelledView = CombatantView & {
  readonly health?: readonly HealthBarData[];
  readonly conditions?: readonly ConditionData[];
  readonly details?: readonly DetailData[];
  readonly place?: PlaceData | null;
};

/** A field's key in words: "damageDice" -> "damage dice", "armourHp" -> "armour HP". */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/\b(hp|sp|ap|ac|dr|cov|bcb|con|str|dex|awa)\b/gi, (w) => w.toUpperCase());
}

function fieldDetails(fields: CombatantView["fields"]): DetailData[] {
  return Object.entries(fields)
    .map(([key, value]) => ({ label: keyWords(key), value: fieldText(value, keyWords) }))
    .filter((d) => d.value !== "-" && d.value !== "");
}

export function cardOf(view: CombatantView): CardData {
  const labelled = view as LabelledView;
  return {
    id: view.id,
    name: view.name,
    side: view.side,
    status: view.status,
    out: view.out,
    health: labelled.health ?? [],
    conditions: labelled.conditions ?? [],
    details: labelled.details ?? fieldDetails(view.fields),
    place: labelled.place ?? null,
  };
}
