/**
 * Zip files built in the test, never committed: a tiny zip writer that can
 * repeat one chunk many times (a bomb inflating to hundreds of megabytes
 * from a few hundred kilobytes) and can lie about an entry's size.
 */
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipEntrySource {
  name: string;
  /** The entry's bytes, or `chunk` repeated `times` times. */
  data?: Uint8Array | string;
  chunk?: Uint8Array | string;
  times?: number;
  /** The uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
}

const bytesOf = (value: Uint8Array | string) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value));

/** Deflates the entry's bytes, streaming a repeated chunk so the test never holds the inflated size. */
async function deflateEntry(entry: ZipEntrySource): Promise<{ compressed: Buffer; size: number; crc: number }> {
  const parts = entry.data !== undefined ? [bytesOf(entry.data)] : Array<Buffer>(entry.times ?? 1).fill(bytesOf(entry.chunk ?? ''));
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => (deflate.on('end', resolve), deflate.on('error', reject)));
  let size = 0;
  let crc = 0;
  for (const part of parts) {
    size += part.byteLength;
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(out), size, crc };
}

/** A zip (deflate, no data descriptors) of the given entries. */
export async function buildZip(entries: ZipEntrySource[]): Promise<Uint8Array> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { compressed, size, crc } = await deflateEntry(entry);
    const name = Buffer.from(entry.name, 'utf8');
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

const MEGABYTE = 1024 * 1024;

/**
 * An XLSX-shaped zip bomb: a real workbook's parts, with a first worksheet
 * whose rows repeat until it inflates to `inflatedMegabytes` (a 4.5 MB file
 * of this kind inflates to gigabytes). `lie` declares the sheet 1 KB long.
 */
export async function buildXlsxBomb(options: { inflatedMegabytes: number; lie?: boolean }): Promise<Uint8Array> {
  const row = '<row><c t="inlineStr"><is><t>bomba</t></is></c></row>';
  const rowChunk = row.repeat(Math.floor(MEGABYTE / row.length));
  return buildZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>' },
    { name: 'xl/_rels/workbook.xml.rels', data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunk: rowChunk,
      times: options.inflatedMegabytes,
      ...(options.lie ? { declaredSize: 1024 } : {}),
    },
  ]);
}
