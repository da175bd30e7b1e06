import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { Definition, StepDefinition } from '../../core/index.ts';
import { ProseRenderer } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import { escapeMarkup, itemCardMarkup } from './card-markup.ts';
import type { ListItem } from '../list/list-types.ts';
import { PolarityChart } from './polarity-chart.tsx';
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
}

type Answers = Record<string, unknown>;

/** The custom property results-view.css offsets the sections' scroll-margin-top by. */
const STICKY_HEIGHT = '--fw-results-sticky-height';

/** A list step's entries by the groups of its definition (one group without a heading if none). */
export function listGroups(step: StepDefinition, items: ListItem[]) {
  const list = step.meta.list!;
  return list.groups && list.groupBy
    ? list.groups.map((group) => ({
        heading: group.heading as string | undefined,
        key: group.key,
        items: items.filter((item) => item[list.groupBy!] === group.value),
      }))
    : [{ heading: undefined, key: 'all', items }];
}

function ListResults({
  definition,
  step,
  items,
  prose,
}: {
  definition: Definition;
  step: StepDefinition;
  items: ListItem[];
  prose: ProseRenderer;
}) {
  const texts = useEngineTexts();
  const groups = listGroups(step, items);
  return (
    <>
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <div key={group.key} className="result-group">
            {group.heading ? <h4 className="result-group-heading">{group.heading}</h4> : null}
            {group.items.map((item) => {
              const { lines } = prose.describeItem(step.meta.key, item, { title: false });
              // The card and its sentences as markup (the same elements as ItemCard and one <p>
              // per line, texts escaped): ~170 of them, most of the view's elements.
              let markup = itemCardMarkup(definition, step, item, texts);
              for (const line of lines)
                markup += `<p class="result-line">${escapeMarkup(line)}</p>`;
              return (
                <article
                  key={item.id}
                  className="result-card"
                  dangerouslySetInnerHTML={{ __html: markup }}
                />
              );
            })}
          </div>
        ),
      )}
    </>
  );
}

/** One step's part of the results view: its heading, prose, cards, stars or profile. */
export function StepResults({
  definition,
  step,
  answers,
  prose,
}: {
  definition: Definition;
  step: StepDefinition;
  answers: unknown;
  prose: ProseRenderer;
}) {
  const heading = typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title;
  const empty = <p className="empty">{prose.t('common', 'empty')}</p>;
  let body;
  if (step.meta.kind === 'list') {
    const items = Array.isArray(answers) ? (answers as ListItem[]) : [];
    body = items.length ? (
      <ListResults definition={definition} step={step} items={items} prose={prose} />
    ) : (
      empty
    );
  } else {
    const data = (answers ?? {}) as Answers;
    const profile = prose.describeProfile(step.meta.key, data);
    const paragraphs = prose.describeForm(step.meta.key, data);
    if (profile) {
      body = profile.rows.length ? (
        <div className="result-card">
          {paragraphs.map((text, index) => (
            <p key={index}>{text}</p>
          ))}
          <PolarityChart rows={profile.rows} label={`${heading}: ${profile.sentences.join(' ')}`} />
          {profile.sentences.map((text, index) => (
            <p key={index} className="result-line">
              {text}
            </p>
          ))}
        </div>
      ) : (
        empty
      );
    } else {
      body = paragraphs.length ? (
        <div className="result-card">
          {paragraphs.map((text, index) => (
            <p key={index} className="result-line">
              {text}
            </p>
          ))}
        </div>
      ) : (
        empty
      );
    }
  }
  return (
    <section className="result-step" aria-labelledby={`result-${step.meta.key}`}>
      <h3 id={`result-${step.meta.key}`}>{heading}</h3>
      {body}
    </section>
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
        <p className="results-customer">{customer}</p>
        <h1>{project}</h1>
        <p className="results-date">{dateLine}</p>
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
              />
            ))}
        </section>
      ))}
    </article>
  );
}
