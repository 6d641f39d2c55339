import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteCalendarFeed, getCalendarFeed, renewCalendarFeed } from '~/lib/server/services/calendar/calendar-feed';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { CalendarFeedSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/calendar/',
  summary: "The caller's secret calendar feed URL (iCalendar: their cohorts' live sessions, quiz closing and activity due dates), or null",
  tags: ['live-sessions'],
  access: 'user',
  success: { status: 200, description: 'The feed', schema: CalendarFeedSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: await getCalendarFeed(caller) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/calendar/',
  summary: 'Gives the caller a new calendar feed URL; the previous one stops working',
  tags: ['live-sessions'],
  access: 'user',
  body: SessionBodySchema,
  success: { status: 200, description: 'The new feed', schema: CalendarFeedSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: await renewCalendarFeed(caller) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/calendar/',
  summary: "Turns the caller's calendar feed off: its URL stops working",
  tags: ['live-sessions'],
  access: 'user',
  success: { status: 204, description: 'Off' },
  errors: [],
  handle: async ({ caller }) => {
    await deleteCalendarFeed(caller);
    return { status: 204 };
  },
});
