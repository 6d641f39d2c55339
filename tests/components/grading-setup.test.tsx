/**
 * Issue 31's setup islands as an admin uses them, in Spanish: a course's
 * grade categories (loading, empty, failed and read again, loaded with the
 * running total), adding one past 100 (the API's message beside the
 * weight), deleting after a confirmation, a rebalance through the PUT of the
 * whole set, an item marked mustPass; and the approval rules of a program
 * and of a cohort over its program's. Only the network answers from the test.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import GradeSetup, { GRADE_SETUP_MESSAGES } from '~/islands/admin/gradebook/GradeSetup';
import ApprovalRuleEditor, { APPROVAL_RULE_MESSAGES } from '~/islands/admin/gradebook/ApprovalRuleEditor';
import type { ApprovalRuleView, GradeCategory, GradeItem } from '~/lib/shared/schemas/gradebook';
import { apiError, fakeApi, gate, json } from './support/fake-api';

const CATEGORIES = 'GET /api/v2/courses/5/grade-categories/';
const ITEMS = 'GET /api/v2/courses/5/grade-items/';
const setupMessages = pickMessages('es', GRADE_SETUP_MESSAGES);
const ruleMessages = pickMessages('es', APPROVAL_RULE_MESSAGES);

const category = (changes: Partial<GradeCategory> = {}): GradeCategory => ({ id: 1, courseId: 5, name: 'Quices', weight: 30, dropLowest: 1, position: 0, ...changes });
const item = (changes: Partial<GradeItem> = {}): GradeItem => ({
  key: 'assignment:9',
  kind: 'assignment',
  id: 9,
  title: 'Proyecto final',
  categoryId: null,
  countsForGrade: true,
  mustPass: false,
  dueAt: null,
  maxScore: 100,
  ...changes,
});
const list = (results: GradeCategory[]) => json({ results, totalWeight: results.reduce((sum, entry) => sum + entry.weight, 0), complete: false });
const rule = (changes: Partial<ApprovalRuleView> = {}): ApprovalRuleView => ({
  minGrade: 3,
  minCompletionPercent: 0,
  minAttendancePercent: 0,
  mustPassItems: true,
  allCoursesRequired: true,
  passMark: 3,
  source: 'default',
  ...changes,
});

const renderSetup = () => render(<GradeSetup lang="es" messages={setupMessages} courseId={5} />);
const total = () => screen.getAllByTestId('weights-total')[0]!.textContent;

describe('GradeSetup', () => {
  it('says it is loading, then lists the categories with their weight and dropped scores, and what the weights still lack', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on(CATEGORIES, async () => {
      await answer.opened;
      return list([category(), category({ id: 2, name: 'Entregas', weight: 50, dropLowest: 0, position: 1 })]);
    });
    api.on(ITEMS, () => json({ results: [item()] }));
    renderSetup();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    const categories = await screen.findByRole('list', { name: 'Categorías de la nota' });
    const [quizzes, assignments] = within(categories).getAllByRole('listitem');
    expect(quizzes!.textContent).toContain('Quices');
    expect(quizzes!.textContent).toContain('30 % de la nota · Descarta la nota más baja');
    expect(assignments!.textContent).toContain('No descarta notas');
    expect(total()).toBe('Los pesos suman 80 %; faltan 20 %.');
  });

  it('says when the course has no categories nor activities yet', async () => {
    const api = fakeApi();
    api.on(CATEGORIES, () => list([]));
    api.on(ITEMS, () => json({ results: [] }));
    renderSetup();
    expect(await screen.findByText('Este curso aún no tiene categorías.')).toBeTruthy();
    expect(screen.getByText('Este curso aún no tiene quices ni entregas.')).toBeTruthy();
    expect(total()).toBe('Los pesos suman 0 %; faltan 100 %.');
  });

  it('shows why the categories could not be read, and reads them again', async () => {
    const api = fakeApi();
    api.on(CATEGORIES, () => apiError(500, 'internal', 'Ocurrió un error inesperado. Ya lo registramos.'));
    api.on(ITEMS, () => json({ results: [] }));
    renderSetup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ocurrió un error inesperado.');
    api.on(CATEGORIES, () => list([category()]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Quices')).toBeTruthy();
  });

  it("adds a category, showing the API's message beside the weight when it would pass 100", async () => {
    const api = fakeApi();
    const sent: unknown[] = [];
    api.on(CATEGORIES, () => list([category({ weight: 80 })]));
    api.on(ITEMS, () => json({ results: [] }));
    api.on('POST /api/v2/courses/5/grade-categories/', async (request) => {
      const body = (await request.json()) as { weight: number };
      sent.push(body);
      return body.weight > 20
        ? apiError(400, 'grade_weights_exceeded', 'Con este peso las categorías del curso sumarían más de 100 %. Quedan 20 % por repartir.', { weight: 'Quedan 20 % por repartir entre las categorías' })
        : json(category({ id: 3, name: 'Proyecto', weight: 20, dropLowest: 0 }), 201);
    });
    renderSetup();
    const form = await screen.findByRole('form', { name: 'Nueva categoría' });
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(within(form).getByText('Escribe un nombre')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Proyecto');
    await userEvent.type(within(form).getByLabelText(/^Peso \(%\)/), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await within(form).findByText('Quedan 20 % por repartir entre las categorías')).toBeTruthy();
    expect(within(form).getByLabelText(/^Peso \(%\)/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(within(form).getByLabelText(/^Peso \(%\)/));
    await userEvent.type(within(form).getByLabelText(/^Peso \(%\)/), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Proyecto')).toBeTruthy();
    expect(sent[1]).toMatchObject({ name: 'Proyecto', weight: 20, dropLowest: 0 });
    expect(total()).toBe('Los pesos suman 100 %: las notas se pueden calcular.');
  });

  it('deletes a category only once confirmed, leaving its items in no category', async () => {
    const api = fakeApi();
    api.on(CATEGORIES, () => list([category()]));
    api.on(ITEMS, () => json({ results: [item({ categoryId: 1 })] }));
    api.on('DELETE /api/v2/grade-categories/1/', () => new Response(null, { status: 204 }));
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderSetup();
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Quices' }));
    expect(confirm).toHaveBeenCalledWith('¿Eliminar la categoría «Quices»? Sus actividades quedan sin categoría y dejan de contar para la nota.');
    expect(api.calls).not.toContain('DELETE /api/v2/grade-categories/1/');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Quices' }));
    expect(await screen.findByText('Este curso aún no tiene categorías.')).toBeTruthy();
    expect((screen.getByLabelText('Categoría') as HTMLSelectElement).value).toBe('');
  });

  it('rebalances every weight in one step through the PUT of the whole set', async () => {
    const api = fakeApi();
    const sent: unknown[] = [];
    api.on(CATEGORIES, () => list([category({ weight: 50 }), category({ id: 2, name: 'Entregas', weight: 50, dropLowest: 0, position: 1 })]));
    api.on(ITEMS, () => json({ results: [] }));
    api.on('PUT /api/v2/courses/5/grade-categories/', async (request) => {
      const body = (await request.json()) as { categories: GradeCategory[] };
      sent.push(body);
      return json({ results: body.categories.map((entry, position) => ({ ...entry, courseId: 5, position })), totalWeight: 100, complete: true });
    });
    renderSetup();
    await userEvent.click(await screen.findByRole('button', { name: 'Repartir los pesos' }));
    const form = screen.getByRole('form', { name: 'Repartir los pesos' });
    await userEvent.clear(within(form).getByLabelText('Peso de Quices (%)'));
    await userEvent.type(within(form).getByLabelText('Peso de Quices (%)'), '30');
    expect(within(form).getByTestId('weights-total').textContent).toBe('Los pesos suman 80 %; faltan 20 %.');
    await userEvent.clear(within(form).getByLabelText('Peso de Entregas (%)'));
    await userEvent.type(within(form).getByLabelText('Peso de Entregas (%)'), '70');
    expect(within(form).getByTestId('weights-total').textContent).toBe('Los pesos suman 100 %: las notas se pueden calcular.');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar los pesos' }));
    expect(await screen.findByText('70 % de la nota · No descarta notas')).toBeTruthy();
    expect(sent[0]).toMatchObject({ categories: [{ id: 1, name: 'Quices', weight: 30, dropLowest: 1 }, { id: 2, name: 'Entregas', weight: 70, dropLowest: 0 }] });
  });

  it("puts an item in a category and marks it mustPass, each change saved at once", async () => {
    const api = fakeApi();
    const sent: unknown[] = [];
    api.on(CATEGORIES, () => list([category()]));
    api.on(ITEMS, () => json({ results: [item()] }));
    api.on('PATCH /api/v2/courses/5/grade-items/', async (request) => {
      const body = (await request.json()) as { items: Partial<GradeItem>[] };
      sent.push(body);
      return json({ results: [item({ categoryId: 1, ...body.items[0] })] });
    });
    renderSetup();
    const row = await screen.findByRole('group', { name: /Proyecto final/ });
    await userEvent.selectOptions(within(row).getByLabelText('Categoría'), 'Quices');
    await userEvent.click(within(row).getByLabelText('Obligatoria: debe aprobarse'));
    expect(sent).toEqual([
      expect.objectContaining({ items: [{ kind: 'assignment', id: 9, categoryId: 1 }] }),
      expect.objectContaining({ items: [{ kind: 'assignment', id: 9, mustPass: true }] }),
    ]);
    expect((within(row).getByLabelText('Obligatoria: debe aprobarse') as HTMLInputElement).checked).toBe(true);
  });
});

describe('ApprovalRuleEditor', () => {
  it("sets a program's rule, saying first that only the defaults apply, with the API's range message beside its field", async () => {
    const api = fakeApi();
    const sent: Record<string, unknown>[] = [];
    api.on('GET /api/v2/programs/4/approval-rule/', () => json(rule()));
    api.on('PUT /api/v2/programs/4/approval-rule/', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return (body.minGrade as number) > 5
        ? apiError(400, 'validation_failed', 'Revisa los datos enviados.', { minGrade: 'Debe ser como máximo 5' })
        : json(rule({ ...body, source: 'program' }));
    });
    render(<ApprovalRuleEditor lang="es" messages={ruleMessages} target={{ kind: 'program', programId: 4 }} canEdit />);
    expect(await screen.findByText(/Aún no se ha fijado una regla/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Regla para aprobar' });
    const minGrade = within(form).getByLabelText('Nota mínima (0,0 a 5,0)');
    await userEvent.clear(minGrade);
    await userEvent.type(minGrade, '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar la regla' }));
    expect(await within(form).findByText('Debe ser como máximo 5')).toBeTruthy();
    await userEvent.clear(minGrade);
    await userEvent.type(minGrade, '3.5');
    await userEvent.type(within(form).getByLabelText('Asistencia mínima a las sesiones (%)'), '{backspace}80');
    await userEvent.click(within(form).getByLabelText(/Cada curso debe alcanzar/));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar la regla' }));
    await vi.waitFor(() => expect(screen.queryByText(/Aún no se ha fijado una regla/)).toBeNull());
    expect(sent[1]).toMatchObject({ minGrade: 3.5, minAttendancePercent: 80, minCompletionPercent: 0, mustPassItems: true, allCoursesRequired: false, passMark: 3 });
  });

  it('shows a program’s rule read-only to those who may not set it', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/programs/4/approval-rule/', () => json(rule({ minGrade: 3.5, minCompletionPercent: 80, source: 'program' })));
    render(<ApprovalRuleEditor lang="es" messages={ruleMessages} target={{ kind: 'program', programId: 4 }} canEdit={false} />);
    const summary = await screen.findByRole('list', { name: 'Regla que rige' });
    expect(summary.textContent).toContain('Nota mínima: 3.5');
    expect(summary.textContent).toContain('Avance mínimo en las lecciones: 80 %');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Solo la puede cambiar un administrador.')).toBeTruthy();
  });

  it("shows what a cohort inherits from its program, and gives it its own rule", async () => {
    const api = fakeApi();
    const sent: unknown[] = [];
    api.on('GET /api/v2/cohorts/8/approval-rule/', () => json(rule({ minGrade: 3.5, source: 'program' })));
    api.on('GET /api/v2/programs/4/approval-rule/', () => json(rule({ minGrade: 3.5, source: 'program' })));
    api.on('PUT /api/v2/cohorts/8/approval-rule/', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return json(rule({ ...body, source: 'cohort' }));
    });
    render(<ApprovalRuleEditor lang="es" messages={ruleMessages} target={{ kind: 'cohort', cohortId: 8, programId: 4 }} canEdit />);
    expect(await screen.findByText('La cohorte sigue la regla del programa.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Regla del programa' }).textContent).toContain('Nota mínima: 3.5');
    await userEvent.click(screen.getByRole('button', { name: 'Dar a esta cohorte su propia regla' }));
    const form = screen.getByRole('form', { name: 'Regla propia de la cohorte' });
    // It starts from the program's figures.
    expect((within(form).getByLabelText('Nota mínima (0,0 a 5,0)') as HTMLInputElement).value).toBe('3.5');
    await userEvent.clear(within(form).getByLabelText('Nota mínima (0,0 a 5,0)'));
    await userEvent.type(within(form).getByLabelText('Nota mínima (0,0 a 5,0)'), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar la regla' }));
    expect(await screen.findByText('Esta cohorte tiene su propia regla.')).toBeTruthy();
    expect(sent[0]).toMatchObject({ minGrade: 4 });
  });

  it("goes back to the program's rule after a confirmation, and keeps the cohort's own when the admin says no", async () => {
    const api = fakeApi();
    let removed = 0;
    api.on('GET /api/v2/cohorts/8/approval-rule/', () => json(rule({ minGrade: 4, source: 'cohort' })));
    api.on('GET /api/v2/programs/4/approval-rule/', () => json(rule({ minGrade: 3.5, source: 'program' })));
    api.on('DELETE /api/v2/cohorts/8/approval-rule/', () => {
      removed += 1;
      return json(rule({ minGrade: 3.5, source: 'program' }));
    });
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    render(<ApprovalRuleEditor lang="es" messages={ruleMessages} target={{ kind: 'cohort', cohortId: 8, programId: 4 }} canEdit />);
    expect(await screen.findByText('Esta cohorte tiene su propia regla.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la regla del programa' }));
    expect(removed).toBe(0);
    expect(screen.getByText('Esta cohorte tiene su propia regla.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la regla del programa' }));
    expect(await screen.findByText('La cohorte sigue la regla del programa.')).toBeTruthy();
    expect(removed).toBe(1);
    expect(screen.queryByRole('form', { name: 'Regla propia de la cohorte' })).toBeNull();
    expect(confirm).toHaveBeenCalledWith('¿Quitar la regla propia de esta cohorte? Sus estudiantes volverán a cumplir la regla del programa.');
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});
