-- The gradebook's inputs tell every app server when they change (migration 0004's change feed), so the approval
-- states each server keeps for the dashboards (services/gradebook/at-risk-cache.ts) are dropped everywhere at once.
-- The grades themselves (submissions, quiz attempts), lesson history, memberships and the items were already watched.
SELECT senda_watch_table('grade_categories', 'id', 'course_id');--> statement-breakpoint
SELECT senda_watch_table('approval_rules', 'id', 'program_id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('grade_overrides', 'cohort_id', 'user_id');--> statement-breakpoint
SELECT senda_watch_table('live_sessions', 'id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('live_attendance', 'session_id', 'user_id');
