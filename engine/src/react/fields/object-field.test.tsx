// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import type { RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from '../schema-form.tsx';
import { renderWithTexts, testDefinition } from '../test/render.tsx';
import { widgets } from '../widgets/registry.ts';

afterEach(cleanup);

/** How often each field's widget rendered, by field id. */
const renders = new Map<string, number>();
const Textarea = widgets.textarea;
function CountingTextarea(props: WidgetProps) {
  renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
  return <Textarea {...props} />;
}

function renderStep(key: string, data: Record<string, unknown> = {}) {
  const step = testDefinition.steps.find((candidate) => candidate.meta.key === key)!;
  // Every textarea of the step counts its renders.
  const ui = Object.fromEntries(
    Object.entries(step.ui as Record<string, unknown>).map(([name, options]) => [
      name,
      (options as UiSchema)?.['ui:widget'] === 'textarea'
        ? { ...(options as UiSchema), 'ui:widget': CountingTextarea }
        : options,
    ]),
  ) as UiSchema;
  renders.clear();
  return renderWithTexts(
    <SchemaForm
      definition={testDefinition}
      validatorName={`step:${key}`}
      schema={step.schema as RJSFSchema}
      uiSchema={ui}
      formData={data}
      onSubmit={() => undefined}
    >
      <button type="submit">Speichern</button>
    </SchemaForm>,
  );
}

describe('object field: a keystroke renders the field typed into, not its siblings', () => {
  it('keeps the other fields of a flat step as they are while one is typed into', async () => {
    const { user } = renderStep('statement');
    const field = screen.getByLabelText(/Was macht Ihr Angebot attraktiv/);
    const before = new Map(renders);
    await user.type(field, 'Handwerk');
    expect(field).toHaveValue('Handwerk');
    const typed = field.id;
    expect(renders.get(typed)).toBeGreaterThanOrEqual(before.get(typed)! + 'Handwerk'.length);
    for (const [id, count] of renders) if (id !== typed) expect(count, id).toBe(before.get(id));
  });

  it('shows the messages of every field after a press with errors, and clears one as it is fixed', async () => {
    const { user } = renderStep('statement');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const field = screen.getByLabelText(/Was macht Ihr Angebot attraktiv/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Wodurch unterscheiden Sie sich/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.type(field, 'H');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/Wodurch unterscheiden Sie sich/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('follows the branches of a conditional step: Sonstiges reveals its own field', async () => {
    const { user } = renderStep('contacts', { is_external: false });
    const type = screen.getByLabelText(/Um wen handelt es sich/);
    expect(screen.getByRole('option', { name: 'Geschäftsführung' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Eigener Typ/)).not.toBeInTheDocument();
    await user.selectOptions(type, 'Sonstiges');
    await user.type(screen.getByLabelText(/Eigener Typ/), 'Förderverein');
    expect(screen.getByLabelText(/Eigener Typ/)).toHaveValue('Förderverein');
  });
});
