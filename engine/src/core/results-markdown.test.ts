import { describe, expect, it } from 'vitest';
import { ProseRenderer } from './prose.ts';
import { resultsDocument, type ResultsDocument } from './results-document.ts';
import { stepResultsMarkup } from './results-markup.ts';
import { markdownLink, markdownText, polarityScale, resultsMarkdown } from './results-markdown.ts';
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEXTS = { polarity: { left: 'Pol', scale: 'Ausprägung', right: 'Gegenpol' } };
const COVER = { title: 'Briefing Tischlerei – Relaunch', lines: ['Agentur Nord'] };
const CARD_TEXTS = {
  rating: (value: number, max: number) => `${value} von ${max} Sternen`,
  openLink: 'öffnet in neuem Tab',
};

describe('resultsMarkdown', () => {
  it('writes # per stage, ## per step, ### per group, a card as its bold title and its sentences', () => {
    const document: ResultsDocument = {
      title: 'Ergebnisse',
      stages: [
        {
          key: 'a',
          title: 'Marke',
          steps: [
            {
              key: 'rivals',
              kind: 'list',
              heading: 'Wettbewerber',
              blocks: [],
              groups: [
                {
                  heading: 'Regional',
                  cards: [
                    {
                      title: 'Holz & *Söhne*',
                      badge: { text: 'Muss', tone: 1 },
                      rating: { value: 4, max: 5, label: '4 von 5 Sternen' },
                      links: ['https://holz.example/a_b'],
                      lines: ['Sie ist <gleich> groß.', '# keine Überschrift'],
                    },
                  ],
                },
              ],
            },
            {
              key: 'scale',
              kind: 'form',
              heading: 'Profil',
              groups: [],
              blocks: [
                { kind: 'paragraph', text: 'Die Marke', line: false },
                {
                  kind: 'polarity',
                  rows: [{ key: 'x', left: 'leise', right: 'laut|stark', value: -2 }],
                  label: 'Profil: …',
                },
                { kind: 'paragraph', text: 'Sie ist eher leise.', line: true },
                { kind: 'links', urls: ['https://a.example', 'javascript:alert(1) x'] },
              ],
            },
            {
              key: 'goals',
              kind: 'list',
              heading: 'Ziele',
              groups: [],
              blocks: [],
              empty: 'Keine Angaben.',
            },
          ],
        },
      ],
    };
    expect(resultsMarkdown(document, COVER, TEXTS)).toBe(
      [
        '**Briefing Tischlerei – Relaunch**',
        'Agentur Nord',
        '# Marke',
        '## Wettbewerber',
        '### Regional',
        '**Holz & \\*Söhne\\*** · Muss · 4 von 5 Sternen',
        '<https://holz.example/a_b>',
        'Sie ist \\<gleich\\> groß.',
        '\\# keine Überschrift',
        '## Profil',
        'Die Marke',
        '| Pol | Ausprägung | Gegenpol |\n| ---: | :---: | :--- |\n| leise | ○ ● ○ ○ ○ ○ ○ | laut\\|stark |',
        'Sie ist eher leise.',
        '- <https://a.example>\n- javascript:alert(1) x',
        '## Ziele',
        '_Keine Angaben._',
      ].join('\n\n') + '\n',
    );
  });

  it('escapes what Markdown would read as its own', () => {
    expect(markdownText('  1. Platz\n für [Holz]_und_ `Code` &amp; ~durch~ ')).toBe(
      '1\\. Platz für \\[Holz\\]\\_und\\_ \\`Code\\` \\&amp; \\~durch\\~',
    );
    expect(markdownText('- kein Punkt')).toBe('\\- kein Punkt');
    expect(markdownText('Müller & Söhne')).toBe('Müller & Söhne');
    expect(markdownLink('https://x.example/?a=1&b=<2>')).toBe('https://x.example/?a=1&b=\\<2\\>');
    expect(polarityScale(3)).toBe('○ ○ ○ ○ ○ ○ ●');
  });

  it('carries every text of the results view of a fixture questionnaire', async () => {
    const definition = await loadFixture(FIXTURE_WIDGETS);
    const prose = new ProseRenderer(definition);
    const answers = {
      rivals: [
        {
          name: 'Holzwerk Nord',
          url: 'https://holzwerk-nord.example',
          explanation: 'Gleiche Zielgruppe',
          importance: 4,
        },
      ],
      people: [
        {
          name: 'Erika Sommer',
          avatar: 'young_woman',
          gender: 'female',
          age: 34,
          job_definition: 'Tischlerin',
          personal_values: ['family', 'freedom'],
          priority: 'must',
        },
      ],
      scale: { attribute_traditional_modern: 2, attribute_quiet_loud: -1 },
    };
    const document = resultsDocument(definition, answers, prose, CARD_TEXTS);
    const markdown = resultsMarkdown(document, COVER, TEXTS);
    for (const step of definition.steps) {
      const markup = stepResultsMarkup(
        definition,
        step,
        answers[step.meta.key as keyof typeof answers],
        prose,
        CARD_TEXTS,
      );
      // Every paragraph and heading of the view stands in the Markdown, as a line of its own.
      const texts = [...markup.matchAll(/<(?:h3|h4|p)\b[^>]*>([^<]*)<\//g)].map((match) =>
        match[1]!
          .replaceAll('&amp;', '&')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&quot;', '"'),
      );
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts)
        expect(markdown).toMatch(
          new RegExp(`(^|\\n)(#+ |\\*\\*|_)?${escapeRegExp(markdownText(text))}`),
        );
    }
    expect(markdown).toContain('| traditionell |');
    expect(
      document.stages.flatMap((stage) => stage.steps).find((part) => part.key === 'people')
        ?.groups[0]?.cards[0]?.avatar?.key,
    ).toBe('young_woman');
  });
});
