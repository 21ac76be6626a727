import { describe, expect, it } from 'vitest';
import { reportFileName } from './report-file-name.js';
import { SAMPLE_AUDIT } from './report-input.fixture.js';

describe('reportFileName', () => {
  it('names the report after the audit, its section and its completion day', () => {
    expect(reportFileName({ ...SAMPLE_AUDIT, name: 'Year-end count', section: 'Aisle 3' }, 'xlsx')).toBe(
      'stocktally-year-end-count-aisle-3-2026-11-21.xlsx',
    );
    expect(reportFileName({ ...SAMPLE_AUDIT, section: null }, 'csv')).toBe('stocktally-year-end-count-aisle-3-2026-11-21.csv');
    // The sample's name already holds its section: it is not repeated.
    expect(reportFileName(SAMPLE_AUDIT, 'xlsx')).toBe('stocktally-year-end-count-aisle-3-2026-11-21.xlsx');
  });

  it('uses the creation day of an audit that is not complete', () => {
    expect(reportFileName({ ...SAMPLE_AUDIT, completedAt: null }, 'csv')).toMatch(/-2026-11-20\.csv$/);
  });

  it('folds accents and drops everything that is not a letter or digit', () => {
    const name = reportFileName({ ...SAMPLE_AUDIT, name: 'Café Müller / "Q4" =1+1 ../../etc', section: null }, 'xlsx');
    expect(name).toBe('stocktally-cafe-muller-q4-1-1-etc-2026-11-21.xlsx');
  });

  it('falls back to "audit" for a name with no ASCII letters and caps the length', () => {
    expect(reportFileName({ ...SAMPLE_AUDIT, name: '棚卸し', section: null }, 'csv')).toBe('stocktally-audit-2026-11-21.csv');
    const long = reportFileName({ ...SAMPLE_AUDIT, name: 'x'.repeat(500), section: null }, 'csv');
    expect(long).toBe(`stocktally-${'x'.repeat(60)}-2026-11-21.csv`);
  });

  it('only ever yields characters that need no quoting in a Content-Disposition header', () => {
    for (const name of ['\u0000\r\n;"', 'Ünïcödé 🚀', '   ', 'a--b']) {
      expect(reportFileName({ ...SAMPLE_AUDIT, name }, 'xlsx')).toMatch(/^stocktally-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    }
  });

  it('survives an invalid date', () => {
    expect(reportFileName({ ...SAMPLE_AUDIT, completedAt: new Date(Number.NaN) }, 'csv')).toBe(
      'stocktally-year-end-count-aisle-3-undated.csv',
    );
  });
});
