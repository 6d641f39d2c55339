import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import QRCode from 'qrcode';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import { JOIN_OPENS_BEFORE_MS, liveSessionStateAt, type LiveSessionState } from '~/lib/shared/live-sessions';
import type { CheckInCode } from '~/lib/shared/schemas/attendance';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { getCheckInCode } from '~/lib/client/api/attendance';

interface Props {
  sessionId: number;
  startsAt: string;
  endsAt: string;
}

/** The next code is read this long after the server's `changesAt`, so the server has surely moved to the next window. */
const SWAP_AFTER_MS = 250;
/** When the server answered the same code again (this device's clock runs ahead), or failed, read again this much later. */
const SAME_CODE_RETRY_MS = 2_000;
const FAILURE_RETRY_MS = 5_000;
/** setTimeout's longest wait; a session further off is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Where the session stands by this device's clock (check-in opens with the
 * join window, 10 minutes before the start, and closes at the end), looked at
 * again at each boundary. Null until the island has mounted, so the server's
 * render and the first browser render agree.
 */
function useSessionState(startsAt: string, endsAt: string): LiveSessionState | null {
  const [state, setState] = useState<LiveSessionState | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const look = () => {
      const now = Date.now();
      setState(liveSessionStateAt({ startsAt, endsAt }, now));
      const next = [Date.parse(startsAt) - JOIN_OPENS_BEFORE_MS, Date.parse(endsAt) + 1].find((boundary) => boundary > now);
      if (next !== undefined) timer = setTimeout(look, Math.min(next - now, LONGEST_TIMER_MS));
    };
    look();
    return () => clearTimeout(timer);
  }, [startsAt, endsAt]);
  return state;
}

/** A QR code drawn as one SVG path (one square per dark module, a quiet zone of 4 around). */
function QrImage({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) squares.push(`M${col + 4} ${row + 4}h1v1h-1z`);
    }
    return { size: modules.size + 8, path: squares.join('') };
  }, [text]);
  return (
    <svg className="check-in-screen__qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Whole seconds until `changesAt`, counted down each second. */
function useSecondsLeft(changesAt: string | null): number {
  const left = () => (changesAt ? Math.max(0, Math.ceil((Date.parse(changesAt) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [changesAt]);
  return seconds;
}

/** The browser's full screen for the code's box, or (where a page may not have it, as on iPhones) the box over the whole page. */
function useProjection(box: RefObject<HTMLDivElement | null>) {
  const [native, setNative] = useState(false);
  const [fallback, setFallback] = useState(false);
  useEffect(() => {
    const changed = () => setNative(document.fullscreenElement !== null && document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  useEffect(() => {
    if (!fallback) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setFallback(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fallback]);
  const toggle = () => {
    if (native) return void document.exitFullscreen().catch(() => undefined);
    if (fallback) return setFallback(false);
    const element = box.current;
    if (element && typeof element.requestFullscreen === 'function' && document.fullscreenEnabled) void element.requestFullscreen().catch(() => setFallback(true));
    else setFallback(true);
  };
  return { projected: native || fallback, fallback, toggle };
}

/** The current code, its QR and its countdown; the next code is read when this one changes. */
function LiveCode({ sessionId }: { sessionId: number }) {
  const t = useT();
  const [round, setRound] = useState(0);
  const loader = useLoader((signal) => getCheckInCode(sessionId, signal), [sessionId, round], { keepData: true });
  const { state } = loader;
  const shown = state.status === 'ready' ? state.data : null;
  const previous = useRef<CheckInCode | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const { projected, fallback, toggle } = useProjection(box);
  const seconds = useSecondsLeft(shown?.changesAt ?? null);

  useEffect(() => {
    if (state.status === 'error') {
      const timer = setTimeout(() => setRound((value) => value + 1), FAILURE_RETRY_MS);
      return () => clearTimeout(timer);
    }
    if (state.status !== 'ready') return;
    const again = previous.current?.changesAt === state.data.changesAt;
    previous.current = state.data;
    const wait = Math.max(0, Date.parse(state.data.changesAt) - Date.now()) + SWAP_AFTER_MS;
    const timer = setTimeout(() => setRound((value) => value + 1), again ? Math.max(wait, SAME_CODE_RETRY_MS) : wait);
    return () => clearTimeout(timer);
  }, [state]);

  // A hidden tab's timers may be held back (a laptop's screen asleep): back in view, a code past its time is replaced at once.
  useEffect(() => {
    const changesAt = shown?.changesAt;
    if (!changesAt) return;
    const onVisible = () => document.visibilityState === 'visible' && Date.now() >= Date.parse(changesAt) && setRound((value) => value + 1);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [shown?.changesAt]);

  // The box stays while a code is read or a read failed, so a projected screen stays projected.
  return (
    <div ref={box} className={`check-in-screen__box${fallback ? ' check-in-screen__box--projected' : ''}`}>
      {shown ? (
        <>
          <QrImage text={`${window.location.origin}/live/${sessionId}?code=${shown.code}`} label={t('attendance.qr.image')} />
          <dl className="check-in-screen__code">
            <dt>{t('attendance.qr.code')}</dt>
            <dd data-testid="check-in-code">{shown.code}</dd>
          </dl>
          <div className="check-in-screen__countdown">
            <span>{t('attendance.qr.changesIn', { count: seconds })}</span>
            <progress max={shown.windowS} value={seconds} aria-label={t('attendance.qr.timeLeft')} />
          </div>
        </>
      ) : (
        <>
          <LoadStatus loader={loader} />
          {state.status === 'error' && <p className="muted">{t('attendance.qr.retrying')}</p>}
        </>
      )}
      <button type="button" className="button button--ghost" onClick={toggle}>
        {projected ? t('attendance.qr.exitFullscreen') : t('attendance.qr.fullscreen')}
      </button>
    </div>
  );
}

/**
 * The tutor's check-in screen for an in-person class: a QR code that opens
 * the class's page with the code (a student's phone camera reads it) and the
 * six digits to type, both changing every 30 seconds, to project in full
 * screen. Before check-in opens and after the class it says so instead.
 */
function Screen({ sessionId, startsAt, endsAt }: Props) {
  const t = useT();
  const lang = useLang();
  const state = useSessionState(startsAt, endsAt);
  return (
    <div className="check-in-screen">
      {state === null && (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {state === 'upcoming' && <p className="notice">{t('attendance.qr.notYet', { time: formatDateTime(lang, new Date(Date.parse(startsAt) - JOIN_OPENS_BEFORE_MS)) })}</p>}
      {state === 'past' && <p className="muted">{t('attendance.qr.over')}</p>}
      {state === 'live' && (
        <>
          <p className="muted">{t('attendance.qr.intro')}</p>
          <LiveCode sessionId={sessionId} />
        </>
      )}
    </div>
  );
}

export default function CheckInScreen({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Screen {...props} />
    </IslandI18n>
  );
}
