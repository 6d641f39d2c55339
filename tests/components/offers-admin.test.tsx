/**
 * The admin offers island as an admin uses it, in Spanish: the offers list
 * (loading, empty, failed and read again, loaded), a new offer with prices
 * typed in pesos and dollars and the server's field message beside its
 * field, an offer changed in place, and an offer's discount codes. The
 * island and the request helper are real; only the network answers from
 * the test.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n';
import OffersAdmin, { OFFERS_ADMIN_MESSAGES } from '~/islands/admin/offers/OffersAdmin';
import type { DiscountCode, Offer } from '~/lib/shared/schemas/registrations';
import { apiError, fakeApi, gate, json, page } from './support/fake-api';

const messages = pickMessages('es', OFFERS_ADMIN_MESSAGES);
const renderIsland = () => render(<OffersAdmin lang="es" messages={messages} />);
const LIST = 'GET /api/v2/offers/?scope=all&page=1';
/** Intl writes a no-break space between the symbol and the amount. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

const offer = (changes: Partial<Offer> = {}): Offer => ({
  id: 7,
  slug: 'desarrollo-web-2027',
  title: 'Desarrollo web 2027',
  description: '',
  cohortId: 3,
  cohortName: 'Cohorte Bogotá 2027',
  programName: 'Desarrollo web',
  startsOn: '2027-02-01',
  endsOn: '2027-06-30',
  seats: 30,
  seatsLeft: 12,
  price: 120_000_000,
  currency: 'COP',
  priceUsd: 29_900,
  opensAt: '2027-01-10T13:00:00.000Z',
  closesAt: '2027-01-31T04:59:00.000Z',
  status: 'ACTIVE',
  isOpen: true,
  ...changes,
});

const code = (changes: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 41,
  code: 'AMIGOS20',
  offerId: 7,
  kind: 'percent',
  value: 20,
  maxUses: 50,
  uses: 3,
  startsAt: null,
  endsAt: null,
  status: 'ACTIVE',
  ...changes,
});

describe('OffersAdmin', () => {
  it('says it is loading, then shows each offer with its seats left, prices and public page', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on(LIST, async () => {
      await answer.opened;
      return json(
        page([
          offer(),
          offer({ id: 8, slug: 'datos-2026', title: 'Datos 2026', price: 0, priceUsd: null, status: 'INACTIVE', isOpen: false }),
          offer({ id: 9, slug: 'ia-2030', title: 'IA 2030', opensAt: '2030-01-10T13:00:00.000Z', closesAt: '2030-01-31T04:59:00.000Z', isOpen: false }),
        ]),
      );
    });
    renderIsland();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    const list = await screen.findByRole('list', { name: 'Ofertas' });
    const [web, data, later] = within(list).getAllByRole('article');
    expect(within(web!).getByRole('heading', { name: 'Desarrollo web 2027' })).toBeTruthy();
    expect(within(web!).getByText('Abierta')).toBeTruthy();
    expect(within(web!).getByText('12 de 30 cupos libres')).toBeTruthy();
    expect(plain(web!.textContent)).toContain('$ 1.200.000');
    expect(plain(web!.textContent)).toContain('US$ 299,00');
    expect(within(web!).getByRole('link', { name: 'Página pública de «Desarrollo web 2027»' }).getAttribute('href')).toBe('/offers/desarrollo-web-2027');
    expect(within(data!).getByText('Inactiva')).toBeTruthy();
    expect(within(data!).getByText('Gratis')).toBeTruthy();
    expect(within(data!).getByText('No se ofrece')).toBeTruthy();
    expect(within(later!).getByText('Aún no abre')).toBeTruthy();
    expect(screen.getByText('3 ofertas')).toBeTruthy();
  });

  it('says when there are no offers yet', async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([])));
    renderIsland();
    expect(await screen.findByText('Aún no hay ofertas. Crea la primera con «Nueva oferta».')).toBeTruthy();
  });

  it('shows why the offers could not be read, and reads them again', async () => {
    const api = fakeApi();
    api.on(LIST, () => apiError(500, 'internal', 'Ocurrió un error inesperado. Ya lo registramos.'));
    renderIsland();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ocurrió un error inesperado.');
    api.on(LIST, () => json(page([offer()])));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Desarrollo web 2027' })).toBeTruthy();
  });

  it("creates an offer with prices in pesos and dollars and Bogotá times, and shows the server's message beside the field it names", async () => {
    const api = fakeApi();
    const sent: Record<string, unknown>[] = [];
    api.on(LIST, () => json(page([])));
    api.on('GET /api/v2/cohorts/', () => json(page([{ id: 3, learningPathId: 1, programId: 2, name: 'Cohorte Bogotá 2027', status: 'ACTIVE', startsOn: null, endsOn: null }])));
    api.on('POST /api/v2/offers/', async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return apiError(400, 'validation_failed', 'Revisa los datos enviados.', { slug: 'Otra oferta ya usa esta dirección.' });
    });
    renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva oferta' }));
    const form = screen.getByRole('form', { name: 'Nueva oferta' });
    await userEvent.click(within(form).getByRole('button', { name: 'Crear la oferta' }));
    expect(within(form).getAllByText('Este campo es obligatorio').length).toBeGreaterThan(3);
    expect(sent).toHaveLength(0);

    await userEvent.selectOptions(await within(form).findByLabelText('Cohorte'), 'Cohorte Bogotá 2027');
    await userEvent.type(within(form).getByLabelText('Título'), 'Desarrollo Web 2027');
    // The address follows the title until the admin writes one.
    expect((within(form).getByLabelText('Dirección') as HTMLInputElement).value).toBe('desarrollo-web-2027');
    await userEvent.type(within(form).getByLabelText('Cupos'), '30');
    await userEvent.type(within(form).getByLabelText('Precio en pesos (COP)'), '1.200.000');
    await userEvent.type(within(form).getByLabelText('Precio con PayPal (US$)'), '49,99');
    fireEvent.change(within(form).getByLabelText('Abre la inscripción (hora de Colombia)'), { target: { value: '2027-01-10T08:00' } });
    fireEvent.change(within(form).getByLabelText('Cierra la inscripción (hora de Colombia)'), { target: { value: '2027-01-30T23:59' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Crear la oferta' }));

    const slug = within(form).getByLabelText('Dirección');
    expect(await within(form).findByText('Otra oferta ya usa esta dirección.')).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(sent[0]).toMatchObject({
      cohortId: 3,
      title: 'Desarrollo Web 2027',
      slug: 'desarrollo-web-2027',
      seats: 30,
      price: 120_000_000,
      priceUsd: 4999,
      opensAt: '2027-01-10T08:00:00-05:00',
      closesAt: '2027-01-30T23:59:00-05:00',
      status: 'ACTIVE',
    });
  });

  it('refuses an amount it cannot read before sending anything', async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([offer()])));
    renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «Desarrollo web 2027»' }));
    const form = screen.getByRole('form', { name: 'Editar «Desarrollo web 2027»' });
    const price = within(form).getByLabelText('Precio en pesos (COP)');
    expect((price as HTMLInputElement).value).toBe('1200000');
    await userEvent.clear(price);
    await userEvent.type(price, '12,34,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(form).getByText('Escribe un monto válido, por ejemplo 1.200.000 o 49,99.')).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('PATCH'))).toHaveLength(0);
  });

  it('changes an offer in place and gives the focus back to its "Edit" button', async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([offer()])));
    api.on('PATCH /api/v2/offers/7/', async (request) => {
      const body = (await request.json()) as { seats: number; priceUsd: number | null };
      expect(body).toMatchObject({ seats: 40, priceUsd: null });
      return json(offer({ seats: 40, seatsLeft: 22, priceUsd: null }));
    });
    renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «Desarrollo web 2027»' }));
    const form = screen.getByRole('form', { name: 'Editar «Desarrollo web 2027»' });
    expect(within(form).getByText('Cohorte Bogotá 2027')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Cupos'));
    await userEvent.type(within(form).getByLabelText('Cupos'), '40');
    await userEvent.clear(within(form).getByLabelText('Precio con PayPal (US$)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('22 de 40 cupos libres')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar «Desarrollo web 2027»' }));
  });

  it("lists an offer's discount codes with their uses, creates one in pesos off, and deactivates one", async () => {
    const api = fakeApi();
    api.on(LIST, () => json(page([offer()])));
    api.on('GET /api/v2/offers/7/discount-codes/', () => json([code(), code({ id: 42, code: 'TODOS', offerId: null, kind: 'fixed', value: 5_000_000, maxUses: null, uses: 9 })]));
    api.on('POST /api/v2/offers/7/discount-codes/', async (request) => {
      expect(await request.json()).toMatchObject({ code: 'BECA', kind: 'fixed', value: 10_000_000, maxUses: 5, startsAt: null, endsAt: null, forEveryOffer: false });
      return json(code({ id: 43, code: 'BECA', kind: 'fixed', value: 10_000_000, maxUses: 5, uses: 0 }), 201);
    });
    api.on('PATCH /api/v2/discount-codes/41/', async (request) => {
      // The limit goes along, or the API would clear it.
      expect(await request.json()).toMatchObject({ status: 'INACTIVE', maxUses: 50 });
      return json(code({ status: 'INACTIVE' }));
    });
    renderIsland();
    const toggle = await screen.findByRole('button', { name: 'Códigos de descuento de «Desarrollo web 2027»' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Códigos de descuento de «Desarrollo web 2027»' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('3 de 50')).toBeTruthy();
    expect(plain(rows[0]!.textContent)).toContain('20 %');
    expect(within(rows[1]!).getByText('Todas las ofertas')).toBeTruthy();
    expect(within(rows[1]!).getByText('9 (sin límite)')).toBeTruthy();
    expect(plain(rows[1]!.textContent)).toContain('$ 50.000');

    await userEvent.click(screen.getByRole('button', { name: 'Nuevo código' }));
    const form = screen.getByRole('form', { name: 'Nuevo código' });
    await userEvent.type(within(form).getByLabelText('Código'), 'BECA');
    await userEvent.selectOptions(within(form).getByLabelText('Tipo de descuento'), 'Monto fijo en pesos');
    await userEvent.type(within(form).getByLabelText('Pesos de descuento'), '100.000');
    await userEvent.type(within(form).getByLabelText('Usos permitidos'), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear el código' }));
    expect(await within(table).findByText('BECA')).toBeTruthy();
    expect(within(table).getByText('0 de 5')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nuevo código' }));

    await userEvent.click(within(table).getByRole('button', { name: 'Desactivar el código AMIGOS20' }));
    expect(await within(table).findByRole('button', { name: 'Activar el código AMIGOS20' })).toBeTruthy();
  });
});
