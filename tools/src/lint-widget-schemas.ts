import {
  fieldKinds,
  pointer,
  type DefinitionProblem,
  type StepDefinition,
} from '@fragewerk/engine/core';

/** What the schema of a field must be for each widget that edits a value of its own shape. */
const NEEDS: Record<string, { kind: 'date' | 'range' | 'url-list'; message: string }> = {
  date: { kind: 'date', message: '„date“ braucht einen Text mit "format": "date" im Schema.' },
  range: {
    kind: 'range',
    message:
      '„range“ braucht ein Objekt mit "x-range": true und den Feldern „min“ und „max“ im Schema.',
  },
  'url-list': {
    kind: 'url-list',
    message:
      '„url-list“ braucht eine Liste ("type": "array"), deren Einträge "format": "uri" oder "x-normalize": "url" haben.',
  },
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The date, range and url-list widgets each edit one shape of value: the field's schema must be
 * that shape, and a range or a list of addresses needs its widget (rjsf would show the bare
 * object or list otherwise). Only top-level fields of a step have widgets of their own. `folder`
 * names the step's folder in problems (`definitions/<id>/steps/<key>`).
 */
export function lintWidgetSchemas(
  step: StepDefinition,
  problems: DefinitionProblem[],
  folder = `schemas/steps/${step.meta.key}`,
) {
  const kinds = fieldKinds(step.schema);
  const properties = isObject(step.schema.properties) ? step.schema.properties : {};
  for (const [name, settings] of Object.entries(step.ui)) {
    if (name.startsWith('ui:') || !isObject(settings)) continue;
    const widget = settings['ui:widget'];
    const need = typeof widget === 'string' ? NEEDS[widget] : undefined;
    if (!need) continue;
    const property = properties[name];
    const sides =
      need.kind !== 'range' ||
      (isObject(property) &&
        isObject(property.properties) &&
        isObject(property.properties.min) &&
        isObject(property.properties.max));
    if (kinds.get(name)?.kind !== need.kind || !sides)
      problems.push({
        file: `${folder}/ui.json`,
        path: pointer(name, 'ui:widget'),
        message: need.message,
      });
  }
  for (const [name, { kind }] of kinds) {
    if (kind === 'date') continue;
    const settings = step.ui[name];
    const widget = isObject(settings) ? settings['ui:widget'] : undefined;
    if (widget !== kind && Object.hasOwn(properties, name))
      problems.push({
        file: `${folder}/ui.json`,
        path: pointer(name),
        message:
          kind === 'range'
            ? `„${name}“ ist eine Spanne ("x-range"): Sie braucht "ui:widget": "range".`
            : `„${name}“ ist eine Liste von Adressen: Sie braucht "ui:widget": "url-list".`,
      });
  }
}
