/**
 * The certificates' islands: a cohort's certificates in the admin screens
 * (loading, empty, error, loaded; revoking one; the bulk issue and its
 * progress, or why it cannot start), and a program's certificate design
 * (saving it with the server's field messages, uploading its images).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import CertificateDesignForm from '~/islands/certificates/CertificateDesignForm';
import CohortCertificates from '~/islands/certificates/CohortCertificates';
import type { Certificate, CertificateDesign, CertificateRun } from '~/lib/shared/schemas/certificates';
import { apiError, fakeApi, FakeXhr, gate, json, page } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'admin.common.', 'admin.certificates.', 'certificates.anonymizedHolder', 'certificates.mine.']);
const LIST = 'GET /api/v2/certificates/?cohort_id=7';

const certificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: 3,
  code: '7K2M-9QXD-4H8T-B1RZ',
  userId: 11,
  cohortId: 7,
  programId: 2,
  holderName: 'José Muñoz',
  programName: 'Programa',
  title: 'Certificado de aprobación',
  hours: 96,
  signers: [],
  issuedAt: '2026-11-20T15:00:00Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  verifyUrl: 'http://localhost:4321/verify/7K2M-9QXD-4H8T-B1RZ',
  linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME',
  ...overrides,
});
const run = (overrides: Partial<CertificateRun> = {}): CertificateRun => ({ id: 4, cohortId: 7, status: 'queued', itemsTotal: 10, itemsDone: 0, issuedCount: 0, error: null, ...overrides });

describe('CohortCertificates', () => {
  it('says it is loading, then lists the certificates with their holder, code and state', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on(LIST, async () => {
      await answer.opened;
      return json(page([certificate(), certificate({ id: 4, holderName: null, status: 'revoked', code: 'AAAA-BBBB-CCCC-DDDD' })]));
    });
    render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue={false} />);
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByText('José Muñoz')).toBeTruthy();
    expect(screen.getByText('Titular anonimizado')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Descargar PDF' })[0]!.getAttribute('href')).toBe('/certificates/3/pdf');
    expect(screen.getAllByRole('link', { name: 'Página de verificación' })[0]!.getAttribute('href')).toBe('/verify/7K2M-9QXD-4H8T-B1RZ');
    // A tutor only reads: no revoking, no bulk issue.
    expect(screen.queryByRole('button', { name: /Revocar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Emitir certificados a quienes aprobaron' })).toBeNull();
  });

  it('says when there are none yet, and when they cannot be read', async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([])));
    const { unmount } = render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue={false} />);
    expect(await screen.findByText('Aún no hay certificados en esta cohorte.')).toBeTruthy();
    unmount();
    api.on(LIST, () => apiError(404, 'not_found', 'No encontrado'));
    render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue={false} />);
    expect((await screen.findByRole('alert')).textContent).toContain('No encontrado');
  });

  it('revokes a certificate with a reason, showing the server\'s field message first', async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([certificate()])));
    const reasons: string[] = [];
    api.on('POST /api/v2/certificates/3/revoke/', async (request) => {
      const { reason } = (await request.json()) as { reason: string };
      reasons.push(reason);
      if (!reason) return apiError(400, 'validation_failed', 'Datos inválidos', { reason: 'Escribe el motivo de la revocación' });
      return json(certificate({ status: 'revoked', revokedAt: '2026-11-21T10:00:00Z', revokedReason: reason }));
    });
    render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar el certificado de José Muñoz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revocar el certificado' }));
    expect(await screen.findByText('Escribe el motivo de la revocación')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Motivo de la revocación'), { target: { value: 'Plagio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revocar el certificado' }));
    expect(await screen.findByText(/revocado/)).toBeTruthy();
    expect(reasons).toEqual(['', 'Plagio']);
  });

  it('tells why the bulk issue cannot start (the program has no certificate yet)', async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([])));
    api.on('POST /api/v2/cohorts/7/certificates/issue/', () => apiError(409, 'certificate_design_missing', 'El programa de esta cohorte no tiene un certificado diseñado todavía.'));
    render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir certificados a quienes aprobaron' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El programa de esta cohorte no tiene un certificado diseñado todavía.');
  });

  it('shows the bulk issue\'s progress, then how many certificates are new, and reads the list again', async () => {
    const api = fakeApi();
    const lists = [page([]), page([certificate()])];
    api.on(LIST, () => json(lists.length > 1 ? lists.shift() : lists[0]));
    // Queued, the job still counting who approved; then running; then done.
    api.on('POST /api/v2/cohorts/7/certificates/issue/', () => json(run({ itemsTotal: 0 }), 202));
    const states = [run({ status: 'running', itemsDone: 5 }), run({ status: 'done', itemsDone: 10, issuedCount: 10 })];
    api.on('GET /api/v2/cohorts/7/certificates/issue/4/', () => json(states.length > 1 ? states.shift() : states[0]));
    render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir certificados a quienes aprobaron' }));
    expect(await screen.findByText('Contando quiénes aprobaron…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la emisión' }).hasAttribute('value')).toBe(false);
    expect(await screen.findByText('Emitiendo: 5 de 10 (50 %)', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la emisión' }).getAttribute('value')).toBe('50');
    expect(await screen.findByText('Listo: 10 certificados nuevos.', {}, { timeout: 6000 })).toBeTruthy();
    expect(await screen.findByText('José Muñoz')).toBeTruthy();
  });
});

describe('CohortCertificates with the page\'s first page', () => {
  it('shows the certificates the server rendered without reading them again', async () => {
    const api = fakeApi();
    render(<CohortCertificates lang="es" messages={messages} cohortId={7} canIssue={false} initial={page([certificate()])} />);
    expect(screen.getByText('José Muñoz')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

const designMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.certificates.design.']);
const design = (overrides: Partial<CertificateDesign> = {}): CertificateDesign => ({
  programId: 2,
  title: 'Diploma',
  hours: 40,
  signers: [{ name: 'Ana Rey', role: 'Rectora', hasSignature: false }],
  hasLogo: false,
  hasBackground: false,
  autoIssue: false,
  ...overrides,
});

describe('CertificateDesignForm', () => {
  it('saves a new design, showing the server\'s field messages first, then offers its images and preview', async () => {
    const api = fakeApi();
    const sent: unknown[] = [];
    api.on('PUT /api/v2/programs/2/certificate/', async (request) => {
      const body = (await request.json()) as { title: string; hours: number };
      sent.push(body);
      if (!body.title) return apiError(400, 'validation_failed', 'Datos inválidos', { title: 'Escribe el título del certificado' });
      return json(design({ title: body.title, hours: body.hours }));
    });
    render(<CertificateDesignForm lang="es" messages={designMessages} programId={2} design={null} />);
    expect(screen.queryByText('Imágenes')).toBeNull();
    fireEvent.change(screen.getByLabelText('Intensidad (horas)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe el título del certificado')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Título del certificado'), { target: { value: 'Diploma' } });
    fireEvent.change(screen.getByLabelText('Nombre del firmante 1'), { target: { value: 'Ana Rey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Imágenes')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ title: 'Diploma', hours: 40, signers: [{ name: 'Ana Rey', role: '' }], autoIssue: false });
    expect(screen.getByRole('link', { name: 'Ver la vista previa (PDF)' }).getAttribute('href')).toMatch(/^\/admin\/programs\/2\/certificate-preview/);
  });

  it('uploads a logo, and says when the server refuses an image', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = fakeApi();
    const answers = [json(design({ hasLogo: true })), apiError(415, 'certificate_image_invalid', 'La imagen debe ser PNG o JPEG.')];
    api.on('POST /api/v2/programs/2/certificate/images/', () => answers.shift()!);
    render(<CertificateDesignForm lang="es" messages={designMessages} programId={2} design={design()} />);
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByLabelText('Cambiar el logo')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fondo'), { target: { files: [new File(['svg'], 'fondo.svg', { type: 'image/svg+xml' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('La imagen debe ser PNG o JPEG.');
  });
});
