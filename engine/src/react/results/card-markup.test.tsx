// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { proseSamples } from '../../core/prose-samples.ts';
import { EngineTextsProvider, useEngineTexts } from '../engine-texts.tsx';
import { GERMAN_TEXTS } from '../test/german-texts.ts';
import { testDefinition as definition } from '../test/render.tsx';
import { ItemCard } from '../list/item-card.tsx';
import type { ListItem } from '../list/list-types.ts';
import {
  itemCardMarkup,
  listGroups,
  polarityChartMarkup,
  ProseRenderer,
} from '../../core/index.ts';
import type { StepDefinition } from '../../core/index.ts';
import { cardTexts, StepResults } from './results-view.tsx';

afterEach(cleanup);

/** The card as ItemCard renders it (withText false, as in the results view), and as markup. */
function Both({ stepKey, item }: { stepKey: string; item: ListItem }) {
  const step = definition.steps.find((candidate) => candidate.meta.key === stepKey)!;
  const texts = useEngineTexts();
  return (
    <>
      <div data-testid="react">
        <ItemCard definition={definition} step={step} item={item} withText={false} />
      </div>
      <div
        data-testid="markup"
        dangerouslySetInnerHTML={{
          __html: itemCardMarkup(definition, step, item, cardTexts(texts)),
        }}
      />
    </>
  );
}

function expectSame(stepKey: string, item: ListItem) {
  const { getByTestId } = render(
    <EngineTextsProvider texts={GERMAN_TEXTS}>
      <Both stepKey={stepKey} item={item} />
    </EngineTextsProvider>,
  );
  const markup = getByTestId('markup').innerHTML;
  expect(markup).toBe(getByTestId('react').innerHTML);
  cleanup();
  return markup;
}

const listSteps = definition.steps.filter((step) => step.meta.kind === 'list');

describe('itemCardMarkup', () => {
  it('makes the same elements as ItemCard without texts, for every generated entry', () => {
    const { samples } = proseSamples(definition);
    let compared = 0;
    for (const sample of samples) {
      if (!listSteps.some((step) => step.meta.key === sample.step)) continue;
      expectSame(sample.step, { id: `${compared}`, version: 1, ...sample.data } as ListItem);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(listSteps.length);
  });

  it('escapes what the customer typed, in texts and in the link', () => {
    const typed = '<img src=x onerror=alert(1)> & "Zitat" \'so\'';
    for (const step of listSteps) {
      const item = { id: '1', version: 1 } as ListItem;
      for (const name of Object.keys(step.schema.properties ?? {})) item[name] = typed;
      const card = step.meta.list!.card;
      if (card.rating) item[card.rating] = 3;
      if (card.link) item[card.link] = `https://muster.example/?a=1&b="2"<x>`;
      const markup = expectSame(step.meta.key, item);
      expect(markup).not.toContain('<img src=x');
    }
  });

  it('defuses a javascript: link as React does', () => {
    const step = listSteps.find((candidate) => candidate.meta.list!.card.link)!;
    const link = step.meta.list!.card.link!;
    for (const url of ['javascript:alert(1)', ' \tJava\nScript:alert(1)'])
      expect(
        expectSame(step.meta.key, { id: '1', version: 1, name: 'Muster', [link]: url }),
      ).toContain('React has blocked a javascript: URL');
  });

  it('shows every address of a list of addresses (url-list) as a link of its own', () => {
    const step = listSteps.find((candidate) => candidate.meta.list!.card.link)!;
    const link = step.meta.list!.card.link!;
    const urls = [
      'https://eins.example/?a=1&b="2"',
      '',
      'javascript:alert(1)',
      'https://zwei.example',
    ];
    const markup = expectSame(step.meta.key, { id: '1', version: 1, name: 'Muster', [link]: urls });
    expect(markup.match(/<a class="item-link"/g)).toHaveLength(3);
    expect(markup).toContain('href="https://eins.example/?a=1&amp;b=&quot;2&quot;"');
    expect(markup).toContain('React has blocked a javascript: URL');
  });
});

/** What `ui` renders with the engine's German texts, as markup. */
function html(ui: React.ReactElement): string {
  const markup = render(<EngineTextsProvider texts={GERMAN_TEXTS}>{ui}</EngineTextsProvider>)
    .container.innerHTML;
  cleanup();
  return markup;
}

/**
 * The entry with its title as the sentences write it (#38): typed doubled marks („Holz!!“) made
 * single, and the step's rule for the title field applied („als pendler“: „Pendler“).
 */
function withProseTitle(step: StepDefinition, item: ListItem, prose: ProseRenderer): ListItem {
  const field = step.meta.list!.card.title;
  const title = prose.describeItem(step.meta.key, item).title;
  const typed = item[field] === 'custom' ? `custom_${field}` : field;
  const raw = item[typed];
  const ruled = !!step.meta.prose?.normalize?.[field];
  if (
    !title ||
    typeof raw !== 'string' ||
    (!ruled && !/([!?,;:])\1|(?<!\.)\.\.(?!\.)|\s\s/u.test(raw))
  )
    return item;
  return { ...item, [typed]: title };
}

/** A list step's results as React made them before they became markup: groups, cards, lines. */
function ReactListResults({ step, items }: { step: StepDefinition; items: ListItem[] }) {
  const prose = new ProseRenderer(definition);
  const groups = listGroups(step, items);
  return (
    <section className="result-step" aria-labelledby={`result-${step.meta.key}`}>
      <h3 id={`result-${step.meta.key}`}>
        {typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title}
      </h3>
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <div key={group.key} className="result-group">
            {group.heading ? <h4 className="result-group-heading">{group.heading}</h4> : null}
            {group.items.map((item, position) => (
              <article key={item.id} className="result-card">
                <ItemCard
                  definition={definition}
                  step={step}
                  item={withProseTitle(step, item, prose)}
                  withText={false}
                />
                {prose
                  .describeItem(step.meta.key, item, { title: false, position })
                  .lines.map((line, i) => (
                    <p key={i} className="result-line">
                      {line}
                    </p>
                  ))}
              </article>
            ))}
          </div>
        ),
      )}
    </section>
  );
}

