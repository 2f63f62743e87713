/**
 * Finds the lines holding bytes that are not valid UTF-8, fed the bytes of a file in chunks
 * (a character split between chunks is followed across). TextDecoder replaces bad bytes
 * without saying where they were, and a U+FFFD already in the file is valid, so the bytes
 * are checked here: overlong forms, surrogates and code points past U+10FFFF are invalid,
 * as in the WHATWG decoder. Lines are counted by LF bytes, which never occur inside a
 * multi-byte UTF-8 character.
 */
export class Utf8Checker {
  private line = 1;
  /** Continuation bytes still expected, and the range allowed for the next one. */
  private needed = 0;
  private lower = 0x80;
  private upper = 0xbf;
  private readonly lines: number[] = [];

  /** The 1-based lines with invalid bytes, in order, each once. */
  get badLines(): readonly number[] {
    return this.lines;
  }

  /** Checks the next chunk of bytes. */
  push(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      if (this.needed > 0) {
        if (b >= this.lower && b <= this.upper) {
          this.needed--;
          this.lower = 0x80;
          this.upper = 0xbf;
          continue;
        }
        // A sequence cut short: the byte is read again as the start of a character.
        this.bad();
      }
      if (b === 0x0a) this.line++;
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) this.expect(1, 0x80, 0xbf);
      else if (b === 0xe0) this.expect(2, 0xa0, 0xbf);
      else if (b === 0xed) this.expect(2, 0x80, 0x9f);
      else if (b >= 0xe1 && b <= 0xef) this.expect(2, 0x80, 0xbf);
      else if (b === 0xf0) this.expect(3, 0x90, 0xbf);
      else if (b === 0xf4) this.expect(3, 0x80, 0x8f);
      else if (b >= 0xf1 && b <= 0xf3) this.expect(3, 0x80, 0xbf);
      else this.bad();
    }
  }

  /** Ends the input: a character cut off by the end of the file is invalid. */
  end(): void {
    if (this.needed > 0) this.bad();
  }

  private expect(needed: number, lower: number, upper: number): void {
    this.needed = needed;
    this.lower = lower;
    this.upper = upper;
  }

  private bad(): void {
    this.needed = 0;
    this.lower = 0x80;
    this.upper = 0xbf;
    if (this.lines[this.lines.length - 1] !== this.line) this.lines.push(this.line);
  }
}
