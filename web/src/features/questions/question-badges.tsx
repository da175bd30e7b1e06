import type { Definition } from '@fragewerk/engine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { openQuestionCounts, useGetProjectQuestionsQuery } from './questions-api.ts';
import './question-badges.css';

/** The open Rückfragen of a project per step key (one request, shared by every badge). */
export function useOpenQuestions(projectId: string): Record<string, number> {
  const { data } = useGetProjectQuestionsQuery(projectId);
  return useMemo(() => openQuestionCounts(data), [data]);
}

/**
 * A step's open Rückfragen in the navigation: the figure for the eye, „2 Rückfragen“ for screen
 * readers (part of the link's name).
 */
export function QuestionBadge({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (!count) return null;
  // The space outside the badge: part of the link's name („Ideen 2 Rückfragen“) and the gap.
  return (
    <>
      {' '}
      <span className="question-badge">
        <span aria-hidden="true">{count}</span>
        <span className="visually-hidden">{t('questionnaire.openQuestions', { count })}</span>
      </span>
    </>
  );
}

/**
 * All open Rückfragen of the project („3 Rückfragen“), a link to the first step that has one; on a
 * phone the only sign of Rückfragen on other steps until the step list is opened.
 */
export function QuestionTotal({
  definition,
  projectId,
}: {
  definition: Definition;
  projectId: string;
}) {
  const { t } = useTranslation();
  const counts = useOpenQuestions(projectId);
  const steps = definition.steps.filter((step) => counts[step.meta.key]);
  const count = steps.reduce((sum, step) => sum + counts[step.meta.key]!, 0);
  return count ? (
    <p className="question-total">
      <Link to={paths.step.url(projectId, steps[0]!.meta.slug)}>
        {t('questionnaire.openQuestions', { count })}
      </Link>
    </p>
  ) : null;
}
