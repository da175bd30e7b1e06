import { useTranslation } from 'react-i18next';
import type { ApiErrorBody } from '../../lib/api.ts';
import type { Project } from '../../lib/projects-api.ts';

export type Contact = NonNullable<ApiErrorBody['contact']>;

/**
 * Whom a customer asks, from the project's `user` (as the footer shows it): the contact person,
 * else the agency.
 */
export function contactOf(user: Project['user']): Contact {
  return {
    name: user.contact_name || user.contact_email || user.company,
    email: user.contact_email,
  };
}

/**
 * „Bei Fragen wenden Sie sich an …“ with the contact person as a `mailto:` link where there is an
 * address (`lead`: another beginning of the sentence, as an i18n key).
 */
export function ContactSentence({
  contact,
  lead = 'project.askContact',
}: {
  contact: Contact | undefined;
  lead?: string;
}) {
  const { t } = useTranslation();
  if (!contact?.name) return null;
  return (
    <>
      {t(lead)}{' '}
      {contact.email ? (
        <a href={`mailto:${contact.email}`}>{contact.name}</a>
      ) : (
        <strong>{contact.name}</strong>
      )}
      .
    </>
  );
}
