// Line input for interactive commands: works on a terminal and on piped standard input
// (returns null at the end of input).
import { createInterface, type Interface } from "node:readline";

export class LineReader {
  private readonly rl: Interface;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;

  private readonly echo: boolean;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {
    this.rl = createInterface({ input, terminal: false });
    // On a terminal the person's Enter ends the line; piped answers are echoed for a readable transcript.
    this.echo = (input as { isTTY?: boolean }).isTTY !== true;
    this.rl.on("line", (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(line);
      } else this.lines.push(line);
    });
    this.rl.on("close", () => {
      this.closed = true;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(null);
      }
    });
  }

  async question(prompt: string): Promise<string | null> {
    this.output.write(prompt);
    const line =
      this.lines.shift() ??
      (this.closed
        ? null
        : await new Promise<string | null>((resolve) => (this.waiting = resolve)));
    if (this.echo) this.output.write(line === null ? "\n" : `${line}\n`);
    return line;
  }

  close(): void {
    this.rl.close();
  }
}
