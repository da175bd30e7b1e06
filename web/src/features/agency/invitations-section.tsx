import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { germanDate } from '../../lib/dates.ts';
import { showToast } from '../../lib/toasts.ts';
import {
  type AgencyInvitation,
  type AgencyRole,
  useGetInvitationsQuery,
  useInviteMutation,
  useRevokeInvitationMutation,
} from './agency-api.ts';

/** Only a plausibility check before sending: the server checks the address for real. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(value);

/** The invitation form: address and role (Mitglied unless chosen otherwise). */
function InviteForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const roleId = useId();
  const [invite, { isLoading }] = useInviteMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AgencyRole>('member');
  const [errors, setErrors] = useState<string[]>([]);
  const form = useRef<HTMLFormElement>(null);

  const focusEmail = () => form.current?.querySelector<HTMLInputElement>('input')?.focus();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const address = email.trim();
    const problem = !address
      ? t('agency.invitations.emailRequired')
      : !looksLikeEmail(address)
        ? t('agency.invitations.emailInvalid')
        : undefined;
    if (problem) {
      setErrors([problem]);
      focusEmail();
      return;
    }
    const result = await invite({ email: address, role });
    if ('error' in result) {
      // 422 and 429: the server's reason at the address (already a member, too many invitations
      // in an hour); others get the app's error toast.
      const status = errorStatus(result.error);
      const body = errorBody(result.error);
      if (status === 422 || status === 429) {
        const found = body?.errors?.email ?? Object.values(body?.errors ?? {}).flat();
        setErrors(found.length ? found : [body?.message ?? t('errors.generic')]);
        focusEmail();
      }
      return;
    }
    setEmail('');
    setRole('member');
    setErrors([]);
    dispatch(showToast('success', t('agency.invitations.sent', { email: result.data.email })));
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="agency-invite">
      <TextField
        label={t('agency.invitations.email')}
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors([]);
        }}
        errors={errors}
        autoComplete="off"
        disabled={isLoading}
        required
      />
      <div className="field">
        <label htmlFor={roleId}>{t('agency.invitations.role')}</label>
        <select
          id={roleId}
          className="select"
          value={role}
          disabled={isLoading}
          onChange={(event) => setRole(event.target.value as AgencyRole)}
        >
          <option value="member">{t('agency.roles.member')}</option>
          <option value="owner">{t('agency.roles.owner')}</option>
        </select>
      </div>
      <div className="agency-invite-submit">
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? <Spinner small /> : null}
          {t('agency.invitations.submit')}
        </button>
      </div>
    </form>
  );
}

/** One open invitation: address, role, until when the link holds, and „Zurückziehen“. */
function InvitationRow({
  invitation,
  onRevoked,
}: {
  invitation: AgencyInvitation;
  onRevoked: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [revoke, { isLoading }] = useRevokeInvitationMutation();
  const { email } = invitation;

  const withdraw = async () => {
    const result = await revoke(invitation.id);
    if ('error' in result) return;
    onRevoked();
    dispatch(showToast('success', t('agency.invitations.revoked', { email })));
  };

  return (
    <li className="agency-row">
      <div className="agency-row-main">
        <span className="agency-row-name">{email}</span>
        <span className="agency-row-detail">
          {t(`agency.roles.${invitation.role}`)} ·{' '}
          {t('agency.invitations.validUntil', { date: germanDate(invitation.expires_at) })}
        </span>
      </div>
      <div className="agency-row-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('agency.invitations.revokeLabel', { email })}
          onClick={withdraw}
          disabled={isLoading}
        >
          {t('agency.invitations.revoke')}
        </button>
      </div>
    </li>
  );
}

/** „Einladungen“ (owners only): invite by mail, and the invitations still open. */
export function InvitationsSection() {
  const { t } = useTranslation();
  const { data: invitations, isLoading, isError } = useGetInvitationsQuery();
  // The revoked row (with the focused button) goes: attention goes to the list's heading.
  const openHeading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="card form-card agency-section" aria-labelledby="agency-invitations-title">
      <h2 id="agency-invitations-title">{t('agency.invitations.title')}</h2>
      <p className="field-help">{t('agency.invitations.intro')}</p>
      <InviteForm />
      <h3 id="agency-open-invitations" ref={openHeading} tabIndex={-1}>
        {t('agency.invitations.open')}
      </h3>
      {isLoading ? (
        <Spinner />
      ) : isError || !invitations ? (
        <p className="notice notice-warning" role="status">
          {t('agency.loadFailed')}
        </p>
      ) : invitations.length ? (
        <ul className="agency-list" aria-labelledby="agency-open-invitations">
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              onRevoked={() => openHeading.current?.focus()}
            />
          ))}
        </ul>
      ) : (
        <p className="empty">{t('agency.invitations.none')}</p>
      )}
    </section>
  );
}
