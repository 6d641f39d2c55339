/** The forums' background work: posts mailed to their followers, digests, and old live events purged. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { purgeForumEvents } from './forum-events';
import { mailClosedPosts, sendForumDigests } from './post-mail';

export const forumJobs: readonly JobQueue[] = [
  {
    // Forum posts whose 30-minute edit window closed go to their "instant" followers (ADR 014).
    name: 'forums.mail-posts',
    retryLimit: 3,
    retryDelayS: 30,
    cron: '* * * * *',
    handle: async () => void (await mailClosedPosts()),
  },
  {
    name: 'forums.digest-daily',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '0 7 * * *',
    handle: async () => void (await sendForumDigests('daily')),
  },
  {
    name: 'forums.digest-weekly',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '0 7 * * 1',
    handle: async () => void (await sendForumDigests('weekly')),
  },
  {
    // Live events older than a day: a reader away that long reloads the page.
    name: 'forums.purge-events',
    retryLimit: 3,
    retryDelayS: 60,
    cron: '41 * * * *',
    handle: async () => void (await purgeForumEvents()),
  },
];
