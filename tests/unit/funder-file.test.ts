/** Issue 33: the funder report's files depend only on its figures (ADR 031): no time of writing anywhere. */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { writeFunderFile } from '~/lib/server/services/reports/funder/write-funder-file';
import type { FunderReport } from '~/lib/server/services/reports/funder/get-funder-report';

const REPORT: FunderReport = {
  cutoff: '2026-06-30',
  lang: 'es',
  totals: { signedUp: 14, enrolled: 12, active: 3, approved: 7, certified: 1, withdrawn: 2, plannedHours: 1.5, attendedHours: 3, approvalRate: 58.3 },
  sections: [
    { sheet: 'Resumen', title: 'Informe', header: ['Etapa', 'Personas', '%'], kinds: ['text', 'integer', 'decimal'], rows: [['Matriculados', 12, 100], ['Aprobados', 7, 58.3]] },
    { sheet: 'Resumen', title: 'Retiros por motivo', header: ['Motivo', 'Personas'], kinds: ['text', 'integer'], rows: [['Trabajo', '<5'], ['Salud', '<5'], ['=cmd', 0]] },
    { sheet: 'Por género', title: 'Por género', header: ['Grupo', 'Matriculados'], kinds: ['text', 'integer'], rows: [['Femenino', 6], ['Masculino', 6]] },
  ],
};

describe('writeFunderFile', () => {
  it('writes the same XLSX bytes at two different moments, every zip entry and the workbook dated the cut-off', async () => {
    const first = await writeFunderFile(REPORT, 'xlsx');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const second = await writeFunderFile(REPORT, 'xlsx');
    expect(Buffer.from(second.data).equals(Buffer.from(first.data))).toBe(true);
    expect(first.fileName).toBe('informe-financiador-corte-2026-06-30.xlsx');

    const zip = await JSZip.loadAsync(first.data);
    const dates = Object.values(zip.files).map((entry) => entry.date.toISOString().slice(0, 10));
    expect(new Set(dates)).toEqual(new Set(['2026-06-30']));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(first.data as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Resumen', 'Por género']);
    const summary = workbook.getWorksheet('Resumen')!;
    expect(summary.getRow(3).values).toEqual([undefined, 'Matriculados', 12, 100]);
    expect(summary.getRow(3).getCell(2).numFmt).toBe('0');
    // Sections of one sheet follow each other after a blank row; "<5" stays text; a formula is defused.
    expect(summary.getRow(6).getCell(1).value).toBe('Retiros por motivo');
    expect(summary.getRow(8).values).toEqual([undefined, 'Trabajo', '<5']);
    expect(summary.getRow(10).getCell(1).value).toBe("'=cmd");
  });

  it('writes the CSV as sections under their titles, with a BOM, semicolons and decimal commas in Spanish', async () => {
    const csv = await writeFunderFile(REPORT, 'csv');
    const text = Buffer.from(csv.data).toString('utf8');
    expect(text).toBe(
      '\uFEFFInforme\r\nEtapa;Personas;%\r\nMatriculados;12;100\r\nAprobados;7;58,3\r\n\r\nRetiros por motivo\r\nMotivo;Personas\r\nTrabajo;<5\r\nSalud;<5\r\n\'=cmd;0\r\n\r\nPor género\r\nGrupo;Matriculados\r\nFemenino;6\r\nMasculino;6\r\n',
    );
    const english = await writeFunderFile({ ...REPORT, lang: 'en' }, 'csv');
    expect(Buffer.from(english.data).toString('utf8')).toContain('Aprobados,7,58.3');
  });
});
