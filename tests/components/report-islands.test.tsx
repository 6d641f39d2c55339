/**
 * The reports page's island: a report built by the job engine shows its
 * progress while it runs (read again every 1.5 s), then a link to its file;
 * a failed build and an unreadable job say so.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n';
import ReportProgress from '~/islands/admin/reports/ReportProgress';
import type { ReportExport } from '~/lib/shared/schemas/reports';
import { apiError, fakeApi, json } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'reports.page.']);
const job = (overrides: Partial<ReportExport>): ReportExport => ({
  id: 5,
  type: 'progress',
  format: 'xlsx',
  status: 'queued',
  rowsTotal: 300_000,
  rowsDone: 0,
  fileName: 'reporte-progreso-2026-11-25.xlsx',
  sizeBytes: null,
  createdAt: '2026-11-25T13:00:00Z',
  finishedAt: null,
  downloadUrl: null,
  ...overrides,
});

describe('ReportProgress', () => {
  it('shows the rows done while the report is built, then the link to download it', async () => {
    const api = fakeApi();
    const answers = [job({ status: 'running', rowsDone: 150_000 }), job({ status: 'ready', rowsDone: 300_000, downloadUrl: '/api/v2/reports/exports/5/download/' })];
    api.on('GET /api/v2/reports/exports/5/', () => json(answers.length > 1 ? answers.shift() : answers[0]));
    render(<ReportProgress lang="es" messages={messages} exportId={5} />);
    expect(await screen.findByText('Preparando el reporte: 150.000 de 300.000 filas (50 %)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avance del reporte' }).getAttribute('value')).toBe('50');
    const link = await screen.findByRole('link', { name: 'Descargar reporte' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe('/admin/reports/files/5');
  });

  it('says when the report could not be built', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/reports/exports/5/', () => json(job({ status: 'failed' })));
    render(<ReportProgress lang="es" messages={messages} exportId={5} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo preparar el reporte. Inténtalo de nuevo.');
  });

  it("says when the job cannot be read (someone else's, or gone)", async () => {
    const api = fakeApi();
    api.on('GET /api/v2/reports/exports/5/', () => apiError(404, 'not_found', 'No encontrado'));
    render(<ReportProgress lang="es" messages={messages} exportId={5} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No encontrado');
  });
});
