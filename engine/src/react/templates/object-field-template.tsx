import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { CUSTOM_KEY } from '../../core/index.ts';

/**
 * The fields of a form in `ui:order`. The "Sonstiges" pattern of
 * docs/architecture.md#die-definition: `custom_<field>` shows only while `<field>` is `custom` (or
 * holds it among several values).
 */
export function ObjectFieldTemplate({ properties, formData }: ObjectFieldTemplateProps) {
  const data = (formData ?? {}) as Record<string, unknown>;
  const visible = properties.filter(({ name }) => {
    if (!name.startsWith('custom_')) return true;
    const chosen = data[name.slice('custom_'.length)];
    return chosen === CUSTOM_KEY || (Array.isArray(chosen) && chosen.includes(CUSTOM_KEY));
  });
  return <div className="fields">{visible.map((property) => property.content)}</div>;
}
