import { describe, expect, it } from 'vitest';
import type { FilePreview } from '../../../../contracts/products';
import {
  filesNeedingConfiguration,
  isFilesStepValid,
  mappingFromPreview,
  newScanFileEntry,
  scanFileHint,
  scanFileUpload,
  type ScanFileEntry,
} from './scan-file-entry';

const preview: FilePreview = {
  headers: ['Timestamp', 'Barcode', 'Qty'],
  preview: [['10:00', '123', '2']],
  totalRows: 1,
  headerRow: true,
  format: 'csv',
  suggestedMapping: { Barcode: 'scanValue', Qty: 'quantity' },
};

function entry(change: Partial<ScanFileEntry> = {}): ScanFileEntry {
  return { ...newScanFileEntry(new File(['x'], 'a.csv'), 1), ...change };
}

describe('scan file entries (spec part 1 sections 4-5)', () => {
  it('is named Team N by position', () => {
    expect(newScanFileEntry(new File([''], 'b.csv'), 3).teamName).toBe('Team 3');
  });
  it('sends the header choice and the preview’s upload token with the mapping', () => {
    const e = entry({ scanColumn: 'Column 1', quantityColumn: 'Column 2', hasHeader: 'no', uploadToken: 'tok-1', teamName: 'Back' });
    expect(scanFileUpload(e)).toEqual({
      file: e.file,
      teamName: 'Back',
      scannerId: '',
      scanColumn: 'Column 1',
      quantityColumn: 'Column 2',
      hasHeader: 'no',
      uploadToken: 'tok-1',
    });
    expect(scanFileUpload(entry({ scanColumn: 'Barcode' }))).not.toHaveProperty('uploadToken');
  });
  it('takes the suggested mapping', () => {
    expect(mappingFromPreview(preview)).toEqual({ scanColumn: 'Barcode', quantityColumn: 'Qty' });
    expect(mappingFromPreview({ ...preview, suggestedMapping: { Barcode: 'scanValue' } })).toEqual({
      scanColumn: 'Barcode',
      quantityColumn: null,
    });
  });
  it('hints what the file still needs', () => {
    expect(scanFileHint(entry())).toBe('Preview file to configure mapping');
    expect(scanFileHint(entry({ preview: { status: 'failed', reason: 'x' } }))).toBe('Preview file to configure mapping');
    expect(scanFileHint(entry({ preview: { status: 'ready', preview } }))).toBe('Select scan value column');
    expect(scanFileHint(entry({ preview: { status: 'ready', preview }, scanColumn: 'Barcode' }))).toBe('Ready to process');
  });
  it('leaves the files step only with files that all have a scan column and a team name', () => {
    const ready = entry({ preview: { status: 'ready', preview }, scanColumn: 'Barcode' });
    expect(isFilesStepValid([])).toBe(false);
    expect(isFilesStepValid([ready])).toBe(true);
    expect(isFilesStepValid([ready, entry()])).toBe(false);
    expect(isFilesStepValid([{ ...ready, teamName: '  ' }])).toBe(false);
    expect(filesNeedingConfiguration([ready, entry(), { ...ready, teamName: '' }])).toBe(2);
  });
});
