import { useId, useRef, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { isTransientFailure, readApiProblem, type ApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import type { Lesson } from '~/lib/shared/schemas/content';
import { FormError } from '~/islands/admin/common/FormError';
import { KeptDraftNotice } from '~/islands/admin/common/KeptDraftNotice';
import { useEditorKeys } from '~/islands/admin/common/use-editor-keys';
import { useKeptDraft } from '~/islands/admin/common/use-kept-draft';
import { useDebouncedValue } from '~/islands/common/use-debounced-value';
import { useLoader } from '~/islands/common/use-loader';
import { changesBetween, draftOf, isPublicationValid, LESSON_STATES, type Draft } from './lesson-draft';
import { previewLesson, updateLesson } from '~/lib/client/api/lessons';
import { SectionSuggestions } from './SectionSuggestions';
import '~/styles/admin-lessons.css';

/** The preview asks the server once typing pauses this long. */
const PREVIEW_DEBOUNCE_MS = 400;

export interface LessonEditorProps {
  lang: Language;
  messages: Messages;
  lesson: Lesson;
  /** The course's sections so far, suggested in the section field. */
  sections: string[];
  /** The saved content as the lesson page renders it, so the first preview costs no call. */
  initialPreviewHtml: string;
}

/** The server's preview of the Markdown being written, asked for when typing pauses; the last preview stays while the next is read or fails. */
function usePreview(contentMd: string, initialHtml: string) {
  const t = useT();
  const settled = useDebouncedValue(contentMd, PREVIEW_DEBOUNCE_MS);
  const loader = useLoader(async (signal) => (await previewLesson(settled, signal)).html, [settled], { initial: initialHtml, keepData: true, errorFallback: t('admin.lessons.previewError') });
  const shown = useRef(initialHtml);
  if (loader.state.status === 'ready') shown.current = loader.state.data;
  return { html: shown.current, updating: loader.isReloading || loader.state.status === 'loading', problem: loader.state.status === 'error' ? loader.state.message : null };
}

const sameDraft = (a: Draft, b: Draft) => Object.keys(changesBetween(a, b)).length === 0 && a.state === b.state && a.publishAt === b.publishAt;

function Editor({ lesson, sections, initialPreviewHtml }: Omit<LessonEditorProps, 'lang' | 'messages'>) {
  const t = useT();
  const ids = { sections: useId(), previewTitle: useId(), contentHint: useId(), videoHint: useId(), publishHint: useId() };
  const [saved, setSaved] = useState<Draft>(() => draftOf(lesson));
  const [draft, setDraft] = useState<Draft>(saved);
  const [saving, setSaving] = useState(false);
  const [hasSaved, setHasSaved] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const preview = usePreview(draft.contentMd, initialPreviewHtml);
  const changes = changesBetween(saved, draft);
  const isDirty = Object.keys(changes).length > 0 || draft.state !== saved.state;
  const kept = useKeptDraft(`lesson:${lesson.id}`, draft, sameDraft);
  const publishAtInput = useRef<HTMLInputElement>(null);

  const edit = (field: keyof Draft) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setDraft((current) => ({ ...current, [field]: value }));
    // A field's error goes once it is edited; the server checks again on save.
    setProblem((current) => {
      if (!current?.fields[field]) return current;
      const { [field]: _fixed, ...fields } = current.fields;
      return { ...current, fields };
    });
  };

  async function save() {
    if (saving || !isDirty) return;
    if (!isPublicationValid(draft)) {
      setProblem({ message: '', fields: { publishAt: t('admin.lessons.publishAtRequired') } });
      publishAtInput.current?.focus();
      return;
    }
    const sent = draft;
    setSaving(true);
    setProblem(null);
    try {
      const fresh = draftOf(await updateLesson(lesson.id, changes));
      setSaved(fresh);
      // Keep whatever was typed while saving; otherwise show the lesson as the server stored it.
      setDraft((current) => (current === sent ? fresh : current));
      setHasSaved(true);
      kept.forget();
    } catch (error) {
      // Offline or the server down: the text stays in this browser until a save works (a refusal is the author's to fix).
      if (isTransientFailure(error)) kept.keep();
      setProblem(await readApiProblem(error, t('admin.common.error')));
    } finally {
      setSaving(false);
    }
  }

  useEditorKeys(save, isDirty);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    void save();
  }

  const fieldError = (field: keyof Draft) => problem?.fields[field];
  const fieldClass = (field: keyof Draft) => `field${fieldError(field) ? ' field--invalid' : ''}`;
  const errorOf = (field: keyof Draft) => fieldError(field) && <span className="field__error">{fieldError(field)}</span>;
  const state = saving
    ? t('admin.common.saving')
    : kept.keeping && isDirty
      ? t('admin.common.drafts.keptHere')
      : isDirty
        ? t('admin.lessons.unsaved')
        : hasSaved
          ? t('admin.lessons.saved')
          : '';

  function restore() {
    const restored = kept.restore();
    if (restored) setDraft(restored);
  }

  return (
    <form className="lesson-editor" aria-label={t('admin.lessons.editorLabel')} onSubmit={submit} noValidate>
      {kept.offer && <KeptDraftNotice keptAt={kept.offer.keptAt} onRestore={restore} onDiscard={kept.forget} />}
      <div className="lesson-editor__meta">
        <label className={fieldClass('title')}>
          <span>{t('admin.lessons.fieldTitle')}</span>
          <input name="title" value={draft.title} maxLength={200} required aria-invalid={Boolean(fieldError('title'))} onChange={edit('title')} />
          {errorOf('title')}
        </label>
        <label className={fieldClass('section')}>
          <span>{t('admin.lessons.fieldSection')}</span>
          <input name="section" value={draft.section} maxLength={200} list={ids.sections} aria-invalid={Boolean(fieldError('section'))} onChange={edit('section')} />
          {errorOf('section')}
        </label>
        <SectionSuggestions id={ids.sections} sections={sections} />
        {/* Hints sit outside the label, so a field's name is just its label. */}
        <div className="lesson-editor__field">
          <label className={fieldClass('videoUrl')}>
            <span>{t('admin.lessons.fieldVideo')}</span>
            <input
              name="videoUrl"
              type="url"
              inputMode="url"
              value={draft.videoUrl}
              placeholder={t('admin.lessons.videoPlaceholder')}
              aria-describedby={ids.videoHint}
              aria-invalid={Boolean(fieldError('videoUrl'))}
              onChange={edit('videoUrl')}
            />
            {errorOf('videoUrl')}
          </label>
          <small id={ids.videoHint} className="muted">
            {t('admin.lessons.videoHint')}
          </small>
        </div>
        <label className={fieldClass('state')}>
          <span>{t('admin.common.status')}</span>
          <select name="state" value={draft.state} onChange={edit('state')}>
            {LESSON_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`admin.lessons.state.${state}`)}
              </option>
            ))}
          </select>
          {errorOf('state')}
        </label>
        {draft.state === 'scheduled' && (
          <div className="lesson-editor__field">
            <label className={fieldClass('publishAt')}>
              <span>{t('admin.lessons.fieldPublishAt')}</span>
              <input ref={publishAtInput} name="publishAt" type="datetime-local" value={draft.publishAt} required aria-describedby={ids.publishHint} aria-invalid={Boolean(fieldError('publishAt'))} onChange={edit('publishAt')} />
              {errorOf('publishAt')}
            </label>
            <small id={ids.publishHint} className="muted">
              {t('admin.lessons.publishAtHint')}
            </small>
          </div>
        )}
        <p className="muted lesson-editor__visibility">{t(`admin.lessons.stateHint.${draft.state}`)}</p>
      </div>

      <div className="lesson-editor__panes">
        <div className="lesson-editor__field lesson-editor__source">
          <label className={fieldClass('contentMd')}>
            <span>{t('admin.lessons.fieldContent')}</span>
            <textarea name="contentMd" value={draft.contentMd} spellCheck aria-describedby={ids.contentHint} aria-invalid={Boolean(fieldError('contentMd'))} onChange={edit('contentMd')} />
            {errorOf('contentMd')}
          </label>
          <small id={ids.contentHint} className="muted">
            {t('admin.lessons.contentHint')}
          </small>
        </div>
        <section className="lesson-editor__preview" aria-labelledby={ids.previewTitle} aria-busy={preview.updating}>
          <div className="lesson-editor__preview-head">
            <h2 id={ids.previewTitle}>{t('admin.lessons.preview')}</h2>
            <span className="muted" role="status">
              {preview.updating ? t('admin.lessons.previewUpdating') : ''}
            </span>
          </div>
          <FormError message={preview.problem} />
          {draft.contentMd.trim() === '' ? (
            <p className="empty">{t('admin.lessons.previewEmpty')}</p>
          ) : (
            // Rendered and sanitized by the server, exactly as on the lesson page.
            <div className="lesson-content" data-testid="lesson-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
          )}
        </section>
      </div>

      <div className="lesson-editor__bar">
        <button type="submit" className="button button--primary" disabled={saving || !isDirty}>
          {saving ? t('admin.common.saving') : t('admin.common.save')}
        </button>
        <span className="lesson-editor__state" role="status" data-testid="lesson-save-state">
          {state}
        </span>
        <span className="muted lesson-editor__shortcut">{t('admin.lessons.saveShortcut')}</span>
        <FormError message={problem?.message} />
      </div>
    </form>
  );
}

/** The lesson editor: title, section, video link, status and Markdown with the server's live preview; Ctrl/Cmd+S saves. */
export default function LessonEditor({ lang, messages, ...props }: LessonEditorProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Editor {...props} />
    </IslandI18n>
  );
}
