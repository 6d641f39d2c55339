import { useEffect, useState } from 'react';
import { useT } from '~/i18n/islands';
import { getApi } from '~/lib/client/app-client';
import { useSession } from '~/islands/common/use-session';
import type { Homework } from '~/lib/shared/schemas/app-shell';
import type { Language } from '~/lib/shared/constants';
import { IslandI18n } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';

function List({ lang }: { lang: Language }) {
  const t = useT();
  const session = useSession();
  const [items, setItems] = useState<Homework[] | null>(null);

  useEffect(() => {
    const user = session.user;
    if (session.status === 'unauthenticated') setItems([]);
    if (session.status !== 'authenticated' || !user) return;
    if (!user.idTrainingPath) {
      setItems([]);
      return;
    }
    let cancelled = false;
    getApi()
      .get<Homework[]>(`/training_path/${user.idTrainingPath}/user/${user.idUser}/homework/`)
      // On failure the list is empty (contract §7).
      .catch(() => [])
      .then((list) => !cancelled && setItems(list));
    return () => {
      cancelled = true;
    };
  }, [session.status, session.user?.idUser, session.user?.idTrainingPath]);

  if (items === null) return <p aria-busy="true">{t('home.homeworkLoading')}</p>;
  if (items.length === 0) return <p className="empty">{t('home.noHomework')}</p>;
  const format = new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Bogota' });
  return (
    <ul className="homework">
      {items.map((item) => (
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

/** Pending homework, fetched through the shared request helper once the session is known. */
export default function HomeworkList({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <List lang={lang} />
    </IslandI18n>
  );
}
