// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FormData, SchemaForm } from './schema-form.tsx';
import { renderWithTexts, testDefinition } from './test/render.tsx';

afterEach(cleanup);

const statement = testDefinition.steps.find((step) => step.meta.key === 'statement')!;
const APPEAL = /Was macht Ihr Angebot attraktiv/;

function renderForm(data: FormData = {}, step = statement) {
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

describe('EngineForm: a form with remembered form state', () => {
  it('reports every keystroke with the other answers as they were', async () => {
    const start = { mission_statement: 'Anna', promises: ['quality'] };
    const { user, onChange } = renderForm(start);
    const field = screen.getByLabelText(APPEAL);
    await user.click(field);
    // Only the keystrokes' reports count here (rjsf's own Form reports once before them too).
    onChange.mockClear();
    await user.type(field, 'Hand');
    expect(onChange.mock.calls.map(([data]) => data.appeal)).toEqual(['H', 'Ha', 'Han', 'Hand']);
    expect(onChange.mock.lastCall![0]).toMatchObject(start);
    await user.clear(field);
    expect(onChange.mock.lastCall![0].appeal).toBeUndefined();
    expect(field).toHaveValue('');
  });

  it('shows the German messages after a press with errors, and clears the field typed into', async () => {
    const { user, onSubmit } = renderForm();
    const field = screen.getByLabelText(APPEAL);
    await user.type(field, 'Ha');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(/ist ein Pflichtfeld/).length).toBeGreaterThan(1);
    await user.clear(field);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'Handwerk');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Wodurch unterscheiden Sie sich/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
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
    const { user, container } = renderForm();
    const field = screen.getByLabelText(APPEAL);
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
    const rivals = testDefinition.steps.find((step) => step.meta.key === 'rivals')!;
    const { user, container } = renderForm({}, rivals);
    const field = screen.getByRole('textbox', { name: /^Warum ist er für Sie wichtig/ });
    expect(field).toHaveAccessibleDescription('Woran merkt Ihre Kundschaft den Unterschied?');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(describedByReferences(container).filter((reference) => !reference.onPage)).toEqual([]);
    expect(field.getAttribute('aria-describedby')!.split(' ')).toHaveLength(2);
    expect(field).toHaveAccessibleDescription(
      /ist ein Pflichtfeld.* Woran merkt Ihre Kundschaft den Unterschied\?$/,
    );
  });
});
