import type { RJSFSchema } from '@rjsf/utils';
import type { Definition, PresetEntry } from '../core/index.ts';
import { CUSTOM_KEY, findPresetList } from '../core/index.ts';

export interface PresetOption {
  key: string;
  label: string;
  entry?: PresetEntry;
}

/** What every widget gets through rjsf's form context. */
export interface EngineFormContext {
  definition: Definition;
}

/**
 * The options of a preset field: the entries of its `x-presets` list in their order, plus
 * 'Sonstiges' where the schema allows `custom`. Enum values without a preset keep their key.
 */
export function presetOptions(
  definition: Definition,
  schema: RJSFSchema,
  customLabel: string,
): PresetOption[] {
  const source = (
    schema.type === 'array' && typeof schema.items === 'object' ? schema.items : schema
  ) as RJSFSchema & {
    'x-presets'?: string;
  };
  const list = source['x-presets']
    ? (findPresetList(definition.presets, source['x-presets']) ?? [])
    : [];
  const allowed = (source.enum as string[] | undefined) ?? list.map((entry) => entry.key);
  return allowed.map((key) => {
    const entry = list.find((candidate) => candidate.key === key);
    return { key, label: key === CUSTOM_KEY ? customLabel : (entry?.label ?? key), entry };
  });
}
