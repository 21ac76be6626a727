/**
 * A zip archive on disk read through yauzl (docs/decisions/0050-xlsx-reader-bounded-memory.md):
 * its central directory, then any entry as a stream of inflated bytes that are counted while
 * inflating. yauzl's `validateEntrySizes` stops an entry that inflates past the size its
 * directory declares (a zip bomb that lies about its sizes); our own count stops an honest entry
 * at the caller's limit. Either way the read fails with ZipLimitError naming the part, before the
 * bytes beyond the limit are held anywhere.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Why an archive could not be read: the caller turns it into FILE_INVALID_EXCEL. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

/** An entry inflates past a limit (its declared size, or the caller's). */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
  constructor(
    /** The entry's name in the archive (`xl/sharedStrings.xml`). */
    readonly part: string,
    /** The limit met, in bytes. */
    readonly limit: number,
    /** True when the entry held more than its directory declared. */
    readonly lied: boolean,
  ) {
    super(lied ? `${part} holds more than the ${limit} bytes its archive declares` : `${part} is larger than ${limit} bytes`);
  }
}

export interface ZipArchive {
  /** Entries by lower-cased name (OPC part names are case-insensitive). */
  readonly entries: ReadonlyMap<string, Entry>;
  /**
   * `entry`'s inflated bytes, at most `maxBytes` of them. Stopping the iteration early stops
   * the inflating.
   * @throws ZipLimitError past `maxBytes` or the declared size; ZipFormatError for an encrypted
   *   entry, an unknown method or a corrupt stream.
   */
  chunks(entry: Entry, maxBytes: number): AsyncGenerator<Buffer>;
  /** The whole entry as UTF-8 text (for small index parts). Same errors. */
  readText(entry: Entry, maxBytes: number): Promise<string>;
  close(): void;
}

/**
 * Opens the archive at `filePath` and reads its central directory.
 * @throws ZipFormatError when it is not a readable zip or holds more than `maxEntries` entries.
 */
export async function openZipArchive(filePath: string, maxEntries: number): Promise<ZipArchive> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, file) =>
      error ? reject(new ZipFormatError(error.message)) : resolve(file),
    ),
  );
  try {
    if (zip.entryCount > maxEntries) throw new ZipFormatError(`the archive holds ${zip.entryCount} entries`);
    const entries = await new Promise<Map<string, Entry>>((resolve, reject) => {
      const found = new Map<string, Entry>();
      zip.on('entry', (entry: Entry) => {
        found.set(entry.fileName.toLowerCase(), entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve(found));
      zip.once('error', (error: Error) => reject(new ZipFormatError(error.message)));
      zip.readEntry();
    });
    zip.removeAllListeners('entry');
    return archive(zip, entries);
  } catch (error) {
    zip.close();
    throw error;
  }
}

function archive(zip: ZipFile, entries: Map<string, Entry>): ZipArchive {
  async function* chunks(entry: Entry, maxBytes: number): AsyncGenerator<Buffer> {
    if (entry.isEncrypted()) throw new ZipFormatError(`${entry.fileName} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new ZipFormatError(`${entry.fileName} uses compression method ${entry.compressionMethod}`);
    }
    if (entry.uncompressedSize > maxBytes) throw new ZipLimitError(entry.fileName, maxBytes, false);
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, s) => (error ? reject(new ZipFormatError(error.message)) : resolve(s))),
    );
    let total = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        // Also checked by yauzl (validateEntrySizes); counted here as well, so that no limit
        // rests on a figure the archive supplies.
        if (total > entry.uncompressedSize) throw new ZipLimitError(entry.fileName, entry.uncompressedSize, true);
        if (total > maxBytes) throw new ZipLimitError(entry.fileName, maxBytes, false);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ZipLimitError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith('too many bytes in the stream')) throw new ZipLimitError(entry.fileName, entry.uncompressedSize, true);
      throw Object.assign(new ZipFormatError(`${entry.fileName}: ${message}`), { cause: error });
    } finally {
      stream.destroy();
    }
  }
  return {
    entries,
    chunks,
    async readText(entry, maxBytes) {
      const parts: Buffer[] = [];
      for await (const chunk of chunks(entry, maxBytes)) parts.push(chunk);
      return Buffer.concat(parts).toString('utf8');
    },
    close: () => zip.close(),
  };
}
