/**
 * Matrix rows for live sessions, their attendance and the calendar feed.
 * Cohort A's members read its sessions; its tutor and cohort admin (and
 * platform admins) schedule them and read attendance; only students join
 * (staff have the link); cohort B's student finds nothing (404).
 */
import { expect } from 'vitest';
import * as sessionsRoute from '~/pages/api/v2/live-session/index';
import { GET as historyRoute } from '~/pages/api/v2/live-session/history';
import * as sessionRoute from '~/pages/api/v2/live-session/[id]/index';
import { POST as joinRoute } from '~/pages/api/v2/live-session/[id]/join';
import { GET as attendanceRoute } from '~/pages/api/v2/live-session/[id]/attendance/index';
import { GET as attendanceExportRoute } from '~/pages/api/v2/live-session/[id]/attendance/export';
import { GET as cohortAttendanceRoute } from '~/pages/api/v2/cohorts/[id]/attendance/index';
import { GET as cohortAttendanceExportRoute } from '~/pages/api/v2/cohorts/[id]/attendance/export';
import { GET as cohortSessionsRoute } from '~/pages/api/v2/cohorts/[id]/content/live-session';
import * as calendarRoute from '~/pages/api/v2/calendar/index';
import { GET as feedRoute } from '~/pages/calendar/[token].ics';
import { renewCalendarFeed } from '~/lib/server/services/calendar/calendar-feed';
import { callerOf, createLiveSessionRow } from '../../../factories/forums';
import { authed, everyone, members, type Expected, type Row, type World } from '../matrix-types';

const readers = (status: number): Expected => ({ ...members(status), otherStudent: 404 });
const staff = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });

/** A session of cohort A that started 5 minutes ago (inside the join window). */
const liveNow = (world: World) => createLiveSessionRow(world.cohortA.id, { className: 'Clase de ciclos', startsAt: new Date(Date.now() - 5 * 60_000) });
/** A session of cohort A that ended yesterday, with its recording. */
const past = (world: World) =>
  createLiveSessionRow(world.cohortA.id, { className: 'Clase pasada', startsAt: new Date(Date.now() - 26 * 60 * 60_000), recordingUrl: 'https://video.example.co/grabacion' });
const idParams = (id: number) => ({ params: { id: String(id) } });

const FORM = {
  className: 'Repaso de funciones',
  videoLink: 'https://meet.example.co/repaso',
  duration: { minutes: 60, seconds: 0 },
  startDate: '2030-03-02T14:00:00Z',
  endDate: '2030-03-02T15:00:00Z',
  wasLive: true,
};

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/live-session/',
    handler: sessionsRoute.GET,
    request: async (world, s) => {
      await liveNow(world);
      return { path: '/api/v2/live-session/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { results: { className: string; videoLink: string | null; state: string }[] }) => {
      if (persona === 'otherStudent') return expect(json.results).toEqual([]);
      expect(json.results.map((session) => [session.className, session.state])).toEqual([['Clase de ciclos', 'live']]);
      // Students get the meeting link only by joining.
      expect(json.results[0]!.videoLink).toBe(persona === 'student' ? null : 'https://meet.example.co/clase');
    },
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/',
    handler: sessionsRoute.POST,
    request: (world, s) => ({ path: '/api/v2/live-session/', body: { cohort: world.cohortA.id, ...FORM }, ...authed(s) }),
    expected: staff(201),
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/history/',
    handler: historyRoute,
    request: async (world, s) => {
      await past(world);
      return { path: '/api/v2/live-session/history/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { results: { recordingUrl: string | null }[] }) =>
      expect(json.results.map((session) => session.recordingUrl)).toEqual(persona === 'otherStudent' ? [] : ['https://video.example.co/grabacion']),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/content/live-session/',
    handler: cohortSessionsRoute,
    request: async (world, s) => {
      await liveNow(world);
      return { path: '/api/v2/cohorts/x/content/live-session/', ...idParams(world.cohortA.id), ...authed(s) };
    },
    expected: readers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/',
    handler: sessionRoute.GET,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/', ...idParams((await liveNow(world)).id), ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/live-session/{id}/',
    handler: sessionRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/', ...idParams((await past(world)).id), body: { recordingUrl: 'https://video.example.co/otra' }, ...authed(s) }),
    expected: staff(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/live-session/{id}/',
    handler: sessionRoute.DELETE,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/', ...idParams((await liveNow(world)).id), ...authed(s) }),
    expected: staff(204),
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/{id}/join/',
    handler: joinRoute,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/join/', ...idParams((await liveNow(world)).id), body: {}, ...authed(s) }),
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 403, admin: 403 },
    check: (_persona, json: { url: string }) => expect(json.url).toBe('https://meet.example.co/clase'),
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/{id}/join/ (long past)',
    handler: joinRoute,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/join/', ...idParams((await past(world)).id), body: {}, ...authed(s) }),
    expected: { outsider: 401, student: 409, otherStudent: 404, tutor: 403, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/attendance/',
    handler: attendanceRoute,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/attendance/', ...idParams((await liveNow(world)).id), ...authed(s) }),
    expected: staff(200),
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/attendance/export/',
    handler: attendanceExportRoute,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/attendance/export/?format=csv', ...idParams((await liveNow(world)).id), ...authed(s) }),
    expected: staff(200),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/attendance/',
    handler: cohortAttendanceRoute,
    request: async (world, s) => {
      await past(world);
      return { path: '/api/v2/cohorts/x/attendance/', ...idParams(world.cohortA.id), ...authed(s) };
    },
    expected: staff(200),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/attendance/export/',
    handler: cohortAttendanceExportRoute,
    request: async (world, s) => ({ path: '/api/v2/cohorts/x/attendance/export/?format=csv', ...idParams(world.cohortA.id), ...authed(s) }),
    expected: staff(200),
  },
  {
    method: 'GET',
    path: '/api/v2/calendar/',
    handler: calendarRoute.GET,
    request: (_world, s) => ({ path: '/api/v2/calendar/', ...authed(s) }),
    expected: members(200),
    check: (_persona, json: { url: string | null }) => expect(json.url).toBeNull(),
  },
  {
    method: 'POST',
    path: '/api/v2/calendar/',
    handler: calendarRoute.POST,
    request: (_world, s) => ({ path: '/api/v2/calendar/', body: {}, ...authed(s) }),
    expected: members(200),
    check: (_persona, json: { url: string }) => expect(json.url).toMatch(/\/calendar\/\d+-1-[0-9a-f]{40}\.ics$/),
  },
  {
    method: 'DELETE',
    path: '/api/v2/calendar/',
    handler: calendarRoute.DELETE,
    request: (_world, s) => ({ path: '/api/v2/calendar/', ...authed(s) }),
    expected: members(204),
  },
  {
    method: 'GET',
    path: '/calendar/{token}.ics',
    handler: feedRoute,
    request: async (world) => {
      await liveNow(world);
      const { url } = await renewCalendarFeed(await callerOf(world.student));
      const token = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
      // The secret URL is the credential: calendar apps send no session.
      return { path: `/calendar/${token}.ics`, params: { token } };
    },
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/calendar/{token}.ics (a forged token)',
    handler: feedRoute,
    request: (world) => {
      const token = `${world.student.id}-1-${'0'.repeat(40)}`;
      return { path: `/calendar/${token}.ics`, params: { token } };
    },
    expected: everyone(404),
  },
];
