import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_LIMIT_BYTES, endStream, keepPace, writeChunk, type UpstreamStage } from './stream-pacing.js';
import { sheetUpstream } from './xlsx-table-sheet.js';

const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

function stage(bytes: number): UpstreamStage & { stream: EventEmitter; bytes: number } {
  const stream = new EventEmitter();
  const result = { stream, bytes, bufferedBytes: () => result.bytes };
  return result;
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('keepPace', () => {
  it('yields without waiting while everything is below its limits', async () => {
    await expect(keepPace(sink(), [stage(UPSTREAM_LIMIT_BYTES)])).resolves.toBeUndefined();
  });

  it('waits for an upstream stage over the limit to drain', async () => {
    const full = stage(UPSTREAM_LIMIT_BYTES + 1);
    const pause = keepPace(sink(), [full]);
    expect(await settled(pause)).toBe(false);
    full.bytes = 0;
    full.stream.emit('drain');
    await expect(pause).resolves.toBeUndefined();
  });

  it('gives up with EXPORT_ABORTED when the reader closes while it waits', async () => {
    const out = sink();
    const pause = keepPace(out, [stage(UPSTREAM_LIMIT_BYTES + 1)]);
    out.destroy();
    await expect(pause).rejects.toMatchObject({ code: 'EXPORT_ABORTED' });
  });

  it('refuses to go on once the reader is gone', async () => {
    const out = sink();
    out.destroy();
    await expect(keepPace(out)).rejects.toMatchObject({ code: 'EXPORT_ABORTED' });
    await expect(writeChunk(out, 'x')).rejects.toMatchObject({ code: 'EXPORT_ABORTED' });
  });
});

describe('writeChunk and endStream', () => {
  it('waits for drain when the output is full, and resolves end on finish', async () => {
    const out = new PassThrough({ highWaterMark: 4 });
    const write = writeChunk(out, 'more than four bytes');
    expect(await settled(write)).toBe(false);
    out.read();
    await expect(write).resolves.toBeUndefined();
    out.resume();
    await expect(endStream(out)).resolves.toBeUndefined();
  });
});

describe('sheetUpstream (pins the ExcelJS internals that bounded memory relies on)', () => {
  it("finds the zip input of a streaming sheet and sees the XML pile up there", () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough(), useStyles: true, useSharedStrings: false });
    const worksheet = workbook.addWorksheet('Data');
    const upstream = sheetUpstream(worksheet);
    expect(upstream).toHaveLength(1);
    const before = upstream[0].bufferedBytes();
    // Nothing yields to the event loop here, so nothing reads the zip input.
    for (let i = 0; i < 3000; i++) worksheet.addRow([`SKU-${i}`, 'A product name long enough to fill the buffers', i]).commit();
    expect(upstream[0].bufferedBytes()).toBeGreaterThan(before + 64 * 1024);
  });
});
