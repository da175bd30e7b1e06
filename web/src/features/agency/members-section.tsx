import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { Spinner } from '../../components/spinner.tsx';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { showToast } from '../../lib/toasts.ts';
import type { CurrentUser } from '../../lib/user-api.ts';
import {
  type AgencyMember,
  type AgencyRole,
  useChangeMemberRoleMutation,
  useGetMembersQuery,
} from './agency-api.ts';
import { memberName } from './member-name.ts';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

const ROLES: AgencyRole[] = ['member', 'owner'];

/**
 * „Mitglieder“: everyone in the agency, owners first (the server's order). Owners change roles and
 * remove people; members read the list. The server's refusal to leave the agency without an owner
 * (409) shows above the list in its own words.
 */
export function MembersSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: members, isLoading, isError } = useGetMembersQuery();
  const [changeRole, { isLoading: changing }] = useChangeMemberRoleMutation();
  const [removing, setRemoving] = useState<AgencyMember>();
  const [refusal, setRefusal] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const owner = user.agency_role === 'owner';

  const setRole = async (member: AgencyMember, role: AgencyRole) => {
    setRefusal(undefined);
    const result = await changeRole({ id: member.id, role });
    if ('error' in result) {
      // Other failures get the app's error toast.
      if (errorStatus(result.error) === 409)
        setRefusal(errorBody(result.error)?.message ?? t('errors.generic'));
      return;
    }
    dispatch(
      showToast(
        'success',
        t('agency.members.roleChanged', {
          name: memberName(member),
          role: t(`agency.roles.${role}`),
        }),
      ),
    );
  };

  const removed = (member: AgencyMember) => {
    // Its row (the dialog's opener) goes: attention goes back to the list's heading.
    heading.current?.focus();
    setRemoving(undefined);
    dispatch(showToast('success', t('agency.members.removed', { name: memberName(member) })));
  };

  return (
    <section className="card form-card agency-section" aria-labelledby="agency-members-title">
      <h2 id="agency-members-title" ref={heading} tabIndex={-1}>
        {t('agency.members.title')}
      </h2>
      <p className="field-help">
        {owner ? t('agency.members.intro') : t('agency.members.readOnly')}
      </p>
      {refusal ? (
        <p className="notice notice-warning" role="alert">
          {refusal}
        </p>
      ) : null}
      {isLoading ? (
        <Spinner />
      ) : isError || !members ? (
        <p className="notice notice-warning" role="status">
          {t('agency.loadFailed')}
        </p>
      ) : (
        <ul className="agency-list" aria-labelledby="agency-members-title">
          {members.map((member) => {
            const name = memberName(member);
            const self = member.id === user.id;
            return (
              <li key={member.id} className="agency-row">
                <div className="agency-row-main">
                  <span className="agency-row-name">
                    {name}
                    {self ? <span className="agency-badge">{t('agency.members.you')}</span> : null}
                  </span>
                  {member.contact_name ? (
                    <span className="agency-row-detail">{member.email}</span>
                  ) : null}
                </div>
                {owner ? (
                  <div className="agency-row-actions">
                    <select
                      className="select agency-role-select"
                      aria-label={t('agency.members.roleOf', { name })}
                      value={member.role}
                      disabled={changing}
                      onChange={(event) => setRole(member, event.target.value as AgencyRole)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`agency.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    {/* Removing oneself deletes one's account: that is the account page's. */}
                    {self ? null : (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={t('agency.members.removeLabel', { name })}
                        onClick={() => {
                          setRefusal(undefined);
                          setRemoving(member);
                        }}
                      >
                        {t('agency.members.remove')}
                      </button>
                    )}
                  </div>
                ) : (
                  <span className="agency-row-role">{t(`agency.roles.${member.role}`)}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {removing ? (
        <RemoveMemberDialog
          member={removing}
          onClose={() => setRemoving(undefined)}
          onRemoved={() => removed(removing)}
          onRefused={(message) => {
            setRemoving(undefined);
            setRefusal(message);
          }}
        />
      ) : null}
    </section>
  );
}
