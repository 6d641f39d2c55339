import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n';
import CohortMembers from '~/islands/admin/cohort/CohortMembers';
import { BULK_COLUMNS } from '~/islands/admin/cohort/members/bulk-report';
import { rowErrorsOf } from '~/islands/admin/common/row-errors';
import { pageCountOf } from '~/lib/client/api/cohort-members';

const render = (canAssign: boolean) =>
  renderToString(createElement(CohortMembers, { lang: 'es', messages: pickMessages('es', ['common.', 'admin.common.', 'admin.members.']), cohortId: 7, canAssign }));

describe('cohort members section (server render)', () => {
  it('offers adding and bulk assignment to those who may assign users', () => {
    const html = render(true);
    expect(html).toContain('Agregar miembros');
    expect(html).toContain('Asignar desde un archivo');
    expect(html).toContain('Buscar miembros');
    expect(html).toContain('Cargando…');
  });

  it('is read-only for tutors: no add or bulk controls (a refused call would end their session)', () => {
    const html = render(false);
    expect(html).toContain('Buscar miembros');
    expect(html).not.toContain('Agregar miembros');
    expect(html).not.toContain('Asignar desde un archivo');
  });
});

describe('bulk upload report', () => {
  it('lists row errors by spreadsheet row, then email, role, status; other fields are not row errors', () => {
    const rows = rowErrorsOf({
      message: '3 filas del archivo tienen errores. No se cambió nada.',
      fields: {
        'rows.12.status': 'El estado debe ser ACTIVE o INACTIVE',
        'rows.3.email': 'El correo no es válido',
        'rows.12.email': 'No hay un usuario de Senda con este correo',
        'rows.4.role': 'El rol debe ser Estudiante, Tutor o Administrador de cohorte',
        file: 'El archivo no tiene filas de usuarios',
        'rows.x.email': 'no es una fila',
      },
    }, BULK_COLUMNS);
    expect(rows).toEqual([
      { row: 3, column: 'email', message: 'El correo no es válido' },
      { row: 4, column: 'role', message: 'El rol debe ser Estudiante, Tutor o Administrador de cohorte' },
      { row: 12, column: 'email', message: 'No hay un usuario de Senda con este correo' },
      { row: 12, column: 'status', message: 'El estado debe ser ACTIVE o INACTIVE' },
    ]);
  });
});

describe('member list pages', () => {
  it('counts pages from a full page and the total', () => {
    const full = { count: 45, next: '/x?page=2', previous: null, results: Array.from({ length: 20 }, (_, id) => ({ id })) };
    expect(pageCountOf(full, 1)).toBe(3);
    expect(pageCountOf({ count: 45, next: null, previous: '/x?page=2', results: [{ id: 1 }] }, 3)).toBe(3);
    expect(pageCountOf({ count: 0, next: null, previous: null, results: [] }, 1)).toBe(1);
  });
});
