/**
 * The shared strings of an .xlsx (xl/sharedStrings.xml), kept compactly: every string's UTF-8
 * bytes in 1 MiB slabs and three 32-bit numbers per string, not a JS string per entry, so that a
 * million strings cost their bytes plus 12 MB. Bounded (docs/decisions/0050): more than
 * `maxSharedStringBytes` of text or `maxSharedStrings` strings stops the read with
 * SharedStringsLimitError, whose message the reader turns into a FILE_TOO_COMPLEX naming the part.
 */
import type { Entry } from 'yauzl';
import type { ReadLimits } from './read-limits.js';
import { XmlScanner, type XmlHandler } from './xml-scanner.js';
import type { ZipArchive } from './zip-archive.js';

const SLAB_BYTES = 1024 * 1024;
/** Short strings read so far kept as JS strings, up to this many. */
const SMALL_CACHE_ENTRIES = 65_536;

/** The shared strings held more text or more strings than the limits allow. */
export class SharedStringsLimitError extends Error {
  override name = 'SharedStringsLimitError';
}

/** Shared strings by index; an index out of range reads as ''. */
export class SharedStrings {
  private readonly slabs: Buffer[] = [];
  private used = SLAB_BYTES; // bytes used in the last slab (full: none yet)
  private slabOf = new Uint32Array(1024);
  private offsets = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private total = 0;
  private bytes = 0;
  /** Strings of up to 8 bytes, kept as JS strings on first read (codes, quantities repeat a lot). */
  private readonly small = new Map<number, string>();

  constructor(private readonly limits: Pick<ReadLimits, 'maxSharedStringBytes' | 'maxSharedStrings'>) {}

  get count(): number {
    return this.total;
  }

  /** @throws SharedStringsLimitError */
  add(text: string): void {
    if (this.total >= this.limits.maxSharedStrings) {
      throw new SharedStringsLimitError(`more than ${this.limits.maxSharedStrings} shared strings`);
    }
    const length = Buffer.byteLength(text, 'utf8');
    this.bytes += length;
    if (this.bytes > this.limits.maxSharedStringBytes) {
      throw new SharedStringsLimitError(`more than ${Math.round(this.limits.maxSharedStringBytes / 1024 / 1024)} MB of shared strings`);
    }
    if (this.used + length > SLAB_BYTES) {
      this.slabs.push(Buffer.allocUnsafe(Math.max(SLAB_BYTES, length)));
      this.used = 0;
    }
    const slab = this.slabs.length - 1;
    this.slabs[slab]!.write(text, this.used, 'utf8');
    if (this.total === this.lengths.length) this.grow();
    this.slabOf[this.total] = slab;
    this.offsets[this.total] = this.used;
    this.lengths[this.total] = length;
    this.used += length;
    this.total++;
  }

  get(index: number): string {
    if (!(index >= 0 && index < this.total)) return '';
    const length = this.lengths[index]!;
    if (length === 0) return '';
    if (length <= 8) {
      const hit = this.small.get(index);
      if (hit !== undefined) return hit;
    }
    const offset = this.offsets[index]!;
    const text = this.slabs[this.slabOf[index]!]!.toString('utf8', offset, offset + length);
    if (length <= 8 && this.small.size < SMALL_CACHE_ENTRIES) this.small.set(index, text);
    return text;
  }

  private grow(): void {
    const doubled = (a: Uint32Array) => {
      const b = new Uint32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.slabOf = doubled(this.slabOf);
    this.offsets = doubled(this.offsets);
    this.lengths = doubled(this.lengths);
  }
}

/**
 * Reads the shared strings part: each `<si>`'s text, its rich-text runs joined, phonetic runs
 * (`<rPh>`) left out.
 * @throws SharedStringsLimitError; ZipLimitError / ZipFormatError; XmlSyntaxError / XmlLimitError.
 */
export async function readSharedStrings(zip: ZipArchive, entry: Entry | undefined, limits: ReadLimits): Promise<SharedStrings> {
  const strings = new SharedStrings(limits);
  if (!entry) return strings;
  let depthInSi = 0;
  let inT = false;
  let phonetic = 0;
  let current = '';
  const handler: XmlHandler = {
    open(name, _attributes, selfClosing) {
      if (name === 'si') {
        if (selfClosing) strings.add('');
        else {
          depthInSi = 1;
          current = '';
        }
      } else if (depthInSi > 0) {
        if (name === 'rPh') phonetic += selfClosing ? 0 : 1;
        else if (name === 't' && !selfClosing && phonetic === 0) inT = true;
      }
    },
    close(name) {
      if (name === 'si' && depthInSi > 0) {
        depthInSi = 0;
        strings.add(current);
        current = '';
      } else if (name === 't') inT = false;
      else if (name === 'rPh' && phonetic > 0) phonetic--;
    },
    text(value) {
      current += value;
      if (current.length > limits.maxCellChars) throw new SharedStringsLimitError(`a shared string longer than ${limits.maxCellChars} characters`);
    },
    wantsText: () => inT,
  };
  const scanner = new XmlScanner(handler, { maxTagChars: 64 * 1024, maxTextChars: limits.maxCellChars });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of zip.chunks(entry, limits.maxPartBytes)) scanner.push(decoder.decode(chunk, { stream: true }));
  scanner.push(decoder.decode());
  scanner.end();
  return strings;
}
