import '@fragewerk/engine/react/fields.css';
import { displayValues, type StepDefinition } from '@fragewerk/engine/core';
import type { ItemJson } from '@fragewerk/schemas/types';
import { useEffect, useId, useRef, useState } from 'react';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { AskQuestionDialog } from './ask-question-dialog.tsx';
import { QuestionCard } from './question-card.tsx';
import { useQuestionTexts } from './question-texts.ts';
import { useGetProjectQuestionsQuery } from './questions-api.ts';
import './step-questions.css';

/**
 * The entries of a list step, each with its card's title as the list shows it („Wochenmarkt“).
 * (`displayValues`, not `cardContent`: importing that here split two shared modules out of the
 * share link's entry into chunks of their own, 1 KB more on its first load.)
 */
export function useStepEntries(step: StepDefinition): { id: string; label: string }[] {
  const definition = useDefinition();
  const { project } = useProjectScope();
  const field = step.meta.list?.card.title;
  const items = project[step.meta.key];
  if (!field || !Array.isArray(items)) return [];
  return (items as ItemJson[]).map((item) => {
    const value = displayValues(definition, step, item, { fields: [field] })[field];
    return { id: item.id, label: Array.isArray(value) ? value.join(', ') : String(value ?? '') };
  });
}

/**
 * The Rückfragen of one step, above its form (docs/product.md#rückfragen), for both sides: the
 * open ones with their replies and a reply box, the resolved ones folded away
 * („2 erledigte Rückfragen anzeigen“). Members also ask („Rückfrage stellen“, a dialog), resolve
 * and reopen; a customer only reads and replies. Loaded with its own chunk: the share link loads
 * it only on a step that has Rückfragen.
 */
export function StepQuestions({ step }: { step: StepDefinition }) {
  const { t } = useQuestionTexts();
  const { project, isOwner, editable } = useProjectScope();
  const { data = [], isError } = useGetProjectQuestionsQuery(project.id);
  const entries = useStepEntries(step);
  const [asking, setAsking] = useState(false);
  const [showResolved, setShowResolved] = useState(false);
  const headingId = useId();
  const resolvedId = useId();
  // A question resolved or reopened leaves its list (and the focused button with it): attention
  // goes to the block's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const questions = data.filter((question) => question.step === step.meta.key);
  const open = questions.filter((question) => !question.resolved_at);
  const resolved = questions.filter((question) => question.resolved_at);
  const canAsk = isOwner && !project.is_archived;
  // The first Rückfrage of a step replaces the lone „Rückfrage stellen“ (where the dialog would
  // return the focus) by the block: the focus goes to its heading instead of the page.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!asked || !heading.current) return;
    setAsked(false);
    if (!document.activeElement || document.activeElement === document.body)
      heading.current.focus();
  }, [asked, questions.length]);

  const askButton = canAsk ? (
    <button
      type="button"
      className="button button-secondary step-questions-ask"
      onClick={() => setAsking(true)}
    >
      {t('questions.ask')}
    </button>
  ) : null;
  const dialog = asking ? (
    <AskQuestionDialog
      projectId={project.id}
      step={step}
      entries={entries}
      onAsked={() => setAsked(true)}
      onClose={() => setAsking(false)}
    />
  ) : null;

  if (!questions.length && !isError)
    return canAsk ? (
      <div className="step-questions-bar">
        {askButton}
        {dialog}
      </div>
    ) : null;

  const card = (question: (typeof questions)[number]) => (
    <QuestionCard
      key={question.id}
      projectId={project.id}
      question={question}
      entries={step.meta.kind === 'list' ? entries : undefined}
      isMember={isOwner}
      editable={editable}
      onMoved={() => heading.current?.focus()}
    />
  );

  return (
    <section className="step-questions" aria-labelledby={headingId}>
      <div className="step-questions-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {t('questions.title')}
        </h2>
        {askButton}
      </div>
      {isError ? (
        <p className="notice notice-warning" role="status">
          {t('questions.loadFailed')}
        </p>
      ) : null}
      {open.length ? <ol className="question-list">{open.map(card)}</ol> : null}
      {resolved.length ? (
        <>
          <button
            type="button"
            className="button-link step-questions-toggle"
            aria-expanded={showResolved}
            aria-controls={resolvedId}
            onClick={() => setShowResolved(!showResolved)}
          >
            {t(showResolved ? 'questions.hideResolved' : 'questions.showResolved', {
              count: resolved.length,
            })}
          </button>
          <ol id={resolvedId} className="question-list is-resolved" hidden={!showResolved}>
            {showResolved ? resolved.map(card) : null}
          </ol>
        </>
      ) : null}
      {dialog}
    </section>
  );
}
