/**
 * Consents, minors and withdrawals as a person uses them (ADR 030): the
 * person form asks the sensitive data only after its own consent and a
 * minor's guardian; the account page lists consents and withdraws one after
 * a confirmation; a student withdraws from a cohort with a reason; staff
 * withdraw a student from the members list. The islands and the request
 * helper are real; only the network answers from the test.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import Consents from '~/islands/account/Consents';
import MyCohorts from '~/islands/account/MyCohorts';
import CohortMembers from '~/islands/admin/cohort/CohortMembers';
import PersonForm, { PERSON_FORM_MESSAGES, REGISTRATION_FORM_MESSAGES } from '~/islands/person/PersonForm';
import { todayInBogota } from '~/lib/shared/age-bands';
import type { Consent } from '~/lib/shared/schemas/consents';
import type { PersonProfile } from '~/lib/shared/schemas/person';
import type { CohortMember } from '~/lib/shared/schemas/structure';
import { apiError, fakeApi, gate, json, page } from './support/fake-api';

const accountMessages = pickMessages('es', ['consent.', 'withdrawal.', 'validation.', 'common.', 'admin.common.error', 'toast.']);
const membersMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.members.', 'withdrawal.', 'validation.withdrawal.', 'validation.required.withdrawalNote']);


const profile = (changes: Partial<PersonProfile> = {}): PersonProfile => ({
  userId: 1,
  firstName: 'Sofía',
  lastName: 'Martínez',
  fullName: 'Sofía Martínez',
  email: 'sofia@correo.co',
  documentType: 'CC',
  documentNumber: '1020304050',
  contact: '3001234567',
  genre: 'female',
  department: '11',
  municipality: '11001',
  neighborhood: 'Chapinero',
  address: 'Calle 45 # 13-20',
  stratum: 3,
  housingType: 'rented',
  childrenCount: 0,
  householdSize: 4,
  dependentsCount: 1,
  populationGroup: null,
  englishLevel: 'A2',
  transportMode: 'mass_transit',
  emergencyContact: { name: 'Carlos Martínez', phone: '3109876543', relationship: 'Padre' },
  employmentType: null,
  worksInIndustry: null,
  role: null,
  birthDate: '1998-04-12',
  guardian: null,
  sensitiveDataConsent: false,
  isComplete: false,
  updatedAt: null,
  ...changes,
});

/** A birth date `years` years before today (Bogotá). */
function bornYearsAgo(years: number): string {
  const today = new Date(`${todayInBogota()}T12:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  return today.toISOString().slice(0, 10);
}

describe('PersonForm: sensitive data and minors', () => {
  const renderForm = (initial = profile(), lang: 'es' | 'en' = 'es') => render(<PersonForm lang={lang} messages={pickMessages(lang, PERSON_FORM_MESSAGES)} target={{ kind: 'own' }} initial={initial} />);

  it('asks for an explicit choice on sensitive data, shows the population group only once authorised, and offers "Prefiero no responder"', async () => {
    const api = fakeApi();
    let body: Record<string, unknown> = {};
    api.on('PUT /api/v2/profiles/me/', async (request) => {
      body = await request.json();
      return json(profile({ isComplete: true }));
    });
    renderForm();
    expect(screen.queryByLabelText('Grupo poblacional')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(screen.getByText('Indique si autoriza el tratamiento de sus datos sensibles')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Sí, lo autorizo' }));
    const group = screen.getByLabelText('Grupo poblacional') as HTMLSelectElement;
    expect([...group.options].map((option) => option.textContent)).toContain('Prefiero no responder');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    // The contract's required-field message: declining is a choice, but a choice must be made.
    expect(screen.getByText('El grupo poblacional es obligatorio')).toBeTruthy();

    // Declining the consent hides the group again and sends none.
    await userEvent.click(screen.getByRole('radio', { name: 'No lo autorizo' }));
    expect(screen.queryByLabelText('Grupo poblacional')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    await waitFor(() => expect(api.calls).toEqual(['PUT /api/v2/profiles/me/']));
    expect(body).toMatchObject({ sensitiveDataConsent: false, birthDate: '1998-04-12' });
    expect(body).not.toHaveProperty('populationGroup');
  });

  it("asks a minor for their guardian's name, document and authorisation, and refuses a cédula", async () => {
    const api = fakeApi();
    let body: Record<string, unknown> = {};
    api.on('PUT /api/v2/profiles/me/', async (request) => {
      body = await request.json();
      return json(profile({ isComplete: true }));
    });
    renderForm(profile({ sensitiveDataConsent: true, populationGroup: 'none' }));
    expect(screen.queryByRole('group', { name: 'Acudiente (representante legal)' })).toBeNull();
    const birthDate = screen.getByLabelText('Fecha de nacimiento');
    await userEvent.clear(birthDate);
    await userEvent.type(birthDate, bornYearsAgo(16));
    const guardian = screen.getByRole('group', { name: 'Acudiente (representante legal)' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(within(guardian).getByText('El nombre del acudiente es obligatorio para una persona menor de edad')).toBeTruthy();
    expect(screen.getByText('Una persona menor de edad se identifica con tarjeta de identidad (o registro civil si tiene menos de 7 años)')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Tipo de documento de identidad'), 'TI');
    await userEvent.type(within(guardian).getByLabelText('Nombre completo del acudiente'), 'Marta Ruiz');
    await userEvent.selectOptions(within(guardian).getByLabelText('Tipo de documento del acudiente'), 'CC');
    await userEvent.type(within(guardian).getByLabelText('Número de documento del acudiente'), '52123456');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(within(guardian).getByText('El acudiente debe autorizar el registro y el tratamiento de los datos de la persona menor de edad')).toBeTruthy();
    await userEvent.click(within(guardian).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    await waitFor(() => expect(api.calls).toEqual(['PUT /api/v2/profiles/me/']));
    expect(body).toMatchObject({ documentType: 'TI', guardian: { name: 'Marta Ruiz', documentType: 'CC', documentNumber: '52123456', consent: true }, sensitiveDataConsent: true, populationGroup: 'none' });
  });

  it('offers the funder reports consent on the sign-up form, optional', async () => {
    fakeApi();
    render(<PersonForm lang="en" messages={pickMessages('en', REGISTRATION_FORM_MESSAGES)} target={{ kind: 'registration', offerId: 4, doneUrl: '/done' }} initial={profile()} />);
    const funders = screen.getByRole('checkbox', { name: 'I authorise my data to be included in the reports to the bodies that fund my program (optional).' }) as HTMLInputElement;
    expect(funders.checked).toBe(false);
    expect(screen.getByRole('radio', { name: 'No, I do not authorise it' })).toBeTruthy();
  });
});

const consent = (purpose: Consent['purpose'], changes: Partial<Consent> = {}): Consent => ({
  purpose,
  isGranted: false,
  textVersion: null,
  grantedAt: null,
  channel: null,
  withdrawnAt: null,
  isWithdrawable: purpose !== 'general',
  ...changes,
});
const granted = (purpose: Consent['purpose'], channel: Consent['channel'] = 'sign_up') => consent(purpose, { isGranted: true, textVersion: '2026-11-28', grantedAt: '2026-11-20T15:00:00Z', channel });

describe('Consents (account page)', () => {
  const renderIsland = () => render(<Consents lang="es" messages={accountMessages} />);

  it('says it is loading, then lists every purpose with its state; the general one cannot be withdrawn here', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on('GET /api/v2/profiles/me/consents/', async () => {
      await answer.opened;
      return json({ results: [granted('general'), consent('sensitive_data', { withdrawnAt: '2026-11-25T15:00:00Z' }), granted('funder_reports')] });
    });
    renderIsland();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByRole('heading', { name: 'Reportes a entidades financiadoras' })).toBeTruthy();
    expect(screen.getAllByText('Autorizada el 20 de noviembre de 2026 (Inscripción, versión 2026-11-28)')).toHaveLength(2);
    expect(screen.getByText('Retirada el 25 de noviembre de 2026')).toBeTruthy();
    expect(screen.getByText('Para retirar esta autorización, solicita la eliminación de tus datos.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retirar la autorización: Tratamiento de datos personales' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Autorizar: Datos sensibles' })).toBeTruthy();
  });

  it('shows why the list could not be read, and reads it again', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/profiles/me/consents/', () => apiError(503, 'unavailable', 'El servicio no está disponible.'));
    renderIsland();
    expect((await screen.findByRole('alert')).textContent).toContain('El servicio no está disponible.');
    api.on('GET /api/v2/profiles/me/consents/', () => json({ results: [granted('general'), consent('sensitive_data'), consent('funder_reports')] }));
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Autorizar: Reportes a entidades financiadoras' })).toBeTruthy();
  });

  it('withdraws the funder reports consent only after a confirmation, and shows it withdrawn', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/profiles/me/consents/', () => json({ results: [granted('general'), consent('sensitive_data'), granted('funder_reports', 'account')] }));
    api.on('DELETE /api/v2/profiles/me/consents/funder_reports/', () => json({ results: [granted('general'), consent('sensitive_data'), consent('funder_reports', { withdrawnAt: '2026-11-28T15:00:00Z' })] }));
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderIsland();
    const button = await screen.findByRole('button', { name: 'Retirar la autorización: Reportes a entidades financiadoras' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('¿Retirar la autorización «Reportes a entidades financiadoras»? Desde ahora esos datos dejan de usarse.');
    expect(api.calls).toEqual(['GET /api/v2/profiles/me/consents/']);
    await userEvent.click(button);
    expect(await screen.findByText('Retirada el 28 de noviembre de 2026')).toBeTruthy();
    expect(api.calls).toContain('DELETE /api/v2/profiles/me/consents/funder_reports/');
    expect(screen.getByRole('button', { name: 'Autorizar: Reportes a entidades financiadoras' })).toBeTruthy();
  });
});

describe('MyCohorts (account page)', () => {
  const renderIsland = () => render(<MyCohorts lang="es" messages={accountMessages} />);

  it('says when the person takes part in no cohort as a student', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/profiles/me/cohorts/', () => json({ results: [] }));
    renderIsland();
    expect(await screen.findByText('No participas en ninguna cohorte como estudiante.')).toBeTruthy();
  });

  it('withdraws from a cohort with a reason (words for "other") and a confirmation', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/profiles/me/cohorts/', () =>
      json({ results: [{ cohortId: 7, name: 'Cohorte 2026-1 Cali', status: 'ACTIVE', withdrawnOn: null }, { cohortId: 8, name: 'Cohorte 2025-2', status: 'INACTIVE', withdrawnOn: '2026-03-04' }] }),
    );
    let body: Record<string, unknown> = {};
    api.on('POST /api/v2/cohorts/7/my-withdrawal/', async (request) => {
      body = await request.json();
      return json({ cohortId: 7, userId: 1, firstName: 'Sofía', lastName: 'Martínez', withdrawnOn: '2026-11-28', reason: 'other', note: 'Viaje', isSelf: true }, 201);
    });
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    renderIsland();
    expect(await screen.findByText('Retirado el 4 de marzo de 2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retirarme de Cohorte 2026-1 Cali' }));
    const form = screen.getByRole('form', { name: 'Retirarme de Cohorte 2026-1 Cali' });
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar el retiro' }));
    expect(within(form).getByText('Seleccione el motivo del retiro')).toBeTruthy();
    await userEvent.selectOptions(within(form).getByLabelText('Motivo del retiro'), 'other');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar el retiro' }));
    expect(within(form).getByText('Cuente el motivo del retiro')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText('Detalle del motivo'), 'Viaje');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar el retiro' }));
    expect(confirm).toHaveBeenCalledWith('¿Retirarte de «Cohorte 2026-1 Cali»? Dejarás de participar en la cohorte.');
    expect(await screen.findByText('Retirado el 28 de noviembre de 2026')).toBeTruthy();
    expect(body).toMatchObject({ reason: 'other', note: 'Viaje' });
  });
});

const member = (userId: number, firstName: string, lastName: string, changes: Partial<CohortMember> = {}): CohortMember => ({
  userId,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@senda.test`,
  role_id: 1,
  status: 'ACTIVE',
  withdrawnOn: null,
  withdrawalReason: null,
  ...changes,
});

