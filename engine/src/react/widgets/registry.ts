import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { WidgetName } from '../../core/index.ts';
import { AvatarWidget } from './avatar-widget.tsx';
import { PolarityWidget } from './polarity-widget.tsx';
import { PresetMultiselectWidget } from './preset-multiselect-widget.tsx';
import { PresetSelectWidget } from './preset-select-widget.tsx';
import { RangeWidget } from './range-widget.tsx';
import { StarRatingWidget } from './star-rating-widget.tsx';
import { TextareaWidget } from './textarea-widget.tsx';
import { UrlListWidget } from './url-list-widget.tsx';

const defaults = getDefaultRegistry().widgets;

/**
 * Every widget name a `ui.json` may use (`WIDGET_NAMES` of engine/core), mapped to its
 * component. rjsf's own widgets serve the plain inputs (the date, too: a native
 * `<input type="date">`). The range is a widget for an object, which rjsf renders through the
 * engine's ObjectField (fields/object-field.tsx).
 */
export const widgets: Record<WidgetName, RegistryWidgetsType[string]> = {
  text: defaults.TextWidget!,
  textarea: TextareaWidget,
  email: defaults.EmailWidget!,
  password: defaults.PasswordWidget!,
  url: defaults.URLWidget!,
  updown: defaults.UpDownWidget!,
  checkbox: defaults.CheckboxWidget!,
  hidden: defaults.HiddenWidget!,
  stars: StarRatingWidget,
  polarity: PolarityWidget,
  'preset-select': PresetSelectWidget,
  'preset-multiselect': PresetMultiselectWidget,
  avatar: AvatarWidget,
  date: defaults.DateWidget!,
  range: RangeWidget,
  'url-list': UrlListWidget,
};

/** Widgets that label themselves with a `<legend>`; their field gets no separate `<label>`. */
export const SELF_LABELLED_WIDGETS = new Set<string>([
  'stars',
  'polarity',
  'preset-multiselect',
  'avatar',
  'checkbox',
  'hidden',
  'range',
  'url-list',
]);
