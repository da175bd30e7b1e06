import { ProseRenderer, type StepDefinition } from '@fragewerk/engine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { LeaveTo } from '../auth/leave-to.tsx';
import { useProjectScope } from '../projects/project-context.ts';

type Answers = Record<string, unknown>;

function StepResults({
  step,
  answers,
  prose,
}: {
  step: StepDefinition;
  answers: unknown;
  prose: ProseRenderer;
}) {
  const heading = typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title;
  const empty = prose.t('common', 'empty');
  if (step.meta.kind === 'list') {
    const items = Array.isArray(answers) ? (answers as Answers[]) : [];
    return (
      <section className="result-step">
        <h3>{heading}</h3>
        {items.length === 0 ? <p className="empty">{empty}</p> : null}
        {items.map((item) => {
          const { title, lines } = prose.describeItem(step.meta.key, item);
          return (
            <article key={String(item.id)} className="result-card">
              <h4>{title}</h4>
              {lines.map((line, index) => (
                <p key={index}>{line}</p>
              ))}
            </article>
          );
        })}
      </section>
    );
  }
  const paragraphs = prose.describeForm(step.meta.key, (answers ?? {}) as Answers);
  return (
    <section className="result-step">
      <h3>{heading}</h3>
      {paragraphs.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        paragraphs.map((text, index) => <p key={index}>{text}</p>)
      )}
    </section>
  );
}

/** The results view (niceview): every step's answers as German prose, by stage. */
export function ResultsPage() {
  const { t } = useTranslation();
  const definition = useDefinition();
  const user = useCurrentUser();
  const { project } = useProjectScope();
  const prose = useMemo(() => new ProseRenderer(definition), [definition]);
  useDocumentTitle(t('routes.results'));
  if (!project.is_niceview_enabled && !user) return <LeaveTo url={paths.login.url()} />;

  return (
    <article className="page results">
      <header>
        <h1>{t('routes.results')}</h1>
        <p className="subtitle">
          {project.customer_firm} · {project.project_name}
        </p>
      </header>
      {definition.stages.map((stage) => (
        <section key={stage.key} className="result-stage" aria-labelledby={`stage-${stage.key}`}>
          <h2 id={`stage-${stage.key}`}>{stage.title}</h2>
          {definition.steps
            .filter((step) => step.stage === stage.key)
            .map((step) => (
              <StepResults
                key={step.meta.key}
                step={step}
                answers={project[step.meta.key]}
                prose={prose}
              />
            ))}
        </section>
      ))}
    </article>
  );
}
