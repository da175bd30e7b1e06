/**
 * Icons, drawn on a 24-unit grid with round 2-unit strokes. One shape list serves two ways of
 * drawing them:
 * - inline SVG in `currentColor` (no icon font: crisp in print and without extra requests), for
 *   icons that appear a few times on a page;
 * - `ImageIcon` (image-icon.tsx), a background image in token colours, for the icons every list
 *   entry repeats.
 *   Chrome paints each inline `<svg>` as paint chunks of its own, and re-layerizes every chunk of
 *   the page on each frame that changes a text field: the persona step's twelve cards with five
 *   icons each cost more per keystroke than the whole rest of the page
 *   (docs/benchmarks-history.md, "Typing, round six"). A background image is drawn within its element's chunk.
 */

/**
 * The shapes, as SVG markup on the 24-unit grid: a constant each, so that a bundle carries only
 * the shapes it draws.
 */
export const SETTINGS_SHAPE =
  '<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/>';
export const EYE_SHAPE =
  '<path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z"/><circle cx="12" cy="12" r="3"/>';
export const ARROW_SHAPE = '<path d="M5 12h14"/><path d="M13 6l6 6-6 6"/>';
export const COPY_SHAPE =
  '<rect x="9" y="9" width="13" height="13" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>';
export const WARNING_SHAPE =
  '<path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"/><path d="M12 9v4"/><path d="M12 17h.01"/>';
export const PLUS_SHAPE = '<path d="M12 5v14"/><path d="M5 12h14"/>';
export const ARROW_UP_SHAPE = '<path d="M12 19V5"/><path d="M6 11l6-6 6 6"/>';
export const ARROW_DOWN_SHAPE = '<path d="M12 5v14"/><path d="M6 13l6 6 6-6"/>';
export const EDIT_SHAPE =
  '<path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z"/>';
export const TRASH_SHAPE = '<path d="M3 6h18"/><path d="M8 6V4h8v2"/><path d="M19 6l-1 14H6L5 6"/>';
export const DRAG_SHAPE =
  '<circle cx="9" cy="6" r="1"/><circle cx="15" cy="6" r="1"/><circle cx="9" cy="12" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="9" cy="18" r="1"/><circle cx="15" cy="18" r="1"/>';

/** The drawing attributes every icon shares, for the inline element and the image document. */
export const ICON_STROKE = {
  fill: 'none',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

interface IconProps {
  className?: string;
}

const inlineIcon = (shape: string, { className }: IconProps) => (
  <svg
    className={className ?? 'icon'}
    viewBox="0 0 24 24"
    width="20"
    height="20"
    stroke="currentColor"
    {...ICON_STROKE}
    aria-hidden="true"
    focusable="false"
    dangerouslySetInnerHTML={{ __html: shape }}
  />
);

export const SettingsIcon = (props: IconProps) => inlineIcon(SETTINGS_SHAPE, props);
export const EyeIcon = (props: IconProps) => inlineIcon(EYE_SHAPE, props);
export const ArrowIcon = (props: IconProps) => inlineIcon(ARROW_SHAPE, props);
export const CopyIcon = (props: IconProps) => inlineIcon(COPY_SHAPE, props);
export const WarningIcon = (props: IconProps) => inlineIcon(WARNING_SHAPE, props);
export const PlusIcon = (props: IconProps) => inlineIcon(PLUS_SHAPE, props);
