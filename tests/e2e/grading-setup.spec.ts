/**
 * Issue 31's setup, end to end: an admin gives a course its grade categories
 * (the running total says what is missing until a rebalance brings it to
 * 100), marks an assignment as required, and sets the program's approval
 * rule; then a student of that program reads on /home what they still lack.
 * The spec sets up its own program, course, cohort and student.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getJson, KEYS, signIn, thisServer } from './support/app';
import { DEMO, DEMO_PASSWORD, runCli } from './support/servers';

const DAY_MS = 86_400_000;

/** An API call with the signed-in admin's token: the test's own setup, not what is under test. */
async function api<T>(page: Page, method: string, path: string, data?: object): Promise<T> {
  const access = await getJson<{ accessToken: string }>(page, KEYS.accessData);
  const response = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${access!.accessToken}` }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Scrolls to a page's section (its island hydrates once visible) and waits until the island holding `inside` has hydrated and read its data. */
async function openSection(page: Page, sectionId: string, inside: Locator): Promise<void> {
  await page.locator(`#${sectionId}`).scrollIntoViewIfNeeded();
  await expect(inside).toBeVisible();
  await expect(page.locator('astro-island').filter({ has: inside })).not.toHaveAttribute('ssr');
}

test('an admin sets the categories, a required assignment and the program’s rule; the student sees on /home what is missing', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const student = `notas.${stamp}.e2e@senda.test`;
  await runCli(thisServer(), ['create-user', '--email', student, '--password', DEMO_PASSWORD, '--first-name', 'Notas', '--last-name', 'Prueba']);
  await signIn(page, DEMO.admin);
  const paths = await api<{ results: { id: number }[] }>(page, 'GET', '/api/v2/learning-paths/');
  const program = await api<{ id: number }>(page, 'POST', '/api/v2/programs/', { name: `Programa notas ${stamp}`, description: '' });
  const course = await api<{ id: number }>(page, 'POST', '/api/v2/courses/', { programId: program.id, name: `Curso notas ${stamp}` });
  const cohort = await api<{ id: number }>(page, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name: `Cohorte notas ${stamp}` });
  await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/content/courses/${course.id}/release/`, {});
  const found = await api<{ results: { id: number }[] }>(page, 'GET', `/api/v2/users/?search=${encodeURIComponent(student)}`);
  await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/assign_users/`, { users: [{ userId: found.results[0]!.id, role_id: 1 }] });
  await api(page, 'POST', '/api/v2/assignments/', {
    courseId: course.id,
    title: 'Proyecto final',
    activityType: 'evaluation',
    published: true,
    dueAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  });

  // The course's categories: 60 + 30 leaves 10 to go, said until the rebalance brings it to 100.
  await page.goto(`/admin/courses/${course.id}`);
  const adding = page.getByRole('form', { name: 'Nueva categoría' });
  await openSection(page, 'grading', adding);
  const total = page.getByTestId('weights-total').first();
  await expect(total).toHaveText('Los pesos suman 0 %; faltan 100 %.');
  for (const [name, weight] of [['Entregas', '60'], ['Quices', '30']] as const) {
    await adding.getByRole('textbox', { name: /^Nombre/ }).fill(name);
    await adding.getByRole('spinbutton', { name: /^Peso/ }).fill(weight);
    await adding.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByRole('list', { name: 'Categorías de la nota' }).getByText(name, { exact: true })).toBeVisible();
  }
  await expect(total).toHaveText('Los pesos suman 90 %; faltan 10 %.');
  await page.getByRole('button', { name: 'Repartir los pesos' }).click();
  const rebalance = page.getByRole('form', { name: 'Repartir los pesos' });
  await rebalance.getByLabel('Peso de Quices (%)').fill('40');
  await expect(rebalance.getByTestId('weights-total')).toHaveText('Los pesos suman 100 %: las notas se pueden calcular.');
  await rebalance.getByRole('button', { name: 'Guardar los pesos' }).click();
  await expect(rebalance).toBeHidden();
  await expect(total).toHaveText('Los pesos suman 100 %: las notas se pueden calcular.');

  // The assignment counts in "Entregas" and must be passed.
  const item = page.getByRole('group', { name: /Proyecto final/ });
  // Each change is saved as it is made.
  const saved = () => page.waitForResponse((response) => response.url().includes('/grade-items/') && response.request().method() === 'PATCH' && response.ok());
  await Promise.all([saved(), item.getByLabel('Categoría').selectOption({ label: 'Entregas' })]);
  await expect(item.getByLabel('Categoría')).toBeEnabled();
  await Promise.all([saved(), item.getByLabel('Obligatoria: debe aprobarse').check()]);
  await expect(item.getByLabel('Obligatoria: debe aprobarse')).toBeChecked();
  await expect(item.getByLabel('Categoría')).toHaveValue(/\d+/);

  // The program's rule: until it is set the students are told nothing.
  await page.goto(`/admin/programs/${program.id}`);
  const rule = page.getByRole('form', { name: 'Regla para aprobar' });
  await openSection(page, 'approval-rule', rule);
  await expect(page.getByText(/Aún no se ha fijado una regla/)).toBeVisible();
  await rule.getByRole('spinbutton', { name: /^Nota mínima/ }).fill('3.5');
  await rule.getByRole('button', { name: 'Guardar la regla' }).click();
  await expect(page.getByText(/Aún no se ha fijado una regla/)).toBeHidden();

  // The student reads what is missing on /home.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, student);
  await expect(page.getByTestId('approval-line')).toHaveText('Te falta: 1 entrega, nota 3.5 (aún sin calificaciones)');
});
