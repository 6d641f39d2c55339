/**
 * Issue 34: an assignment submitted with no connection is kept on the device
 * (its text and its file), the form says so, and it is sent once the
 * connection returns, with the key that makes it arrive once. A real
 * IndexedDB implementation (fake-indexeddb) holds it.
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import SubmitAssignment from '~/islands/assignment/SubmitAssignment';
import { listEntries } from '~/lib/client/outbox/outbox-store';
import { fakeApi, FakeXhr, json } from './support/fake-api';

const messages = pickMessages('es', ['assignments.submit.', 'assignments.size.', 'validation.assignments.emptySubmission', 'outbox.queued']);
const STUDENT_ID = 41;

describe('SubmitAssignment offline', () => {
  it('keeps the submission and its file on the device, says so, and sends it once the connection returns', async () => {
    const api = fakeApi({ typeUser: 'student', idUser: STUDENT_ID });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(<SubmitAssignment lang="es" messages={messages} assignmentId={7} title="Informe de la semana" submissionTypes={['file', 'text']} allowedFileTypes={['pdf']} maxFileMb={1} resubmission={false} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Texto' }), 'Mi informe');
    fireEvent.change(screen.getByLabelText('Archivos'), { target: { files: [new File(['%PDF-1.4 informe'], 'informe.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Entregar' }));

    expect((await screen.findByText('Guardado en este dispositivo; se enviará al volver la conexión.')).getAttribute('role')).toBe('status');
    expect((screen.getByRole('textbox', { name: 'Texto' }) as HTMLTextAreaElement).value).toBe('');
    expect(api.calls).toEqual([]);
    const [entry] = await listEntries(STUDENT_ID);
    expect(entry).toMatchObject({ ownerId: STUDENT_ID, state: 'waiting', title: 'Informe de la semana', write: { kind: 'assignment-submission', assignmentId: 7, text: 'Mi informe' } });
    if (entry?.write.kind !== 'assignment-submission') throw new Error('expected a submission');
    // (Its bytes: happy-dom's File does not survive Node's structured clone; tests/unit/outbox.test.ts and the e2e spec read them.)
    expect(entry.write.files.map((file) => file.name)).toEqual(['informe.pdf']);

    // Back online: the outbox sends it, with its key, and the page shows the history.
    const received: { text: FormDataEntryValue | null; file: string | undefined }[] = [];
    api.on(`POST /api/v2/assignments/7/submissions/?clientKey=${entry.key}`, async (request) => {
      const form = await request.formData();
      received.push({ text: form.get('text'), file: (form.get('files') as File | null)?.name });
      return json({ id: 90, number: 1 }, 201);
    });
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(received).toEqual([{ text: 'Mi informe', file: 'informe.pdf' }]);
    expect(await listEntries(STUDENT_ID)).toEqual([]);
  });
});
