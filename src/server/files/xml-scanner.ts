/**
 * A small streaming XML tokenizer for the machine-written parts of an .xlsx package (worksheets,
 * shared strings): text is pushed in chunks, elements come out as events, and nothing but the
 * unfinished tail of a chunk is kept. docs/decisions/0050-xlsx-reader-bounded-memory.md says why
 * it is not a general parser: no DTD (a DOCTYPE is refused, so no entity can expand), only the
 * five predefined entities and character references, namespaces reduced to local names.
 *
 * Bounds: a tag longer than `maxTagChars`, or a text run the handler asked for that grows past
 * `maxTextChars`, stops the scan with XmlLimitError; text nobody asked for is never kept.
 */

/** The scanner met something that is not well-formed enough to read. */
export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
}

/** A tag or a text run exceeded its bound. `what` says which ('tag' or 'text'). */
export class XmlLimitError extends Error {
  override name = 'XmlLimitError';
  constructor(readonly what: 'tag' | 'text') {
    super(what === 'tag' ? 'an XML tag is too long' : 'a text value is too long');
  }
}

/**
 * Receives the events. `open` gets the local name (prefix dropped) and the raw tag text from the
 * name's end to before `>` or `/>` (read it with `attribute`); `selfClosing` elements get no
 * `close`. Text comes whole (between two tags, entities decoded) and only while `wantsText`
 * answers true.
 */
export interface XmlHandler {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(value: string): void;
  wantsText(): boolean;
}

export interface XmlScannerLimits {
  maxTagChars: number;
  maxTextChars: number;
}

export class XmlScanner {
  private tail = '';
  private pendingText = '';
  private textWanted = false;
  private ended = false;

  constructor(
    private readonly handler: XmlHandler,
    private readonly limits: XmlScannerLimits,
  ) {}

  /** True once the handler called `stop()`: later pushes are ignored. */
  get stopped(): boolean {
    return this.ended;
  }

  /** Ends the scan early (the reader has what it wants). */
  stop(): void {
    this.ended = true;
    this.tail = '';
    this.pendingText = '';
  }

  /**
   * Scans `chunk` (text following the previous chunk).
   * @throws XmlSyntaxError, XmlLimitError
   */
  push(chunk: string): void {
    if (this.ended) return;
    const s = this.tail.length === 0 ? chunk : this.tail + chunk;
    this.tail = '';
    const h = this.handler;
    const n = s.length;
    let pos = 0;
    while (pos < n && !this.ended) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        this.addText(s, pos, n);
        return;
      }
      if (lt > pos) this.addText(s, pos, lt);
      if (lt + 1 >= n) {
        this.keepTail(s, lt);
        return;
      }
      const c = s.charCodeAt(lt + 1);
      if (c === 47 /* / */) {
        const gt = s.indexOf('>', lt + 2);
        if (gt < 0) {
          this.keepTail(s, lt);
          return;
        }
        this.flushText();
        h.close(localName(s, lt + 2, gt));
        this.textWanted = h.wantsText();
        pos = gt + 1;
      } else if (c === 63 /* ? */) {
        const end = s.indexOf('?>', lt + 2);
        if (end < 0) {
          this.keepTail(s, lt);
          return;
        }
        pos = end + 2;
      } else if (c === 33 /* ! */) {
        if (s.startsWith('<!--', lt)) {
          const end = s.indexOf('-->', lt + 4);
          if (end < 0) {
            this.keepTail(s, lt);
            return;
          }
          pos = end + 3;
        } else if (s.startsWith('<![CDATA[', lt)) {
          const end = s.indexOf(']]>', lt + 9);
          if (end < 0) {
            this.keepTail(s, lt);
            return;
          }
          if (this.textWanted || h.wantsText()) this.appendText(s.slice(lt + 9, end));
          pos = end + 3;
        } else if (n - lt < 9) {
          this.keepTail(s, lt);
          return;
        } else {
          throw new XmlSyntaxError('a DOCTYPE or other declaration is not allowed here');
        }
      } else {
        const end = tagEnd(s, lt + 1);
        if (end < 0) {
          this.keepTail(s, lt);
          return;
        }
        this.flushText();
        const selfClosing = s.charCodeAt(end - 1) === 47;
        let nameEnd = lt + 1;
        while (nameEnd < end && !isNameEnd(s.charCodeAt(nameEnd))) nameEnd++;
        h.open(localName(s, lt + 1, nameEnd), s.slice(nameEnd, selfClosing ? end - 1 : end), selfClosing);
        this.textWanted = h.wantsText();
        pos = end + 1;
      }
    }
  }

  /** The input is over. @throws XmlSyntaxError when it stops inside a tag. */
  end(): void {
    if (this.ended) return;
    if (this.tail.trim().length > 0) throw new XmlSyntaxError('the XML ends inside a tag');
    this.flushText();
  }

  private keepTail(s: string, from: number): void {
    if (s.length - from > this.limits.maxTagChars) throw new XmlLimitError('tag');
    this.tail = s.slice(from);
  }

  private addText(s: string, from: number, to: number): void {
    if (!this.textWanted) return;
    this.appendText(s.slice(from, to));
  }

  private appendText(raw: string): void {
    this.pendingText = this.pendingText.length === 0 ? raw : this.pendingText + raw;
    if (this.pendingText.length > this.limits.maxTextChars) throw new XmlLimitError('text');
  }

  private flushText(): void {
    if (this.pendingText.length === 0) return;
    const raw = this.pendingText;
    this.pendingText = '';
    this.handler.text(raw.indexOf('&') < 0 ? raw : decodeEntities(raw));
  }
}

