/**
 * The fonts of count sheets (DESIGN.md section 14; docs/decisions/0141 and 0159) and the text
 * runs they draw.
 *
 * A text that WinAnsi holds is one run in Helvetica or Helvetica Bold (standard fonts: nothing
 * embedded). Any other text is split per character into runs of a fallback chain, each font
 * embedded as a subset of the glyphs drawn and only when some text of the sheet needs it:
 *   1. DejaVu Sans (`dejavu-fonts-ttf`): Latin, Greek, Cyrillic, Arabic, Hebrew, symbols; shaped
 *      by fontkit (Arabic joining, right-to-left runs);
 *   2. the CJK fonts (SIL OFL), in the order of the text's language (`cjkLanguage`), so that an
 *      ideograph has the shape its readers expect (直, 骨, 誤 are drawn differently in China and
 *      Japan; docs/decisions/0178): Noto Sans JP (`@expo-google-fonts/noto-sans-jp`) for
 *      Japanese, Noto Sans KR (`@expo-google-fonts/noto-sans-kr`) for Korean, Noto Sans SC
 *      (`@expo-google-fonts/noto-sans-sc`) for Chinese and any ideograph the others lack; kana,
 *      Hangul, CJK punctuation and full-width forms from the first of them that has them.
 * CJK and Hangul need no shaping: their runs are mapped one glyph per code point through the
 * font's cmap, not laid out by fontkit (its layout of a CJK font costs about 0.2 ms a string,
 * a second for 5,000 names). Spaces, digits and ASCII punctuation stay in the current run's font
 * when it has them, so '螺丝 M8' is not cut into three runs.
 * A character no font of the chain has (emoji among them) prints as one U+FFFD replacement
 * character per user-perceived character: an emoji sequence joined by ZWJ, a flag, a skin tone
 * is one mark; a variation selector the fonts lack is dropped when its base prints.
 *
 * Fonts are parsed and subset by `fontkit` 2 (foliojs), not by pdf-lib's own fork
 * `@pdf-lib/fontkit` 1.1: that fork writes TrueType subsets with a short `loca` table without
 * padding odd-length glyphs, so a CJK font's subset loses glyphs silently (pdf-lib issue #1232;
 * fixed in fontkit 1.8). Font files are read and parsed once per process; pdf-lib gets them
 * through a fontkit that hands back the parsed font (it would parse each file again for every
 * sheet) and streams fontkit 2's subset, which encodes at once (`encode()`), as pdf-lib reads it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';

/** Regular ('font') or bold. */
export type Weight = 'font' | 'bold';
type Family = 'dejavu' | 'jp' | 'sc' | 'kr';
/** The language a CJK text is drawn for (`cjkLanguage`): Chinese, Japanese or Korean. */
export type CjkLanguage = 'zh' | 'ja' | 'ko';
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;

