/**
 * Keyboard-wedge scanner input (DESIGN.md section 14): a scanner "types" its read as keystrokes,
 * much faster than a person, and ends it with Enter or Tab. A read is at least `minLength`
 * characters whose keystrokes each came at most `maxGapMs` after the one before, ending in Enter
 * or Tab no later than `maxGapMs` after the last character. Anything slower is a person typing
 * and is never taken for a read.
 *
 * The GS character (U+001D) that ends a variable-length field of a GS1 string survives the three
 * ways scanners send it: as the character itself, as the control key Ctrl+] (the ASCII control
 * code of `]`), or as Alt held while 0 2 9 is typed on the numeric keypad (Alt+029), which the
 * browser reports as digit keys with `altKey` and then the release of Alt.
 *
 * Pure: the caller feeds key events (from a `keydown`/`keyup` listener) and gets what to do.
 */

export const GS = '\u001d';

/** Longest pause between keystrokes of one read, by default (milliseconds). */
export const WEDGE_MAX_GAP_MS = 100;

/** What a `keydown` or `keyup` carries that the detector needs. */
export interface WedgeKey {
  type: 'keydown' | 'keyup';
  key: string;
  /** The physical key, e.g. 'Numpad0', 'Digit2'. */
  code?: string;
  /** Milliseconds (event.timeStamp). */
  timeStamp: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The WedgeKey of a browser keyboard event. */
export function wedgeKey(event: KeyboardEvent): WedgeKey {
  return {
    type: event.type as 'keydown' | 'keyup',
    key: event.key,
    code: event.code,
    timeStamp: event.timeStamp,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
  };
}

/**
 * What the caller does with the event: `read` ends a read (value given; swallow the Enter/Tab);
 * `swallow` when the key belongs to a read in progress that must not reach the page (the GS
 * control keys); `pass` lets the event do what it normally does.
 */
export type WedgeAction = { kind: 'read'; value: string } | { kind: 'swallow' } | { kind: 'pass' };

export interface WedgeOptions {
  /** Longest pause between keystrokes of one read (default 100 ms). */
  maxGapMs?: number;
  /** Fewest characters of a read (default 4). */
  minLength?: number;
}

export class WedgeDetector {
  private buffer = '';
  private lastAt = -Infinity;
  /** Digits typed with Alt held (an Alt code in progress). */
  private altDigits = '';
  private readonly maxGapMs: number;
  private readonly minLength: number;

  constructor(opts: WedgeOptions = {}) {
    this.maxGapMs = opts.maxGapMs ?? WEDGE_MAX_GAP_MS;
    this.minLength = opts.minLength ?? 4;
  }

  /** Characters of the read in progress (for tests and for undoing what reached a field). */
  get pending(): string {
    return this.buffer;
  }

  feed(e: WedgeKey): WedgeAction {
    if (e.type === 'keyup') return this.keyUp(e);
    if (e.metaKey) return this.reset();
    const gapOk = e.timeStamp - this.lastAt <= this.maxGapMs;
    if (e.key === 'Enter' || e.key === 'Tab') {
      const value = this.buffer;
      const isRead = gapOk && value.length >= this.minLength;
      this.reset();
      return isRead ? { kind: 'read', value } : { kind: 'pass' };
    }
    if (e.altKey && !e.ctrlKey && /^\d$/.test(e.key) && isKeypadOrDigit(e.code)) {
      // Alt code digits: held until Alt is released.
      this.altDigits += e.key;
      this.touch(e.timeStamp, gapOk);
      return { kind: 'swallow' };
    }
    if (e.ctrlKey && !e.altKey && (e.key === ']' || e.code === 'BracketRight')) return this.append(GS, e.timeStamp, gapOk, true);
    if (e.key === GS) return this.append(GS, e.timeStamp, gapOk, true);
    if (e.key.length === 1 && !e.ctrlKey && !e.altKey) return this.append(e.key, e.timeStamp, gapOk, false);
    if (e.key === 'Shift' || e.key === 'Alt' || e.key === 'Control' || e.key === 'AltGraph') return { kind: 'pass' };
    // Any other key (arrows, Backspace, shortcuts) is a person: nothing read so far counts.
    this.reset();
    return { kind: 'pass' };
  }

  private keyUp(e: WedgeKey): WedgeAction {
    if (e.key !== 'Alt' || this.altDigits === '') return { kind: 'pass' };
    const code = Number(this.altDigits);
    this.altDigits = '';
    if (code === 29) return this.append(GS, e.timeStamp, e.timeStamp - this.lastAt <= this.maxGapMs, true);
    return { kind: 'pass' };
  }

  private append(ch: string, at: number, gapOk: boolean, swallow: boolean): WedgeAction {
    this.buffer = gapOk ? this.buffer + ch : ch;
    this.lastAt = at;
    return swallow ? { kind: 'swallow' } : { kind: 'pass' };
  }

  private touch(at: number, gapOk: boolean): void {
    if (!gapOk) this.buffer = '';
    this.lastAt = at;
  }

  private reset(): WedgeAction {
    this.buffer = '';
    this.altDigits = '';
    this.lastAt = -Infinity;
    return { kind: 'pass' };
  }
}

function isKeypadOrDigit(code: string | undefined): boolean {
  return code === undefined || /^(Numpad|Digit)\d$/.test(code);
}
