/** The structure and programs admin pages as the server renders them (islands included), for each kind of visitor. */
import { beforeEach, describe, expect, it } from 'vitest';
import StructurePage from '~/pages/admin/structure.astro';
import ProgramsPage from '~/pages/admin/programs/index.astro';
import ProgramPage from '~/pages/admin/programs/[id].astro';
import { ROLE_IDS } from '~/lib/shared/constants';
import { createCohort, createCourse, createOrganization, createProgram, createWorld, enrollStudent } from '../factories';
import { renderPage } from '../support/astro-pages';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;

beforeEach(async () => {
  world = await createWorld();
});

const NOT_FOUND_TEXT = 'Esta página no existe o no tienes acceso a ella.';
const openProgram = (id: number | string, userId: number) => renderPage(ProgramPage, { path: `/admin/programs/${id}`, params: { id: String(id) }, userId });

describe('/admin/structure', () => {
  it('shows platform admins the organizations as a tree they can expand, with "Nueva organización"', async () => {
    const organization = await createOrganization({ name: 'Fundación Semillas' });
    const { status, html } = await renderPage(StructurePage, { path: '/admin/structure', userId: world.admin.id });
    expect(status).toBe(200);
    expect(html).toContain('<h1>Organizaciones y cohortes</h1>');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*?Fundación Semillas/s);
    expect(html).toContain(`Editar «${organization.name}»`);
    expect(html).toContain('Nueva organización');
  });

  it('offers "Cargar más" when there are more organizations than one page', async () => {
    for (let i = 0; i < 20; i += 1) await createOrganization({ name: `Org ${String(i).padStart(2, '0')}` });
    const { html } = await renderPage(StructurePage, { path: '/admin/structure', userId: world.admin.id });
    expect(html).toContain('Mostrando 20 de 22');
    expect(html).toContain('Cargar más');
  });

  it('does not exist for tutors and students (404)', async () => {
    for (const user of [world.tutor, world.student]) {
      const { status, html } = await renderPage(StructurePage, { path: '/admin/structure', userId: user.id });
      expect(status).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
      expect(html).not.toContain('Nueva organización');
    }
  });
});

describe('/admin/programs', () => {
  it('lets platform admins manage every program, each linking to its courses', async () => {
    const { status, html } = await renderPage(ProgramsPage, { path: '/admin/programs', userId: world.admin.id });
    expect(status).toBe(200);
    expect(html).toContain('Nuevo programa');
    expect(html).toContain(`href="/admin/programs/${world.cohortA.programId}"`);
    expect(html).toContain(`href="/admin/programs/${world.cohortB.programId}"`);
    expect(html).toContain('Archivar «');
  });

  it('shows a tutor, read-only, only the programs of the cohorts they manage', async () => {
    const studied = await createCohort({ programId: (await createProgram({ name: 'Programa donde estudia' })).id });
    await enrollStudent(world.tutor, studied);
    const { status, html } = await renderPage(ProgramsPage, { path: '/admin/programs', userId: world.tutor.id });
    expect(status).toBe(200);
    expect(html).toContain(`href="/admin/programs/${world.cohortA.programId}"`);
    expect(html).not.toContain(`href="/admin/programs/${world.cohortB.programId}"`);
    expect(html).not.toContain('Programa donde estudia');
    expect(html).not.toContain('Nuevo programa');
    expect(html).not.toContain('Archivar');
  });

  it('does not exist for students (404)', async () => {
    const { status, html } = await renderPage(ProgramsPage, { path: '/admin/programs', userId: world.student.id });
    expect(status).toBe(404);
    expect(html).toContain(NOT_FOUND_TEXT);
  });
});

describe('/admin/programs/[id]', () => {
  it("shows admins every course in order, archived ones too, to create, reorder, edit and archive, with links to lessons and the student view", async () => {
    const programId = world.cohortA.programId!;
    await createCourse({ programId, name: 'Curso archivado', position: 5, status: 'INACTIVE' });
    await createCourse({ programId, name: 'Curso segundo', position: 3 });
    const { status, html } = await openProgram(programId, world.admin.id);
    expect(status).toBe(200);
    const names = [...html.matchAll(/class="course-item__name"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(names).toEqual(['Curso de la cohorte A', 'Curso segundo', 'Curso archivado']);
    expect(html).toContain('Nuevo curso');
    expect(html).toContain('Subir «Curso segundo»');
    expect(html).toContain('Bajar «Curso de la cohorte A»');
    expect(html).toContain('Restaurar «Curso archivado»');
    expect(html).toContain('Archivar «Curso segundo»');
    expect(html).toContain(`href="/admin/courses/${world.courseA.id}"`);
    expect(html).toContain(`href="/courses/${world.courseA.id}"`);
    expect(html).toContain('Ver como estudiante');
  });

  it('lets the tutor of a cohort following the program edit its courses, but not create or reorder them', async () => {
    const { status, html } = await openProgram(world.cohortA.programId!, world.tutor.id);
    expect(status).toBe(200);
    expect(html).toContain('Editar «Curso de la cohorte A»');
    expect(html).toContain(`href="/admin/courses/${world.courseA.id}"`);
    expect(html).not.toContain('Nuevo curso');
    expect(html).not.toContain('Subir «');
  });

  it("is 404 for the program's students, other cohorts' staff and unknown ids", async () => {
    const otherTutor = world.otherStudent;
    await enrollStudent(otherTutor, await createCohort(), { roleId: ROLE_IDS.tutor });
    const cases: [number | string, number][] = [
      [world.cohortA.programId!, world.student.id],
      [world.cohortA.programId!, otherTutor.id],
      [world.cohortB.programId!, world.tutor.id],
      [999_999, world.admin.id],
      ['abc', world.admin.id],
    ];
    for (const [id, userId] of cases) {
      const { status, html } = await openProgram(id, userId);
      expect(status, `${id} as ${userId}`).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
    }
  });
});
