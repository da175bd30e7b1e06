import { FieldNotes } from '../../components/form/field-notes.tsx';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { Spinner } from '../../components/spinner.tsx';
import { errorBody } from '../../lib/api.ts';
import { showToast } from '../../lib/toasts.ts';
import {
  type Agency,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  useRemoveLogoMutation,
  useUploadLogoMutation,
} from './agency-api.ts';

/** Why the browser refuses `file` before sending it (an i18n key), if it does. */
export function logoProblem(file: File): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'agency.branding.logoType';
  if (file.size > LOGO_MAX_BYTES) return 'agency.branding.logoTooLarge';
  return undefined;
}

/**
 * The logo: chosen, checked here (type, at most 1 MB – a refused file sends nothing) and uploaded
 * at once; its preview and „Logo entfernen“. The server checks the bytes too and says why it
 * refuses one.
 */
export function LogoField({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const [upload, { isLoading: uploading }] = useUploadLogoMutation();
  const [remove, { isLoading: removing }] = useRemoveLogoMutation();
  const [errors, setErrors] = useState<string[]>([]);
  const busy = uploading || removing;
  const input = useRef<HTMLInputElement>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chooser = event.currentTarget;
    const file = chooser.files?.[0];
    if (!file) return;
    const problem = logoProblem(file);
    // The same file chosen again after a fix elsewhere fires `change` again.
    chooser.value = '';
    if (problem) {
      setErrors([t(problem)]);
      return;
    }
    setErrors([]);
    const result = await upload(file);
    if ('error' in result) {
      const body = errorBody(result.error);
      if (body?.errors || body?.message)
        setErrors(body.errors ? Object.values(body.errors).flat() : [body.message!]);
      return;
    }
    dispatch(showToast('success', t('agency.branding.logoSaved')));
  };

  const removeLogo = async () => {
    setErrors([]);
    const result = await remove();
    if ('error' in result) return;
    // The button goes with the logo: attention goes to the upload instead (once enabled again).
    requestAnimationFrame(() => input.current?.focus());
    dispatch(showToast('success', t('agency.branding.logoRemoved')));
  };

  const describedBy = [`${id}-help`, errors.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field agency-logo">
      <h3>{t('agency.branding.logo')}</h3>
      {agency.logo_url ? (
        <div className="agency-logo-preview">
          <img src={agency.logo_url} alt={t('agency.branding.logoAlt', { name: agency.name })} />
        </div>
      ) : (
        <p className="empty">{t('agency.branding.logoNone')}</p>
      )}
      <label htmlFor={id}>{t('agency.branding.logoUpload')}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={LOGO_TYPES.join(',')}
        onChange={choose}
        disabled={busy}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
      />
      {uploading ? <Spinner small /> : null}
      <FieldNotes id={id} help={t('agency.branding.logoHelp')} errors={errors} alert />
      {agency.logo_url ? (
        <button
          type="button"
          className="button button-secondary agency-logo-remove"
          onClick={removeLogo}
          disabled={busy}
        >
          {removing ? <Spinner small /> : null}
          {t('agency.branding.logoRemove')}
        </button>
      ) : null}
    </div>
  );
}
