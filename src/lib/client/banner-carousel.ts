/**
 * The banner carousel's behaviour (see components/BannerCarousel.astro):
 * previous / next / pause and auto-advance scroll the same one-slide-wide
 * strip that works without JavaScript (so nothing on the page moves when the
 * script starts); slides out of view are hidden from screen readers.
 */
const ADVANCE_EVERY_MS = 7000;

function startCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const pause = root.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const slides = [...root.querySelectorAll<HTMLElement>('.banners__item')];
  if (!track || !controls || !pause || slides.length < 2) return;

  let current = 0;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let paused = reducedMotion;
  let hovering = false;
  const mark = (index: number) => {
    current = index;
    slides.forEach((slide, position) => (position === current ? slide.removeAttribute('aria-hidden') : slide.setAttribute('aria-hidden', 'true')));
  };
  const show = (index: number) => {
    mark((index + slides.length) % slides.length);
    track.scrollTo({ left: slides[current]!.offsetLeft - slides[0]!.offsetLeft, behavior: reducedMotion ? 'auto' : 'smooth' });
  };
  // A swipe or a scroll by hand moves the current slide too.
  let settle = 0;
  track.addEventListener('scroll', () => {
    window.clearTimeout(settle);
    settle = window.setTimeout(() => mark(Math.round(track.scrollLeft / Math.max(1, track.clientWidth))), 120);
  });
  const renderPause = () => {
    pause.textContent = (paused ? pause.dataset.labelPlay : pause.dataset.labelPause) ?? '';
    // While it moves on its own, announcing every slide would interrupt the reader.
    track.setAttribute('aria-live', paused ? 'polite' : 'off');
  };

  controls.hidden = false;
  mark(0);
  renderPause();
  root.querySelector('[data-carousel-previous]')?.addEventListener('click', () => show(current - 1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(current + 1));
  pause.addEventListener('click', () => {
    paused = !paused;
    renderPause();
  });
  root.addEventListener('mouseenter', () => (hovering = true));
  root.addEventListener('mouseleave', () => (hovering = false));
  root.addEventListener('focusin', () => (hovering = true));
  root.addEventListener('focusout', () => (hovering = false));
  window.setInterval(() => {
    if (!paused && !hovering && document.visibilityState === 'visible') show(current + 1);
  }, ADVANCE_EVERY_MS);
}

export function startBannerCarousels(): void {
  document.querySelectorAll<HTMLElement>('[data-banner-carousel]').forEach(startCarousel);
}