/** Index of the `>` closing the tag that starts at `from` (after `<`), skipping quoted values; -1 if not in `s`. */
function tagEnd(s: string, from: number): number {
  const n = s.length;
  for (let i = from; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 62 /* > */) return i;
    if (c === 34 || c === 39) {
      const close = s.indexOf(c === 34 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

function isNameEnd(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62;
}

/** The name between `from` and `to` without its namespace prefix. */
function localName(s: string, from: number, to: number): string {
  let end = to;
  while (end > from && isNameEnd(s.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > from && s.charCodeAt(start - 1) !== 58 /* : */) start--;
  return knownName(s, start > from ? start : from, end);
}

/** The names SpreadsheetML repeats millions of times, without a new string each time. */
function knownName(s: string, from: number, to: number): string {
  switch (to - from) {
    case 1:
      switch (s.charCodeAt(from)) {
        case 99:
          return 'c';
        case 118:
          return 'v';
        case 116:
          return 't';
        case 102:
          return 'f';
        case 114:
          return 'r';
        default:
      }
      break;
    case 2:
      if (s.startsWith('si', from)) return 'si';
      if (s.startsWith('is', from)) return 'is';
      break;
    case 3:
      if (s.startsWith('row', from)) return 'row';
      break;
    default:
  }
  return s.slice(from, to);
}

/**
 * The value of attribute `name` (local name, any prefix) in the raw attribute text of a tag, or
 * undefined. Entities in the value are decoded.
 */
export function attribute(attributes: string, name: string): string | undefined {
  const n = attributes.length;
  let i = 0;
  while (i < n) {
    const eq = attributes.indexOf('=', i);
    if (eq < 0) return undefined;
    let nameEnd = eq;
    while (nameEnd > i && isSpace(attributes.charCodeAt(nameEnd - 1))) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > i && !isSpace(attributes.charCodeAt(nameStart - 1))) nameStart--;
    let q = eq + 1;
    while (q < n && isSpace(attributes.charCodeAt(q))) q++;
    const quote = attributes[q];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = attributes.indexOf(quote, q + 1);
    if (close < 0) return undefined;
    const colon = attributes.lastIndexOf(':', nameEnd - 1);
    const localStart = colon >= nameStart ? colon + 1 : nameStart;
    if (nameEnd - localStart === name.length && attributes.startsWith(name, localStart)) {
      const value = attributes.slice(q + 1, close);
      return value.indexOf('&') < 0 ? value : decodeEntities(value);
    }
    i = close + 1;
  }
  return undefined;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and character references; an unknown entity stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, e: string) => {
    if (e.charCodeAt(0) === 35) {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[e] ?? whole;
  });
}
