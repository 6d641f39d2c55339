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
  /** Where a scroll the buttons or the timer started is going, until it gets there (null: the reader's hand moves the strip). */
  let target: number | null = null;
  const show = (index: number) => {
    mark((index + slides.length) % slides.length);
    target = slides[current]!.offsetLeft - slides[0]!.offsetLeft;
    track.scrollTo({ left: target, behavior: reducedMotion ? 'auto' : 'smooth' });
  };
  // A hand on the strip takes over from a scroll the buttons started.
  for (const type of ['pointerdown', 'touchstart', 'wheel', 'keydown']) track.addEventListener(type, () => (target = null), { passive: true });
  // A swipe or a scroll by hand moves the current slide too.
  let settle = 0;
  track.addEventListener('scroll', () => {
    window.clearTimeout(settle);
    settle = window.setTimeout(() => {
      // On a slow phone a smooth scroll can pause between frames for longer than this: until it arrives, the current
      // slide is the one it goes to (marking the one half-way would make the next "previous" jump from the wrong one).
      if (target !== null) {
        if (Math.abs(track.scrollLeft - target) <= 1) target = null;
        return;
      }
      mark(Math.round(track.scrollLeft / Math.max(1, track.clientWidth)));
    }, 120);
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
