-- A student's first start of a quiz, the other statement a synchronized
-- start runs hundreds of times a second (ADR 019): the statement
-- start-attempt.ts ran, as a function whose plan PL/pgSQL keeps for the
-- session. Inserts attempt number n + 1 with its questions and deadline (the
-- earlier of now + the time limit and the quiz's closing, either may be
-- null) unless the student has one open or used every attempt; the unique
-- index of open attempts makes a second tab's insert do nothing. No row:
-- not inserted (the caller reads what there is).
CREATE OR REPLACE FUNCTION senda_start_attempt(
  p_quiz_id integer,
  p_user_id integer,
  p_questions jsonb,
  p_time_limit_s integer,
  p_closes_at timestamptz,
  p_max_attempts integer
) RETURNS TABLE (id integer, started_at timestamptz, deadline timestamptz) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    INSERT INTO quiz_attempts AS created (quiz_id, user_id, number, questions, deadline)
    SELECT p_quiz_id, p_user_id, count(*) + 1, p_questions,
      least(CASE WHEN p_time_limit_s IS NULL THEN NULL ELSE now() + make_interval(secs => p_time_limit_s) END, p_closes_at)
    FROM quiz_attempts existing
    WHERE existing.quiz_id = p_quiz_id AND existing.user_id = p_user_id
    HAVING count(*) < p_max_attempts AND count(*) FILTER (WHERE existing.status = 'in_progress') = 0
    ON CONFLICT DO NOTHING
    RETURNING created.id, created.started_at, created.deadline;
END
$$;
