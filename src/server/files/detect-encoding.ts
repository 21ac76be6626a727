/**
 * Text encoding of a CSV file from its first bytes, and the check that the file is text at all.
 * DESIGN.md section 6 (UTF-8 with or without BOM, UTF-16 from Excel's 'Unicode text').
 *
 * Order of evidence:
 * 1. a BOM: EF BB BF -> utf-8, FF FE -> utf-16le, FE FF -> utf-16be;
 * 2. no BOM but NUL bytes on every other position -> utf-16le/be without BOM;
 * 3. valid UTF-8 -> utf-8; otherwise windows-1252 (the usual "ANSI" export of European Windows
 *    programs, where UTF-8 would turn `Größe` into `Gr��e`).
 * Then the decoded head must read as text (see looksLikeText); anything else is binary
 * (FILE_NOT_TEXT).
 *
 * Only the head (64 KiB) is examined here. 8-bit files ('utf-8' or 'windows-1252') are then read
 * line by line (line-decoder.ts): a line that is not valid UTF-8, anywhere in the file, falls
 * back to Windows-1252 alone, and the preview names such lines (docs/decisions/0052).
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes of BOM at the start of the file, to skip before decoding. */
  bomLength: number;
  /** The decoded head (without BOM); may end in the middle of a line. */
  headText: string;
  /** True when the head is the whole file. */
  headIsWholeFile: boolean;
}

/** Why a head is not text: binary, or text with too many control characters. */
export type EncodingVerdict = { ok: true; detected: DetectedEncoding } | { ok: false; reason: 'binary' };

/** How many bytes of the file to examine. */
export const HEAD_BYTES = 64 * 1024;

/**
 * Detects the encoding of `head` (the first bytes of the file, at most HEAD_BYTES are used).
 * @param headIsWholeFile true when `head` holds every byte of the file.
 */
export function detectEncoding(head: Uint8Array, headIsWholeFile: boolean): EncodingVerdict {
  const bom = bomOf(head);
  let encoding: TextEncodingName;
  let bomLength = 0;
  if (bom) {
    ({ encoding, bomLength } = bom);
  } else {
    const utf16 = utf16WithoutBom(head);
    if (utf16) encoding = utf16;
    else if (head.includes(0)) return { ok: false, reason: 'binary' };
    else encoding = isValidUtf8(head, headIsWholeFile) ? 'utf-8' : 'windows-1252';
  }
  let body = head.subarray(bomLength);
  if (!headIsWholeFile && encoding !== 'utf-8' && encoding !== 'windows-1252' && body.length % 2 === 1) {
    body = body.subarray(0, body.length - 1);
  }
  // stream: true keeps a multi-byte character cut by the end of the head out of the text.
  const headText = new TextDecoder(encoding, { ignoreBOM: true }).decode(body, { stream: !headIsWholeFile });
  if (!looksLikeText(headText, encoding)) return { ok: false, reason: 'binary' };
  return { ok: true, detected: { encoding, bomLength, headText, headIsWholeFile } };
}

function bomOf(b: Uint8Array): { encoding: TextEncodingName; bomLength: number } | null {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return null;
}

/** UTF-16 text of mostly ASCII has a NUL as every second byte: on odd positions for LE. */
function utf16WithoutBom(b: Uint8Array): TextEncodingName | null {
  const pairs = Math.floor(Math.min(b.length, HEAD_BYTES) / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let p = 0; p < pairs; p++) {
    if (b[2 * p] === 0) evenZeros++;
    if (b[2 * p + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.02) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.02) return 'utf-16be';
  return null;
}

function isValidUtf8(b: Uint8Array, complete: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * Text, not binary: no NUL, and at most 2 % control characters (tab, CR, LF, FF allowed; one
 * is tolerated in any file, e.g. a DOS end-of-file ^Z). UTF-16 must also be at least 10 %
 * ASCII (delimiters, digits, line breaks), and its broken surrogates (U+FFFD) count as control
 * characters: random bytes behind an FF FE decode into plausible-looking CJK otherwise. A
 * U+FFFD in valid UTF-8 is a character like any other (csv-spectrum's location_coordinates.csv
 * holds two).
 */
function looksLikeText(text: string, encoding: TextEncodingName): boolean {
  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be';
  let bad = 0;
  let ascii = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if (c < 0x80) ascii++;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0x7f || (utf16 && c === 0xfffd)) bad++;
  }
  if (bad > Math.max(1, text.length * 0.02)) return false;
  return !utf16 || ascii >= text.length * 0.1;
}
