// Each ruleset Fray ships, by id, loaded when asked for: a command that reads one file of one
// ruleset compiles that ruleset's modules alone, where index.ts loads all five (src/app/
// rulesets-to-read.ts; docs/architecture.md, "What the CLI loads").
import type { Ruleset } from "../engine/ruleset.js";

export const loadShipped: Readonly<Record<string, () => Promise<Ruleset>>> = {
  cartyrion: async () => (await import("./cartyrion/index.js")).cartyrion,
  "dungeons-of-olde": async () => (await import("./dungeons-of-olde/index.js")).dungeonsOfOlde,
  karn: async () => (await import("./karn/index.js")).karn,
  "swords-wizardry-fitz": async () =>
    (await import("./swords-wizardry-fitz/index.js")).swordsWizardryFitz,
  tnt: async () => (await import("./tnt/index.js")).tnt,
};
