import { describe, expect, it } from 'vitest';
import { readSheetRows } from '~/lib/server/spreadsheets/read-sheet-rows';

const csv = (text: string) => readSheetRows(new TextEncoder().encode(text));

describe('reading a CSV (csv-parse)', () => {
  it('takes `;` when the header has more of them (a Spanish-locale Excel export), and keeps quoted separators, doubled quotes and line breaks', async () => {
    expect(await csv('\ufeffcorreo;rol\r\n"ana@senda.test";"tutor; principal"\r\n"beto ""B""@senda.test";"una\nnota"\r\n')).toEqual([
      { rowNumber: 1, cells: ['correo', 'rol'] },
      { rowNumber: 2, cells: ['ana@senda.test', 'tutor; principal'] },
      { rowNumber: 3, cells: ['beto "B"@senda.test', 'una\nnota'] },
    ]);
  });

  it('leaves blank rows out but keeps their number, as a spreadsheet shows them', async () => {
    expect(await csv('email,role\n\na@b.co,1\n,\nc@d.co,2')).toEqual([
      { rowNumber: 1, cells: ['email', 'role'] },
      { rowNumber: 3, cells: ['a@b.co', '1'] },
      { rowNumber: 5, cells: ['c@d.co', '2'] },
    ]);
  });

  it('keeps a stray quote inside a field as text, and refuses a quote never closed (415)', async () => {
    expect(await csv('título\nEl "mejor" curso\n')).toEqual([
      { rowNumber: 1, cells: ['título'] },
      { rowNumber: 2, cells: ['El "mejor" curso'] },
    ]);
    await expect(csv('título\n"sin cerrar\n')).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('the text encoding of a CSV', () => {
  const rows = [
    { rowNumber: 1, cells: ['correo', 'municipio'] },
    { rowNumber: 2, cells: ['ñandú@correo.co', 'Bogotá'] },
  ];

  it('reads the Windows-1252 a Spanish-locale Excel writes ("CSV (delimitado por comas)"), so accents survive', async () => {
    expect(await readSheetRows(new Uint8Array(Buffer.from('correo;municipio\r\nñandú@correo.co;Bogotá\r\n', 'latin1')))).toEqual(rows);
  });

  it('reads UTF-16 with its byte-order mark (Excel\'s "Unicode text")', async () => {
    const text = 'correo;municipio\r\nñandú@correo.co;Bogotá\r\n';
    expect(await readSheetRows(new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]))).toEqual(rows);
  });

  it('still refuses what is no text at all (415)', async () => {
    await expect(readSheetRows(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01]))).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});
