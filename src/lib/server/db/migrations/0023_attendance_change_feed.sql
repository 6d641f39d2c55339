-- Attendance's new tables tell every app server when they change (migration 0004's change feed), like 0021 did for
-- the gradebook: an accepted excuse or a program's thresholds change the approval states and the absence alerts each
-- server keeps for the dashboards. live_attendance and live_sessions were already watched (0021).
SELECT senda_watch_table('attendance_excuses', 'session_id', 'user_id');--> statement-breakpoint
SELECT senda_watch_table('attendance_settings', 'program_id');
