// The chapter's headings (Dungeons of Olde, "Combat"), cited by every explanation and by the
// coverage table, followed by the core-rules pages the chapter links to and RULES-NOTES.md 004
// summarises (dice, challenges, turns and action points, injury). Ids are stable.
import type { Section } from "../../engine/choice.js";

export const SECTIONS = {
  opposed: { id: "attacking-as-an-opposed-attempt", title: "Attacking as an Opposed Attempt" },
  critical: { id: "critical-outcomes-in-combat", title: "Critical Outcomes in Combat" },
  lineOfSight: { id: "line-of-sight", title: "Line of Sight" },
  weapons: { id: "weapons", title: "Weapons" },
  melee: { id: "melee-weapons", title: "Melee Weapons" },
  unarmed: { id: "unarmed-combat", title: "Unarmed Combat" },
  ranged: { id: "ranged-combat", title: "Ranged Combat" },
  crossbows: { id: "crossbows", title: "Crossbows" },
  shields: { id: "shields", title: "Shields" },
  armour: { id: "armor", title: "Armor" },
  // The core rules the chapter links to (RULES-NOTES.md 004; dungeonsofolde.com reference sheets).
  dice: { id: "dice", title: "Dice (core rules)" },
  challenges: { id: "challenges", title: "Challenges (core rules)" },
  turns: { id: "turns-and-phases", title: "Turns and Phases (core rules)" },
  actions: { id: "movement-and-actions", title: "Movement and Actions (core rules)" },
  injury: { id: "injury", title: "Injury (core rules)" },
  firstAid: { id: "first-aid", title: "First Aid (core rules)" },
} as const satisfies Record<string, Section>;

export const SECTION_LIST: readonly Section[] = Object.values(SECTIONS);
