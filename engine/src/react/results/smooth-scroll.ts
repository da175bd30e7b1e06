/**
 * docs/product.md#konstanten-und-grenzen: the section links scroll in 600 ms; the section lands
 * its `scroll-margin-top` below the top, which results-view.css derives from the measured height
 * of the sticky bar, so the heading is never under it.
 */
export const SCROLL_MS = 600;

/** How far below the top an element wants to land: its `scroll-margin-top` (0 without one). */
export function scrollMarginTop(element: HTMLElement): number {
  return parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls smoothly to an element, leaving its `scroll-margin-top` above it (instantly for people
 * who prefer reduced motion).
 */
export function scrollToElement(element: HTMLElement, durationMs = SCROLL_MS): void {
  const start = window.scrollY;
  const target = Math.max(
    0,
    element.getBoundingClientRect().top + window.scrollY - scrollMarginTop(element),
  );
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
