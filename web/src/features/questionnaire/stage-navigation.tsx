import type { Definition, ProjectProgress, StepDefinition } from '@fragewerk/engine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import './stage-navigation.css';

/**
 * A step in the sub-navigation with its mark: a check for a complete step, an exclamation mark for
 * one that needs a look; the mark's words describe the link for screen readers.
 */
function StepTab({
  step,
  projectId,
  state,
}: {
  step: StepDefinition;
  projectId: string;
  state: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const marked = state === 'complete' || state === 'review';
  return (
    <li>
      <NavLink
        to={paths.step.url(projectId, step.meta.slug)}
        className="step-tab"
        aria-describedby={marked ? id : undefined}
      >
        {step.meta.title}
        {marked ? (
          <span className={`step-mark is-${state}`} aria-hidden="true">
            {state === 'complete' ? '✓' : '!'}
          </span>
        ) : null}
      </NavLink>
      {marked ? (
        <span id={id} hidden>
          {t(`progress.state.${state}`)}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The three stage tabs ('1 Business Insights', …) with how many of their steps are complete
 * („2/3“), and the sub-navigation of the current stage with each step's mark.
 */
export function StageNavigation({
  definition,
  projectId,
  current,
  progress,
}: {
  definition: Definition;
  projectId: string;
  current: StepDefinition;
  progress: ProjectProgress;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const stepsOf = (stageKey: string) => definition.steps.filter((step) => step.stage === stageKey);
  const stateOf = (step: StepDefinition) => progress.steps[step.meta.key]?.state;
  return (
    <div className="stage-nav">
      <nav aria-label={t('questionnaire.stages')}>
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
      <nav aria-label={t('questionnaire.steps')}>
        <ul className="step-tabs">
          {stepsOf(current.stage).map((step) => (
            <StepTab key={step.meta.key} step={step} projectId={projectId} state={stateOf(step)} />
          ))}
        </ul>
      </nav>
    </div>
  );
}
