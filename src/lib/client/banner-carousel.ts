/** The banner carousel's behaviour (see components/BannerCarousel.astro): one slide shown, previous / next / pause, auto-advance. */
const ADVANCE_EVERY_MS = 7000;

function startCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const pause = root.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const slides = [...root.querySelectorAll<HTMLElement>('.banners__item')];
  if (!track || !controls || !pause || slides.length < 2) return;

  let current = 0;
  let paused = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let hovering = false;
  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, position) => (slide.hidden = position !== current));
  };
  const renderPause = () => {
    pause.textContent = (paused ? pause.dataset.labelPlay : pause.dataset.labelPause) ?? '';
    // While it moves on its own, announcing every slide would interrupt the reader.
    track.setAttribute('aria-live', paused ? 'polite' : 'off');
  };

  root.classList.add('banners--carousel');
  controls.hidden = false;
  show(0);
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
