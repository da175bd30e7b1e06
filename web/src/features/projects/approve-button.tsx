import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useAppDispatch } from '../../state/hooks.ts';
import { projectsApi, useApproveProjectMutation } from '../../lib/projects-api.ts';
import { showToast } from '../../lib/toasts.ts';
import { useProjectScope } from './project-context.ts';
import { useProjectProgress } from './use-project-progress.ts';

// Asked once per project: the dialog loads when „Freigeben“ is pressed, not with every step (the
// share link's bundle budget).
const ApproveDialog = lazy(() =>
  import('./approve-dialog.tsx').then((module) => ({ default: module.ApproveDialog })),
);

/** How long 'Projekt freigegeben!' shows (docs/product.md#konstanten-und-grenzen: 1300 ms). */
export const APPROVED_NOTICE_MS = 1300;

/**
 * 'Freigeben' → 'Projekt Freigeben?' (with the steps that are not complete) → approve call →
 * 'Projekt freigegeben!' (docs/product.md#freigabe); a customer then reads the thank-you page.
 * Until every step is complete the button is a secondary one: it is not the next thing to do.
 */
export function ApproveButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { project, isOwner } = useProjectScope();
  const [asking, setAsking] = useState(false);
  const [approve, { isLoading }] = useApproveProjectMutation();
  // Memoised per state of the cached project: the completeness rule runs once per save, not per
  // render, although the button stands on every project page (also the results view).
  const progress = useProjectProgress(project);
  const style = progress.complete === progress.total ? 'button' : 'button button-secondary';

  const confirm = async () => {
    const result = await approve(project.id);
    setAsking(false);
    if (!('data' in result)) return;
    // The thank-you page reads the cached project, so the approval goes there first: the refetch
    // the mutation starts can arrive after the page, which would send the customer back.
    dispatch(projectsApi.util.updateQueryData('getProject', project.id, () => result.data));
    dispatch(showToast('success', t('project.approved'), APPROVED_NOTICE_MS));
    if (!isOwner) navigate(paths.thanks.url(project.id));
  };

  return (
    <>
      <button
        type="button"
        className={className ? `${style} ${className}` : style}
        onClick={() => setAsking(true)}
      >
        {t('project.approve')}
      </button>
      {asking ? (
        <Suspense>
          <ApproveDialog
            projectId={project.id}
            progress={progress}
            busy={isLoading}
            onConfirm={confirm}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
