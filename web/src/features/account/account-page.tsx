import { DraftNotice } from '@fragewerk/engine/react';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useDrafts } from '../../hooks/use-drafts.ts';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { useTimedFlag } from '../../hooks/use-timed-flag.ts';
import { errorBody } from '../../lib/api.ts';
import { germanDate } from '../../lib/dates.ts';
import { useCurrentUser, useUpdateUserMutation, type CurrentUser } from '../../lib/user-api.ts';
import { NotVerifiedNotice } from '../auth/not-verified-notice.tsx';
import { AccountDataSection } from './account-data-section.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { useScreenTexts } from '../../lib/screen-texts.ts';

/** How long 'Daten wurden gespeichert' stays visible. */
export const SAVED_NOTICE_MS = 3000;

const valuesOf = (user: CurrentUser) => ({
  company: user.company,
  email: user.email,
  contact_name: user.contact_name ?? '',
  contact_email: user.contact_email ?? '',
  current_password: '',
});

/** Whether the e-mail field asks for another address than the stored one (as the server compares). */
const changesEmail = (typed: string, user: CurrentUser) =>
  typed.trim().toLowerCase() !== user.email.toLowerCase();

function AccountForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateUserMutation();
  // Unsaved input survives a reload or an ended session; the password never is written down.
  const drafts = useDrafts('konto');
  const form = useSchemaForm('form:account', valuesOf(user), isLoading, {
    store: drafts,
    slot: 'formular',
    secret: ['current_password'],
  });
  const [saved, showSaved] = useTimedFlag(SAVED_NOTICE_MS);
  const [changingPassword, setChangingPassword] = useState(false);
  // The address a confirmation link went to: it takes effect only once the link is opened.
  const [pendingEmail, setPendingEmail] = useState<string>();
  const emailChanging = changesEmail(form.values.email, user);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || !form.attemptSubmit(event.currentTarget)) return;
    const { company, email, contact_name, contact_email, current_password } = form.output;
    if (emailChanging && !current_password) {
      form.setServerErrors({ current_password: [t('account.confirmWithPassword')] });
      return;
    }
    const result = await update({
      id: user.id,
      changes: {
        company,
        email,
        contact_name: contact_name || null,
        contact_email: contact_email || null,
        ...(emailChanging ? { current_password } : {}),
      },
    });
    if ('data' in result && result.data) {
      // The stored address stays until the link is opened: the field shows it again.
      form.reset(valuesOf(result.data));
      if (result.data.pending_email) setPendingEmail(result.data.pending_email);
      showSaved();
    } else {
      form.setServerErrors(errorBody(result.error)?.errors ?? {});
    }
  };

  const field = (
    name: 'company' | 'email' | 'contact_name' | 'contact_email' | 'current_password',
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      value={form.values[name]}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.blur(name)}
      errors={form.errorsFor(name)}
      disabled={isLoading}
      {...extra}
    />
  );

  // The overlay is rendered outside the account form: React passes a portal's submit event up
  // its component tree, which would otherwise also save the account.
  return (
    <>
      <form onSubmit={submit} noValidate className="card form-card">
        {form.draft ? (
          <DraftNotice
            state={form.draft.state}
            onApply={form.draft.apply}
            onDiscard={form.draft.discard}
          />
        ) : null}
        {saved ? (
          <p className="notice notice-success" role="status">
            {t('common.saved')}
          </p>
        ) : null}
        {pendingEmail ? (
          <p className="notice notice-info" role="status">
            {t('account.emailPending', { email: pendingEmail })}
          </p>
        ) : null}
        {field('company', t('account.company'), { required: true, autoComplete: 'organization' })}
        {field('email', t('account.email'), {
          required: true,
          type: 'email',
          autoComplete: 'email',
        })}
        {emailChanging
          ? field('current_password', t('account.currentPassword'), {
              required: true,
              type: 'password',
              autoComplete: 'current-password',
              help: t('account.currentPasswordHelp'),
            })
          : null}
        {field('contact_name', t('account.contactName'), {
          autoComplete: 'name',
          help: t('account.contactHelp'),
        })}
        {field('contact_email', t('account.contactEmail'), {
          type: 'email',
          autoComplete: 'email',
        })}
        <div className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setChangingPassword(true)}
          >
            {t('account.changePassword')}
          </button>
          <span className="spacer" />
          <Link className="button button-secondary" to={paths.dashboard.url()}>
            {t('account.back')}
          </Link>
          <button type="submit" className="button" disabled={isLoading}>
            {isLoading ? <Spinner small /> : null}
            {t('account.save')}
          </button>
        </div>
      </form>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog userId={user.id} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Accounteinstellungen (docs/product.md#routen-und-screens); an unverified user sees only the
 * notice.
 */
export function AccountPage() {
  const { t } = useScreenTexts();
  useDocumentTitle(t('routes.account'));
  const user = useCurrentUser()!;
  return (
    <section className="page page-narrow">
      <h1>{t('account.title')}</h1>
      <p className="subtitle">{user.company}</p>
      <p className="meta">
        {t('common.created', { date: germanDate(user.created_at) })} ·{' '}
        {t('common.updated', { date: germanDate(user.updated_at) })}
      </p>
      {user.verified ? <AccountForm user={user} /> : <NotVerifiedNotice />}
      {user.verified ? <AccountDataSection user={user} /> : null}
    </section>
  );
}
