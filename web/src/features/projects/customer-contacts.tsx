import { type FormEvent, useId, useRef, useState } from 'react';
import { Dialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { FieldNotes } from '../../components/form/field-notes.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { FormDialogActions } from '../../components/form/form-dialog-actions.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { germanDate } from '../../lib/dates.ts';
import { showToast } from '../../lib/toasts.ts';
import {
  INVITATION_MESSAGE_MAX,
  type ProjectContact,
  REMINDER_REFUSALS,
  useGetProjectContactsQuery,
  useInviteProjectContactMutation,
  useRemoveProjectContactMutation,
  useSendRemindersMutation,
} from './contacts-api.ts';
import './customer-contacts.css';

/** Who the dialog invites at first: empty for a new person, the contact's data for „Einladen“. */
interface Invitee {
  name: string;
  email: string;
}

/** The personal message: a textarea with its errors, like `TextField` (which has no textarea). */
function MessageField({
  label,
  value,
  onChange,
  onBlur,
  errors,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  errors: string[];
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={5}
        value={value}
        maxLength={INVITATION_MESSAGE_MAX}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
      />
      <FieldNotes id={id} errors={errors} />
    </div>
  );
}

/**
 * „Per Mail einladen“: name, address and an optional personal message. The server adds the person
 * to the contacts when the address is new; its refusals (422 at the fields, 429 too many
 * invitations) show in the dialog, which stays open.
 */
function InviteDialog({
  projectId,
  invitee,
  onClose,
}: {
  projectId: string;
  invitee: Invitee;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [invite, { isLoading }] = useInviteProjectContactMutation();
  // The platform's form `customer-invitation`: the server checks it with the same schema and
  // German messages.
  const form = useSchemaForm(
    'form:customer-invitation',
    { name: invitee.name, email: invitee.email, message: '' },
    isLoading,
  );
  // A refusal that names no field (the invitation limit): above the buttons.
  const [refusal, setRefusal] = useState<string | undefined>(undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    if (isLoading || !form.attemptSubmit(event.currentTarget)) return;
    const { message, name, email } = form.output;
    const result = await invite({
      projectId,
      invitation: message ? { name, email, message } : { name, email },
    });
    if ('error' in result) {
      // 422 and 429 in the dialog (the error toast stays quiet for them); others get the toast.
      const status = errorStatus(result.error);
      if (status !== 422 && status !== 429) return;
      const body = errorBody(result.error);
      const fields = body?.errors ?? {};
      if (Object.keys(fields).length > 0) form.setServerErrors(fields);
      else setRefusal(body?.message ?? t('errors.generic'));
      return;
    }
    onClose();
    dispatch(showToast('success', t('contacts.invite.sent', { email: result.data.email })));
  };

  return (
    <Dialog title={t('contacts.invite.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('contacts.invite.name')}
          value={form.values.name}
          onChange={(value) => form.set('name', value)}
          onBlur={() => form.blur('name')}
          errors={form.errorsFor('name')}
          autoComplete="off"
          disabled={isLoading}
          required
          autoFocus={!invitee.name}
        />
        <TextField
          label={t('contacts.invite.email')}
          type="email"
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          onBlur={() => form.blur('email')}
          errors={form.errorsFor('email')}
          autoComplete="off"
          disabled={isLoading}
          required
        />
        <MessageField
          label={t('contacts.invite.message')}
          value={form.values.message}
          onChange={(value) => form.set('message', value)}
          onBlur={() => form.blur('message')}
          errors={form.errorsFor('message')}
          disabled={isLoading}
        />
        {refusal ? (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        ) : null}
        <FormDialogActions
          submitLabel={t('contacts.invite.submit')}
          onCancel={onClose}
          busy={isLoading}
        />
      </form>
    </Dialog>
  );
}

/** One contact: name, address, whether and when invited; „Einladen“ and „Entfernen“. */
function ContactRow({
  projectId,
  contact,
  disabled,
  onInvite,
  onRemoved,
}: {
  projectId: string;
  contact: ProjectContact;
  disabled: boolean;
  onInvite: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [remove, { isLoading }] = useRemoveProjectContactMutation();
  const { name } = contact;

  const removeContact = async () => {
    const result = await remove({ projectId, contactId: contact.id });
    if ('error' in result) return;
    onRemoved();
    dispatch(showToast('success', t('contacts.removed', { name })));
  };

  return (
    <li className="contacts-row">
      <div className="contacts-row-main">
        <span className="contacts-row-name">{name}</span>
        <span className="contacts-row-detail">{contact.email}</span>
        <span className="contacts-row-detail">
          {contact.invited_at
            ? t('contacts.invitedAt', { date: germanDate(contact.invited_at) })
            : t('contacts.notInvited')}
        </span>
        {contact.reminders_off ? (
          <span className="contacts-row-detail contacts-row-off">{t('contacts.remindersOff')}</span>
        ) : null}
      </div>
      <div className="contacts-row-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('contacts.inviteLabel', { name })}
          onClick={onInvite}
          disabled={disabled}
        >
          {t('contacts.inviteOne')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('contacts.removeLabel', { name })}
          onClick={removeContact}
          disabled={disabled || isLoading}
        >
          {t('contacts.remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * „Jetzt erinnern“ (docs/product.md#abgabe-und-erinnerungen): one reminder now to every contact who
 * has not opted out; the toast says to how many, a refusal (nothing open, too many) the API's words.
 */
function RemindNowButton({ projectId, disabled }: { projectId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [remind, { isLoading }] = useSendRemindersMutation();
  const send = async () => {
    const result = await remind(projectId);
    if ('data' in result && result.data) {
      dispatch(showToast('success', t('contacts.reminded', { count: result.data.sent })));
      return;
    }
    const status = errorStatus(result.error);
    if (typeof status === 'number' && REMINDER_REFUSALS.includes(status))
      dispatch(showToast('error', errorBody(result.error)?.message ?? t('errors.generic')));
  };
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => void send()}
      disabled={disabled || isLoading}
    >
      {isLoading ? <Spinner small /> : null}
      {t('contacts.remindNow')}
    </button>
  );
}

/**
 * „Kundschaft“ on the project settings page: the customer contacts of the project and their
 * invitations by mail, „Jetzt erinnern“ while the project waits for answers (`remindable`: neither
 * approved nor archived). Not part of the settings form: each action is sent on its own. An
 * archived project shows the list, but nobody is invited or removed.
 */
export function CustomerContacts({
  projectId,
  archived,
  remindable = false,
}: {
  projectId: string;
  archived: boolean;
  remindable?: boolean;
}) {
  const { t } = useTranslation();
  const { data: contacts, isLoading, isError } = useGetProjectContactsQuery(projectId);
  const [invitee, setInvitee] = useState<Invitee | undefined>(undefined);
  // The removed row (with the focused button) goes: attention goes to the section's heading.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section className="card form-card contacts-section" aria-labelledby="contacts-title">
      <div className="contacts-head">
        <h2 id="contacts-title" ref={heading} tabIndex={-1}>
          {t('contacts.title')}
        </h2>
        <div className="contacts-head-actions">
          {contacts?.length ? (
            <RemindNowButton projectId={projectId} disabled={!remindable} />
          ) : null}
          <button
            type="button"
            className="button"
            onClick={() => setInvitee({ name: '', email: '' })}
            disabled={archived}
          >
            {t('contacts.inviteNew')}
          </button>
        </div>
      </div>
      {isLoading ? (
        <Spinner />
      ) : isError || !contacts ? (
        <p className="notice notice-warning" role="status">
          {t('contacts.loadFailed')}
        </p>
      ) : contacts.length ? (
        <ul className="contacts-list" aria-labelledby="contacts-title">
          {contacts.map((contact) => (
            <ContactRow
              key={contact.id}
              projectId={projectId}
              contact={contact}
              disabled={archived}
              onInvite={() => setInvitee({ name: contact.name, email: contact.email })}
              onRemoved={() => heading.current?.focus()}
            />
          ))}
        </ul>
      ) : (
        <p className="empty">{t('contacts.none')}</p>
      )}
      {invitee ? (
        <InviteDialog
          projectId={projectId}
          invitee={invitee}
          onClose={() => setInvitee(undefined)}
        />
      ) : null}
    </section>
  );
}
