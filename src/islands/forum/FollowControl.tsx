import { useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import { useBusyAction } from '~/islands/common/use-busy-action';
import { notify } from '~/islands/shell/notify';
import { SUBSCRIPTION_EMAILS, type SubscriptionEmail, type SubscriptionTarget } from '~/lib/shared/forums';
import { follow, unfollow } from '~/lib/client/api/forums';

interface Props {
  targetType: SubscriptionTarget;
  targetId: number;
  following: SubscriptionEmail | null;
  followId: number | null;
}

/** Follow or stop following a thread, a forum or a cohort, and choose how e-mail comes (each post, daily, weekly, none). */
export function FollowControl({ targetType, targetId, following: initialEmail, followId: initialId }: Props) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState({ email: initialEmail, id: initialId });
  const { busy, run } = useBusyAction(t('forum.follow.failed'));

  const start = (email: SubscriptionEmail) =>
    run(async () => {
      const saved = await follow(targetType, targetId, email);
      setState({ email: saved.email, id: saved.id });
      notify({ status: 'success', message: t(`forum.follow.saved.${targetType}`) });
    });

  const stop = () =>
    run(async () => {
      if (state.id !== null) await unfollow(state.id);
      setState({ email: null, id: null });
      notify({ status: 'success', message: t('forum.follow.stopped') });
    });

  return (
    <div className="follow-control">
      {state.email === null ? (
        <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => void start('instant')}>
          {t(`forum.follow.start.${targetType}`)}
        </button>
      ) : (
        <>
          <label className="field field--inline" htmlFor={`${id}-email`}>
            <span>{t('forum.follow.email')}</span>
          </label>
          <select id={`${id}-email`} value={state.email} disabled={busy} onChange={(event) => void start(event.target.value as SubscriptionEmail)}>
            {SUBSCRIPTION_EMAILS.map((email) => (
              <option key={email} value={email}>
                {t(`forum.follow.emails.${email}`)}
              </option>
            ))}
          </select>
          <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => void stop()}>
            {t('forum.follow.stop')}
          </button>
        </>
      )}
    </div>
  );
}
