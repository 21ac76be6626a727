/**
 * Random access to a zip archive on disk: its central directory, one entry's text, one entry's
 * raw (still compressed) bytes. Used by xlsx-package.ts to hand ExcelJS only the parts of a
 * workbook it needs, in the order it needs them (see there for why).
 *
 * Covers what spreadsheet writers produce: stored and deflated entries, data descriptors,
 * Zip64 sizes and offsets, UTF-8 names. Encrypted entries and other methods are refused by
 * the caller.
 */
import type { FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** Name as stored (`xl/worksheets/sheet1.xml`). */
  name: string;
  /** General purpose flags (bit 0: encrypted; bit 3: data descriptor). */
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Why an archive could not be read: the caller turns it into FILE_INVALID_EXCEL. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH_BYTES = 22 + 0xffff;
/** Central directories of workbooks are small; a larger one is not a workbook we want. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipFormatError('unexpected end of archive');
  return buffer;
}

/**
 * Reads the central directory. Keys are lower-cased names (OPC part names are case-insensitive).
 * @throws ZipFormatError when there is no readable directory.
 */
export async function readZipDirectory(handle: FileHandle, fileSize: number): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(fileSize, EOCD_SEARCH_BYTES);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locatorAt = fileSize - tailLength + eocd - 20;
    if (locatorAt < 0) throw new ZipFormatError('no zip64 locator');
    const locator = await readAt(handle, locatorAt, 20);
    if (locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) throw new ZipFormatError('no zip64 locator');
    const zip64 = await readAt(handle, Number(locator.readBigUInt64LE(8)), 56);
    if (zip64.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw new ZipFormatError('bad zip64 end record');
    count = Number(zip64.readBigUInt64LE(32));
    directorySize = Number(zip64.readBigUInt64LE(40));
    directoryOffset = Number(zip64.readBigUInt64LE(48));
  }
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > fileSize) {
    throw new ZipFormatError('central directory out of bounds');
  }
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_SIGNATURE) {
      throw new ZipFormatError('bad central directory entry');
    }
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      name: directory.toString('utf8', p + 46, p + 46 + nameLength),
      flags: directory.readUInt16LE(p + 8),
      method: directory.readUInt16LE(p + 10),
      crc32: directory.readUInt32LE(p + 16),
      compressedSize: directory.readUInt32LE(p + 20),
      uncompressedSize: directory.readUInt32LE(p + 24),
      localHeaderOffset: directory.readUInt32LE(p + 42),
    };
    applyZip64Extra(entry, directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    entries.set(entry.name.toLowerCase(), entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Zip64 extra field (id 1): the 64-bit values of the fields set to 0xFFFFFFFF, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let q = 0; q + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(q);
    const size = extra.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let r = q + 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(r));
        r += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    q += 4 + size;
  }
}

/** Byte offset of an entry's compressed data (after its local header). */
export async function dataOffset(handle: FileHandle, entry: ZipEntry): Promise<number> {
  const local = await readAt(handle, entry.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipFormatError('bad local header');
  return entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
}

/**
 * The text of a small entry (workbook.xml, its rels).
 * @throws ZipFormatError beyond `maxBytes` uncompressed, or for an unsupported method.
 */
export async function readEntryText(handle: FileHandle, entry: ZipEntry, maxBytes: number): Promise<string> {
  assertReadable(entry);
  if (entry.uncompressedSize > maxBytes) throw new ZipFormatError(`${entry.name} is too large`);
  const raw = await readAt(handle, await dataOffset(handle, entry), entry.compressedSize);
  const data = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: maxBytes });
  return data.toString('utf8');
}

/** @throws ZipFormatError for encrypted entries and methods other than stored/deflated. */
export function assertReadable(entry: ZipEntry): void {
  if (entry.flags & 1) throw new ZipFormatError(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError(`${entry.name} uses compression method ${entry.method}`);
}

/**
 * A local file header for `entry` under `name`, sizes and CRC filled in (no data descriptor),
 * so that a sequential unzipper can read the entry's original compressed bytes after it.
 */
export function localHeader(entry: ZipEntry, name: string): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (entry.compressedSize > 0xfffffffe || entry.uncompressedSize > 0xfffffffe) {
    throw new ZipFormatError(`${entry.name} is larger than 4 GB`);
  }
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_SIGNATURE, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt16LE(0x0800, 6); // UTF-8 name, no data descriptor
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
}

/** A local header plus data for a stored entry made up on the spot (e.g. an empty part). */
export function storedEntry(name: string, text: string): Buffer {
  const data = Buffer.from(text, 'utf8');
  const header = localHeader(
    { name, flags: 0, method: 0, crc32: crc32(data), compressedSize: data.length, uncompressedSize: data.length, localHeaderOffset: 0 },
    name,
  );
  return Buffer.concat([header, data]);
}

let crcTable: Uint32Array | undefined;
function crc32(data: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
