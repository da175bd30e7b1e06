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

function renderPersona(data: FormData = {}) {
  const onChange = vi.fn<(data: FormData) => void>();
  const onSubmit = vi.fn<(data: FormData) => void>();
  const rendered = renderWithTexts(
    <SchemaForm
      definition={testDefinition}
      validatorName="step:personas"
      schema={personas.schema as RJSFSchema}
      uiSchema={personas.ui as UiSchema}
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
