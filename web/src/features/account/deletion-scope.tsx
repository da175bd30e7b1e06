import { useTranslation } from 'react-i18next';
import { useGetProjectsQuery } from '../../lib/projects-api.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { useGetMembersQuery } from '../agency/agency-api.ts';
import { memberName } from '../agency/member-name.ts';

/**
 * What deleting one's account takes with it (docs/product.md#agentur): the agency's last owner
 * takes the whole agency – every project, named here, and every colleague's access; anyone else
 * leaves the projects to the agency, those in their care to the longest-standing other owner
 * (the server's rule).
 */
export function DeletionScope() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: members } = useGetMembersQuery();
  const { data: projects } = useGetProjectsQuery();
  if (!user || !members || !projects) return <p>{t('accountData.deleteFinal')}</p>;

  const otherOwners = members
    .filter((member) => member.role === 'owner' && member.id !== user.id)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  if (user.agency_role === 'member' || otherOwners.length > 0) {
    const successor = user.agency_role === 'owner' ? otherOwners[0] : undefined;
    return (
      <p>
        {t('accountData.deleteKeepsAgency')}{' '}
        {successor
          ? t('accountData.deleteSuccessor', { name: memberName(successor) })
          : t('accountData.deleteSuccessorOwner')}{' '}
        {t('accountData.deleteFinal')}
      </p>
    );
  }
  const colleagues = members.length - 1;
  return (
    <>
      <p>
        {t('accountData.deleteAgency', { count: projects.length })}
        {colleagues > 0 ? ` ${t('accountData.deleteColleagues', { count: colleagues })}` : ''}{' '}
        {t('accountData.deleteFinal')}
      </p>
      {projects.length > 0 ? (
        <p className="deletion-scope-heading">{t('accountData.deleteProjects')}</p>
      ) : null}
      {projects.length > 0 ? (
        <ul className="deletion-scope">
          {projects.map((project) => (
            <li key={project.id}>
              {project.customer_firm} – {project.project_name}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
