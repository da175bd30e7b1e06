import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store.ts';
import { type Project, useApproveProjectMutation } from '../../lib/projects-api.ts';
import { showToast } from '../../lib/toasts.ts';
import { useProjectScope } from './project-context.ts';
import { useProjectProgress } from './use-project-progress.ts';

import { ApproveDialog } from './approve-dialog.tsx';

/** How long 'Projekt freigegeben!' shows (docs/product.md#konstanten-und-grenzen: 1300 ms). */
export const APPROVED_NOTICE_MS = 1300;

/**
 * The question with the project's progress, computed once it opens: the button stands on every
 * project page (also the results view), which otherwise ran the completeness rule per render.
 */
function ApproveQuestion({
  project,
  ...dialog
}: { project: Project } & Omit<ComponentProps<typeof ApproveDialog>, 'projectId' | 'progress'>) {
  const progress = useProjectProgress(project);
  return <ApproveDialog projectId={project.id} progress={progress} {...dialog} />;
}

/**
 * 'Freigeben' → 'Projekt Freigeben?' (with the steps that are not complete) → approve call →
 * 'Projekt freigegeben!' (docs/product.md#freigabe).
 */
export function ApproveButton({ className = 'button' }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { project } = useProjectScope();
  const [asking, setAsking] = useState(false);
  const [approve, { isLoading }] = useApproveProjectMutation();

  const confirm = async () => {
    const result = await approve(project.id);
    setAsking(false);
    if ('data' in result) dispatch(showToast('success', t('project.approved'), APPROVED_NOTICE_MS));
  };

  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)}>
        {t('project.approve')}
      </button>
      {asking ? (
        <ApproveQuestion
          project={project}
          busy={isLoading}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
