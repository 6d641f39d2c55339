/**
 * The people islands as a person uses them, in Spanish (and English where
 * the contract asks): the admin users list, the person form checked as the
 * person types, and the users import with its preview, row errors and
 * progress. The islands and the request helper are real; only the network
 * answers from the test.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import UsersAdmin from '~/islands/admin/people/UsersAdmin';
import UsersImport from '~/islands/admin/people/UsersImport';
import PersonForm, { PERSON_FORM_MESSAGES } from '~/islands/person/PersonForm';
import type { PersonProfile } from '~/lib/shared/schemas/person';
import type { FoundUser } from '~/lib/shared/schemas/user-search';
import { apiError, fakeApi, FakeXhr, gate, json, page } from './support/fake-api';

const peopleMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.overview.previous', 'admin.overview.next', 'admin.members.role.', 'people.', 'person.firstName', 'person.lastName', 'person.email', 'roles.', 'validation.required.']);

const person = (id: number, firstName: string, lastName: string, account: Partial<NonNullable<FoundUser['account']>> = {}): FoundUser => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@correo.co`,
  account: { userType: 'student', status: 'ACTIVE', invitationPending: false, invitedAt: null, deletionRequestedAt: null, anonymized: false, ...account },
});

describe('UsersAdmin', () => {
  const renderIsland = () => render(<UsersAdmin lang="es" messages={peopleMessages} cohorts={[{ id: 4, name: 'Cohorte Cali' }]} learningPaths={[{ id: 2, name: 'Datos' }]} selfId={1} />);

  it('says it is loading, then lists people with their state', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on('GET /api/v2/users/?page=1', async () => {
      await answer.opened;
      return json(page([person(1, 'Adriana', 'Gómez', { userType: 'admin' }), person(2, 'Camilo', 'Rodríguez', { invitationPending: true, invitedAt: '2026-11-20T12:00:00Z' })]));
    });
    renderIsland();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    const table = await screen.findByRole('table', { name: 'Personas de la plataforma' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Adriana Gómez', 'Camilo Rodríguez']);
    expect(within(rows[1]!).getByText('Invitación pendiente')).toBeTruthy();
    // The admin's own row offers no deactivation (it would end their session).
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Invitar de nuevo a Camilo Rodríguez' })).toBeTruthy();
  });

  it('says when nobody matches, and filters by state', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/users/?page=1', () => json(page([person(2, 'Camilo', 'Rodríguez')])));
    api.on('GET /api/v2/users/?status=INACTIVE&page=1', () => json(page([])));
    renderIsland();
    await screen.findByRole('table', { name: 'Personas de la plataforma' });
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'Inactiva');
    expect(await screen.findByText('No hay personas con estos filtros.')).toBeTruthy();
  });

  it('shows why the list could not be read, and reads it again', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/users/?page=1', () => apiError(500, 'internal', 'Ocurrió un error inesperado. Ya lo registramos.'));
    renderIsland();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ocurrió un error inesperado.');
    api.on('GET /api/v2/users/?page=1', () => json(page([person(2, 'Camilo', 'Rodríguez')])));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Camilo Rodríguez' })).toBeTruthy();
  });

  it('deactivates someone only after the admin confirms, and shows the new state', async () => {
    const api = fakeApi();
    let state: 'ACTIVE' | 'INACTIVE' = 'ACTIVE';
    api.on('GET /api/v2/users/?page=1', () => json(page([person(2, 'Camilo', 'Rodríguez', { status: state })])));
    api.on('PATCH /api/v2/users/2/', async (request) => {
      expect(await request.json()).toMatchObject({ status: 'INACTIVE' });
      state = 'INACTIVE';
      return json({});
    });
    vi.stubGlobal('confirm', vi.fn(() => true));
    renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar a Camilo Rodríguez' }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('¿Desactivar a Camilo Rodríguez?'));
    const table = screen.getByRole('table', { name: 'Personas de la plataforma' });
    expect(await within(table).findByText('Inactiva')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activar a Camilo Rodríguez' })).toBeTruthy();
  });

  it('creates an account, and shows the server\'s message beside the field it names', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/users/?page=1', () => json(page([])));
    api.on('POST /api/v2/users/individual/', () => apiError(400, 'validation_failed', 'Revisa los datos enviados.', { email: 'Ya existe una cuenta con este correo' }));
    renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Crear una persona' }));
    const form = screen.getByRole('form', { name: 'Nueva persona' });
    await userEvent.click(within(form).getByRole('button', { name: 'Crear la cuenta' }));
    expect(within(form).getByText('El nombre es obligatorio')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Nombres'), 'Lucía');
    await userEvent.type(within(form).getByLabelText('Apellidos'), 'Mendoza');
    await userEvent.type(within(form).getByLabelText('Correo electrónico'), 'lucia@correo.co');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear la cuenta' }));
    expect(await within(form).findByText('Ya existe una cuenta con este correo')).toBeTruthy();
  });
});

const profile = (changes: Partial<PersonProfile> = {}): PersonProfile => ({
  userId: 1,
  firstName: 'Sofía',
  lastName: 'Martínez',
  fullName: 'Sofía Martínez',
  email: 'sofia@correo.co',
  documentType: null,
  documentNumber: null,
  contact: null,
  genre: null,
  department: null,
  municipality: null,
  neighborhood: null,
  address: null,
  stratum: null,
  housingType: null,
  childrenCount: null,
  householdSize: null,
  dependentsCount: null,
  populationGroup: null,
  englishLevel: null,
  transportMode: null,
  emergencyContact: { name: null, phone: null, relationship: null },
  employmentType: null,
  worksInIndustry: null,
  role: null,
  birthDate: null,
  guardian: null,
  sensitiveDataConsent: false,
  isComplete: false,
  updatedAt: null,
  ...changes,
});

describe('PersonForm', () => {
  const renderForm = (lang: 'es' | 'en' = 'es', initial = profile()) => render(<PersonForm lang={lang} messages={pickMessages(lang, PERSON_FORM_MESSAGES)} target={{ kind: 'own' }} initial={initial} />);

  it('tells a wrong value as the person types, in the contract\'s words, and a missing one once the field is left', async () => {
    fakeApi();
    renderForm();
    const contact = screen.getByLabelText('Celular de contacto');
    await userEvent.type(contact, '12ab');
    expect(contact.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('El contacto no es válido')).toBeTruthy();
    await userEvent.clear(contact);
    await userEvent.type(contact, '3001234567');
    expect(screen.queryByText('El contacto no es válido')).toBeNull();

    await userEvent.type(screen.getByLabelText('Número de hijos'), 'dos');
    expect(screen.getByText('Este campo solo acepta números')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Barrio'));
    await userEvent.tab();
    expect(screen.getByText('El barrio es obligatorio')).toBeTruthy();

    const confirm = screen.getByLabelText('Confirma el correo electrónico');
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'sofia@otro.co');
    expect(screen.queryByText('Los correos no coinciden')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Los correos no coinciden')).toBeTruthy();
    // The error is tied to its field for screen readers.
    expect(confirm.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)!.textContent).toBe('Los correos no coinciden');
  });

  it('on saving an incomplete form, names every missing field and sends nothing', async () => {
    const api = fakeApi();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Revisa los \d+ campos marcados\.$/);
    for (const message of ['Seleccione un género', 'Seleccione un tipo de vivienda', 'Seleccione un estrato', 'El barrio es obligatorio', 'El número de hijos es obligatorio', 'El contacto de emergencia es obligatorio']) {
      expect(screen.getAllByText(message).length, message).toBeGreaterThan(0);
    }
    expect(api.calls).toEqual([]);
  });

  it('chooses a municipality within its department, saves, and shows what the server refuses beside its field', async () => {
    const api = fakeApi();
    const complete = profile({
      documentType: 'CC',
      documentNumber: '1020304050',
      contact: '3001234567',
      genre: 'female',
      neighborhood: 'Chapinero',
      address: 'Calle 45 # 13-20',
      stratum: 3,
      housingType: 'rented',
      childrenCount: 0,
      householdSize: 4,
      dependentsCount: 1,
      populationGroup: 'none',
      englishLevel: 'A2',
      transportMode: 'mass_transit',
      emergencyContact: { name: 'Carlos Martínez', phone: '3109876543', relationship: 'Padre' },
      birthDate: '1998-04-12',
      sensitiveDataConsent: true,
    });
    let body: Record<string, unknown> = {};
    api.on('PUT /api/v2/profiles/me/', async (request) => {
      body = await request.json();
      return body.documentNumber === '1020304050' ? apiError(400, 'validation_failed', 'Revisa los datos enviados.', { documentNumber: 'Ya hay una persona con este documento' }) : json({ ...complete, municipality: '05001', department: '05', isComplete: true });
    });
    renderForm('es', complete);
    const municipality = screen.getByLabelText('Municipio') as HTMLSelectElement;
    expect(municipality.disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Departamento'), 'Antioquia');
    await userEvent.selectOptions(municipality, 'Medellín');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(await screen.findByText('Ya hay una persona con este documento')).toBeTruthy();
    expect(body).toMatchObject({ municipality: '05001', stratum: '3', emergencyContact: { name: 'Carlos Martínez' } });

    const documentNumber = screen.getByLabelText('Número de documento');
    await userEvent.clear(documentNumber);
    await userEvent.type(documentNumber, '1020304051');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(await screen.findByText('Tu perfil está completo.')).toBeTruthy();
  });

  it('speaks English', async () => {
    fakeApi();
    renderForm('en');
    await userEvent.type(screen.getByLabelText('Contact phone'), '12ab');
    expect(screen.getByText('The contact is not valid')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(screen.getAllByText('Select a gender').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Select a stratum').length).toBeGreaterThan(0);
  });
});

describe('UsersImport', () => {
  const renderIsland = () => render(<UsersImport lang="es" messages={pickMessages('es', ['common.', 'admin.common.', 'people.', 'toast.'])} />);
  const file = () => new File(['correo;nombres;apellidos\nana@correo.co;Ana;Ruiz\n'], 'personas.csv', { type: 'text/csv' });

  it('lists each row\'s errors, offers them as a file, and lets another file be chosen', async () => {
    const api = fakeApi();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on('POST /api/v2/users/bulk-users/?dryRun=true', () =>
      apiError(400, 'bulk_rows_invalid', '2 filas del archivo tienen errores. No se cambió nada.', { 'rows.3.email': 'El correo no es válido', 'rows.5.stratum': 'Seleccione un estrato' }),
    );
    renderIsland();
    await userEvent.upload(screen.getByLabelText('Archivo CSV o XLSX'), file());
    expect((await screen.findByRole('alert')).textContent).toBe('2 filas del archivo tienen errores. No se cambió nada.');
    const table = screen.getByRole('table', { name: 'Errores por fila' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['3correoEl correo no es válido', '5estratoSeleccione un estrato']);
    // The input is emptied, so the corrected file (often with the same name) can be chosen again.
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (created.push(blob as Blob), 'blob:errores'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // The browser saves the file; the simulated one would navigate away instead.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Descargar los errores (CSV)' }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(await created[0]!.text()).toBe('\uFEFF"Fila";"Columna";"Problema"\r\n"3";"correo";"El correo no es válido"\r\n"5";"estrato";"Seleccione un estrato"\r\n');
  });

  it('previews a good file, then imports it with a progress bar and says how it went', async () => {
    const api = fakeApi();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const result = { total: 2, created: 1, updated: 1, invited: 1, memberships: 0, dryRun: true, sample: [{ row: 2, email: 'ana@correo.co', name: 'Ana Ruiz', action: 'create', cohort: null }, { row: 3, email: 'luis@correo.co', name: 'Luis Gómez', action: 'update', cohort: null }] };
    api.on('POST /api/v2/users/bulk-users/?dryRun=true', () => json(result));
    const commit = gate();
    api.on('POST /api/v2/users/bulk-users/?invite=true', async (request) => {
      expect(request.headers.get('accept')).toBe('application/x-ndjson');
      await commit.opened;
      const lines = [{ progress: { done: 0, total: 2 } }, { progress: { done: 2, total: 2 } }, { result: { ...result, dryRun: false } }];
      return new Response(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', { headers: { 'content-type': 'application/x-ndjson' } });
    });
    renderIsland();
    await userEvent.upload(screen.getByLabelText('Archivo CSV o XLSX'), file());
    expect(await screen.findByText('El archivo está listo: 2 filas sin errores.')).toBeTruthy();
    expect(screen.getByText('Cuentas nuevas: 1 · cuentas que se actualizan: 1 · asignaciones a cohortes: 0')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Se actualiza' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Importar 2 personas' }));
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    commit.open();
    expect(await screen.findByText('Importamos 2 personas.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
