import type { Definition, ProjectProgress, StepDefinition } from '@fragewerk/engine/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { QuestionBadge, QuestionTotal, useOpenQuestions } from '../questions/question-badges.tsx';
import './stage-navigation.css';

/**
 * A step's marks, for the eye only (their words stand beside them): a check for a complete step,
 * an exclamation mark for one that needs a look, and a double check once the agency marked it
 * „geprüft“ (docs/product.md#geprüft).
 */
function StepMarks({ state, reviewed }: { state: string | undefined; reviewed: boolean }) {
  return (
    <>
      {state === 'complete' || state === 'review' ? (
        <span className={`step-mark is-${state}`} aria-hidden="true">
          {state === 'complete' ? '✓' : '!'}
        </span>
      ) : null}
      {reviewed ? (
        <span className="step-mark is-reviewed" aria-hidden="true">
          ✓✓
        </span>
      ) : null}
    </>
  );
}

/**
 * A step in the sub-navigation with its marks; their words („vollständig, geprüft“) describe the
 * link for screen readers.
 */
function StepTab({
  step,
  projectId,
  state,
  reviewed,
}: {
  step: StepDefinition;
  projectId: string;
  state: string | undefined;
  reviewed: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const questions = useOpenQuestions(projectId);
  const words = [
    (state === 'complete' || state === 'review') && t(`progress.state.${state}`),
    reviewed && t('progress.reviewed'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li>
      <NavLink
        to={paths.step.url(projectId, step.meta.slug)}
        className="step-tab"
        aria-describedby={words ? id : undefined}
      >
        {step.meta.title}
        <StepMarks state={state} reviewed={reviewed} />
        <QuestionBadge count={questions[step.meta.key]} />
      </NavLink>
      {words ? (
        <span id={id} hidden>
          {words}
        </span>
      ) : null}
    </li>
  );
}

interface NavigationProps {
  definition: Definition;
  projectId: string;
  current: StepDefinition;
  progress: ProjectProgress;
  /** Keys of the steps the agency marked „geprüft“. */
  reviewed: readonly string[];
}

/**
 * Narrow screens (docs/product.md#fragebogen): one button „Schritt 3 von 8 · Ziele“ that opens
 * every step of the questionnaire by stage, each with its state in words; Escape closes the list
 * and returns to the button. Choosing a step closes it (it belongs to the step it was opened on).
 */
function CompactNavigation({
  definition,
  projectId,
  current,
  progress,
  reviewed,
}: NavigationProps) {
  const { t } = useTranslation();
  const listId = useId();
  const stateId = useId();
  const questions = useOpenQuestions(projectId);
  const toggle = useRef<HTMLButtonElement>(null);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === current.meta.key;
  const number = definition.steps.indexOf(current) + 1;
  const stateOf = (step: StepDefinition) => progress.steps[step.meta.key]?.state ?? 'empty';
  const currentState = stateOf(current);
  const reviewedWords = (step: StepDefinition) =>
    reviewed.includes(step.meta.key) ? `, ${t('progress.reviewed')}` : '';
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setOpenOn(null);
    toggle.current?.focus();
  };
  return (
    <div className="stage-nav-compact" onKeyDown={open ? close : undefined}>
      <button
        ref={toggle}
        type="button"
        className="step-picker"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={stateId}
        onClick={() => setOpenOn(open ? null : current.meta.key)}
      >
        <span className="step-picker-label">
          <span className="step-picker-number">
            {t('questionnaire.stepOf', { number, total: definition.steps.length })}
          </span>
          {' · '}
          <span className="step-picker-title">{current.meta.title}</span>
        </span>
        <StepMarks state={currentState} reviewed={reviewed.includes(current.meta.key)} />
        <span className="step-picker-caret" aria-hidden="true" />
      </button>
      <span id={stateId} hidden>
        {t(`progress.state.${currentState}`)}
        {reviewedWords(current)}
      </span>
      <nav
        id={listId}
        className="step-picker-list"
        aria-label={t('questionnaire.allSteps')}
        hidden={!open}
      >
        {open ? (
          <ol className="step-picker-stages">
            {definition.stages.map((stage, index) => {
              const steps = definition.steps.filter((step) => step.stage === stage.key);
              const complete = steps.filter((step) => stateOf(step) === 'complete').length;
              return (
                <li key={stage.key}>
                  <p className="step-picker-stage">
                    <span className="stage-number">{index + 1}</span> {stage.title}
                    <span
                      className={complete === steps.length ? 'stage-count is-done' : 'stage-count'}
                    >
                      <span aria-hidden="true">
                        {complete}/{steps.length}
                      </span>
                      <span className="visually-hidden">
                        {t('progress.stage', { complete, total: steps.length })}
                      </span>
                    </span>
                  </p>
                  <ul>
                    {steps.map((step) => {
                      const state = stateOf(step);
                      return (
                        <li key={step.meta.key}>
                          <NavLink
                            to={paths.step.url(projectId, step.meta.slug)}
                            className="step-picker-link"
                            onClick={() => setOpenOn(null)}
                          >
                            <span className="step-picker-link-title">
                              {step.meta.title}
                              <QuestionBadge count={questions[step.meta.key]} />
                            </span>
                            <span className={`step-state is-${state}`}>
                              <StepMarks
                                state={state}
                                reviewed={reviewed.includes(step.meta.key)}
                              />
                              {t(`progress.state.${state}`)}
                              {reviewedWords(step)}
                            </span>
                          </NavLink>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ol>
        ) : null}
        {open ? (
          <Link className="step-picker-about" to={paths.welcome.url(projectId)}>
            {t('questionnaire.about')}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/**
 * The three stage tabs ('1 Business Insights', …) with how many of their steps are complete
 * („2/3“), and the sub-navigation of the current stage with each step's mark. On narrow screens
 * both give way to the compact navigation (CSS decides which one shows).
 */
export function StageNavigation(props: NavigationProps) {
  const { definition, projectId, current, progress, reviewed } = props;
  const { t } = useTranslation();
  const baseId = useId();
  const stepsOf = (stageKey: string) => definition.steps.filter((step) => step.stage === stageKey);
  const stateOf = (step: StepDefinition) => progress.steps[step.meta.key]?.state;
  return (
    <div className="stage-nav">
      <CompactNavigation {...props} />
      <nav className="stage-nav-wide" aria-label={t('questionnaire.stages')}>
        <ol className="stage-tabs">
          {definition.stages.map((stage, index) => {
            const steps = stepsOf(stage.key);
            const first = steps[0];
            const active = stage.key === current.stage;
            const complete = steps.filter((step) => stateOf(step) === 'complete').length;
            const figure = `${baseId}-${stage.key}`;
            return (
              <li key={stage.key}>
                {/* A plain Link: NavLink would set aria-current only on the stage's first step. */}
                <Link
                  to={first ? paths.step.url(projectId, first.meta.slug) : '#'}
                  className={active ? 'stage-tab is-active' : 'stage-tab'}
                  aria-current={active ? 'true' : undefined}
                  aria-describedby={figure}
                >
                  <span className="stage-number">{index + 1}</span> {stage.title}
                  <span
                    className={complete === steps.length ? 'stage-count is-done' : 'stage-count'}
                    aria-hidden="true"
                  >
                    {complete}/{steps.length}
                  </span>
                </Link>
                <span id={figure} hidden>
                  {t('progress.stage', { complete, total: steps.length })}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="step-tabs-row stage-nav-wide">
        <nav aria-label={t('questionnaire.steps')}>
          <ul className="step-tabs">
            {stepsOf(current.stage).map((step) => (
              <StepTab
                key={step.meta.key}
                step={step}
                projectId={projectId}
                state={stateOf(step)}
                reviewed={reviewed.includes(step.meta.key)}
              />
            ))}
          </ul>
        </nav>
        <Link className="about-link" to={paths.welcome.url(projectId)}>
          {t('questionnaire.about')}
        </Link>
      </div>
      <QuestionTotal definition={definition} projectId={projectId} />
    </div>
  );
}
