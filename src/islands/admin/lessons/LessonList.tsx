import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem, type ApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import type { LessonSummary } from '~/lib/shared/schemas/content';
import { FormError } from '~/islands/admin/common/FormError';
import { SortableList } from '~/islands/admin/common/SortableList';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { createLesson, listLessons, reorderLessons, updateLesson } from '~/lib/client/api/lessons';
import { LESSONS_IMPORTED_EVENT, type LessonsImportedDetail } from './lessons-imported-event';
import { SectionSuggestions, sectionsOf } from './SectionSuggestions';
import { lessonStateOf } from './lesson-draft';
import { formatDateTime } from '~/lib/shared/format';
import '~/styles/admin-lessons.css';

export interface LessonListProps {
  lang: Language;
  messages: Messages;
  courseId: number;
  /** The course's lessons as the page read them (archived included), in position order. */
  initialLessons: LessonSummary[];
}

type Listed = LessonSummary & { name: string };
const listed = (lessons: readonly LessonSummary[]): Listed[] => lessons.map((lesson) => ({ ...lesson, name: lesson.title }));

function NewLessonForm({ courseId, sections }: { courseId: number; sections: readonly string[] }) {
  const t = useT();
  const titleId = useId();
  const sectionsId = useId();
  const [title, setTitle] = useState('');
  const [section, setSection] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  async function create(event: SubmitEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setProblem({ message: '', fields: { title: t('admin.common.required') } });
      return;
    }
    setCreating(true);
    setProblem(null);
    try {
      const lesson = await createLesson(courseId, { title, section });
      setCreated(true);
      window.location.assign(`/admin/lessons/${lesson.id}`);
    } catch (error) {
      setProblem(await readApiProblem(error, t('admin.common.error')));
      setCreating(false);
    }
  }

  const titleError = problem?.fields.title;
  const sectionError = problem?.fields.section;
  return (
    <form className="admin-form admin-form--inline lesson-new" aria-labelledby={titleId} onSubmit={create} noValidate>
      <h3 id={titleId} className="lesson-new__title">
        {t('admin.lessons.newTitle')}
      </h3>
      <label className={`field${titleError ? ' field--invalid' : ''}`}>
        <span>{t('admin.lessons.fieldTitle')}</span>
        <input name="title" value={title} maxLength={200} required aria-invalid={Boolean(titleError)} onChange={(event) => setTitle(event.target.value)} />
        {titleError && <span className="field__error">{titleError}</span>}
      </label>
      <label className={`field${sectionError ? ' field--invalid' : ''}`}>
        <span>{t('admin.lessons.fieldSection')}</span>
        <input name="section" value={section} maxLength={200} list={sectionsId} aria-invalid={Boolean(sectionError)} onChange={(event) => setSection(event.target.value)} />
        {sectionError && <span className="field__error">{sectionError}</span>}
      </label>
      <SectionSuggestions id={sectionsId} sections={sections} />
      <button type="submit" className="button button--primary" disabled={creating}>
        {creating ? t('admin.lessons.creating') : t('admin.lessons.create')}
      </button>
      <FormError message={problem?.message} />
      <p className="visually-hidden" role="status">
        {created ? t('admin.lessons.created') : ''}
      </p>
    </form>
  );
}

/** A lesson's state as a badge: draft, scheduled (with its date), published or archived. */
function StateBadge({ lang, lesson }: { lang: Language; lesson: LessonSummary }) {
  const t = useT();
  const state = lessonStateOf(lesson);
  const label = state === 'scheduled' ? t('admin.lessons.scheduledFor', { date: formatDateTime(lang, lesson.publishedAt!) }) : t(`admin.lessons.state.${state}`);
  return <span className={`badge badge--lesson-${state}`}>{label}</span>;
}

