// The demo encounter that `fray serve` stores in an empty database, so that there is a fight to
// open: the chapter's worked example of Laurels and Loot, from the package's examples folder.
import { fileURLToPath } from "node:url";
import { readDataFile } from "../app/files.js";
import { storedJson, type EncounterJson } from "./encounter-json.js";
import type { EncounterStore } from "./store.js";
import { fromFile } from "./stored-encounter.js";

export const DEMO_ENCOUNTER = fileURLToPath(
  new URL("../../examples/cartyrion/tombril-and-the-hill-giant.yaml", import.meta.url),
);

/**
 * Stores the demo encounter when the store holds none; returns it, or null. Of several servers
 * starting together on one empty database, one stores it. The file is read only when the store
 * is empty: a server on a database in use needs nothing from the examples folder, and reads no
 * encounter to find that out.
 */
export async function storeDemoIfEmpty(store: EncounterStore): Promise<EncounterJson | null> {
  let demo: ReturnType<typeof fromFile> | undefined;
  const stored = await store.insertIfEmpty(() => {
    demo = fromFile(readDataFile(DEMO_ENCOUNTER), DEMO_ENCOUNTER, undefined);
    return demo.record;
  });
  return stored === null || demo === undefined ? null : storedJson(stored, demo.replay);
}
