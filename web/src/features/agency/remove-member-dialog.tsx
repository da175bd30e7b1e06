import { ConfirmDialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { type AgencyMember, useRemoveMemberMutation } from './agency-api.ts';
import { memberName } from './member-name.ts';

/**
 * „… entfernen?“: says that the person's access ends at once and that their projects stay with the
 * agency. The focus starts on „Abbrechen“, so that no Enter pressed out of habit removes anyone.
 */
export function RemoveMemberDialog({
  member,
  onClose,
  onRemoved,
  onRefused,
}: {
  member: AgencyMember;
  onClose: () => void;
  onRemoved: () => void;
  /** The server's reason (409: the agency's last owner). */
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const name = memberName(member);

  const confirm = async () => {
    if (isLoading) return;
    const result = await remove(member.id);
    if (!('error' in result)) onRemoved();
    else if (errorStatus(result.error) === 409)
      onRefused(errorBody(result.error)?.message ?? t('errors.generic'));
    // Other failures get the app's error toast; the dialog stays for another try.
  };

  return (
    <ConfirmDialog
      title={t('agency.members.removeTitle', { name })}
      text={t('agency.members.removeText', { name })}
      confirmLabel={t('agency.members.remove')}
      onConfirm={confirm}
      onCancel={onClose}
      busy={isLoading}
      danger
      focusCancel
    />
  );
}
