import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { useLoader } from '~/islands/common/use-loader';
import { useSession } from '~/islands/common/use-session';
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
  const format = new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Bogota' });
  return (
    <ul className="homework">
      {state.data.map((item) => (
        <li key={item.id} className={`homework__item homework__item--${item.activityType}`}>
          <span className="homework__type">{t(`home.activity.${item.activityType}`)}</span>
          <strong>{item.title}</strong>
          <span>{item.course.name}</span>
          <span>{item.dueAt ? t('home.homeworkDue', { date: format.format(new Date(item.dueAt)) }) : t('home.homeworkNoDue')}</span>
          {item.isCheckpoint && <span className="badge">{t('home.checkpoint')}</span>}
        </li>
      ))}
    </ul>
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
