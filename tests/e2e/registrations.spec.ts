/**
 * Issue 15's "done means", in Chromium: a visitor signs up for the demo's
 * paid offer with the person form, verifies the e-mail from the development
 * mailbox (which sets their password), pays through the built-in test
 * provider and lands enrolled in the cohort's courses; an admin sees the
 * payment and the CRM delivery. The same with the Wompi and PayPal fakes
 * (tests/support/fakes/) as the providers.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { acceptTerms, islandsReady, linkFromMailbox, signIn } from './support/app';
import { fillResidenceAndHousehold } from './support/person-form';
import { DEMO } from './support/servers';

const OFFER_TITLE = 'Desarrollo web 2027-1';
const PASSWORD = 'Mi-clave-de-senda-15';

/** A new browser window for one person (Spanish, Bogotá). */
const windowFor = (browser: Browser) => browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });

/** Fills the whole person form of the offer page, as a visitor would. */
async function fillPersonForm(page: Page, person: { email: string; document: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Datos personales' });
  await form.getByLabel('Nombres').fill('Laura');
  await form.getByLabel('Apellidos').fill('Gómez Ríos');
  await form.getByLabel('Correo electrónico', { exact: true }).fill(person.email);
  await form.getByLabel('Confirma el correo electrónico').fill(person.email);
  await form.getByLabel('Tipo de documento de identidad').selectOption({ label: 'Cédula de ciudadanía' });
  await form.getByLabel('Número de documento').fill(person.document);
  await form.getByLabel('Género').selectOption({ label: 'Femenino' });
  await fillResidenceAndHousehold(form, {
    contact: '3004445566',
    department: 'Antioquia',
    municipality: 'Medellín',
    neighborhood: 'Belén',
    address: 'Calle 30 # 70-12',
    stratum: 2,
    englishLevel: 'A2 — Básico',
    emergency: { name: 'Marta Ríos', phone: '3112223344', relationship: 'Madre' },
  });
}

/**
 * A visitor signs up for the paid offer, verifies the e-mail (setting a
 * password) and signs in: answers their page, on their registration's
 * payment page.
 */
async function signUpAndVerify(visitor: Page, admin: Page, person: { email: string; document: string }): Promise<void> {
  await visitor.goto('/offers');
  await visitor.getByRole('link', { name: `Inscribirme: ${OFFER_TITLE}` }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: OFFER_TITLE })).toBeVisible();
  await islandsReady(visitor);
  await fillPersonForm(visitor, person);
  // Without the privacy consent nothing is sent.
  await visitor.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(visitor.getByText('Debes aceptar la política de tratamiento de datos para inscribirte.')).toBeVisible();
  await visitor.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  await visitor.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(visitor.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expect(visitor.getByText(`Enviamos a ${person.email} un correo con los pasos`)).toBeVisible();

  await visitor.goto(await linkFromMailbox(admin, person.email, 'Confirma tu correo para terminar tu inscripción'));
  await expect(visitor.getByRole('heading', { name: 'Confirma tu correo' })).toBeVisible();
  await visitor.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('Confirma la contraseña').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Guardar la contraseña' }).click();
  // Signed in at once (issue 35): no second typing of the password on /signin.
  await expect(visitor).toHaveURL(/\/registrations\/\d+\?verified=1$/);
  await expect(visitor.getByText('Confirmaste tu correo y creaste tu contraseña: ya iniciaste sesión.')).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1, name: OFFER_TITLE })).toBeVisible();
  await expect(visitor.getByText('Falta el pago')).toBeVisible();
}

