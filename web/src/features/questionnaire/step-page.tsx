import { lazyWithPreload, Markdown } from '@fragewerk/engine/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { useParams } from 'react-router-dom';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { ApproveButton } from '../projects/approve-button.tsx';
import { useProjectScope } from '../projects/project-context.ts';
import { useProjectProgress } from '../projects/use-project-progress.ts';
import { useOpenQuestions } from '../questions/question-badges.tsx';
import { ListStepContainer } from './list-step-container.tsx';
import { StageNavigation } from './stage-navigation.tsx';
import { StepFooter } from './step-footer.tsx';
import { neighbours, stepBySlug } from './step-order.ts';
import './step-page.css';

// A form step brings rjsf; it loads when a form step is opened (list steps do not need it).
const FormStepContainer = lazyWithPreload(() =>
  import('./form-step-container.tsx').then((module) => module.FormStepContainer),
);

// Members only: the „geprüft“ mark and its API load with it, never for a customer's share link.
const ReviewToggle = lazy(() =>
  import('./review-toggle.tsx').then((module) => ({ default: module.ReviewToggle })),
);

// The Rückfragen with their dialog and texts: for a customer only on a step with open ones.
const StepQuestions = lazyWithPreload(() =>
  import('../questions/step-questions.tsx').then((module) => module.StepQuestions),
);

/** One questionnaire step: navigation, heading, the step's content, the help sidebar, the footer. */
export function StepPage() {
  const { t } = useTranslation();
  const definition = useDefinition();
  const { project, isOwner } = useProjectScope();
  const progress = useProjectProgress(project);
  const { slug } = useParams();
  const step = stepBySlug(definition, slug);
  const questions = useOpenQuestions(project.id);
  useDocumentTitle(step ? step.meta.title : t('routes.notFound'));
  if (!step) return <NotFoundPage />;
  const isLast = !neighbours(definition, step.meta.key).next;

  return (
    <>
      <StageNavigation
        definition={definition}
        projectId={project.id}
        current={step}
        progress={progress}
        reviewed={project.reviews.map((review) => review.step)}
      />
      <div className="step-layout">
        <section className="step-main" aria-labelledby="step-heading">
          <p className="step-kicker">{step.meta.title}</p>
          <h1 id="step-heading">{step.meta.heading}</h1>
          {isOwner || questions[step.meta.key] ? (
            <Suspense>
              <StepQuestions key={step.meta.key} step={step} />
            </Suspense>
          ) : null}
          {step.meta.kind === 'list' ? (
            <ListStepContainer key={step.meta.key} step={step} />
          ) : (
            <Suspense fallback={<Spinner />}>
              <FormStepContainer key={step.meta.key} step={step} />
            </Suspense>
          )}
          {isOwner ? (
            <Suspense>
              <ReviewToggle key={step.meta.key} step={step.meta.key} />
            </Suspense>
          ) : null}
          {isLast && !project.is_approved ? (
            <div className="approve-box">
              <ApproveButton />
            </div>
          ) : null}
        </section>
        <aside className="step-help" aria-label={step.meta.title}>
          <Markdown source={step.help} />
        </aside>
      </div>
      <StepFooter definition={definition} projectId={project.id} step={step} />
    </>
  );
}
