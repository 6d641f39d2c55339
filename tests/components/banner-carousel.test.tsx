/**
 * The banner carousel on /home (components/BannerCarousel.astro, its script
 * lib/client/banner-carousel.ts). On a slow phone a smooth scroll started by
 * "next" pauses between frames; the carousel took the half-way position for
 * the current slide, so the next "previous" jumped to the last banner
 * (found by the e2e suite on a loaded machine, issue 30).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBannerCarousels } from '~/lib/client/banner-carousel';

const WIDTH = 400;

/** The component's markup with three slides, laid out one strip-width apart (happy-dom does no layout). */
function renderCarousel() {
  document.body.innerHTML = `
    <section data-banner-carousel>
      <div data-carousel-controls hidden>
        <button type="button" data-carousel-previous aria-label="Novedad anterior">‹</button>
        <button type="button" data-carousel-pause data-label-pause="Pausar" data-label-play="Reanudar">Pausar</button>
        <button type="button" data-carousel-next aria-label="Novedad siguiente">›</button>
      </div>
      <div class="banners__track" data-carousel-track tabindex="0">
        ${[1, 2, 3].map((n) => `<div class="banners__item" role="group" aria-label="${n} de 3"><img alt="Banner ${n}"></div>`).join('')}
      </div>
    </section>`;
  const track = document.querySelector<HTMLElement>('[data-carousel-track]')!;
  Object.defineProperty(track, 'clientWidth', { value: WIDTH });
  document.querySelectorAll<HTMLElement>('.banners__item').forEach((slide, index) => Object.defineProperty(slide, 'offsetLeft', { value: index * WIDTH }));
  let scrollLeft = 0;
  Object.defineProperty(track, 'scrollLeft', { get: () => scrollLeft, set: (value: number) => (scrollLeft = value) });
  /** Where scrollTo was asked to go; the test moves the strip itself, frame by frame. */
  const requested: number[] = [];
  track.scrollTo = ((options: ScrollToOptions) => void requested.push(options.left ?? 0)) as typeof track.scrollTo;
  const frame = (left: number) => {
    scrollLeft = left;
    track.dispatchEvent(new Event('scroll'));
  };
  startBannerCarousels();
  const shown = () => [...document.querySelectorAll('.banners__item')].filter((slide) => !slide.hasAttribute('aria-hidden')).map((slide) => slide.getAttribute('aria-label'));
  const click = (label: string) => document.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!.click();
  return { track, requested, frame, shown, click };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the banner carousel', () => {
  it('keeps the slide "next" goes to while the smooth scroll pauses half-way, so "previous" comes back to the first', () => {
    const { requested, frame, shown, click } = renderCarousel();
    expect(shown()).toEqual(['1 de 3']);
    click('Novedad siguiente');
    expect(shown()).toEqual(['2 de 3']);
    // One frame a third of the way, then nothing for longer than the carousel waits for a scroll to settle.
    frame(WIDTH / 3);
    vi.advanceTimersByTime(300);
    expect(shown()).toEqual(['2 de 3']);
    click('Novedad anterior');
    expect(shown()).toEqual(['1 de 3']);
    expect(requested).toEqual([WIDTH, 0]);
  });

  it('follows a swipe by hand to the slide it rests on', () => {
    const { track, frame, shown } = renderCarousel();
    track.dispatchEvent(new Event('pointerdown'));
    frame(WIDTH * 1.2);
    frame(WIDTH * 2);
    vi.advanceTimersByTime(200);
    expect(shown()).toEqual(['3 de 3']);
  });

  it('takes the hand over from a scroll the buttons started', () => {
    const { track, frame, shown, click } = renderCarousel();
    click('Novedad siguiente');
    frame(WIDTH / 2);
    track.dispatchEvent(new Event('touchstart'));
    frame(WIDTH * 2);
    vi.advanceTimersByTime(200);
    expect(shown()).toEqual(['3 de 3']);
  });
});
