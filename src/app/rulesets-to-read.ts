// The rulesets a command needs to read one encounter or exchange file: the shipped ruleset the
// file names, alone, loaded then; or every ruleset (rulesets.ts), so that a file naming another
// ruleset, none or one unknown is read, or refused listing them all, exactly as before.
import type { RulesetRegistry } from "../engine/encounter-file.js";
import { loadShipped } from "../rulesets/load.js";

/**
 * The registry to read `content` (a data file's value) with. A ruleset loaded with `--ruleset`
 * never takes a shipped id (loadRulesetModule refuses it), so a shipped id means that ruleset.
 */
export async function rulesetsToRead(content: unknown): Promise<RulesetRegistry> {
  const id =
    typeof content === "object" && content !== null && !Array.isArray(content)
      ? (content as Record<string, unknown>)["ruleset"]
      : undefined;
  if (typeof id === "string" && Object.hasOwn(loadShipped, id))
    return { [id]: await loadShipped[id]!() };
  return (await import("./rulesets.js")).rulesets;
}
