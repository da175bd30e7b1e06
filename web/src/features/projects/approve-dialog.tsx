import type { ProjectProgress } from '@fragewerk/engine/core';
import { ConfirmDialog } from '@fragewerk/engine/react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useCodeSplitTexts } from '../../lib/code-split-texts.ts';
import texts from '../../locales/approve.de.json';
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
  // Its texts come with it (it loads when asked), not with every step.
  const { t } = useCodeSplitTexts(texts);
  const { steps } = useDefinition();
  const incomplete = steps.filter((step) => progress.steps[step.meta.key]?.state !== 'complete');
  const open = useOpenQuestions(projectId);
  const asked = steps.filter((step) => open[step.meta.key]);
  const questions = asked.reduce((sum, step) => sum + open[step.meta.key]!, 0);
  return (
    <ConfirmDialog
      title={t('approve.title')}
      text={t('approve.text')}
      confirmLabel={t(incomplete.length || questions ? 'approve.anyway' : 'project.approve')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      {questions ? (
        <p>
          {t('approve.questions', {
            count: questions,
            steps: new Intl.ListFormat('de').format(asked.map((step) => step.meta.title)),
          })}
        </p>
      ) : null}
      {incomplete.length ? (
        <>
          <p>{t('approve.incomplete')}</p>
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
