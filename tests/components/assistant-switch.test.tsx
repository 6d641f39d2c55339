/** The learning path's study-assistant switch on the structure screen: it saves at once, and says why when it cannot. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n';
import { IslandI18n } from '~/i18n/islands';
import { AssistantSwitch } from '~/islands/admin/structure/AssistantSwitch';
import type { LearningPath } from '~/lib/shared/schemas/structure';
import { apiError, fakeApi, json } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'admin.common.', 'jarvis.pathSwitch.']);
const path: LearningPath = { id: 7, organizationId: 1, name: 'Desarrollo de software', description: '', status: 'ACTIVE', assistantEnabled: true };

function Harness() {
  const [current, setCurrent] = useState(path);
  return (
    <IslandI18n lang="es" messages={messages}>
      <AssistantSwitch path={current} onChanged={setCurrent} />
    </IslandI18n>
  );
}

describe('AssistantSwitch', () => {
  it("turns the path's assistant off with one click", async () => {
    const api = fakeApi();
    const bodies: unknown[] = [];
    api.on('PATCH /api/v2/learning-paths/7/', async (request) => {
      const body = (await request.json()) as { assistantEnabled: boolean };
      bodies.push(body);
      return json({ ...path, assistantEnabled: body.assistantEnabled });
    });
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Asistente de estudio para sus estudiantes' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(bodies).toMatchObject([{ assistantEnabled: false }]);
  });

  it('stays as it was and says why when the change fails', async () => {
    const api = fakeApi();
    api.on('PATCH /api/v2/learning-paths/7/', () => apiError(404, 'not_found', 'No encontramos esa ruta de aprendizaje.'));
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Asistente de estudio para sus estudiantes' }) as HTMLInputElement;
    await userEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos esa ruta de aprendizaje.');
    expect(box.checked).toBe(true);
  });
});
