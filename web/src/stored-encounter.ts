// A stored encounter's file, read from its log (GET /encounters/:id/log: the header holds the
// file, the tactics as they are now; the GM's add-combatant answers the late arrivals' blocks):
// what the list exports and what the builder's copy starts from.
import { api } from "./api.js";

type Block = Record<string, unknown>;

/** A stored encounter as its log gives it: its file, and the blocks of its late arrivals. */
export interface StoredEncounter {
  readonly file: Block;
  /** The combatants the GM brought in during the fight, in order, as they came in. */
  readonly arrivals: readonly Block[];
}

const isRecord = (v: unknown): v is Block =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The file and late arrivals of a log's text (`fray-log/1`); `id` names it in an error. */
export function storedOfLog(log: string, id: number): StoredEncounter {
  const [head, ...lines] = log.split("\n").filter((line) => line.trim() !== "");
  const header = JSON.parse(head ?? "{}") as { file?: unknown };
  if (!isRecord(header.file)) throw new Error(`Encounter #${id}'s log holds no file to copy.`);
  const arrivals = lines.flatMap((line) => {
    const entry = JSON.parse(line) as { type?: string; kind?: string; change?: unknown };
    if (entry.type !== "answer" || entry.kind !== "gm" || !isRecord(entry.change)) return [];
    const { op, combatant } = entry.change;
    return op === "add-combatant" && isRecord(combatant) ? [combatant] : [];
  });
  return { file: header.file, arrivals };
}

/** Encounter `id`'s file and late arrivals, from its log. */
export async function storedEncounter(id: number): Promise<StoredEncounter> {
  return storedOfLog(await (await api.logFile(id)).text(), id);
}

/**
 * The file a copy starts from: the fight as it began, with everyone who fought in it; each late
 * arrival among the combatants from the start, with the tactics it has now (the file's
 * `arrivalTactics`, which a file without late arrivals has no use for). A Fray default: a GM who
 * copies last week's fight expects its fighters, and a file cannot bring one in later.
 */
export function copiedFile({ file, arrivals }: StoredEncounter): Block {
  const { arrivalTactics, ...rest } = file;
  if (arrivals.length === 0) return rest;
  const tactics = isRecord(arrivalTactics) ? arrivalTactics : {};
  const listed = Array.isArray(file.combatants) ? (file.combatants as unknown[]) : [];
  return {
    ...rest,
    combatants: [
      ...listed,
      ...arrivals.map((block) => {
        const choice = tactics[String(block.id)];
        return choice === undefined ? block : { ...block, tactics: choice };
      }),
    ],
  };
}

/** The name an exported encounter file is saved under: its title's words ("orcs-at-the-ford.yaml"). */
export function exportName(title: string): string {
  const words = title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${words || "encounter"}.yaml`;
}

/** Saves `text` as a file named `name` (the browser's download). */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
