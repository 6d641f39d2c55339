-- Sign-ins (refresh-token families) tell every app server when they change,
-- so a signed-out, revoked or stolen-and-revoked session stops working on
-- all of them at once, its access token included.
SELECT senda_watch_table('refresh_tokens', 'family_id');