function Lessons({ lang, courseId, initialLessons }: Pick<LessonListProps, 'lang' | 'courseId' | 'initialLessons'>) {
  const t = useT();
  const loader = useLoader((signal) => listLessons(courseId, signal), [courseId], { initial: initialLessons });
  const { reload } = loader;
  const lessons = loader.state.status === 'ready' ? listed(loader.state.data) : [];
  const loading = loader.isReloading;
  const changes = useListChanges();

  // Lessons imported from files (LessonImport) show up without reloading the page.
  useEffect(() => {
    const onImported = (event: Event) => {
      if ((event as CustomEvent<LessonsImportedDetail>).detail?.courseId === courseId) reload();
    };
    window.addEventListener(LESSONS_IMPORTED_EVENT, onImported);
    return () => window.removeEventListener(LESSONS_IMPORTED_EVENT, onImported);
  }, [courseId, reload]);

  // Someone else may have added or removed a lesson meanwhile: show the saved order.
  const reorder = (order: number[]) =>
    changes.reorder(async () => {
      const saved = await reorderLessons(courseId, order);
      loader.update(() => saved);
    }, reload);

  const setStatus = (lesson: Listed, status: LessonSummary['status']) =>
    changes.change(
      lesson.id,
      async () => {
        const changed = await updateLesson(lesson.id, { status });
        loader.update((current) => current.map((item) => (item.id === changed.id ? { ...item, status: changed.status, revision: changed.revision } : item)));
        notify({ status: 'success', message: t(status === 'INACTIVE' ? 'admin.lessons.archived' : 'admin.lessons.restored', { title: lesson.title }) });
      },
      status === 'INACTIVE' ? t('admin.common.confirmArchive', { name: lesson.title }) : undefined,
    );

  const publish = (lesson: Listed) =>
    changes.change(lesson.id, async () => {
      const changed = await updateLesson(lesson.id, { publishedAt: new Date().toISOString() });
      loader.update((current) => current.map((item) => (item.id === changed.id ? { ...item, publishedAt: changed.publishedAt, revision: changed.revision } : item)));
      notify({ status: 'success', message: t('admin.lessons.published', { title: lesson.title }) });
    });

  return (
    <div className="lesson-list" aria-busy={loading}>
      <NewLessonForm courseId={courseId} sections={sectionsOf(lessons)} />
      <FormError message={changes.error} />
      <LoadStatus loader={loader} />
      {loading && <p className="muted">{t('common.loading')}</p>}
      {loader.state.status !== 'ready' ? null : lessons.length === 0 ? (
        <p className="empty">{t('admin.lessons.empty')}</p>
      ) : (
        <SortableList
          items={lessons}
          onReorder={reorder}
          disabled={loading || changes.busyId !== null}
          label={t('admin.lessons.listLabel')}
          testId="course-lessons"
          renderItem={(lesson) => (
            <>
              <div className="admin-list__main lesson-list__main">
                {/* Numbered by a CSS counter, so it follows the list while a move is saved. */}
                <span className="lesson-list__position" aria-hidden="true" />
                <span className="lesson-list__text">
                  <a href={`/admin/lessons/${lesson.id}`} className="lesson-list__title">
                    {lesson.title}
                  </a>
                  <span className="muted lesson-list__section">{lesson.section || t('admin.lessons.noSection')}</span>
                </span>
              </div>
              <StateBadge lang={lang} lesson={lesson} />
              <span className="admin-actions">
                {lesson.status === 'ACTIVE' && lesson.publishedAt === null && (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={changes.busyId !== null}
                    aria-label={t('admin.lessons.publishLesson', { title: lesson.title })}
                    onClick={() => void publish(lesson)}
                  >
                    {t('admin.lessons.publish')}
                  </button>
                )}
                <a className="button button--ghost button--small" href={`/admin/lessons/${lesson.id}`} aria-label={t('admin.lessons.editLesson', { title: lesson.title })}>
                  {t('admin.common.edit')}
                </a>
                {lesson.status === 'ACTIVE' ? (
                  <button
                    type="button"
                    className="button button--danger button--small"
                    disabled={changes.busyId !== null}
                    aria-label={t('admin.lessons.archiveLesson', { title: lesson.title })}
                    onClick={() => void setStatus(lesson, 'INACTIVE')}
                  >
                    {t('admin.common.archive')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={changes.busyId !== null}
                    aria-label={t('admin.lessons.restoreLesson', { title: lesson.title })}
                    onClick={() => void setStatus(lesson, 'ACTIVE')}
                  >
                    {t('admin.common.restore')}
                  </button>
                )}
              </span>
            </>
          )}
        />
      )}
    </div>
  );
}

/** A course's lessons: create one (then edit it), reorder by drag and drop or keyboard, archive and restore. */
export default function LessonList({ lang, messages, courseId, initialLessons }: LessonListProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Lessons lang={lang} courseId={courseId} initialLessons={initialLessons} />
    </IslandI18n>
  );
}
