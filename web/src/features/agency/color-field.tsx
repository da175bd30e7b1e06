import { FieldNotes } from '../../components/form/field-notes.tsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The product's own brand colour (`--fw-brand` in the engine's tokens.css): no colour chosen. */
export const PRODUCT_COLOR = '#0f5c5b';

/** A colour as the API takes it: `#rrggbb`. */
export const isHexColor = (value: string) => /^#[0-9a-f]{6}$/iu.test(value);

/**
 * „Hauptfarbe“ (the primary colour): the hex value as text (its label, its errors) with a colour
 * picker beside it that sets the same value, and a preview of a button and a link as the customer
 * will see them. Empty means the product's colour.
 */
export function ColorField({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const color = isHexColor(value) ? value.toLowerCase() : PRODUCT_COLOR;
  const describedBy = [`${id}-help`, errors.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field agency-color">
      <label htmlFor={id}>{t('agency.branding.color')}</label>
      <div className="agency-color-inputs">
        <input
          type="color"
          className="agency-color-picker"
          aria-label={t('agency.branding.colorPicker')}
          value={color}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
        />
        <input
          id={id}
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={PRODUCT_COLOR}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy}
        />
        {value ? (
          <button
            type="button"
            className="button-link"
            onClick={() => onChange('')}
            disabled={disabled}
          >
            {t('agency.branding.colorDefault')}
          </button>
        ) : null}
      </div>
      <FieldNotes id={id} help={t('agency.branding.colorHelp')} errors={errors} />
      {/* Only a picture of what the customer sees: nothing in it can be pressed. */}
      <div className="agency-preview" aria-label={t('agency.branding.preview')} role="group">
        <span className="agency-preview-title">{t('agency.branding.preview')}</span>
        <span
          className="button agency-preview-button"
          style={{ background: color, borderColor: color }}
        >
          {t('agency.branding.previewButton')}
        </span>
        <span className="agency-preview-link" style={{ color }}>
          {t('agency.branding.previewLink')}
        </span>
      </div>
    </div>
  );
}
