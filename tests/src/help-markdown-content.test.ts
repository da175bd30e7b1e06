import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import { Markdown } from '@fragewerk/engine/react';
import {
  catalogueIds,
  DEFAULT_QUESTIONNAIRE,
  loadDefinitionFromDisk,
  repositoryRoot,
} from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

/*
 * The help texts of the shipped questionnaires as the engine's Markdown shows them: no syntax
 * is left over for a customer to read. The engine's own Markdown test runs on a fixture's help
 * (engine/src/react/markdown.test.tsx); this one reads definitions/.
 */

/** The text a help shows, as a browser reads it. */
const shownText = (source: string) => {
  const { document } = new JSDOM(renderToStaticMarkup(createElement(Markdown, { source }))).window;
  return { document, text: document.body.textContent ?? '' };
};

describe.each(await catalogueIds(repositoryRoot))('the help texts of „%s“', (id) => {
  it('show no Markdown syntax: no quote marks, no stars', async () => {
    const definition = await loadDefinitionFromDisk(undefined, id);
    for (const step of definition.steps) {
      const { text } = shownText(step.help);
      expect(text, step.meta.key).not.toMatch(/^>|\*\*|(^|\s)> /m);
      expect(text.trim(), step.meta.key).not.toBe('');
    }
  });
});

describe('the brand briefing’s user stories help', () => {
  it('shows the sentence pattern as a quotation', async () => {
    const definition = await loadDefinitionFromDisk(undefined, DEFAULT_QUESTIONNAIRE);
    const help = definition.steps.find((step) => step.meta.key === 'userstories')!.help;
    const { document } = shownText(help);
    expect(document.querySelector('blockquote')?.textContent).toBe(
      'Als Rolle möchte ich Ziel oder Wunsch, damit Nutzen.',
    );
  });
});
