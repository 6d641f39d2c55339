/**
 * The single index of who may do what. Every check fails closed: anything not
 * explicitly allowed is refused. Queries scope rows through the conditions
 * exported here, so another cohort's row is simply "not found".
 *
 * Each domain declares its rules next to its services
 * (services/<domain>/permissions.ts) over the shared basics
 * (permission-basics.ts); this file only collects them, so every rule is
 * found from here and callers import one module. A new domain adds one line.
 */
export * from './permission-basics';
export * from '~/lib/server/services/structure/permissions';
export * from '~/lib/server/services/content/permissions';
export * from '~/lib/server/services/people/permissions';
export * from '~/lib/server/services/quizzes/permissions';
export * from '~/lib/server/services/assignments/permissions';
export * from '~/lib/server/services/forums/permissions';
export * from '~/lib/server/services/live-sessions/permissions';
export * from '~/lib/server/services/reports/permissions';
export * from '~/lib/server/services/registrations/permissions';
export * from '~/lib/server/services/jarvis/permissions';
export * from '~/lib/server/services/gradebook/permissions';
export * from '~/lib/server/services/attendance/permissions';
export * from '~/lib/server/services/certificates/permissions';
