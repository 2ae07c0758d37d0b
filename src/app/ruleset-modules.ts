// The modules the rulesets loaded with `--ruleset` came from, by ruleset id (rulesets.ts loads
// them and notes them here): apart from rulesets.ts, so that a command hands them to its worker
// threads without loading every ruleset Fray ships (docs/architecture.md, "What the CLI loads").

/** Module URL by the id of the ruleset loaded from it. */
export const loadedModules = new Map<string, string>();

/** The URL of the module a loaded ruleset came from (for worker threads); undefined for Fray's own. */
export function rulesetModuleUrl(id: string): string | undefined {
  return loadedModules.get(id);
}

/** Every loaded ruleset's module URL, for a worker thread to load the same. */
export function loadedModuleUrls(): string[] {
  return [...new Set(loadedModules.values())];
}
