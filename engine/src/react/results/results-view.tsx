import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { Definition, StepDefinition } from '../../core/index.ts';
import { ProseRenderer, stepResultsMarkup, type CardTexts } from '../../core/index.ts';
import { type FilledTexts, useEngineTexts } from '../engine-texts.tsx';
import { ratingLabel } from '../list/rating-stars.tsx';
import { scrollToElement } from './smooth-scroll.ts';
import './results-view.css';

export interface ResultsViewProps {
  definition: Definition;
  /** The answers of every step under its key (lists as arrays, forms as objects). */
  answers: Record<string, unknown>;
  /** Title block: customer firm, project name, date line. */
  customer: string;
  project: string;
  dateLine: string;
  onPrint: () => void;
  /** Links beside the title block that stay off paper, e.g. back to the questionnaire. */
  actions?: ReactNode;
  /** On paper only, above the title block: the letterhead, e.g. the agency's logo and name. */
  letterhead?: ReactNode;
  /** On paper only, above the customer: what the document is, e.g. „Briefing“. */
  documentKind?: string;
  /** Lines below the date line, e.g. the approval date. */
  notes?: ReactNode;
  /**
   * The steps' parts as the server made them (`stepResultsMarkup`, by step key); a step without
   * one is made here from `answers`.
   */
  stepMarkup?: Record<string, string | undefined>;
}

/** The custom property results-view.css offsets the sections' scroll-margin-top by. */
const STICKY_HEIGHT = '--fw-results-sticky-height';

/** The card texts of `stepResultsMarkup` from the engine's texts. */
export function cardTexts(texts: FilledTexts): CardTexts {
  return { rating: (value, max) => ratingLabel(texts, value, max), openLink: texts.openLink };
}

/**
 * One step's part of the results view: its heading, prose, cards, stars or profile – as the server
 * made it (`markup`), else made here by the same function. One string per step: the browser parses
 * its ~1,800 elements in one go instead of React making one element each.
 */
export function StepResults({
  definition,
  step,
  answers,
  prose,
  markup,
}: {
  definition: Definition;
  step: StepDefinition;
  answers: unknown;
  prose: ProseRenderer;
  /** The part as `stepResultsMarkup` made it on the server. */
  markup?: string;
}) {
  const texts = useEngineTexts();
  const html = markup ?? stepResultsMarkup(definition, step, answers, prose, cardTexts(texts));
  return (
    <section
      className="result-step"
      aria-labelledby={`result-${step.meta.key}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * The results view (niceview), rendered from the definition alone: one section per stage, one
 * part per step with its prose, cards, stars and the polarity profile; a step added as files
 * appears with no code change. Section links scroll smoothly; 'Drucken' prints.
 */
export function ResultsView({
  definition,
  answers,
  customer,
  project,
  dateLine,
  onPrint,
  actions,
  letterhead,
  documentKind,
  notes,
  stepMarkup,
}: ResultsViewProps) {
  const prose = useMemo(() => new ProseRenderer(definition), [definition]);
  const texts = useEngineTexts();
  const results = useRef<HTMLElement>(null);
  const nav = useRef<HTMLElement>(null);
  // The sticky bar's real height, for the sections' scroll-margin-top: it wraps to several rows on
  // a phone, and a jump must land with the heading below it. Measured when the observer reports
  // (after the browser's own layout, and once when it starts), not right after the commit, where
  // reading the size forced a layout of the whole long page inside the script.
  useEffect(() => {
    const bar = nav.current;
    const view = results.current;
    if (!bar || !view || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      view.style.setProperty(STICKY_HEIGHT, `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return (
    <article className="results" ref={results}>
      <header className="results-title">
        {actions ? <div className="results-actions">{actions}</div> : null}
        {letterhead ? <div className="results-letterhead">{letterhead}</div> : null}
        {documentKind ? <p className="results-kind">{documentKind}</p> : null}
        <p className="results-customer">{customer}</p>
        <h1>{project}</h1>
        <p className="results-date">{dateLine}</p>
        {notes ? <div className="results-notes">{notes}</div> : null}
      </header>
      <nav className="results-nav" ref={nav} aria-label={prose.t('common', 'title')}>
        <ul>
          {definition.stages.map((stage) => (
            <li key={stage.key}>
              <a
                href={`#stage-${stage.key}`}
                onClick={(event) => {
                  const target = document.getElementById(`stage-${stage.key}`);
                  if (!target) return;
                  event.preventDefault();
                  scrollToElement(target);
                  target.focus({ preventScroll: true });
                }}
              >
                {stage.title}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={onPrint}>
          {texts.print}
        </button>
      </nav>
      {definition.stages.map((stage) => (
        <section
          key={stage.key}
          id={`stage-${stage.key}`}
          className="result-stage"
          tabIndex={-1}
          aria-labelledby={`stage-title-${stage.key}`}
        >
          <h2 id={`stage-title-${stage.key}`}>{stage.title}</h2>
          {definition.steps
            .filter((step) => step.stage === stage.key)
            .map((step) => (
              <StepResults
                key={step.meta.key}
                definition={definition}
                step={step}
                answers={answers[step.meta.key]}
                prose={prose}
                markup={stepMarkup?.[step.meta.key]}
              />
            ))}
        </section>
      ))}
    </article>
  );
}
