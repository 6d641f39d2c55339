import { useState } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { notify } from '~/islands/shell/notify';
import { readApiProblem } from '~/lib/client/api-problem';
import type { LikeTarget } from '~/lib/shared/forums';
import type { LikeState } from '~/lib/shared/schemas/forums';
import { formatNumber } from '~/lib/shared/format';
import { setLike } from '~/lib/client/api/forums';

interface Props {
  targetType: LikeTarget;
  targetId: number;
  liked: boolean;
  likeCount: number;
  /** What it likes, for the button's name ("Me gusta: el comentario de Ana"). */
  what: string;
  disabled?: boolean;
  onChange(state: LikeState): void;
}

/**
 * A like toggle (a pressed button). It sends the state wanted, not "toggle",
 * so a double click or a retry never counts twice; the count shown is the
 * server's exact one (live events keep it current for everyone).
 */
export function LikeButton({ targetType, targetId, liked, likeCount, what, disabled = false, onChange }: Props) {
  const t = useT();
  const lang = useLang();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    const wanted = !liked;
    setBusy(true);
    onChange({ targetType, targetId, liked: wanted, likeCount: Math.max(0, likeCount + (wanted ? 1 : -1)) });
    try {
      onChange(await setLike(targetType, targetId, wanted));
    } catch (failure) {
      onChange({ targetType, targetId, liked, likeCount });
      notify({ status: 'error', message: (await readApiProblem(failure, t('forum.likeFailed'))).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={`like-button${liked ? ' like-button--on' : ''}`} aria-pressed={liked} disabled={disabled || busy} onClick={() => void toggle()}>
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> <span className="visually-hidden">{t('forum.like', { what })}</span>
      <span className="like-button__count">{formatNumber(lang, likeCount)}</span>
    </button>
  );
}
