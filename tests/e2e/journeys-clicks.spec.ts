/**
 * How many clicks each role's everyday journeys take from where they land
 * (issue 35: "tutor: home → grading in one click"). Each journey clicks what a
 * person would click, counting, and fails when the place is not reached or
 * takes more clicks than it should. Read-only, on demo data of its own
 * (JOURNEYS_SERVER, the main server's configuration), so it runs beside the
 * main server's specs.
 * The counts are attached to each test's report, phone and desktop.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/app';
import { useOwnServer } from './support/own-server';
import { DEMO, JOURNEYS_SERVER } from './support/servers';

useOwnServer(JOURNEYS_SERVER);

const VALENTINA = 'valentina@senda.test';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Clicks, counting; on a phone, a sidebar link first opens the menu (a click of its own). */
function clickCounter(page: Page, phone: boolean) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async click(target: Locator) {
      await target.click();
      count += 1;
    },
    async sidebar(name: string) {
      if (phone) {
        await page.getByRole('button', { name: 'Abrir el menú' }).click();
        count += 1;
      }
      await page.locator('#sidebar').getByRole('link', { name, exact: true }).click();
      count += 1;
    },
  };
}

interface Journey {
  who: string;
  goal: string;
  /** At most this many clicks on a desktop; a sidebar step costs one more on a phone. */
  desktop: number;
  phone: number;
  walk: (page: Page, clicks: ReturnType<typeof clickCounter>) => Promise<void>;
}

