import type { Definition, StepDefinition } from '@fragewerk/engine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { neighbours } from './step-order.ts';
import './step-footer.css';

const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/**
 * Previous and next step links, scrolling to the top of the project view
 * (docs/product.md#routen-und-screens).
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
  const { previous, next } = neighbours(definition, step.meta.key);
  return (
    <nav className="step-footer" aria-label={step.meta.title}>
      {previous ? (
        <Link
          className="button button-secondary"
          to={paths.step.url(projectId, previous.meta.slug)}
          onClick={toTop}
        >
          {t('questionnaire.previous', { title: previous.meta.title })}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="button" to={paths.step.url(projectId, next.meta.slug)} onClick={toTop}>
          {t('questionnaire.next', { title: next.meta.title })}
        </Link>
      ) : null}
    </nav>
  );
}
