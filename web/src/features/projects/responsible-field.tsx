import { FieldNotes } from '../../components/form/field-notes.tsx';
import '@fragewerk/engine/react/fields.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMembersQuery } from '../agency/agency-api.ts';
import { memberName } from '../agency/member-name.ts';

/**
 * „Verantwortlich“: the agency member who is the customer's contact person and receives the
 * project's mails, chosen from the agency's members (named, else by their address).
 */
export function ResponsibleField({
  value,
  onChange,
  errors = [],
}: {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const { data: members = [] } = useGetMembersQuery();
  // Until the members have come, the current one stands alone, so the select never shows blank.
  const listed = members.some((member) => member.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{t('settings.responsible')}</label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={`${id}-help${errors.length ? ` ${id}-error` : ''}`}
      >
        {listed ? null : <option value={value}>{t('settings.responsibleLoading')}</option>}
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {memberName(member)}
          </option>
        ))}
      </select>
      <FieldNotes id={id} help={t('settings.responsibleHelp')} errors={errors} />
    </div>
  );
}
