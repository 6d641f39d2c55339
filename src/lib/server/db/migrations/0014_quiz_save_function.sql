-- Saving one quiz answer, the hot path of a synchronized start (ADR 019):
-- the statement save-answer.ts ran, as a function. PL/pgSQL keeps the plan of
-- its statement for the session, where the same statement sent as a query is
-- parsed and planned again each time: on PGlite (one session, on the app
-- server's thread) planning was ~70 % of a save's database time. Checks the
-- attempt is the caller's, of this quiz, open and within its deadline and the
-- grace (holding it FOR SHARE, so a close waits for it), and upserts the
-- answer unless a newer one (by the device's clientSavedAt, never later than
-- now) is stored or it changes nothing. No row: not the caller's attempt.
-- saved_at null: not applied (see status, past_grace and the answer kept).
CREATE OR REPLACE FUNCTION senda_save_answer(
  p_attempt_id integer,
  p_user_id integer,
  p_quiz_id integer,
  p_question_id integer,
  p_option_ids integer[],
  p_text text,
  p_number double precision,
  p_client_saved_at timestamptz,
  p_grace_s integer
) RETURNS TABLE (
  status text,
  past_grace boolean,
  saved_at timestamptz,
  previous_saved_at timestamptz,
  previous_option_ids integer[],
  previous_text text,
  previous_number double precision
) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    WITH attempt AS (
      SELECT a.id, a.status, a.deadline FROM quiz_attempts a
      WHERE a.id = p_attempt_id AND a.user_id = p_user_id AND a.quiz_id = p_quiz_id
      FOR SHARE
    ), saved AS (
      INSERT INTO attempt_answers AS stored (attempt_id, question_id, option_ids, text, number, client_saved_at, saved_at)
      SELECT attempt.id, p_question_id, p_option_ids, p_text, p_number, coalesce(least(p_client_saved_at, now()), now()), now()
      FROM attempt
      WHERE attempt.status = 'in_progress' AND (attempt.deadline IS NULL OR attempt.deadline + make_interval(secs => p_grace_s) > now())
      ON CONFLICT (attempt_id, question_id) DO UPDATE
        SET option_ids = excluded.option_ids, text = excluded.text, number = excluded.number, client_saved_at = excluded.client_saved_at, saved_at = excluded.saved_at
        WHERE stored.client_saved_at <= excluded.client_saved_at
          AND (stored.option_ids, stored.text, stored.number) IS DISTINCT FROM (excluded.option_ids, excluded.text, excluded.number)
      RETURNING stored.saved_at
    )
    SELECT attempt.status::text,
      (attempt.deadline IS NOT NULL AND attempt.deadline + make_interval(secs => p_grace_s) <= now()),
      (SELECT s.saved_at FROM saved s),
      previous.saved_at, previous.option_ids, previous.text, previous.number
    FROM attempt
    LEFT JOIN attempt_answers previous ON previous.attempt_id = attempt.id AND previous.question_id = p_question_id;
END
$$;
