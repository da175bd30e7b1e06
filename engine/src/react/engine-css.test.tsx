// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormStep } from './form-step.tsx';
import { ListStep } from './list/list-step.tsx';
import type { ListItem } from './list/list-types.ts';
import { ResultsView } from './results/results-view.tsx';
import { renderWithTexts, testDefinition } from './test/render.tsx';

/**
 * The engine styles itself (docs/architecture.md#web-app-und-engine): a host that imports only
 * engine.css (and the results view, which brings its own file) gets a rule for every class the
 * engine draws, and every token those rules read has a default.
 */

/** A stylesheet with its @imports inlined, in order. */
function readCss(file: string): string {
  return readFileSync(file, 'utf8').replace(/@import '([^']+)';/g, (_match, relative: string) =>
    readCss(path.resolve(path.dirname(file), relative)),
  );
}
const here = import.meta.dirname;
const css = [
  readCss(path.join(here, 'engine.css')),
  readCss(path.join(here, 'results/results-view.css')),
  // What the forms import themselves (see engine.css).
  ...['templates/fields.css', 'widgets/widgets.css', 'form-step.css', 'draft-notice.css'].map(
    (file) => readCss(path.join(here, file)),
  ),
]
  .join('\n')
  .replace(/\/\*[\s\S]*?\*\//g, '');

/** Every class named in a selector (the text before a `{` that opens a rule, not an at-rule). */
const styledClasses = new Set(
  [...css.matchAll(/([^{};]+)\{/g)]
    .map((match) => match[1]!.trim())
    .filter((prelude) => !prelude.startsWith('@'))
    .flatMap((prelude) => [...prelude.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => match[1]!)),
);

/**
 * Classes that are hooks, not looks: rjsf's field classes (`rjsf-field-string`, …) and wrappers
 * whose children carry the styling. A new class outside this list needs a rule.
 */
const HOOKS = new Set(['item-row', 'polarity-pole', 'result-group']);
const isHook = (name: string) => HOOKS.has(name) || name.startsWith('rjsf-');

const drawn = new Set<string>();
const collect = () =>
  document
    .querySelectorAll('[class]')
    .forEach((element) => element.classList.forEach((name) => drawn.add(name)));
afterEach(() => {
  collect();
  cleanup();
  document.body.className = '';
});

const step = (key: string) => testDefinition.steps.find((candidate) => candidate.meta.key === key)!;
const handlers = () => ({
  onAdd: vi.fn(async () => undefined),
  onUpdate: vi.fn(async () => undefined),
  onDelete: vi.fn(),
  onReorder: vi.fn(),
});
const competitor: ListItem = {
  id: 'a',
  version: 1,
  name: 'Muster GmbH',
  url: 'https://www.example.de',
  explanation: 'Marktführer',
  importance: 3,
};

describe('the engine without a host stylesheet', () => {
  it.each(
    testDefinition.steps.filter((each) => each.meta.kind === 'list').map((each) => each.meta.key),
  )(
    'list step %s: cards, inline editor with its errors, edit overlay, delete confirmation',
    async (key) => {
      const items = key === 'rivals' ? [competitor] : [];
      const { user } = renderWithTexts(
        <ListStep
          definition={testDefinition}
          step={step(key)}
          items={items}
          editable
          {...handlers()}
        />,
      );
      const list = step(key).meta.list!;
      await user.click(
        screen.getAllByRole('button', { name: list.groups?.[0]?.addLabel ?? list.addLabel! })[0]!,
      );
      const editor = screen.getByRole('region', { name: list.newTitle });
      // The editor's form arrives after its spinner (it is loaded on first use).
      await user.click(await within(editor).findByRole('button', { name: list.addButton }));
      collect();
      if (items.length > 0) {
        await user.click(screen.getByRole('button', { name: 'Bearbeiten: Muster GmbH' }));
        collect();
        await user.keyboard('{Escape}');
        await user.click(screen.getByRole('button', { name: 'Löschen: Muster GmbH' }));
      }
    },
  );

  it.each(
    testDefinition.steps.filter((each) => each.meta.kind === 'form').map((each) => each.meta.key),
  )('form step %s with its errors', (key) => {
    renderWithTexts(
      <FormStep definition={testDefinition} step={step(key)} data={{}} editable onSave={vi.fn()} />,
    );
    fireEvent.submit(document.querySelector('form')!);
  });

  it('results view with answers', () => {
    renderWithTexts(
      <ResultsView
        definition={testDefinition}
        answers={{
          rivals: [competitor],
          scale: { attribute_traditional_modern: 3, attribute_quiet_loud: -1 },
        }}
        customer="Tischlerei Berger"
        project="Relaunch"
        dateLine="Stand: 22. November 2026"
        onPrint={vi.fn()}
      />,
    );
  });

  it('has a rule in its own CSS for every class it drew', () => {
    const unstyled = [...drawn].filter((name) => !styledClasses.has(name) && !isHook(name));
    expect(drawn.size).toBeGreaterThan(50);
    expect(unstyled.sort()).toEqual([]);
  });

  it('reads only --fw-* tokens, each with a default in tokens.css', () => {
    /** Set by the engine on its own elements, not by a host. */
    const elementProperties = ['--icon-image', '--icon-image-hover'];
    const used = new Set(
      [...css.matchAll(/var\((--[\w-]+)/g)]
        .map((match) => match[1]!)
        .filter((name) => !elementProperties.includes(name)),
    );
    const defaults = new Set(
      [...readCss(path.join(here, 'tokens.css')).matchAll(/(--fw-[\w-]+):/g)].map(
        (match) => match[1]!,
      ),
    );
    expect([...used].filter((token) => !defaults.has(token))).toEqual([]);
  });

  it('makes the textarea a relayout boundary (a keystroke lays out the textarea alone)', () => {
    const rule = /\.field textarea \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/contain: size layout;/);
  });

  it('gives the focused textarea a layer of its own without snapping its text', () => {
    const rule = /\.field textarea:focus \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/will-change: opacity;/);
  });

  it('gives the option lists no background that scrolls (Chromium would give them layers)', () => {
    const rule = /\.multiselect-options \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/overflow-y: auto;/);
    expect(rule).toMatch(/background: none;/);
    expect(rule).toMatch(/box-shadow: inset 0 0 0 100vmax var\(--fw-card\);/);
  });

  it.each([
    ['.stars .star', 'inline-grid'],
    ['.polarity .polarity-point', 'grid'],
    ['.avatar-grid .avatar-option', 'grid'],
  ])(
    'draws %s without a paint layer of its own (no positioned or transparent radio)',
    (tile, display) => {
      const escaped = tile.replace(/\./g, '\\.');
      const tileRule = new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      const radioRules = [...css.matchAll(new RegExp(`${escaped} input[^{]*\\{([^}]*)\\}`, 'g'))]
        .map((match) => match[1])
        .join('');
      expect(tileRule).toMatch(new RegExp(`display: ${display};`));
      expect(radioRules).toMatch(/appearance: none;/);
      expect(`${tileRule}${radioRules}`).not.toMatch(/position:|opacity:|z-index:/);
    },
  );

  it('rounds only the avatar placeholder: the illustrations are round themselves', () => {
    expect(/img\.avatar-image \{([^}]*)\}/.exec(css)?.[1] ?? '').not.toMatch(/border-radius/);
    expect(/span\.avatar-image \{([^}]*)\}/.exec(css)?.[1] ?? '').toMatch(/border-radius: 50%;/);
  });
});
