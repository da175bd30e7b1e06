// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FormData, SchemaForm } from './schema-form.tsx';
import { renderWithTexts, testDefinition } from './test/render.tsx';

afterEach(cleanup);

const personas = testDefinition.steps.find((step) => step.meta.key === 'personas')!;
const REQUIREMENTS = /Was erwartet die Persona von Ihrem Produkt/;

function renderPersona(data: FormData = {}, step = personas) {
  const onChange = vi.fn<(data: FormData) => void>();
  const onSubmit = vi.fn<(data: FormData) => void>();
  const rendered = renderWithTexts(
    <SchemaForm
      definition={testDefinition}
      validatorName={`step:${step.meta.key}`}
      schema={step.schema as RJSFSchema}
      uiSchema={step.ui as UiSchema}
      formData={data}
      onChange={onChange}
      onSubmit={onSubmit}
    >
      <button type="submit">Hinzufügen</button>
    </SchemaForm>,
  );
  return { ...rendered, onChange, onSubmit };
}

describe('EngineForm: the persona editor with remembered form state', () => {
  it('reports every keystroke with the other answers as they were', async () => {
    const start = { name: 'Anna', gender: 'female', personal_values: ['family'] };
    const { user, onChange } = renderPersona(start);
    const field = screen.getByLabelText(REQUIREMENTS);
    await user.click(field);
    // Only the keystrokes' reports count here (rjsf's own Form reports once before them too).
    onChange.mockClear();
    await user.type(field, 'Hand');
    expect(onChange.mock.calls.map(([data]) => data.product_requirements)).toEqual([
      'H',
      'Ha',
      'Han',
      'Hand',
    ]);
    expect(onChange.mock.lastCall![0]).toMatchObject(start);
    await user.clear(field);
    expect(onChange.mock.lastCall![0].product_requirements).toBeUndefined();
    expect(field).toHaveValue('');
  });

  it('shows the German messages after a press with errors, and clears the field typed into', async () => {
    const { user, onSubmit } = renderPersona();
    const field = screen.getByLabelText(REQUIREMENTS);
    await user.type(field, 'Ha');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(/ist ein Pflichtfeld/).length).toBeGreaterThan(1);
    await user.clear(field);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'Handwerk');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Hobbys/)).toHaveAttribute('aria-invalid', 'true');
  });
});

/** Every id a field's aria-describedby names, with whether an element of that id is on the page. */
function describedByReferences(container: HTMLElement) {
  return [...container.querySelectorAll('[aria-describedby]')].flatMap((element) =>
    element
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => ({ id, onPage: document.getElementById(id) !== null })),
  );
}

describe('EngineForm: aria-describedby names the texts on the page, and only those', () => {
  it('names nothing while a field has neither error nor help, then its error after a press', async () => {
    const { user, container } = renderPersona();
    const field = screen.getByLabelText(REQUIREMENTS);
    expect(describedByReferences(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    const references = describedByReferences(container);
    expect(references.length).toBeGreaterThan(1);
    expect(references.filter((reference) => !reference.onPage)).toEqual([]);
    expect(field).toHaveAccessibleDescription(/ist ein Pflichtfeld/);
    await user.type(field, 'Handwerk');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it('names the help text of a field with ui:help, before its error once there is one', async () => {
    const goals = testDefinition.steps.find((step) => step.meta.key === 'goals')!;
    const { user, container } = renderPersona({}, goals);
    const field = screen.getByRole('textbox', { name: /^Beschreibung/ });
    expect(field).toHaveAccessibleDescription('Woran erkennen Sie, dass das Ziel erreicht ist?');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(describedByReferences(container).filter((reference) => !reference.onPage)).toEqual([]);
    expect(field.getAttribute('aria-describedby')!.split(' ')).toHaveLength(2);
    expect(field).toHaveAccessibleDescription(
      /ist ein Pflichtfeld.* Woran erkennen Sie, dass das Ziel erreicht ist\?$/,
    );
  });
});
