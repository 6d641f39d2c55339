/**
 * The gradebook grid as a tutor meets it (issue 31): one row per student,
 * moving between cells by keyboard with one cell in the tab order (the
 * WAI-ARIA grid pattern), and a course grade overridden with a reason from
 * its cell (checked before sending, the server's refusal in its words, the
 * row marked with who and why, focus back on the cell).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n';
import GradebookGrid from '~/islands/gradebook/GradebookGrid';
import type { Gradebook, GradebookRow } from '~/lib/shared/schemas/gradebook';
import { apiError, fakeApi, json } from './support/fake-api';

const messages = pickMessages('es', ['gradebook.book.', 'gradebook.override.', 'gradebook.state.', 'gradebook.status.']);

const rowOf = (userId: number, firstName: string, lastName: string, overrides: Partial<GradebookRow> = {}): GradebookRow => ({
  userId,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@senda.test`,
  items: [
    { key: 'assignment:1', status: 'graded', percent: 90, score: 90 },
    { key: 'quiz:2', status: 'pending', percent: null, score: null },
  ],
  categories: [{ categoryId: 10, averagePercent: 90 }],
  coursePercent: 90,
  courseGrade: 4.5,
  override: null,
  completionPercent: 50,
  attendancePercent: 100,
  approval: { state: 'in_progress', missing: { assignments: 0, quizzes: 0, completionPercent: 0, attendancePercent: 0, grade: null }, line: null },
  ...overrides,
});

const gradebook: Gradebook = {
  cohortId: 3,
  courseId: 7,
  passMark: 3,
  categories: [{ id: 10, courseId: 7, name: 'Entregas', weight: 100, dropLowest: 0, position: 0 }],
  items: [
    { key: 'assignment:1', kind: 'assignment', id: 1, title: 'Informe', categoryId: 10, countsForGrade: true, mustPass: true, dueAt: null, maxScore: 100 },
    { key: 'quiz:2', kind: 'quiz', id: 2, title: 'Quiz 1', categoryId: 10, countsForGrade: true, mustPass: false, dueAt: null, maxScore: null },
  ],
  rows: [
    rowOf(21, 'Camila', 'Rojas'),
    rowOf(22, 'Mateo', 'Gómez', {
      coursePercent: 30,
      courseGrade: 1.5,
      approval: { state: 'at_risk', missing: { assignments: 1, quizzes: 0, completionPercent: 0, attendancePercent: 0, grade: { current: 1.5, required: 3 } }, line: 'Te falta: 1 entrega' },
    }),
  ],
};

const renderGrid = (book: Gradebook = gradebook) => render(<GradebookGrid lang="es" messages={messages} gradebook={book} courseName="Fundamentos" names={{ 5: 'Tutora Demo' }} />);
const tabbable = () => [...document.querySelectorAll('.gradebook [tabindex="0"]')];

describe('GradebookGrid', () => {
  it('shows one row per student with the items, the category, the grade and the state', () => {
    fakeApi({ typeUser: 'staff', idUser: 5 });
    renderGrid();
    const grid = screen.getByRole('grid', { name: 'Notas de Fundamentos: una fila por estudiante' });
    const mateo = within(grid).getByRole('row', { name: /Mateo Gómez/ });
    expect(within(mateo).getByText('1.5')).toBeTruthy();
    expect(within(mateo).getByText('En riesgo')).toBeTruthy();
    expect(within(mateo).getByText('Pendiente')).toBeTruthy();
    expect(within(grid).getByRole('columnheader', { name: 'Entregas · 100 %' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notas de Fundamentos: una fila por estudiante' })).toBeTruthy();
  });

  it('moves between cells with the arrow keys, Home and End, keeping one cell in the tab order', async () => {
    fakeApi({ typeUser: 'staff', idUser: 5 });
    renderGrid();
    expect(tabbable()).toHaveLength(1);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Estudiante');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Camila Rojas');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('90');
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Pendiente');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('En riesgo');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Mateo Gómez');
    // Past the last row it stays; Ctrl+Home goes to the first cell.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Mateo Gómez');
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement?.textContent).toBe('Estudiante');
    expect(tabbable()).toEqual([document.activeElement]);
    // The grade's cell is its override button.
    await userEvent.keyboard('{ArrowDown}{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ajustar la nota de Camila Rojas' }));
  });

  it('overrides a grade with a reason, checked first, and marks the row with who and why', async () => {
    const api = fakeApi({ typeUser: 'staff', idUser: 5 });
    const bodies: unknown[] = [];
    api.on('PUT /api/v2/cohorts/3/gradebook/overrides/22/', async (request) => {
      bodies.push(await request.json());
      return json({
        row: rowOf(22, 'Mateo', 'Gómez', { courseGrade: 3.2, coursePercent: 64, override: { grade: 3.2, computedGrade: 1.5, reason: 'Sustentación oral', changedBy: 5, changedAt: '2026-11-28T03:00:00Z' } }),
        audit: [],
      });
    });
    renderGrid();
    const open = screen.getByRole('button', { name: 'Ajustar la nota de Mateo Gómez' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Ajustar la nota del curso de Mateo Gómez' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nueva nota (0,0–5,0)'));
    await userEvent.type(within(dialog).getByLabelText('Nueva nota (0,0–5,0)'), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    expect(within(dialog).getByText('Escribe una nota entre 0,0 y 5,0')).toBeTruthy();
    expect(within(dialog).getByText('Escribe el motivo del ajuste')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Nueva nota (0,0–5,0)'));
    await userEvent.type(within(dialog).getByLabelText('Nueva nota (0,0–5,0)'), '3,2');
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Sustentación oral');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toMatchObject([{ course_id: 7, grade: 3.2, reason: 'Sustentación oral' }]);
    const mateo = screen.getByRole('row', { name: /Mateo Gómez/ });
    expect(within(mateo).getByText('3.2')).toBeTruthy();
    expect(within(mateo).getByText('Ajustada')).toBeTruthy();
    expect(within(mateo).getByText(/Ajustada por Tutora Demo el .*: «Sustentación oral»\. Calculada: 1\.5\./)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Guardamos la nota ajustada de Mateo Gómez.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ajustar la nota de Mateo Gómez' })));
  });

  it("shows the server's refusal in its words and keeps what was typed; Escape closes the dialog", async () => {
    const api = fakeApi({ typeUser: 'staff', idUser: 5 });
    api.on('PUT /api/v2/cohorts/3/gradebook/overrides/21/', () => apiError(400, 'grade_weights_incomplete', 'Los pesos de las categorías de este curso suman 60 %, y deben sumar 100 % para calcular las notas.'));
    renderGrid();
    await userEvent.click(screen.getByRole('button', { name: 'Ajustar la nota de Camila Rojas' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Nueva nota (0,0–5,0)'), '4');
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Recuperación');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('suman 60 %');
    expect((within(dialog).getByLabelText('Motivo') as HTMLTextAreaElement).value).toBe('Recuperación');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ajustar la nota de Camila Rojas' })));
  });

  it('removes an override with a reason', async () => {
    const api = fakeApi({ typeUser: 'staff', idUser: 5 });
    const overridden = rowOf(21, 'Camila', 'Rojas', { courseGrade: 5, override: { grade: 5, computedGrade: 4.5, reason: 'Olimpiada', changedBy: 9, changedAt: '2026-11-20T15:00:00Z' } });
    api.on('PUT /api/v2/cohorts/3/gradebook/overrides/21/', () => json({ row: rowOf(21, 'Camila', 'Rojas'), audit: [] }));
    renderGrid({ ...gradebook, rows: [overridden] });
    // Someone whose name the page did not have.
    expect(screen.getByText(/Ajustada por alguien del equipo/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ajustar la nota de Camila Rojas' }));
    await userEvent.type(screen.getByLabelText('Motivo'), 'Error');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar el ajuste' }));
    await waitFor(() => expect(screen.queryByText('Ajustada')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Quitamos el ajuste de la nota de Camila Rojas.');
    expect(api.calls).toEqual(['PUT /api/v2/cohorts/3/gradebook/overrides/21/']);
  });
});
