/** Downloads are named one way: the title without accents or symbols, cut to its length, then the suffix and extension. */
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '~/lib/shared/file-name-of';

describe('fileNameOf', () => {
  it('turns a Spanish title into lowercase letters, digits and dashes', () => {
    expect(fileNameOf('Informe de laboratorio: ¿Qué aprendí?', 'zip', 'tarea', { suffix: '-entregas' })).toBe('informe-de-laboratorio-que-aprendi-entregas.zip');
    expect(fileNameOf('Reporte de progreso 2026-11-25', 'xlsx', 'reporte')).toBe('reporte-de-progreso-2026-11-25.xlsx');
  });

  it('cuts the title (not the suffix) at maxLength, and falls back when nothing is left', () => {
    expect(fileNameOf('a'.repeat(80), 'xlsx', 'tarea', { suffix: '-calificaciones', maxLength: 50 })).toBe(`${'a'.repeat(50)}-calificaciones.xlsx`);
    expect(fileNameOf('a'.repeat(80), 'csv', 'x')).toBe(`${'a'.repeat(60)}.csv`);
    expect(fileNameOf('¿¡!?', 'zip', 'tarea', { suffix: '-entregas' })).toBe('tarea-entregas.zip');
  });
});
