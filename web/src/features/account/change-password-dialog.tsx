import { type FormEvent, useState } from 'react';
import { Dialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/text-field.tsx';
import { paths } from '../../config/paths.ts';
import { FormDialogActions } from '../../components/form/form-dialog-actions.tsx';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { navigation } from '../../lib/navigation.ts';
import { useChangePasswordMutation } from '../../lib/user-api.ts';

/**
 * How long the success message shows before the redirect to /login
 * (docs/product.md#konstanten-und-grenzen).
 */
export const PASSWORD_SUCCESS_MS = 1800;

/** The change-password overlay: on success a message for 1.8 s, then a new login. */
export function ChangePasswordDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [change, { isLoading }] = useChangePasswordMutation();
  const form = useSchemaForm(
    'form:password-change',
    { old_password: '', new_password: '', confirm_password: '' },
    isLoading,
  );
  const [visible, setVisible] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || done || !form.attemptSubmit(event.currentTarget)) return;
    const result = await change({ id: userId, change: form.output });
    if ('error' in result) {
      if (errorStatus(result.error) === 401)
        form.setServerErrors({ old_password: [t('password.wrong')] });
      else form.setServerErrors(errorBody(result.error)?.errors ?? {});
      return;
    }
    setDone(true);
    setTimeout(() => navigation.leaveTo(paths.login.url()), PASSWORD_SUCCESS_MS);
  };

  const field = (
    name: 'old_password' | 'new_password' | 'confirm_password',
    label: string,
    autoComplete: string,
  ) => (
    <TextField
      label={label}
      type={visible ? 'text' : 'password'}
      value={form.values[name]}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.blur(name)}
      errors={form.errorsFor(name)}
      autoComplete={autoComplete}
      disabled={isLoading || done}
      required
    />
  );

  return (
    <Dialog title={t('password.title')} onClose={onClose}>
      {done ? (
        <p className="notice notice-success" role="status">
          {t('password.success')}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        {field('old_password', t('password.old'), 'current-password')}
        {field('new_password', t('password.new'), 'new-password')}
        {field('confirm_password', t('password.confirm'), 'new-password')}
        <button
          type="button"
          className="button-link"
          onClick={() => setVisible((current) => !current)}
          aria-pressed={visible}
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
        <FormDialogActions
          submitLabel={t('password.submit')}
          onCancel={onClose}
          busy={isLoading}
          disabled={done}
        />
      </form>
    </Dialog>
  );
}
