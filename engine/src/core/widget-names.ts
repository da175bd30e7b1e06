/**
 * The widget names a `ui.json` may use. `engine/react` registers exactly one component for each
 * name; the definition lint rejects any other name.
 */
export const WIDGET_NAMES = [
  'text',
  'textarea',
  'email',
  'password',
  'url',
  'updown',
  'checkbox',
  'hidden',
  'stars',
  'polarity',
  'preset-select',
  'preset-multiselect',
  'avatar',
  'date',
  'range',
  'url-list',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
