import type { ProjectProgress } from '@fragewerk/engine/core';
import { ConfirmDialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useOpenQuestions } from '../questions/question-badges.tsx';

/**
 * 'Projekt Freigeben?' (docs/product.md#freigabe) with the steps that are not complete, each a
 * link to it and its state, and the steps with open Rückfragen; approving stays possible
 * ('Trotzdem freigeben').
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
  const { steps } = useDefinition();
  const incomplete = steps.filter((step) => progress.steps[step.meta.key]?.state !== 'complete');
  const open = useOpenQuestions(projectId);
  const asked = steps.filter((step) => open[step.meta.key]);
  const questions = asked.reduce((sum, step) => sum + open[step.meta.key]!, 0);
  return (
    <ConfirmDialog
      title={t('project.approveTitle')}
      text={t('project.approveText')}
      confirmLabel={t(
        incomplete.length || questions ? 'project.approveAnyway' : 'project.approve',
      )}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      {questions ? (
        <p>
          {t('project.approveQuestions', {
            count: questions,
            steps: new Intl.ListFormat('de').format(asked.map((step) => step.meta.title)),
          })}
        </p>
      ) : null}
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
