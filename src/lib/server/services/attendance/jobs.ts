/** Attendance's background work: the tutors' daily digest of absence alerts. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { sendAbsenceDigests } from './absence-digest';

export const attendanceJobs: readonly JobQueue[] = [
  {
    name: 'attendance.absence-digest',
    retryLimit: 3,
    retryDelayS: 300,
    // 6:30 in Bogotá, before the day's classes.
    cron: '30 6 * * *',
    handle: async () => void (await sendAbsenceDigests()),
  },
];
