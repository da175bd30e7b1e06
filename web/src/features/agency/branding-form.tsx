import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorBody } from '../../lib/api.ts';
import { showToast } from '../../lib/toasts.ts';
import { type Agency, type AgencyChanges, useUpdateAgencyMutation } from './agency-api.ts';
import { ColorField, isHexColor } from './color-field.tsx';

type Field = 'name' | 'primary_color' | 'impressum_url' | 'privacy_url';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string[]>>;

const valuesOf = (agency: Agency): Values => ({
  name: agency.name,
  primary_color: agency.primary_color ?? '',
  impressum_url: agency.impressum_url ?? '',
  privacy_url: agency.privacy_url ?? '',
});

/** Only a plausibility check before sending: the server checks the address for real. */
const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Name, colour and the agency's own legal pages; saved together with „Speichern“. The server's
 * 422 (e.g. a colour too light for white text, with the ratio) shows at its field.
 */
export function BrandingForm({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateAgencyMutation();
  const [values, setValues] = useState(() => valuesOf(agency));
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // A change saved elsewhere (the logo, another tab) starts the form over when nothing is pending.
  useEffect(() => {
    if (!dirty) setValues(valuesOf(agency));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agency]);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDirty(true);
  };

  /** After the errors have rendered: the first field that has one. */
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const check = (): Errors => {
    const found: Errors = {};
    if (!values.name.trim()) found.name = [t('agency.branding.nameRequired')];
    if (values.primary_color.trim() && !isHexColor(values.primary_color.trim()))
      found.primary_color = [t('agency.branding.colorInvalid')];
    for (const field of ['impressum_url', 'privacy_url'] as const)
      if (values[field].trim() && !isHttpsUrl(values[field].trim()))
        found[field] = [t('agency.branding.urlInvalid')];
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid();
      return;
    }
    const optional = (value: string) => value.trim() || null;
    const changes: AgencyChanges = {
      name: values.name.trim(),
      primary_color: optional(values.primary_color.toLowerCase()),
      impressum_url: optional(values.impressum_url),
      privacy_url: optional(values.privacy_url),
    };
    const result = await update(changes);
    if ('error' in result) {
      setErrors((errorBody(result.error)?.errors ?? {}) as Errors);
      focusFirstInvalid();
      return;
    }
    setDirty(false);
    setValues(valuesOf(result.data));
    dispatch(showToast('success', t('common.saved')));
  };

  const text = (field: 'name' | 'impressum_url' | 'privacy_url', label: string, url = false) => (
    <TextField
      label={label}
      type={url ? 'url' : 'text'}
      value={values[field]}
      onChange={(value) => set(field, value)}
      errors={errors[field] ?? []}
      disabled={isLoading}
      required={!url}
      autoComplete={url ? 'url' : 'organization'}
    />
  );

  return (
    <form ref={form} onSubmit={submit} noValidate>
      {text('name', t('agency.branding.name'))}
      <ColorField
        value={values.primary_color}
        onChange={(value) => set('primary_color', value)}
        errors={errors.primary_color ?? []}
        disabled={isLoading}
      />
      <h3>{t('agency.branding.legalTitle')}</h3>
      <p className="field-help agency-legal-help">{t('agency.branding.legalHelp')}</p>
      {text('impressum_url', t('agency.branding.impressum'), true)}
      {text('privacy_url', t('agency.branding.privacy'), true)}
      <div className="form-actions">
        <span className="spacer" />
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? <Spinner small /> : null}
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