/** From the return page: the person's courses, past the terms, show the new cohort's first course. */
async function landsInCourses(visitor: Page): Promise<void> {
  await expect(visitor.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Ir a mis cursos' }).click();
  await expect(visitor).toHaveURL(/\/home$/);
  await acceptTerms(visitor);
  await expect(visitor.getByRole('heading', { name: 'Fundamentos de programación' }).first()).toBeVisible();
}

test.describe.serial('sign-up and payment', () => {
  let adminWindow: BrowserContext;
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    adminWindow = await windowFor(browser);
    admin = await adminWindow.newPage();
    await signIn(admin, DEMO.admin);
  });
  test.afterAll(async () => {
    await adminWindow.close();
  });

  test('a visitor signs up, verifies the e-mail, pays with the test provider (a discount code first) and lands enrolled', async ({ browser }) => {
    test.setTimeout(120_000);
    const visitorWindow = await windowFor(browser);
    const visitor = await visitorWindow.newPage();
    await signUpAndVerify(visitor, admin, { email: 'laura.sandbox@ejemplo.co', document: '1017223344' });

    await expect(visitor.getByTestId('payment-total')).toHaveText('$ 150.000');
    await visitor.getByLabel('¿Tienes un código de descuento?').fill('NOEXISTE');
    await visitor.getByRole('button', { name: 'Aplicar' }).click();
    await expect(visitor.getByText('Este código de descuento no existe o no aplica a esta oferta.')).toBeVisible();
    await visitor.getByLabel('¿Tienes un código de descuento?').fill('senda20');
    await visitor.getByRole('button', { name: 'Aplicar' }).click();
    await expect(visitor.getByTestId('payment-total')).toHaveText('$ 120.000');

    await visitor.getByRole('radio', { name: /Pago de prueba/ }).check();
    await visitor.getByRole('button', { name: 'Pagar' }).click();
    await expect(visitor.getByRole('heading', { name: 'Proveedor de prueba' })).toBeVisible();
    await expect(visitor.getByText('Pago de $ 120.000')).toBeVisible();
    await visitor.getByRole('button', { name: 'Aprobar el pago' }).click();
    await landsInCourses(visitor);

    // The admin sees the payment, and the sign-up delivered to the CRM (the fake HubSpot).
    await admin.goto('/admin/payments');
    const paymentRow = admin.getByRole('row').filter({ hasText: 'laura.sandbox@ejemplo.co' });
    await expect(paymentRow).toContainText('Inscrito');
    await expect(paymentRow).toContainText('$ 120.000');
    await expect(async () => {
      await admin.goto('/admin/registrations?search=laura.sandbox');
      await expect(admin.getByRole('row').filter({ hasText: 'laura.sandbox@ejemplo.co' })).toContainText('Entregada', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // On a 390 px phone the payment pages never scroll sideways.
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto('/registrations');
    await expect(visitor.getByRole('link', { name: OFFER_TITLE })).toBeVisible();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitorWindow.close();
  });

  test('the same through Wompi (a card on its checkout): the notification and the return race, one enrolment', async ({ browser }) => {
    test.setTimeout(120_000);
    const visitorWindow = await windowFor(browser);
    const visitor = await visitorWindow.newPage();
    await signUpAndVerify(visitor, admin, { email: 'laura.wompi@ejemplo.co', document: '1017223355' });
    await visitor.getByRole('radio', { name: /Tarjeta, PSE o Nequi \(Wompi\)/ }).check();
    await visitor.getByRole('button', { name: 'Pagar' }).click();
    // Wompi's Web Checkout (the fake checks the integrity signature the server computed).
    await visitor.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await visitor.getByRole('button', { name: 'Pagar' }).click();
    await expect(visitor).toHaveURL(/\/payments\/return\?reference=SND-[^&]+&id=/);
    await landsInCourses(visitor);
    await admin.goto('/admin/payments?provider=wompi');
    await expect(admin.getByRole('row').filter({ hasText: 'laura.wompi@ejemplo.co' })).toContainText('Inscrito');
    await visitorWindow.close();
  });

  test('the same through PayPal (in US dollars): approved on PayPal, captured on the way back', async ({ browser }) => {
    test.setTimeout(120_000);
    const visitorWindow = await windowFor(browser);
    const visitor = await visitorWindow.newPage();
    await signUpAndVerify(visitor, admin, { email: 'laura.paypal@ejemplo.co', document: '1017223366' });
    await expect(visitor.getByText('Con PayPal pagas US$ 45,00')).toBeVisible();
    await visitor.getByRole('radio', { name: /^PayPal/ }).check();
    await visitor.getByRole('button', { name: 'Pagar' }).click();
    await visitor.getByRole('button', { name: 'Pagar con PayPal' }).click();
    await expect(visitor).toHaveURL(/\/payments\/return\?reference=SND-[^&]+&token=/);
    await landsInCourses(visitor);
    await admin.goto('/admin/payments?provider=paypal');
    const row = admin.getByRole('row').filter({ hasText: 'laura.paypal@ejemplo.co' });
    await expect(row).toContainText('Inscrito');
    await expect(row).toContainText('US$');
    await visitorWindow.close();
  });
});
