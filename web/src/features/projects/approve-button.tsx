import { useState } from 'react';
import { ConfirmDialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store.ts';
import { useApproveProjectMutation } from '../../lib/projects-api.ts';
import { showToast } from '../../lib/toasts.ts';

/** How long 'Projekt freigegeben!' shows (docs/product.md#konstanten-und-grenzen: 1300 ms). */
export const APPROVED_NOTICE_MS = 1300;

/**
 * 'Freigeben' → 'Projekt Freigeben?' → approve call → 'Projekt freigegeben!'
 * (docs/product.md#zustände).
 */
export function ApproveButton({
  projectId,
  className = 'button',
}: {
  projectId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const [approve, { isLoading }] = useApproveProjectMutation();

  const confirm = async () => {
    const result = await approve(projectId);
    setAsking(false);
    if ('data' in result) dispatch(showToast('success', t('project.approved'), APPROVED_NOTICE_MS));
  };

  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)}>
        {t('project.approve')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('project.approveTitle')}
          text={t('project.approveText')}
          confirmLabel={t('project.approve')}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
          busy={isLoading}
        />
      ) : null}
    </>
  );
}
