import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import { deleteAssignment, setPublished } from '~/lib/client/api/assignments';

interface Props {
  assignmentId: number;
  courseId: number;
  published: boolean;
}

/**
 * What the staff do to an assignment from its page: publish it (students
 * see it) or hide it again, and delete it after a confirmation (refused, in
 * the server's words, once students have submitted).
 */
function Actions({ assignmentId, courseId, published: initial }: Props) {
  const t = useT();
  const [published, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError((await readApiProblem(failure, t('assignments.actions.failed'))).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="assignment-actions">
      <p role="status">{t(published ? 'assignments.actions.isPublished' : 'assignments.actions.isDraft')}</p>
      <div className="grading-form__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(async () => setState((await setPublished(assignmentId, !published)).published))}>
          {t(published ? 'assignments.actions.unpublish' : 'assignments.actions.publish')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(t('assignments.actions.confirmDelete'))) return;
            void run(async () => {
              await deleteAssignment(assignmentId);
              window.location.assign(`/courses/${courseId}`);
            });
          }}
        >
          {t('assignments.actions.delete')}
        </button>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export default function AssignmentActions({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Actions {...props} />
    </IslandI18n>
  );
}
