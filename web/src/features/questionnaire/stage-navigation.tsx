import type { Definition, StepDefinition } from '@fragewerk/engine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import './stage-navigation.css';

/** The three stage tabs ('1 Business Insights', …) and the sub-navigation of the current stage. */
export function StageNavigation({
  definition,
  projectId,
  current,
}: {
  definition: Definition;
  projectId: string;
  current: StepDefinition;
}) {
  const { t } = useTranslation();
  const stepsOf = (stageKey: string) => definition.steps.filter((step) => step.stage === stageKey);
  return (
    <div className="stage-nav">
      <nav aria-label={t('questionnaire.stages')}>
        <ol className="stage-tabs">
          {definition.stages.map((stage, index) => {
            const first = stepsOf(stage.key)[0];
            const active = stage.key === current.stage;
            return (
              <li key={stage.key}>
                {/* A plain Link: NavLink would set aria-current only on the stage's first step. */}
                <Link
                  to={first ? paths.step.url(projectId, first.meta.slug) : '#'}
                  className={active ? 'stage-tab is-active' : 'stage-tab'}
                  aria-current={active ? 'true' : undefined}
                >
                  <span className="stage-number">{index + 1}</span> {stage.title}
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      <nav aria-label={t('questionnaire.steps')}>
        <ul className="step-tabs">
          {stepsOf(current.stage).map((step) => (
            <li key={step.meta.key}>
              <NavLink to={paths.step.url(projectId, step.meta.slug)} className="step-tab">
                {step.meta.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
