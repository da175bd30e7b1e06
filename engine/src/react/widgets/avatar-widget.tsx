import type { WidgetProps } from '@rjsf/utils';
import { useEngineTexts } from '../engine-texts.tsx';
import { type EngineFormContext, presetOptions } from '../preset-options.ts';
import { WidgetLegend } from './widget-legend.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';

/**
 * The persona's avatar: a radio grid of the preset avatars, each an illustration (the entry's
 * `image`, an SVG the API serves) above its label. The label names the radio, so the picture is
 * decorative (`alt=""`).
 */
export function AvatarWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  label,
  schema,
  onChange,
  registry,
  rawErrors,
  hideError,
  uiSchema,
}: WidgetProps) {
  const texts = useEngineTexts();
  const { definition } = registry.formContext as EngineFormContext;
  return (
    <fieldset
      className="avatars"
      id={id}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
    >
      <WidgetLegend label={label} required={required} />
      <div className="avatar-grid">
        {presetOptions(definition, schema, texts.custom).map((option) => (
          <label
            key={option.key}
            className={value === option.key ? 'avatar-option is-on' : 'avatar-option'}
          >
            <input
              type="radio"
              name={id}
              value={option.key}
              checked={value === option.key}
              disabled={disabled || readonly}
              onChange={() => onChange(option.key)}
            />
            {typeof option.entry?.image === 'string' ? (
              <img
                className="avatar-image"
                src={option.entry.image}
                alt=""
                width={56}
                height={56}
              />
            ) : (
              <span className="avatar-image" />
            )}
            <span className="avatar-label">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
