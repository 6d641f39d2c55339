import { z } from 'zod';
import { AppError } from '~/lib/shared/errors';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { buildCalendarFeed } from '~/lib/server/services/calendar/calendar-feed';
import { textSchema } from '~/lib/shared/schemas/common';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/calendar/{token}.ics',
  summary: "A person's calendar feed (iCalendar), for Google Calendar, Outlook and phones: the secret URL is the only credential (calendar apps send none); a retired URL is 404",
  tags: ['live-sessions'],
  access: 'public',
  params: z.object({ token: textSchema().max(80, 'validation.length.max') }),
  success: { status: 200, description: 'The calendar', contentType: 'text/calendar' },
  errors: ['not_found'],
  handle: async ({ params }) => {
    const calendar = await buildCalendarFeed(params.token);
    if (calendar === null) throw new AppError('not_found');
    return new Response(calendar, {
      status: 200,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="senda.ics"',
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