/** The fallback chain, in order, with each family's files (package paths) and whether it is shaped. */
const FAMILIES: Record<Family, { files: Record<Weight, string>; shaped: boolean }> = {
  dejavu: { files: { font: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' }, shaped: true },
  jp: {
    files: { font: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf' },
    shaped: false,
  },
  sc: {
    files: { font: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf' },
    shaped: false,
  },
  kr: {
    files: { font: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf' },
    shaped: false,
  },
};
/** The fallback chain of each language. */
const CHAINS: Record<CjkLanguage, readonly Family[]> = {
  zh: ['dejavu', 'sc', 'kr'],
  ja: ['dejavu', 'jp', 'sc', 'kr'],
  ko: ['dejavu', 'kr', 'sc'],
};
const LANGUAGES = Object.keys(CHAINS) as CjkLanguage[];

/** What prints for a character no font has. */
export const REPLACEMENT = '\uFFFD';

/** Text the standard fonts can draw (WinAnsi, less the few Windows-1252 extras). */
const WIN_ANSI = /^[\u0020-\u007E\u00A0-\u00FF]*$/;
/** A character that draws nothing of its own (joiner, variation selector, tag): dropped when no font has it. */
function isIgnorable(cp: number): boolean {
  return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

/** A piece of text in one font, drawn left to right after the previous one. */
export interface TextRun {
  text: string;
  font: PDFFont;
}

/** The fonts of one sheet: Helvetica for WinAnsi text, the fallback chain for the rest. */
export interface SheetFonts {
  font: PDFFont;
  bold: PDFFont;
  /** `text` as runs in the sheet's fonts (one Helvetica run for WinAnsi text). */
  runs(text: string, weight: Weight): TextRun[];
}

interface LoadedFont {
  bytes: Uint8Array;
  font: Font;
}

const loaded = new Map<string, Promise<LoadedFont>>();
/** Parsed fonts by their bytes, handed to pdf-lib by `cachingFontkit`. */
const parsed = new WeakMap<Uint8Array, Font>();
/** Which family of a language's chain draws a code point, per weight (null: none). */
const familyCache: Record<Weight, Record<CjkLanguage, Map<number, Family | null>>> = {
  font: { zh: new Map(), ja: new Map(), ko: new Map() },
  bold: { zh: new Map(), ja: new Map(), ko: new Map() },
};
const families: Record<Weight, Partial<Record<Family, LoadedFont>>> = { font: {}, bold: {} };

/** Reads and parses one font file once per process. */
function load(family: Family, weight: Weight): Promise<LoadedFont> {
  const file = FAMILIES[family].files[weight];
  let font = loaded.get(file);
  if (!font) {
    font = (async () => {
      const bytes = new Uint8Array(await readFile(createRequire(import.meta.url).resolve(file)));
      const parsedFont = forPdfLib(bytes);
      if (!FAMILIES[family].shaped) {
        // One glyph per code point: pdf-lib reads only `glyphs` of a layout.
        parsedFont.layout = ((text: string) => ({ glyphs: parsedFont.glyphsForString(text) })) as unknown as Font['layout'];
      }
      parsed.set(bytes, parsedFont);
      const result = { bytes, font: parsedFont };
      families[weight][family] = result;
      return result;
    })();
    loaded.set(file, font);
  }
  return font;
}

/** The fontkit pdf-lib is given: the parsed font for bytes `load` read, else a fresh parse. */
const cachingFontkit: Fontkit = { create: (bytes: Uint8Array) => parsed.get(bytes) ?? forPdfLib(bytes) };

/**
 * `bytes` parsed by fontkit 2, its subsets given the `encodeStream` pdf-lib reads them with.
 * The font is shared by every sheet of the process, and fontkit keeps each glyph object it makes:
 * a glyph first made without its characters (a component of an accented or Greek letter, while a
 * subset is written) would keep none, and pdf-lib's ToUnicode map, which reads them, would leave
 * it out of the text (pdftotext, copy and paste) of every later sheet. `getGlyph` fills them in.
 */
function forPdfLib(bytes: Uint8Array): Font {
  const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as fontkit.Font;
  const createSubset = font.createSubset.bind(font);
  const getGlyph = font.getGlyph.bind(font);
  return Object.assign(font, {
    createSubset: () => Object.assign(createSubset(), { encodeStream(this: fontkit.Subset) { return Readable.from([this.encode()]); } }),
    getGlyph: (id: number, codePoints?: number[]) => {
      const glyph = getGlyph(id, codePoints);
      if (glyph && glyph.codePoints.length === 0 && codePoints?.length) (glyph as { codePoints: number[] }).codePoints = codePoints;
      return glyph;
    },
  }) as unknown as Font;
}

/**
 * The first family of `language`'s chain with a glyph for `cp` (for `weight`), or null. Families
 * are looked at in order while they are loaded: past one still to load there is no answer yet
 * (null, not kept), so a family later in the chain that an earlier sheet loaded never claims a
 * character before one ahead of it is loaded.
 */
function familyOf(cp: number, weight: Weight, language: CjkLanguage): Family | null {
  const cache = familyCache[weight][language];
  const known = cache.get(cp);
  if (known !== undefined) return known;
  for (const family of CHAINS[language]) {
    const loadedFont = families[weight][family];
    if (!loadedFont) return null;
    if (loadedFont.font.hasGlyphForCodePoint(cp)) {
      cache.set(cp, family);
      return family;
    }
  }
  cache.set(cp, null);
  return null;
}

/** Hiragana, katakana (full and half width) and their phonetic extensions: Japanese only. */
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
/** Hangul syllables and jamo: Korean only. */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
/** CJK ideographs (the unified blocks and their extensions, compatibility ideographs). */
const IDEOGRAPH = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;

/**
 * The language whose shapes a text's ideographs are drawn in (docs/decisions/0178): Japanese
 * when it holds kana, Korean when it holds Hangul; a text of ideographs alone (`醤油`, `螺栓`) is
 * Japanese on a sheet where some text holds kana (`sheetHasKana`) and the Japanese font has
 * every one of its ideographs (a simplified Chinese character it lacks, `钢`, tells a Chinese
 * name), else Chinese. `hasJapaneseGlyph` answers for the Japanese font of the text's weight.
 */
export function cjkLanguage(text: string, sheetHasKana: boolean, hasJapaneseGlyph: (cp: number) => boolean): CjkLanguage {
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (!sheetHasKana) return 'zh';
  for (const c of text) if (IDEOGRAPH.test(c) && !hasJapaneseGlyph(c.codePointAt(0)!)) return 'zh';
  return 'ja';
}

/**
 * Loads the fonts `texts` need (by weight) and embeds them in `doc` as subsets: Helvetica always;
 * DejaVu when some text is beyond WinAnsi; the CJK fonts of each text's language's chain, in its
 * order, until every character has one (none is embedded that draws no character of the sheet).
 */
export async function sheetFonts(doc: PDFDocument, texts: Record<Weight, readonly string[]>): Promise<SheetFonts> {
  const helvetica = { font: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const embedded: Record<Weight, Partial<Record<Family, PDFFont>>> = { font: {}, bold: {} };
  const sheetHasKana = [...texts.font, ...texts.bold].some((text) => KANA.test(text));
  const languages: Record<Weight, Map<string, CjkLanguage>> = { font: new Map(), bold: new Map() };
  for (const weight of ['font', 'bold'] as const) {
    const beyond = texts[weight].filter((text) => !WIN_ANSI.test(text));
    if (beyond.length === 0) continue;
    // Whether a text of ideographs alone is Japanese asks the Japanese font.
    if (sheetHasKana) await load('jp', weight);
    const codePoints: Record<CjkLanguage, Set<number>> = { zh: new Set(), ja: new Set(), ko: new Set() };
    for (const text of beyond) {
      const language = cjkLanguage(text, sheetHasKana, (cp) => families[weight].jp!.font.hasGlyphForCodePoint(cp));
      languages[weight].set(text, language);
      for (const c of text) codePoints[language].add(c.codePointAt(0)!);
    }
    const needed = new Set<Family>(['dejavu']); // DejaVu also draws the replacement character
    for (const language of LANGUAGES) {
      const wanted = [...codePoints[language]];
      if (wanted.length === 0) continue;
      // Load the chain's families in order until every character has one (or none is left).
      for (const family of CHAINS[language]) {
        await load(family, weight);
        if (wanted.every((cp) => familyOf(cp, weight, language) !== null)) break;
      }
      for (const cp of wanted) {
        const family = familyOf(cp, weight, language);
        if (family) needed.add(family);
      }
    }
    doc.registerFontkit(cachingFontkit);
    for (const family of Object.keys(FAMILIES) as Family[]) {
      if (needed.has(family)) embedded[weight][family] = await doc.embedFont(families[weight][family]!.bytes, { subset: true });
    }
  }
  return {
    ...helvetica,
    runs: (text, weight) => {
      if (WIN_ANSI.test(text)) return [{ text, font: helvetica[weight] }];
      // A text not given to `sheetFonts` is drawn as the Chinese chain would (never for the sheet's own texts).
      return splitRuns(text, weight, languages[weight].get(text) ?? 'zh', embedded[weight], helvetica[weight]);
    },
  };
}

/** `text` (beyond WinAnsi) as runs of the embedded `fonts`; characters without a font as REPLACEMENT. */
function splitRuns(text: string, weight: Weight, language: CjkLanguage, fonts: Partial<Record<Family, PDFFont>>, fallback: PDFFont): TextRun[] {
  const runs: TextRun[] = [];
  let family: Family | null = null;
  const push = (chars: string, f: Family) => {
    const font = fonts[f];
    if (!font) return pushTo(runs, '?'.repeat([...chars].length), fallback); // not embedded: never for the sheet's own texts
    if (f === family || (family !== null && isNeutral(chars) && hasGlyph(family, weight, chars))) return pushTo(runs, chars, fonts[family!]!);
    family = f;
    pushTo(runs, chars, font);
  };
  const allDrawn = Array.from(text).every((c) => familyOf(c.codePointAt(0)!, weight, language) !== null);
  const units = allDrawn ? Array.from(text) : graphemes(text);
  for (const unit of units) {
    if (allDrawn) {
      push(unit, familyOf(unit.codePointAt(0)!, weight, language)!);
      continue;
    }
    const kept = Array.from(unit).filter((c) => familyOf(c.codePointAt(0)!, weight, language) !== null || !isIgnorable(c.codePointAt(0)!));
    if (kept.length > 0 && kept.every((c) => familyOf(c.codePointAt(0)!, weight, language) !== null)) for (const c of kept) push(c, familyOf(c.codePointAt(0)!, weight, language)!);
    else if (kept.length > 0) push(REPLACEMENT, 'dejavu');
  }
  return runs;
}

function pushTo(runs: TextRun[], text: string, font: PDFFont) {
  const last = runs[runs.length - 1];
  if (last && last.font === font) last.text += text;
  else runs.push({ text, font });
}

/** A space, digit or ASCII punctuation: kept in the current run's font when it has the glyph. */
function isNeutral(c: string): boolean {
  return c.length === 1 && c < '\u0080' && !/[A-Za-z]/.test(c);
}

function hasGlyph(family: Family, weight: Weight, c: string): boolean {
  return families[weight][family]?.font.hasGlyphForCodePoint(c.codePointAt(0)!) ?? false;
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** The user-perceived characters of `text` (Unicode grapheme clusters). */
function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}
