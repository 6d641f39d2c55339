import type { Language } from '~/lib/shared/constants';
import { formatDate } from '~/lib/shared/format';

/** A calendar day (`YYYY-MM-DD`, a Bogotá day) as text: read at Bogotá's noon, so no time zone moves it to the day before. */
export const calendarDayText = (lang: Language, day: string): string => formatDate(lang, `${day}T12:00:00-05:00`);
