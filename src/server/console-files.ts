// The console's built files (web/dist) held in memory, each read once per version of it (its size
// and time), with the compressed copies the build writes beside it (web/vite.config.ts): a phone
// opening its player's link loads four of them, and under a flood of other machines they are
// served past the network's limit (rate-limits.ts), so each costs a look at the file's size and
// time (which a new build changes) and a write of bytes held, where reading the file and its
// compressed copies anew took the thread a file system's round trips each time.
import { readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import type { Encoding } from "./compressed-body.js";
import { Memo } from "../engine/memo.js";

/** One file of the build, as sent. */
export interface ConsoleFile {
  readonly type: string;
  /** A weak ETag of its size, time and inode: a build's new file has another. */
  readonly tag: string;
  readonly plain: Buffer;
  /** The build's compressed copies: a file under a kilobyte has none. */
  readonly encoded: ReadonlyMap<Encoding, Buffer>;
}

/** What the console's build holds, by the name's ending. */
const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

/** The copies the build writes beside a file, by their encoding. */
const COPIES: readonly (readonly [Encoding, string])[] = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/**
 * Files held at once: a build's (six files in four names, 2.2 MB with their copies) and the
 * next's, made while the server runs; older versions leave first.
 */
const FILES_HELD = 16;

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

export class ConsoleFiles {
  private readonly held = new Memo<string, ConsoleFile>(FILES_HELD);

  /** The file at `path` as it is now, read the first time this version of it is asked for. */
  file(path: string): ConsoleFile | undefined {
    let tag: string;
    try {
      const stats = statSync(path, { bigint: true });
      if (!stats.isFile()) return undefined;
      tag = `W/"${stats.size.toString(16)}-${stats.mtimeNs.toString(16)}-${stats.ino.toString(16)}"`;
    } catch {
      return undefined;
    }
    return this.held.get(`${path}\n${tag}`, () => {
      const encoded = new Map<Encoding, Buffer>();
      for (const [encoding, ending] of COPIES) {
        const copy = readIfThere(`${path}${ending}`);
        if (copy !== undefined) encoded.set(encoding, copy);
      }
      return {
        type: TYPES[extname(path)] ?? "application/octet-stream",
        tag,
        plain: readFileSync(path),
        encoded,
      };
    });
  }
}
