import { describe, expect, it } from 'vitest';
import { api } from '~/lib/client/app-client';
import { addressOf, type Answer, type Body } from '~/lib/client/api/typed-api';

describe('the islands’ typed API calls', () => {
  it('fill a route’s parameters, encoded, and leave empty query values out', () => {
    expect(addressOf('/api/v2/cohorts/{id}/levels/{levelId}/', { path: { id: 3, levelId: 12 } })).toBe('/api/v2/cohorts/3/levels/12/');
    expect(addressOf('/api/v2/legal/{document}/', { path: { document: 'a b/c' } })).toBe('/api/v2/legal/a%20b%2Fc/');
    expect(addressOf('/api/v2/users/', { query: { search: 'ana maría', page: 2, status: '', inCohort: undefined, dryRun: true } })).toBe('/api/v2/users/?search=ana+mar%C3%ADa&page=2&dryRun=true');
  });

  it('refuse a route whose parameter is missing, instead of calling a wrong address', () => {
    expect(() => addressOf('/api/v2/threads/{id}/', { path: {} })).toThrow('Missing path parameter "id"');
  });

  it('type each route from the schemas the server validates with (checked by `npm run typecheck`)', () => {
    // A field the server answers is there by name; a renamed or made-up one is a type error.
    const thread = (answer: Answer<'/api/v2/threads/{id}/', 'get'>) => answer.thread.title;
    // @ts-expect-error the thread page has no `titel`
    const misspelled = (answer: Answer<'/api/v2/threads/{id}/', 'get'>) => answer.thread.titel;
    // A body the server would refuse does not compile.
    // @ts-expect-error a lesson needs a title
    const lesson: Body<'/api/v2/courses/{id}/lessons/', 'post'> = { section: 'Uno' };
    // The request helper adds the session fields itself: a body may leave them out.
    const feedback: Body<'/api/v2/feedbacks/', 'post'> = { studentId: 1, lessonId: 2, body: 'Bien' };
    // @ts-expect-error an unknown route
    const unknown = () => api.get('/api/v2/nothing-here/');
    // @ts-expect-error the route needs its id
    const withoutId = () => api.get('/api/v2/threads/{id}/');
    expect([thread, misspelled, lesson, feedback, unknown, withoutId]).toHaveLength(6);
  });
});
