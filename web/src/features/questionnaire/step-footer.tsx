import type { Definition, StepDefinition } from '@fragewerk/engine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { neighbours } from './step-order.ts';
import './step-footer.css';

/** Marks a footer navigation, so the next step starts at the top. */
const TO_TOP = { scrollToTop: true };

/**
 * Previous and next step links, scrolling to the top of the project view
 * (docs/product.md#routen-und-screens) once the step has changed: a step that asks before it is
 * left (unsaved input) keeps its place while it asks.
 */
export function StepFooter({
  definition,
  projectId,
  step,
}: {
  definition: Definition;
  projectId: string;
  step: StepDefinition;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { previous, next } = neighbours(definition, step.meta.key);
  const toTop = (location.state as typeof TO_TOP | null)?.scrollToTop;
  useEffect(() => {
    if (toTop) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location.key, toTop]);
  return (
    <nav className="step-footer" aria-label={step.meta.title}>
      {previous ? (
        <Link
          className="button button-secondary"
          to={paths.step.url(projectId, previous.meta.slug)}
          state={TO_TOP}
        >
          {t('questionnaire.previous', { title: previous.meta.title })}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="button" to={paths.step.url(projectId, next.meta.slug)} state={TO_TOP}>
          {t('questionnaire.next', { title: next.meta.title })}
        </Link>
      ) : null}
    </nav>
  );
}
