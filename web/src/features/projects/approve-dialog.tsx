import type { ProjectProgress } from '@fragewerk/engine/core';
import { ConfirmDialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';

/**
 * 'Projekt Freigeben?' (docs/product.md#freigabe) with the steps that are not complete, each a
 * link to it and its state; approving stays possible ('Trotzdem freigeben').
 */
export function ApproveDialog({
  projectId,
  progress,
  busy,
  onConfirm,
  onCancel,
}: {
  projectId: string;
  progress: ProjectProgress;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const incomplete = useDefinition().steps.filter(
    (step) => progress.steps[step.meta.key]?.state !== 'complete',
  );
  return (
    <ConfirmDialog
      title={t('project.approveTitle')}
      text={t('project.approveText')}
      confirmLabel={t(incomplete.length ? 'project.approveAnyway' : 'project.approve')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      {incomplete.length ? (
        <>
          <p>{t('project.approveIncomplete')}</p>
          <ul>
            {incomplete.map((step) => (
              <li key={step.meta.key}>
                <Link to={paths.step.url(projectId, step.meta.slug)} onClick={onCancel}>
                  {step.meta.title}
                </Link>{' '}
                ({t(`progress.state.${progress.steps[step.meta.key]?.state ?? 'empty'}`)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
