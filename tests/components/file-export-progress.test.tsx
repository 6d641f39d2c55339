/**
 * The one island for files built by the job engine (a report on the reports
 * page, a zip of submissions in the grading view): its progress while it
 * runs (read again every 1.5 s), then a link to its file; a failed build and
 * an unreadable job say so.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n';
import FileExportProgress from '~/islands/common/FileExportProgress';
import type { SubmissionExport } from '~/lib/shared/schemas/assignments';
import type { ReportExport } from '~/lib/shared/schemas/reports';
import { apiError, fakeApi, json } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'reports.page.', 'assignments.zipJob.']);
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

describe('FileExportProgress: a report', () => {
  it('shows the rows done while the report is built, then the link to download it', async () => {
    const api = fakeApi();
    const answers = [job({ status: 'running', rowsDone: 150_000 }), job({ status: 'ready', rowsDone: 300_000, downloadUrl: '/api/v2/reports/exports/5/download/' })];
    api.on('GET /api/v2/reports/exports/5/', () => json(answers.length > 1 ? answers.shift() : answers[0]));
    render(<FileExportProgress lang="es" messages={messages} kind="report" exportId={5} />);
    expect(await screen.findByText('Preparando el reporte: 150.000 de 300.000 filas (50 %)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avance del reporte' }).getAttribute('value')).toBe('50');
    const link = await screen.findByRole('link', { name: 'Descargar reporte' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe('/admin/reports/files/5');
  });

  it('says when the report could not be built', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/reports/exports/5/', () => json(job({ status: 'failed' })));
    render(<FileExportProgress lang="es" messages={messages} kind="report" exportId={5} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo preparar el reporte. Inténtalo de nuevo.');
  });

  it("says when the job cannot be read (someone else's, or gone)", async () => {
    const api = fakeApi();
    api.on('GET /api/v2/reports/exports/5/', () => apiError(404, 'not_found', 'No encontrado'));
    render(<FileExportProgress lang="es" messages={messages} kind="report" exportId={5} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No encontrado');
  });
});

const zip = (overrides: Partial<SubmissionExport>): SubmissionExport => ({
  id: 9,
  assignmentId: 3,
  status: 'queued',
  filesTotal: 40,
  filesDone: 0,
  bytesTotal: 800_000_000,
  bytesDone: 0,
  sizeBytes: null,
  createdAt: '2026-11-25T13:00:00Z',
  finishedAt: null,
  downloadUrl: null,
  ...overrides,
});

describe('FileExportProgress: a zip of submissions', () => {
  it('shows the share of bytes and the files done while the zip is built, then the link to download it', async () => {
    const api = fakeApi();
    const answers = [zip({ status: 'running', bytesDone: 200_000_000, filesDone: 10 }), zip({ status: 'ready', bytesDone: 800_000_000, filesDone: 40 })];
    api.on('GET /api/v2/assignments/submissions/zip/9/', () => json(answers.length > 1 ? answers.shift() : answers[0]));
    render(<FileExportProgress lang="es" messages={messages} kind="submissions_zip" exportId={9} />);
    expect(await screen.findByText('Preparando el zip… 25 % (10 de 40 archivos)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso del zip' }).getAttribute('value')).toBe('25');
    const link = await screen.findByRole('link', { name: 'Descargar el zip' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe('/assignments/zips/9');
  });

  it('says when the zip could not be built', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/assignments/submissions/zip/9/', () => json(zip({ status: 'failed' })));
    render(<FileExportProgress lang="es" messages={messages} kind="submissions_zip" exportId={9} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo preparar el zip. Vuelve a intentarlo.');
  });
});
