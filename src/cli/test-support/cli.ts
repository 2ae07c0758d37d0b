// What the CLI's tests share: a file of the repository by its path (examples/, bench/), what the
// commands print on standard output and standard error, and a `fray` program of a few commands.
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { afterEach, beforeEach, vi } from "vitest";

/** The absolute path of a file of the repository: `repoFile("examples/tnt/duel.yaml")`. */
export function repoFile(path: string): string {
  return fileURLToPath(new URL(`../../../${path}`, import.meta.url));
}

/** What the commands printed since the test began or since the last `clear`. */
export interface Printed {
  /** Standard output. */
  text(): string;
  /** Standard error. */
  errors(): string;
  /** Standard output, which is then cleared. */
  take(): string;
  /** Forgets both. */
  clear(): void;
}

/**
 * Captures standard output and standard error in every test of the file (or of the `describe`
 * it is called in), so that a test reads what a command printed and nothing reaches the terminal.
 */
export function capturePrinted(): Printed {
  let out: string[] = [];
  let err: string[] = [];
  beforeEach(() => {
    out = [];
    err = [];
    vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
      out.push(String(s));
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
      err.push(String(s));
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return {
    text: () => out.join(""),
    errors: () => err.join(""),
    take() {
      const text = out.join("");
      out = [];
      return text;
    },
    clear() {
      out = [];
      err = [];
    },
  };
}

/**
 * A `fray` program of the commands `register` adds, run on `args` with its output captured
 * (commander's exits thrown as errors): what the command printed on standard output.
 */
export async function runFray(
  register: readonly ((program: Command) => void)[],
  ...args: string[]
): Promise<string> {
  const program = new Command("fray").exitOverride();
  for (const add of register) add(program);
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(["node", "fray", ...args]);
  } finally {
    spy.mockRestore();
  }
  return out;
}
