import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './detect-delimiter.js';
import { isHeaderRow } from './header-row.js';

describe('isHeaderRow auto (DESIGN.md section 6)', () => {
  it('keeps labels as the header', () => {
    expect(isHeaderRow(['EAN', 'Aantal', 'Omschrijving'], 'auto', ['8720602828605', '3', 'Transportwagen'])).toBe(true);
    expect(isHeaderRow(['sku'], 'auto', ['A1505151'])).toBe(true);
    expect(isHeaderRow(['EAN13', 'Qty'], 'auto', ['8720602828605', '3'])).toBe(true);
  });

  it('reads a first row shaped like the row below as data (a header-less SKU list keeps its first scan)', () => {
    expect(isHeaderRow(['A1554244'], 'auto', ['A1505151'])).toBe(false);
    expect(isHeaderRow(['PGR2001', 'x'], 'auto', ['PGR2002', 'y'])).toBe(false);
  });

  it('reads scanned payloads as data', () => {
    expect(isHeaderRow(['{pbn:PICK211019100003,on:SO2110190475,qty:50}'], 'auto', ['{pbn:PICK2,qty:100,pm:X}'])).toBe(false);
    expect(isHeaderRow(['[)>\u001e06\u001dK22870336\u001d14K001'], 'auto')).toBe(false);
  });

  it("follows the user's choice", () => {
    expect(isHeaderRow(['A1554244'], 'yes', ['A1505151'])).toBe(true);
    expect(isHeaderRow(['scan', 'qty'], 'no')).toBe(false);
  });
});

describe('detectDelimiter with scanner payloads', () => {
  it('reads lines of {...} QR payloads whole, not split on their commas', () => {
    const text = '{pbn:PICK1,on:SO1,qty:50}\n{pbn:PICK2,on:SO2,qty:10}\nX48666438\n';
    expect(detectDelimiter(text, true)).not.toBe(',');
  });

  it('still reads a plain one-column file as comma-separated', () => {
    expect(detectDelimiter('A1554244\nA1505151\n', true)).toBe(',');
  });
});
