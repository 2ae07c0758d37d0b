// The chapter's headings (Laurels and Loot, "Combat"), cited by every explanation and by the
// coverage table. Ids are stable; titles are the chapter's own words.
import type { Section } from "../../engine/choice.js";

export const SECTIONS = {
  combat: { id: "combat", title: "Combat" },
  round: { id: "combat-round", title: "The Combat Round and Combat Turns" },
  initiative: { id: "initiative", title: "Determining Turn Order: Initiative" },
  surprise: { id: "surprise", title: "Surprise" },
  turn: { id: "combat-turn", title: "The Combat Turn" },
  movement: { id: "movement", title: "Movement" },
  actions: { id: "actions", title: "Actions" },
  attackActions: { id: "attack-actions", title: "Combat - Attack Actions" },
  melee: { id: "melee-and-reach", title: "Melee and Reach Combat" },
  ranged: { id: "range-combat", title: "Range Combat" },
  resolving: { id: "resolving-combat", title: "Resolving Combat" },
  critical: { id: "critical-hits", title: "Critical Hits" },
  damageDice: { id: "damage-dice", title: "Damage Dice" },
  damageExample: { id: "damage-example", title: "Example (Tombril and the Hill Giant)" },
  power: { id: "power-attacks", title: "Power Attacks" },
  parrying: { id: "parrying", title: "Parrying" },
  parryWeapon: { id: "parrying-with-a-weapon", title: "Parrying with a Weapon" },
  parryShield: { id: "parrying-with-a-shield", title: "Parrying with a Shield" },
  sneak: { id: "sneak-attacks", title: "Sneak Attacks" },
  sneakExample: { id: "sneak-attack-example", title: "Example (Cedryk the Sneaky)" },
} as const satisfies Record<string, Section>;

export const SECTION_LIST: readonly Section[] = Object.values(SECTIONS);
