import { type FormEvent, useState } from 'react';
import { Dialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/text-field.tsx';
import { FormDialogActions } from '../../components/form/form-dialog-actions.tsx';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { navigation } from '../../lib/navigation.ts';
import { useDeleteAccountMutation } from './account-data-api.ts';
import { DeletionScope } from './deletion-scope.tsx';

/** The server's page „Ihr Account wurde gelöscht.“ (the app itself needs a login). */
export const ACCOUNT_DELETED_URL = '/account-geloescht';

/**
 * „Account löschen“: says what goes, asks for the password and deletes. The focus starts on
 * „Abbrechen“, so that no key press deletes anything by accident; Escape closes.
 */
export function DeleteAccountDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState<string | undefined>();
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || done) return;
    setMessage(undefined);
    if (!password) {
      setErrors([t('accountData.passwordRequired')]);
      return;
    }
    const result = await remove({ id: userId, password });
    if ('error' in result) {
      // Other failures get the app's error toast.
      const status = errorStatus(result.error);
      const body = errorBody(result.error);
      if (status === 429) setMessage(body?.message ?? t('errors.generic'));
      else if (status === 422) setErrors(body?.errors?.password ?? [t('password.wrong')]);
      return;
    }
    setDone(true);
    navigation.leaveTo(ACCOUNT_DELETED_URL);
  };

  return (
    <Dialog title={t('accountData.deleteTitle')} onClose={onClose} tone="warning">
      <DeletionScope />
      {message ? (
        <p className="notice notice-warning" role="alert">
          {message}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('accountData.password')}
          type="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setErrors([]);
          }}
          errors={errors}
          autoComplete="current-password"
          disabled={isLoading || done}
          required
        />
        <FormDialogActions
          submitLabel={t('accountData.deleteSubmit')}
          onCancel={onClose}
          busy={isLoading}
          disabled={done}
          danger
          focusCancel
        />
      </form>
    </Dialog>
  );
}
