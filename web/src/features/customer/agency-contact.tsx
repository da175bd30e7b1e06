import type { Project } from '../../lib/projects-api.ts';
import { useCustomerTexts } from './customer-texts.ts';

/**
 * The agency's contact person for the customer: the account's contact name and e-mail (as in the
 * footer), else only the agency's name. The owner's login address never reaches the customer.
 */
export function AgencyContact({ contact }: { contact: Project['user'] }) {
  const { t } = useCustomerTexts();
  const person = contact.contact_name || contact.contact_email;
  if (!person) return <p>{t('customer.contact.company', { company: contact.company })}</p>;
  return (
    <p>
      {t('customer.contact.person', { company: contact.company })}{' '}
      {contact.contact_email ? (
        <a href={`mailto:${contact.contact_email}`}>{person}</a>
      ) : (
        <strong>{person}</strong>
      )}
    </p>
  );
}