describe('CohortMembers: withdrawing a student', () => {
  it('withdraws a student with a reason and a day after a confirmation, and shows withdrawals with their reason', async () => {
    const api = fakeApi({ idUser: 50, typeUser: 'staff' });
    api.on('GET /api/v2/cohorts/3/users/?page=1', () => json(page([member(10, 'Ana', 'Gómez'), member(11, 'Luis', 'Pérez', { status: 'INACTIVE', withdrawnOn: '2026-10-02', withdrawalReason: 'moved' }), member(12, 'Tito', 'Ríos', { role_id: 2 })])));
    let body: Record<string, unknown> = {};
    api.on('POST /api/v2/cohorts/3/withdrawals/', async (request) => {
      body = await request.json();
      return json({ cohortId: 3, userId: 10, firstName: 'Ana', lastName: 'Gómez', withdrawnOn: '2026-11-20', reason: 'work', note: null, isSelf: false }, 201);
    });
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    render(<CohortMembers lang="es" messages={membersMessages} cohortId={3} canAssign />);
    expect(await screen.findByText('Retirado el 2 de octubre de 2026 · Cambio de residencia')).toBeTruthy();
    // Only students taking part can be withdrawn: not the tutor, not one who already left.
    expect(screen.queryByRole('button', { name: 'Retirar a Tito Ríos de la cohorte' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirar a Luis Pérez de la cohorte' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retirar a Ana Gómez de la cohorte' }));
    const form = screen.getByRole('form', { name: 'Retirar a Ana Gómez' });
    await userEvent.selectOptions(within(form).getByLabelText('Motivo del retiro'), 'work');
    const day = within(form).getByLabelText('Fecha de retiro');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-11-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar el retiro' }));
    expect(confirm).toHaveBeenCalledWith('¿Retirar a Ana Gómez de la cohorte? Dejará de participar y saldrá de las listas de seguimiento.');
    await waitFor(() => expect(api.calls).toContain('POST /api/v2/cohorts/3/withdrawals/'));
    expect(body).toMatchObject({ userId: 10, reason: 'work', withdrawnOn: '2026-11-20' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Retirar a Ana Gómez' })).toBeNull());
  });

  it("shows the server's refusal beside the form and keeps it open", async () => {
    const api = fakeApi({ idUser: 50, typeUser: 'staff' });
    api.on('GET /api/v2/cohorts/3/users/?page=1', () => json(page([member(10, 'Ana', 'Gómez')])));
    api.on('POST /api/v2/cohorts/3/withdrawals/', () => apiError(409, 'membership_not_active', 'Esta persona ya no participa en la cohorte.'));
    vi.stubGlobal('confirm', vi.fn(() => true));
    render(<CohortMembers lang="es" messages={membersMessages} cohortId={3} canAssign />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar a Ana Gómez de la cohorte' }));
    const form = screen.getByRole('form', { name: 'Retirar a Ana Gómez' });
    await userEvent.selectOptions(within(form).getByLabelText('Motivo del retiro'), 'health');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar el retiro' }));
    expect(await within(form).findByText('Esta persona ya no participa en la cohorte.')).toBeTruthy();
  });
});
