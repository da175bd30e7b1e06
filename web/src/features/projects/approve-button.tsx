import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store.ts';
import { useApproveProjectMutation } from '../../lib/projects-api.ts';
import { showToast } from '../../lib/toasts.ts';
import { useProjectScope } from './project-context.ts';
import { useProjectProgress } from './use-project-progress.ts';

import { ApproveDialog } from './approve-dialog.tsx';

/** How long 'Projekt freigegeben!' shows (docs/product.md#konstanten-und-grenzen: 1300 ms). */
export const APPROVED_NOTICE_MS = 1300;

/**
 * 'Freigeben' → 'Projekt Freigeben?' (with the steps that are not complete) → approve call →
 * 'Projekt freigegeben!' (docs/product.md#freigabe).
 */
export function ApproveButton({ className = 'button' }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { project } = useProjectScope();
  const progress = useProjectProgress(project);
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
        <ApproveDialog
          projectId={project.id}
          progress={progress}
          busy={isLoading}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
