import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { Course } from '~/lib/shared/schemas/content';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { SortableList, StaticList } from '~/islands/admin/common/SortableList';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { withItemReplaced } from '~/islands/common/list-updates';
import { RowActions } from '~/islands/admin/structure/RowActions';
import { StatusBadge } from '~/islands/admin/structure/StatusBadge';
import { archiveCourse, createCourse, reorderCourses, updateCourse } from '~/lib/client/api/programs';
import '~/styles/admin-structure.css';

export interface ProgramCoursesProps {
  lang: Language;
  messages: Messages;
  programId: number;
  programName: string;
  /** Every course of the program, archived ones too, in position order. */
  initialCourses: Course[];
  /** Create courses and change their order: platform admins. */
  canManageCourses: boolean;
  /** Change a course's name, description and status (archive, restore). */
  canEditCourses: boolean;
}

interface ItemProps {
  course: Course;
  canEdit: boolean;
  editing: boolean;
  onEdit(editing: boolean): void;
  onChanged(course: Course): void;
}

/** One course: name, status, description, its links and (when allowed) edit, archive and restore. */
function CourseItem({ course, canEdit, editing, onEdit, onChanged }: ItemProps) {
  const t = useT();

  async function save(values: NameDescription) {
    onChanged(await updateCourse(course.id, values));
    onEdit(false);
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  if (editing) {
    return (
      <NameDescriptionForm
        label={t('admin.programs.editCourse', { name: course.name })}
        initial={course}
        withDescription
        submitLabel={t('admin.common.save')}
        onSubmit={save}
        onCancel={() => onEdit(false)}
      />
    );
  }
  return (
    <>
      <span className="admin-list__main course-item__main">
        <span>
          <strong className="course-item__name">{course.name}</strong> <StatusBadge status={course.status} />
        </span>
        {course.description && <p className="muted course-item__description">{course.description}</p>}
        <span className="course-item__links">
          <a className="button button--ghost button--small" href={`/admin/courses/${course.id}`} aria-label={t('admin.programs.lessonsOf', { name: course.name })}>
            {t('admin.programs.lessons')}
          </a>
          <a className="button button--ghost button--small" href={`/courses/${course.id}`} aria-label={t('admin.programs.viewAsStudentNamed', { name: course.name })}>
            {t('admin.programs.viewAsStudent')}
          </a>
        </span>
      </span>
      {canEdit && (
        <RowActions
          name={course.name}
          status={course.status}
          onEdit={() => onEdit(true)}
          onArchive={async () => {
            await archiveCourse(course.id);
            onChanged({ ...course, status: 'INACTIVE' });
          }}
          onRestore={async () => onChanged(await updateCourse(course.id, { status: 'ACTIVE' }))}
        />
      )}
    </>
  );
}

function Courses({ programId, programName, initialCourses, canManageCourses, canEditCourses }: Omit<ProgramCoursesProps, 'lang' | 'messages'>) {
  const t = useT();
  const [courses, setCourses] = useState<Course[]>(initialCourses);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const changes = useListChanges();

  const replace = (course: Course) => setCourses((current) => withItemReplaced(current, course));

  async function create(values: NameDescription) {
    const course = await createCourse(programId, values);
    setCourses((current) => [...current, course]);
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: course.name }) });
  }

  const reorder = (order: number[]) => changes.reorder(async () => setCourses(await reorderCourses(programId, order)));

  const renderItem = (course: Course) => (
    <CourseItem course={course} canEdit={canEditCourses} editing={editingId === course.id} onEdit={(editing) => setEditingId(editing ? course.id : null)} onChanged={replace} />
  );
  const label = t('admin.programs.coursesOf', { name: programName });

  return (
    <div className="structure">
      {canManageCourses && !creating && (
        <div>
          <button type="button" className="button button--primary button--small" onClick={() => setCreating(true)}>
            {t('admin.programs.newCourse')}
          </button>
        </div>
      )}
      {creating && <NameDescriptionForm label={t('admin.programs.newCourse')} withDescription submitLabel={t('admin.common.create')} onSubmit={create} onCancel={() => setCreating(false)} />}
      {courses.length === 0 ? (
        !creating && <p className="empty">{t('admin.programs.noCourses')}</p>
      ) : canManageCourses ? (
        <>
          <p className="muted">{t('admin.programs.reorderHint')}</p>
          <FormError message={changes.error} />
          <SortableList items={courses} onReorder={reorder} renderItem={renderItem} disabled={editingId !== null} label={label} testId="program-courses" />
        </>
      ) : (
        <StaticList items={courses} renderItem={renderItem} label={label} testId="program-courses" />
      )}
    </div>
  );
}

/** A program's courses in order: create and reorder (platform admins), edit, archive and restore (content managers), links to lessons and the student view. */
export default function ProgramCourses({ lang, messages, ...props }: ProgramCoursesProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Courses {...props} />
    </IslandI18n>
  );
}
