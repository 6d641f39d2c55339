import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { useDebouncedValue } from '~/islands/common/use-debounced-value';
import { FORUM_POST_MAX, FORUM_TITLE_MAX, mentionOf } from '~/lib/shared/forums';
import type { PersonRef } from '~/lib/shared/schemas/forums';
import { searchMembers } from '~/lib/client/api/forums';

/** The word after an "@" right before the caret, e.g. "Luc" in "hola @Luc". */
const MENTION_QUERY = /(?:^|\s)@([\p{L}\p{M}'-]{1,30})$/u;

export interface PostDraft {
  title: string;
  body: string;
}

interface Props {
  forumId: number;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** A thread's opening post has a title. */
  withTitle?: boolean;
  initial?: PostDraft;
  autoFocus?: boolean;
  /** Saves; rejects with the API's failure (shown beside the fields). */
  onSubmit(draft: PostDraft): Promise<void>;
  onCancel?(): void;
}

/**
 * Writes a post: Markdown, with people to mention suggested while typing
 * "@name" (members of the cohort; picked with a click, or with the arrow keys
 * and Enter), inserted as `@[Name](id)`.
 */
export function PostEditor({ forumId, label, submitLabel, withTitle = false, initial = { title: '', body: '' }, autoFocus = false, onSubmit, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [query, setQuery] = useState<string | null>(null);
  const [people, setPeople] = useState<PersonRef[]>([]);
  const text = useRef<HTMLTextAreaElement>(null);
  const suggestions = useRef<HTMLUListElement>(null);
  const debounced = useDebouncedValue(query, 200);
  const { busy, fields, formError, submit } = useFormSubmit(['title', 'body']);

  useEffect(() => {
    if (!debounced) return setPeople([]);
    const controller = new AbortController();
    searchMembers(forumId, debounced, controller.signal).then(setPeople, () => setPeople([]));
    return () => controller.abort();
  }, [forumId, debounced]);

  function onType(value: string, caret: number) {
    setBody(value);
    setQuery(MENTION_QUERY.exec(value.slice(0, caret))?.[1] ?? null);
  }

  function pick(person: PersonRef) {
    const area = text.current;
    const caret = area?.selectionStart ?? body.length;
    const before = body.slice(0, caret).replace(/@[\p{L}\p{M}'-]{1,30}$/u, '');
    const inserted = `${mentionOf(person)} `;
    const next = `${before}${inserted}${body.slice(caret)}`;
    setBody(next);
    setQuery(null);
    setPeople([]);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(before.length + inserted.length, before.length + inserted.length);
    });
  }

  function onTextKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'ArrowDown' && people.length > 0) {
      event.preventDefault();
      suggestions.current?.querySelector('button')?.focus();
    } else if (event.key === 'Escape' && people.length > 0) {
      setPeople([]);
      setQuery(null);
    }
  }

  function onSuggestionKey(event: KeyboardEvent<HTMLButtonElement>) {
    const buttons = [...(suggestions.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(event.currentTarget);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      buttons[(at + (event.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    } else if (event.key === 'Escape') {
      setPeople([]);
      text.current?.focus();
    }
  }

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (withTitle && !title.trim()) problems.title = t('validation.required.title');
    if (!body.trim()) problems.body = t('validation.forum.body');
    await submit(problems, async () => {
      await onSubmit({ title: title.trim(), body });
      if (!initial.body) {
        setTitle('');
        setBody('');
      }
    });
  }

  return (
    <form className="post-editor" onSubmit={send} noValidate aria-label={label}>
      {withTitle && (
        <FieldWithError label={t('forum.editor.title')} error={fields.title}>
          {(aria) => <input value={title} maxLength={FORUM_TITLE_MAX} autoFocus={autoFocus} {...aria} onChange={(event) => setTitle(event.target.value)} />}
        </FieldWithError>
      )}
      <FieldWithError label={t('forum.editor.body')} hint={t('forum.editor.hint')} error={fields.body}>
        {(aria) => (
          <textarea
            ref={text}
            value={body}
            rows={withTitle ? 6 : 3}
            maxLength={FORUM_POST_MAX}
            autoFocus={autoFocus && !withTitle}
            {...aria}
            onChange={(event) => onType(event.target.value, event.target.selectionStart)}
            onKeyDown={onTextKey}
          />
        )}
      </FieldWithError>
      {people.length > 0 && (
        <div className="mention-suggestions">
          <p className="muted" id={`${id}-mentions`}>
            {t('forum.editor.mentionHint')}
          </p>
          <ul ref={suggestions} aria-labelledby={`${id}-mentions`}>
            {people.map((person) => (
              <li key={person.id}>
                <button type="button" className="button button--ghost button--small" onClick={() => pick(person)} onKeyDown={onSuggestionKey}>
                  @{person.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {people.length > 0 ? t('forum.editor.suggestions', { count: people.length }) : ''}
      </p>
      <FormError message={formError} />
      <div className="admin-actions">
        <FormButtons busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
      </div>
    </form>
  );
}
