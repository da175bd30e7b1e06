/**
 * docs/product.md#konstanten-und-grenzen: the section links scroll in 600 ms to 40 px above the
 * section.
 */
export const SCROLL_MS = 600;
export const SCROLL_OFFSET = -40;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls smoothly to an element (instantly for people who prefer reduced motion). */
export function scrollToElement(
  element: HTMLElement,
  durationMs = SCROLL_MS,
  offset = SCROLL_OFFSET,
): void {
  const start = window.scrollY;
  const target = Math.max(0, element.getBoundingClientRect().top + window.scrollY + offset);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduced || durationMs <= 0) {
    window.scrollTo(0, target);
    return;
  }
  const began = performance.now();
  const frame = (now: number) => {
    const progress = Math.min(1, (now - began) / durationMs);
    window.scrollTo(0, start + (target - start) * easeInOut(progress));
    if (progress < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
