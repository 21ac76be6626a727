import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvParser, CsvSyntaxError, type CsvRecord } from './csv-parser.js';

/** Parses `text` fed in pieces of `chunk` characters (Infinity: one piece). */
function parse(text: string, delimiter = ',', chunk = Infinity, maxRecordChars?: number): CsvRecord[] {
  const parser = new CsvParser(delimiter, { maxRecordChars });
  const out: CsvRecord[] = [];
  const step = Number.isFinite(chunk) ? chunk : text.length || 1;
  for (let i = 0; i < text.length; i += step) parser.push(text.slice(i, i + step), out);
  parser.end(out);
  return out;
}

/** The same input split at every possible single position must parse the same. */
function parseAtEverySplit(text: string, delimiter = ','): CsvRecord[] {
  const whole = parse(text, delimiter);
  for (let cut = 0; cut <= text.length; cut++) {
    const parser = new CsvParser(delimiter);
    const out: CsvRecord[] = [];
    parser.push(text.slice(0, cut), out);
    parser.push(text.slice(cut), out);
    parser.end(out);
    expect(out, `split at ${cut}`).toEqual(whole);
  }
  expect(parse(text, delimiter, 1)).toEqual(whole);
  return whole;
}

const cells = (records: CsvRecord[]) => records.map((r) => r.cells);
const lines = (records: CsvRecord[]) => records.map((r) => r.line);

describe('CsvParser', () => {
  it('reads plain records and numbers their lines', () => {
    const r = parseAtEverySplit('a,b\n1,2\n3,4\n');
    expect(cells(r)).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
    expect(lines(r)).toEqual([1, 2, 3]);
  });

  it('takes CRLF, LF and lone CR as line breaks, mixed in one file', () => {
    // papaparse keeps one line break per file and would merge `1,2\n3,4` into one row here.
    const r = parseAtEverySplit('a,b\r\n1,2\n3,4\r5,6\r\n7,8');
    expect(cells(r)).toEqual([['a', 'b'], ['1', '2'], ['3', '4'], ['5', '6'], ['7', '8']]);
    expect(lines(r)).toEqual([1, 2, 3, 4, 5]);
  });

  it('skips blank lines but counts them', () => {
    const r = parseAtEverySplit('\r\na\r\n\r\n\nb\r\r\nc');
    expect(cells(r)).toEqual([['a'], ['b'], ['c']]);
    expect(lines(r)).toEqual([2, 5, 7]);
  });

  it('keeps a line of delimiters as a record of empty cells (the table layer drops it)', () => {
    expect(cells(parseAtEverySplit('a,b\n,\n1,2'))).toEqual([['a', 'b'], ['', ''], ['1', '2']]);
  });

  it('reads quoted fields with delimiters, quotes and line breaks, and numbers lines physically', () => {
    const text = 'h1;h2\n"a;b";"say ""hi"""\n"multi\r\nline\nvalue\rend";x\nlast;y\n';
    const r = parseAtEverySplit(text, ';');
    expect(cells(r)).toEqual([
      ['h1', 'h2'],
      ['a;b', 'say "hi"'],
      ['multi\r\nline\nvalue\rend', 'x'],
      ['last', 'y'],
    ]);
    expect(lines(r)).toEqual([1, 2, 3, 7]); // the value spans lines 3-6 (CRLF, LF, CR)
  });

  it('keeps cells untrimmed: padding is the engine\'s business', () => {
    expect(cells(parseAtEverySplit('" sku5837 ",35\n  336618  , 4 \n'))).toEqual([
      [' sku5837 ', '35'],
      ['  336618  ', ' 4 '],
    ]);
  });

  it('reads a quote inside an unquoted field literally, and keeps text after a closing quote', () => {
    expect(cells(parseAtEverySplit('37.8"N,12" pipe\n"ab"c,d'))).toEqual([
      ['37.8"N', '12" pipe'],
      ['abc', 'd'],
    ]);
  });

  it('ends a record with a trailing delimiter as an empty last cell', () => {
    expect(cells(parseAtEverySplit('a,\nb,\n'))).toEqual([['a', ''], ['b', '']]);
    expect(cells(parseAtEverySplit('a,'))).toEqual([['a', '']]);
  });

  it('keeps an empty quoted field as a record of one empty cell', () => {
    expect(cells(parseAtEverySplit('""\n1'))).toEqual([[''], ['1']]);
  });

  it('reads tab and pipe delimited text', () => {
    expect(cells(parseAtEverySplit('a\tb\n1\t2', '\t'))).toEqual([['a', 'b'], ['1', '2']]);
    expect(cells(parseAtEverySplit('a|b\n1|"2|3"', '|'))).toEqual([['a', 'b'], ['1', '2|3']]);
  });

  it('refuses a quote that is never closed, naming the line where it opens', () => {
    const run = () => parse('a,b\n1,2\n"3,4\n5,6\n');
    expect(run).toThrow(CsvSyntaxError);
    try {
      run();
    } catch (e) {
      expect((e as CsvSyntaxError).code).toBe('UNCLOSED_QUOTE');
      expect((e as CsvSyntaxError).line).toBe(3);
    }
  });

  it('refuses a row longer than the limit', () => {
    try {
      parse(`a,b\n"${'x'.repeat(200)}`, ',', 16, 100);
      expect.unreachable();
    } catch (e) {
      expect((e as CsvSyntaxError).code).toBe('ROW_TOO_LONG');
      expect((e as CsvSyntaxError).line).toBe(2);
    }
  });

  it('round-trips any table written with RFC 4180 quoting, any line breaks, in any chunking', () => {
    // Plain cells keep whole lines on the fast path; messy ones force the state machine.
    const cell = fc.oneof(fc.stringMatching(/^[a-z0-9é]{1,6}$/), fc.stringMatching(/^[a-z0-9 ,;"\r\n\t|é]{0,8}$/));
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 12 });
    const newline = fc.constantFrom('\n', '\r\n', '\r');
    fc.assert(
      fc.property(table, fc.array(newline, { minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom(',', ';', '\t', '|'), (rows, breaks, chunk, delim) => {
        const quote = (v: string) =>
          v === '' || /[",;\t|\r\n]/.test(v) || v !== v.trim() ? `"${v.replaceAll('"', '""')}"` : v;
        let text = '';
        let line = 1;
        const expectedLines: number[] = [];
        rows.forEach((row, i) => {
          expectedLines.push(line);
          const written = row.map(quote).join(delim);
          text += written + breaks[i];
          // line breaks inside quoted values count as lines too
          line += 1 + (written.match(/\r\n|\r|\n/g)?.length ?? 0);
        });
        const parsed = parse(text, delim, chunk);
        expect(cells(parsed)).toEqual(rows);
        expect(lines(parsed)).toEqual(expectedLines);
      }),
      { numRuns: 500 },
    );
  });
});
