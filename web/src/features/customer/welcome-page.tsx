import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { AgencyContact } from './agency-contact.tsx';
import { briefingMinutes, formatCalendarDate } from '@fragewerk/engine/core';
import { isPast } from '../../lib/due-date.ts';
import { markWelcomeSeen } from './welcome-seen.ts';
import './customer-pages.css';
import { useCustomerTexts } from './customer-texts.ts';

/**
 * The customer's start page (docs/product.md#willkommensseite-und-dank): who asks, what the
 * questionnaire covers (stages and steps of the definition), roughly how long it takes, how
 * saving works, the contact person, and „Los geht’s“ to the first step.
 */
export function WelcomePage() {
  const { t } = useCustomerTexts();
  const definition = useDefinition();
  const { project } = useProjectScope();
  useDocumentTitle(t('customer.welcome.title'));
  const first = definition.steps[0]!;
  return (
    <section className="page page-narrow customer-page" aria-labelledby="welcome-heading">
      <p className="step-kicker">
        {t('customer.welcome.kicker', { customer: project.customer_firm })}
      </p>
      <h1 id="welcome-heading">
        {t('customer.welcome.heading', { project: project.project_name })}
      </h1>
      <p className="customer-lead">
        {t('customer.welcome.intro', { company: project.user.company })}
      </p>

      <h2>{t('customer.welcome.coversHeading')}</h2>
      <dl className="customer-facts">
        <div>
          <dt>{t('customer.welcome.stages')}</dt>
          <dd>{definition.stages.length}</dd>
        </div>
        <div>
          <dt>{t('customer.welcome.steps')}</dt>
          <dd>{definition.steps.length}</dd>
        </div>
        <div>
          <dt>{t('customer.welcome.duration')}</dt>
          <dd>{t('customer.welcome.minutes', { minutes: briefingMinutes(definition) })}</dd>
        </div>
        {project.due_date ? (
          <div>
            <dt>
              {t(isPast(project.due_date) ? 'customer.welcome.overdue' : 'customer.welcome.due')}
            </dt>
            <dd>{formatCalendarDate(project.due_date)}</dd>
          </div>
        ) : null}
      </dl>
      <ol className="customer-stages">
        {definition.stages.map((stage) => (
          <li key={stage.key}>
            <strong>{stage.title}</strong>
            <span className="customer-stage-steps">
              {definition.steps
                .filter((step) => step.stage === stage.key)
                .map((step) => step.meta.title)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ol>

      <h2>{t('customer.welcome.goodToKnow')}</h2>
      <ul className="customer-notes">
        <li>{t('customer.welcome.saved')}</li>
        <li>{t('customer.welcome.comeBack')}</li>
        <li>{t('customer.welcome.approve')}</li>
      </ul>

      <h2>{t('customer.contact.heading')}</h2>
      <AgencyContact contact={project.user} />

      <p className="customer-actions">
        <Link
          className="button"
          to={paths.step.url(project.id, first.meta.slug)}
          onClick={() => markWelcomeSeen(project.id)}
        >
          {t('customer.welcome.start')}
        </Link>
      </p>
    </section>
  );
}
