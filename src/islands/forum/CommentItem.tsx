import { useState } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { formatDateTime } from '~/lib/shared/format';
import type { Comment, LikeState, Reply } from '~/lib/shared/schemas/forums';
import { LikeButton } from './LikeButton';
import { PostActions, isEditableBy } from './PostActions';
import { PostEditor } from './PostEditor';
import { ReportButton } from './ReportButton';

export interface CommentHandlers {
  onLike(state: LikeState): void;
  onReply(parentId: number, body: string): Promise<void>;
  onEdit(commentId: number, body: string): Promise<void>;
  onDelete(comment: Reply): void;
  onHide(commentId: number, hidden: boolean): void;
}

interface Props extends CommentHandlers {
  comment: Comment | Reply;
  forumId: number;
  meId: number;
  canModerate: boolean;
  canPost: boolean;
  busyId: number | null;
}

/** One comment (with its replies, for a top-level one): text, author and time, like, reply, and the author's and moderators' actions. */
export function CommentItem(props: Props) {
  const { comment, forumId, meId, canModerate, canPost, busyId } = props;
  const t = useT();
  const lang = useLang();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const author = comment.author?.name ?? t('forum.someone');
  const what = t('forum.commentOf', { name: author });
  const replies = 'replies' in comment ? comment.replies : null;

  return (
    <li className={`comment${comment.hidden ? ' comment--hidden' : ''}`} id={`comment-${comment.id}`} tabIndex={-1}>
      <article aria-label={what}>
        {comment.deleted ? (
          <p className="muted comment__deleted">{t('forum.deletedComment')}</p>
        ) : (
          <>
            <header className="comment__meta">
              <strong>{author}</strong> <time dateTime={comment.createdAt}>{formatDateTime(lang, comment.createdAt)}</time>
              {comment.editedAt && <span className="muted"> · {t('forum.edited')}</span>}
            </header>
            {comment.hidden && (
              <p className="badge badge--hidden">
                {comment.hiddenInfo ? t('forum.hiddenBy', { name: comment.hiddenInfo.by?.name ?? t('forum.someone'), date: formatDateTime(lang, comment.hiddenInfo.at) }) : t('forum.hidden')}
              </p>
            )}
            {editing ? (
              <PostEditor
                forumId={forumId}
                label={t('forum.editLabel', { what })}
                submitLabel={t('admin.common.save')}
                initial={{ title: '', body: comment.bodyMd }}
                autoFocus
                onSubmit={async ({ body }) => {
                  await props.onEdit(comment.id, body);
                  setEditing(false);
                }}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <div className="post-body" dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />
            )}
            <footer className="comment__actions">
              <LikeButton targetType="comment" targetId={comment.id} liked={comment.likedByMe} likeCount={comment.likeCount} what={what} onChange={props.onLike} />
              {replies && canPost && (
                <button type="button" className="link-button" onClick={() => setReplying(true)} aria-label={t('forum.replyLabel', { name: author })}>
                  {t('forum.reply')}
                </button>
              )}
              <PostActions
                what={what}
                canEdit={isEditableBy(comment, meId) && !editing}
                canModerate={canModerate}
                hidden={comment.hidden}
                busy={busyId === comment.id}
                onEdit={() => setEditing(true)}
                onDelete={() => props.onDelete(comment)}
                onHide={(hidden) => props.onHide(comment.id, hidden)}
              />
              {comment.author?.id !== meId && <ReportButton targetType="comment" targetId={comment.id} what={what} />}
            </footer>
          </>
        )}
      </article>
      {replies && (replies.length > 0 || replying) && (
        <ul className="comment__replies" aria-label={t('forum.repliesTo', { name: author })}>
          {replies.map((reply) => (
            <CommentItem key={reply.id} {...props} comment={reply} />
          ))}
          {replying && (
            <li className="comment comment--form">
              <PostEditor
                forumId={forumId}
                label={t('forum.replyLabel', { name: author })}
                submitLabel={t('forum.sendReply')}
                autoFocus
                onSubmit={async ({ body }) => {
                  await props.onReply(comment.id, body);
                  setReplying(false);
                }}
                onCancel={() => setReplying(false)}
              />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
