import { useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { FORUM_DESCRIPTION_MAX, FORUM_TITLE_MAX } from '~/lib/shared/forums';
import { createForum } from '~/lib/client/api/forums';

export interface NewForumProps {
  lang: Language;
  messages: Messages;
  cohorts: { id: number; name: string }[];
  programs: { id: number; name: string }[];
}

/** "New forum" for the staff of a cohort (and platform admins, also for a whole program): title, description, where. */
function NewForumForm({ cohorts, programs }: Omit<NewForumProps, 'lang' | 'messages'>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const first = cohorts[0] ? `cohort:${cohorts[0].id}` : `program:${programs[0]?.id ?? ''}`;
  const [form, setForm] = useState({ scope: first, title: '', description: '' });
  const { busy, fields, formError, submit } = useFormSubmit(['title', 'description', 'cohort', 'program']);
  if (!open) {
    return (
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        {t('forums.newForum')}
      </button>
    );
  }
  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = form.title.trim() ? {} : { title: t('validation.required.title') };
    await submit(problems, async () => {
      const [kind, id] = form.scope.split(':');
      const forum = await createForum({ [kind === 'program' ? 'program' : 'cohort']: Number(id), title: form.title.trim(), description: form.description.trim() });
      window.location.assign(`/forums/${forum.id}`);
    });
  }
  return (
    <form className="live-card post-editor" onSubmit={send} noValidate aria-label={t('forums.newForum')}>
      <FieldWithError label={t('forums.where')} error={fields.cohort ?? fields.program}>
        {(aria) => (
          <select value={form.scope} {...aria} onChange={(event) => setForm({ ...form, scope: event.target.value })}>
            {cohorts.map((cohort) => (
              <option key={`c${cohort.id}`} value={`cohort:${cohort.id}`}>
                {t('forums.cohort', { name: cohort.name })}
              </option>
            ))}
            {programs.map((program) => (
              <option key={`p${program.id}`} value={`program:${program.id}`}>
                {t('forums.program', { name: program.name })}
              </option>
            ))}
          </select>
        )}
      </FieldWithError>
      <FieldWithError label={t('forum.editor.title')} error={fields.title}>
        {(aria) => <input value={form.title} maxLength={FORUM_TITLE_MAX} autoFocus {...aria} onChange={(event) => setForm({ ...form, title: event.target.value })} />}
      </FieldWithError>
      <FieldWithError label={t('forums.description')} error={fields.description}>
        {(aria) => <textarea rows={2} value={form.description} maxLength={FORUM_DESCRIPTION_MAX} {...aria} onChange={(event) => setForm({ ...form, description: event.target.value })} />}
      </FieldWithError>
      <FormError message={formError} />
      <div className="admin-actions">
        <FormButtons busy={busy} submitLabel={t('forums.create')} onCancel={() => setOpen(false)} />
      </div>
    </form>
  );
}

export default function NewForum({ lang, messages, ...props }: NewForumProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <NewForumForm {...props} />
    </IslandI18n>
  );
}
