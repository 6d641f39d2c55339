import { useT } from '~/i18n/islands';
import { FORUM_EDIT_WINDOW_MS } from '~/lib/shared/forums';
import type { PersonRef } from '~/lib/shared/schemas/forums';

/** Whether `meId` may still edit or delete a post they wrote (the server enforces the same window). */
export const isEditableBy = (post: { author: PersonRef | null; createdAt: string }, meId: number, now = Date.now()) =>
  post.author?.id === meId && now - Date.parse(post.createdAt) <= FORUM_EDIT_WINDOW_MS;

interface Props {
  what: string;
  canEdit: boolean;
  canModerate: boolean;
  hidden: boolean;
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
  onHide(hidden: boolean): void;
}

/** A post's author and moderator actions: edit and delete (its author, within the edit window), hide or restore (moderators). */
export function PostActions({ what, canEdit, canModerate, hidden, busy, onEdit, onDelete, onHide }: Props) {
  const t = useT();
  return (
    <>
      {canEdit && (
        <>
          <button type="button" className="link-button" disabled={busy} onClick={onEdit} aria-label={t('forum.editLabel', { what })}>
            {t('forum.edit')}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={onDelete} aria-label={t('forum.deleteLabel', { what })}>
            {t('forum.delete')}
          </button>
        </>
      )}
      {canModerate && (
        <button type="button" className="link-button" disabled={busy} onClick={() => onHide(!hidden)} aria-label={t(hidden ? 'forum.restoreLabel' : 'forum.hideLabel', { what })}>
          {t(hidden ? 'forum.restore' : 'forum.hide')}
        </button>
      )}
    </>
  );
}
