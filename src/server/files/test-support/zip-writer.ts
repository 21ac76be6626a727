/**
 * Writes zip archives for tests and benches, streaming: each entry's content comes from an
 * iterable of chunks, is deflated (or stored) on the way to disk, and its sizes and CRC go in a
 * data descriptor and the central directory. `declaredSize` puts another uncompressed size in
 * the central directory than the entry really has: a lying-size archive, as a zip bomb is built.
 * No Zip64: entries and archives stay under 4 GB.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipWriterEntry {
  name: string;
  /** The content: text or bytes, or chunks of them. */
  content: string | Buffer | Iterable<string | Buffer> | AsyncIterable<string | Buffer>;
  /** Default 'deflate'. */
  method?: 'deflate' | 'store';
  /** Uncompressed size written to the central directory instead of the real one. */
  declaredSize?: number;
}

/** Writes `entries` in order to `filePath` as a zip archive. */
export async function writeZip(filePath: string, entries: ZipWriterEntry[]): Promise<void> {
  const out = createWriteStream(filePath);
  let offset = 0;
  const write = async (data: Buffer) => {
    offset += data.length;
    if (!out.write(data)) await once(out, 'drain');
  };
  const central: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method === 'store' ? 0 : 8;
    const headerAt = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // UTF-8 name, sizes in a data descriptor
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([local, name]));

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const source = typeof entry.content === 'string' || Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
    if (method === 0) {
      for await (const piece of source) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        crc = crc32(chunk, crc);
        size += chunk.length;
        compressed += chunk.length;
        await write(chunk);
      }
    } else {
      const deflate = createDeflateRaw({ level: 6 });
      const drained = (async () => {
        for await (const chunk of deflate as AsyncIterable<Buffer>) {
          compressed += chunk.length;
          await write(chunk);
        }
      })();
      for await (const piece of source) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        crc = crc32(chunk, crc);
        size += chunk.length;
        if (!deflate.write(chunk)) await once(deflate, 'drain');
      }
      deflate.end();
      await drained;
    }
    // A lying entry may really be larger than 4 GB: only its data descriptor (which readers of the
    // central directory ignore) then holds the low 32 bits of the truth.
    if ((entry.declaredSize === undefined && size > 0xfffffffe) || compressed > 0xfffffffe) {
      throw new Error(`${entry.name}: zip64 is not supported here`);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size % 2 ** 32, 12);
    await write(descriptor);

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0808, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(entry.declaredSize ?? size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(headerAt, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  const directoryAt = offset;
  await write(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  await write(end);
  out.end();
  await once(out, 'finish');
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface XlsxParts {
  /** The `<sheetData>` content (rows), as text or chunks. */
  sheetData: ZipWriterEntry['content'];
  /** The `<sst>` content (`<si>` elements), as text or chunks; none: no shared strings part. */
  sharedStrings?: ZipWriterEntry['content'];
  /** Uncompressed size the archive declares for the shared strings part (a lie when set). */
  sharedStringsDeclaredSize?: number;
  /** Uncompressed size the archive declares for the worksheet part. */
  sheetDeclaredSize?: number;
}

async function* wrapped(head: string, body: ZipWriterEntry['content'], tail: string): AsyncGenerator<string | Buffer> {
  yield head;
  if (typeof body === 'string' || Buffer.isBuffer(body)) yield body;
  else yield* body;
  yield tail;
}

/** A minimal .xlsx package: one worksheet "Sheet1", optional shared strings, no styles. */
export async function writeXlsx(filePath: string, parts: XlsxParts): Promise<void> {
  const hasStrings = parts.sharedStrings !== undefined;
  const entries: ZipWriterEntry[] = [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    { name: '_rels/.rels', content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${OFFICE_REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/worksheet" Target="worksheets/sheet1.xml"/>${hasStrings ? `<Relationship Id="rId2" Type="${OFFICE_REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
  ];
  if (hasStrings) {
    entries.push({
      name: 'xl/sharedStrings.xml',
      content: wrapped(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN_NS}">`, parts.sharedStrings!, '</sst>'),
      declaredSize: parts.sharedStringsDeclaredSize,
    });
  }
  entries.push({
    name: 'xl/worksheets/sheet1.xml',
    content: wrapped(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>`, parts.sheetData, '</sheetData></worksheet>'),
    declaredSize: parts.sheetDeclaredSize,
  });
  await writeZip(filePath, entries);
}

/** Text for an inline-string cell (escaped). */
export function inlineCell(text: string, ref?: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<c${ref ? ` r="${ref}"` : ''} t="inlineStr"><is><t>${escaped}</t></is></c>`;
}

/** The column letters of a 1-based column number (1 -> A, 16384 -> XFD). */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
