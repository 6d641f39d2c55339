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
