/** Live-session constants shared by the server and the islands. */

/** The join button (and the server's link) open this long before the start, and stay open until the end. */
export const JOIN_OPENS_BEFORE_MS = 10 * 60_000;
/** A weekly series: at most this many sessions at once. */
export const SERIES_MAX_WEEKS = 26;
export const WEEK_MS = 7 * 24 * 60 * 60_000;

export const LIVE_SESSION_STATES = ['upcoming', 'live', 'past'] as const;
export type LiveSessionState = (typeof LIVE_SESSION_STATES)[number];

/** Where a session stands at `now`: before its join window, inside it, or over. */
export function liveSessionStateAt(session: { startsAt: string | Date; endsAt: string | Date }, now: number = Date.now()): LiveSessionState {
  if (now > new Date(session.endsAt).getTime()) return 'past';
  return now >= new Date(session.startsAt).getTime() - JOIN_OPENS_BEFORE_MS ? 'live' : 'upcoming';
}
