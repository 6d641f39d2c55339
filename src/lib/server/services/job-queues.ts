/**
 * Every queue of background work: each domain declares its own, next to its
 * services (services/<domain>/jobs.ts); this index only collects them, so a
 * newcomer finds every queue from here. The app server and `npm run worker`
 * hand them to the job engine at start (jobs/ imports no service).
 */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { assignmentJobs } from './assignments/jobs';
import { attendanceJobs } from './attendance/jobs';
import { authJobs } from './auth/jobs';
import { certificateJobs } from './certificates/jobs';
import { crmJobs } from './crm/jobs';
import { databaseJobs } from './database/jobs';
import { fileExportJobs } from './file-exports/jobs';
import { forumJobs } from './forums/jobs';
import { jarvisJobs } from './jarvis/jobs';
import { mailJobs } from './mail/jobs';
import { paymentJobs } from './payments/jobs';
import { quizJobs } from './quizzes/jobs';
import { registrationJobs } from './registrations/jobs';
import { reportJobs } from './reports/jobs';

export const JOB_QUEUES: readonly JobQueue[] = [
  ...authJobs,
  ...quizJobs,
  ...mailJobs,
  ...assignmentJobs,
  ...reportJobs,
  ...fileExportJobs,
  ...forumJobs,
  ...crmJobs,
  ...paymentJobs,
  ...registrationJobs,
  ...jarvisJobs,
  ...certificateJobs,
  ...attendanceJobs,
  ...databaseJobs,
];
