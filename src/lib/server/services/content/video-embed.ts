/** How a lesson's video link is shown: an embedded player for YouTube and Vimeo, a <video> for mp4. */
export type VideoEmbed =
  | { kind: 'youtube'; src: string }
  | { kind: 'vimeo'; src: string }
  | { kind: 'mp4'; src: string };

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The embed for a video link, or null when the link is not one we can play safely. */
export function toVideoEmbed(link: string | null | undefined): VideoEmbed | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = url.pathname === '/watch' ? url.searchParams.get('v') : url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)/)?.[1];
    return id && YOUTUBE_ID.test(id) ? { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return YOUTUBE_ID.test(id) ? { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.match(/(?:^|\/)(\d{5,12})(?:\/|$)/)?.[1];
    return id ? { kind: 'vimeo', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  if (url.protocol === 'https:' && url.pathname.toLowerCase().endsWith('.mp4')) return { kind: 'mp4', src: url.href };
  return null;
}
