// A cursor over the characters of a dice expression, for the hand-written parser.

export function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

export function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
}

export class Scanner {
  pos = 0;

  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string | undefined {
    return this.text[this.pos + offset];
  }

  advance(count = 1): void {
    this.pos += count;
  }

  /** Consumes `s` if the text continues with it. */
  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  skipSpaces(): void {
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") break;
      this.pos++;
    }
  }

  /** A run of decimal digits, as written. */
  readDigits(): string {
    const start = this.pos;
    while (isDigit(this.text[this.pos])) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A run of ASCII letters, as written. */
  readLetters(): string {
    const start = this.pos;
    while (isLetter(this.text[this.pos])) this.pos++;
    return this.text.slice(start, this.pos);
  }
}