const JOURNEYS: Journey[] = [
  {
    who: VALENTINA,
    goal: 'a student continues the lesson she left',
    desktop: 1,
    phone: 1,
    walk: async (page, clicks) => {
      await clicks.click(page.getByRole('region', { name: 'Continúa donde quedaste' }).getByRole('link', { name: 'Continuar la lección' }));
      await expect(page).toHaveURL(/\/lessons\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    who: VALENTINA,
    goal: 'a student opens what is due and can hand it in',
    desktop: 1,
    phone: 1,
    walk: async (page, clicks) => {
      await clicks.click(page.getByRole('region', { name: 'Por hacer' }).locator('a[href^="/assignments/"]').first());
      await expect(page).toHaveURL(/\/assignments\/\d+$/);
      await expect(page.getByRole('button', { name: 'Entregar' }).first()).toBeVisible();
    },
  },
  {
    who: VALENTINA,
    goal: 'a student starts a practice quiz without a due date (folded under «Ver todo»)',
    desktop: 3,
    phone: 3,
    walk: async (page, clicks) => {
      const due = page.getByRole('region', { name: 'Por hacer' });
      await clicks.click(due.getByText(/^Ver todo: /));
      await clicks.click(due.getByRole('link', { name: 'Práctica: variables y condicionales' }));
      await expect(page).toHaveURL(/\/quizzes\/\d+$/);
      // An attempt this student opened before (the same journey on the other screen size) resumes by itself.
      const start = page.getByRole('button', { name: 'Empezar el cuestionario' });
      const question = page.getByRole('group').or(page.getByRole('radiogroup')).first();
      await expect(start.or(question).first()).toBeVisible();
      if (await start.isVisible()) await clicks.click(start);
      await expect(question).toBeVisible();
    },
  },
  {
    who: VALENTINA,
    goal: 'a student reads a thread of her cohort’s forum',
    desktop: 3,
    phone: 4,
    walk: async (page, clicks) => {
      await clicks.sidebar('Foros');
      await expect(page).toHaveURL(/\/forums$/);
      await clicks.click(page.getByRole('link', { name: 'Foro de la cohorte 2026-1' }));
      await clicks.click(page.getByRole('link', { name: /Bienvenida: cómo usar este foro/ }));
      await expect(page).toHaveURL(/\/forums\/threads\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: /Bienvenida/ })).toBeVisible();
    },
  },
  {
    who: VALENTINA,
    goal: 'a student finds her live class and its join button',
    desktop: 1,
    phone: 2,
    walk: async (page, clicks) => {
      await clicks.sidebar('Transmisiones en vivo');
      await expect(page).toHaveURL(/\/live$/);
      await expect(page.getByRole('button', { name: 'Unirme' }).first()).toBeVisible();
    },
  },
  {
    who: VALENTINA,
    goal: 'a student reads her tutor’s feedback',
    desktop: 1,
    phone: 1,
    walk: async (page, clicks) => {
      await clicks.click(page.getByRole('banner').getByRole('link', { name: /^Retroalimentación/ }));
      await expect(page).toHaveURL(/\/feedback$/);
    },
  },
  {
    who: DEMO.tutor,
    goal: 'a tutor opens the grading view of the work waiting for a grade',
    desktop: 1,
    phone: 1,
    walk: async (page, clicks) => {
      await clicks.click(page.getByRole('main').locator('a[href$="/grading"]').first());
      await expect(page).toHaveURL(/\/assignments\/\d+\/grading$/);
      await expect(page.getByRole('heading', { level: 1, name: /^Calificar/ })).toBeVisible();
    },
  },
  {
    who: DEMO.tutor,
    goal: 'a tutor opens the to-do list across the cohorts',
    desktop: 1,
    phone: 2,
    walk: async (page, clicks) => {
      await clicks.sidebar('Por revisar');
      await expect(page).toHaveURL(/\/pending$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Por revisar' })).toBeVisible();
    },
  },
  {
    who: DEMO.tutor,
    goal: 'a tutor moderates a thread of the cohort’s forum',
    desktop: 3,
    phone: 4,
    walk: async (page, clicks) => {
      await clicks.sidebar('Foros');
      await clicks.click(page.getByRole('link', { name: 'Foro de la cohorte 2026-1' }));
      await clicks.click(page.getByRole('link', { name: /Bienvenida: cómo usar este foro/ }));
      const moderation = page.getByRole('group', { name: 'Moderación' });
      await expect(moderation.getByRole('button', { name: /^(Fijar|Dejar de fijar)$/ })).toBeVisible();
      await expect(moderation.getByRole('button', { name: /^(Cerrar|Reabrir)$/ })).toBeVisible();
    },
  },
  {
    who: DEMO.admin,
    goal: 'an admin opens the payments',
    desktop: 2,
    phone: 3,
    walk: async (page, clicks) => {
      await clicks.sidebar('Administración');
      await clicks.click(page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Pagos', exact: true }));
      await expect(page).toHaveURL(/\/admin\/payments$/);
    },
  },
  {
    who: DEMO.admin,
    goal: 'an admin opens the people',
    desktop: 2,
    phone: 3,
    walk: async (page, clicks) => {
      await clicks.sidebar('Administración');
      await clicks.click(page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Personas', exact: true }));
      await expect(page).toHaveURL(/\/admin\/users$/);
    },
  },
  {
    who: DEMO.admin,
    goal: 'an admin opens the organizations and cohorts',
    desktop: 2,
    phone: 3,
    walk: async (page, clicks) => {
      await clicks.sidebar('Administración');
      await clicks.click(page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Organizaciones y cohortes', exact: true }));
      await expect(page).toHaveURL(/\/admin\/structure$/);
    },
  },
  {
    who: DEMO.admin,
    goal: 'an admin opens the reports',
    desktop: 2,
    phone: 3,
    walk: async (page, clicks) => {
      await clicks.sidebar('Administración');
      await clicks.click(page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Reportes', exact: true }));
      await expect(page).toHaveURL(/\/admin\/reports$/);
    },
  },
];

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`clicks from home on a ${size}`, () => {
    test.use({ viewport: size === 'phone' ? PHONE : DESKTOP });
    for (const journey of JOURNEYS) {
      test(`${journey.goal}: at most ${journey[size]}`, async ({ page }) => {
        await signIn(page, journey.who);
        const clicks = clickCounter(page, size === 'phone');
        await journey.walk(page, clicks);
        test.info().annotations.push({ type: 'clicks', description: `${journey.goal} (${size}): ${clicks.count}` });
        expect(clicks.count).toBeLessThanOrEqual(journey[size]);
      });
    }
  });
}

test('a visitor reaches the sign-up form of an offer in one click', async ({ page }) => {
  await page.goto('/offers');
  await page.getByRole('link', { name: /^Inscribirme: / }).first().click();
  await expect(page).toHaveURL(/\/offers\/[\w-]+$/);
  await expect(page.getByLabel('Correo electrónico').first()).toBeVisible();
});
