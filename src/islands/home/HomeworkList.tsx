import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { useLoader } from '~/islands/common/use-loader';
import { useSession } from '~/islands/common/use-session';
import { DUE_GROUPS, dueGroupOf, formatDateTime, formatRelativeDay } from '~/lib/shared/format';
import { listHomework } from './home-api';

function List({ lang }: { lang: Language }) {
  const t = useT();
  const session = useSession();
  const user = session.user;
  // Who the student is comes from the session: nothing to read until it is known; no learning path, no homework.
  const loader = useLoader(session.status === 'loading' ? null : async (signal) => (user?.idTrainingPath ? listHomework(user.idTrainingPath, user.idUser, signal) : []), [
    session.status,
    user?.idUser,
    user?.idTrainingPath,
  ]);
  const { state } = loader;

  if (state.status !== 'ready') return <p aria-busy="true">{t('home.homeworkLoading')}</p>;
  if (state.data.length === 0) return <p className="empty">{t('home.noHomework')}</p>;
  const now = Date.now();
  const groups = DUE_GROUPS.map((group) => ({ group, items: state.data.filter((item) => dueGroupOf(item.dueAt, now) === group) })).filter(({ items }) => items.length > 0);
  return (
    <div className="homework-groups">
      {groups.map(({ group, items }) => (
        <section key={group} className={`homework-group homework-group--${group}`} aria-labelledby={`homework-${group}`}>
          <h3 id={`homework-${group}`}>
            {t(`home.due.${group}`)} <span className="muted">· {t('home.due.count', { count: items.length })}</span>
          </h3>
          <ul className="homework">
            {items.map((item) => (
              <li key={item.id} className={`homework__item homework__item--${item.activityType}`}>
                <span className="homework__type">{t(`home.activity.${item.activityType}`)}</span>
                <strong>{item.title}</strong>
                <span>{item.course.name}</span>
                {item.dueAt ? <DueDate lang={lang} dueAt={item.dueAt} now={now} /> : <span>{t('home.homeworkNoDue')}</span>}
                {item.isCheckpoint && <span className="badge homework__checkpoint">{t('home.checkpoint')}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** "Entrega mañana", with the exact date and time shown on hover and focus and read by screen readers. */
function DueDate({ lang, dueAt, now }: { lang: Language; dueAt: string; now: number }) {
  const t = useT();
  const exact = formatDateTime(lang, dueAt);
  const when = formatRelativeDay(lang, dueAt, now);
  const text = Date.parse(dueAt) < now ? t('home.due.wasDue', { when }) : t('home.due.when', { when });
  return (
    <time className="due-date" dateTime={dueAt} title={exact} data-exact={exact} tabIndex={0} aria-label={`${text} (${exact})`}>
      {text}
    </time>
  );
}

/** Pending homework, read through the shared request helper once the session says who the student is. */
export default function HomeworkList({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <List lang={lang} />
    </IslandI18n>
  );
}