describe('StepResults of a list step', () => {
  it('makes the same elements as one React element per group, card and line', () => {
    const { samples } = proseSamples(definition);
    for (const step of listSteps) {
      const items = samples
        .filter((sample) => sample.step === step.meta.key)
        .map((sample, index) => ({ id: `${index}`, version: 1, ...sample.data }) as ListItem);
      items.push({
        id: 'html',
        version: 1,
        ...items[0],
        [step.meta.list!.card.title]: '<b>&"</b>',
      });
      const prose = new ProseRenderer(definition);
      expect(
        html(<StepResults definition={definition} step={step} answers={items} prose={prose} />),
      ).toBe(html(<ReactListResults step={step} items={items} />));
    }
  });
});

/** A form step's results as React made them before they became markup. */
function ReactFormResults({ step, data }: { step: StepDefinition; data: Record<string, unknown> }) {
  const prose = new ProseRenderer(definition);
  const heading = typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title;
  const profile = prose.describeProfile(step.meta.key, data);
  const paragraphs = prose.describeForm(step.meta.key, data);
  const empty = <p className="empty">{prose.t('common', 'empty')}</p>;
  let body;
  if (profile)
    body = profile.rows.length ? (
      <div className="result-card">
        {paragraphs.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
        <figure
          className="polarity-chart"
          dangerouslySetInnerHTML={{
            __html: polarityChartMarkup(profile.rows, `${heading}: ${profile.sentences.join(' ')}`),
          }}
        />
        {profile.sentences.map((text, index) => (
          <p key={index} className="result-line">
            {text}
          </p>
        ))}
      </div>
    ) : (
      empty
    );
  else
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
  return (
    <section className="result-step" aria-labelledby={`result-${step.meta.key}`}>
      <h3 id={`result-${step.meta.key}`}>{heading}</h3>
      {body}
    </section>
  );
}

describe('StepResults of a form step', () => {
  it('makes the same elements as React did, for every generated answer and none', () => {
    const { samples } = proseSamples(definition);
    const formSteps = definition.steps.filter((step) => step.meta.kind === 'form');
    let compared = 0;
    for (const step of formSteps) {
      const answers = [
        {},
        ...samples.filter((sample) => sample.step === step.meta.key).map((sample) => sample.data),
      ];
      for (const data of answers) {
        const prose = new ProseRenderer(definition);
        expect(
          html(<StepResults definition={definition} step={step} answers={data} prose={prose} />),
        ).toBe(html(<ReactFormResults step={step} data={data} />));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(formSteps.length * 2);
  });
});
