import type { Definition, PresetEntry, Presets } from './definition-types.ts';

/**
 * The content of a definition as it is stored and hashed: everything the loader resolved from the
 * files (manifest, every step's schema, ui, prose, help and step.json, presets, messages, shared
 * prose, migration maps), without what the server adds when it hands a revision out (`retired`,
 * `revision`) and without the platform's forms (register, account, project settings …): they belong
 * to no questionnaire, so changing one makes no revision; a stored revision is handed out with the
 * forms of the running server.
 */
export function revisionContent(definition: Definition): Omit<Definition, 'forms'> {
  const { retired: _retired, revision: _revision, forms: _forms, ...content } = definition;
  return content;
}

/**
 * The canonical text of a definition: JSON without white space, its keys in the order the loader
 * produced them. The order is content, not form: it decides the order of the prose sentences
 * (`baseKeys`), of the fields without `ui:order` and of the presets. The loader reads the files in
 * a fixed order (sorted folder listings), so the same files always give the same text; a change
 * only in white space or indentation gives the same text, too.
 */
export function canonicalDefinitionJson(definition: Definition): string {
  return JSON.stringify(revisionContent(definition));
}

/**
 * The preset entries a revision no longer offers, for showing stored keys (docs/architecture.md
 * #revisionen): per preset list, every entry of the `others` (oldest first, so the last one to
 * offer a key gives its label) whose key the list of `current` does not have. Lists that
 * `current` dropped entirely come along whole.
 */
export function retiredPresets(current: Presets, others: Presets[]): Presets {
  const retired: Presets = {};
  const found = new Map<string, PresetEntry>();
  for (const presets of others) {
    for (const [section, lists] of Object.entries(presets)) {
      for (const [list, entries] of Object.entries(lists)) {
        const offered = Object.hasOwn(current, section) ? current[section]![list] : undefined;
        for (const entry of entries) {
          if (offered?.some((candidate) => candidate.key === entry.key)) continue;
          found.set(JSON.stringify([section, list, entry.key]), entry);
        }
      }
    }
  }
  for (const [id, entry] of found) {
    const [section, list] = JSON.parse(id) as [string, string];
    ((retired[section] ??= {})[list] ??= []).push(entry);
  }
  return retired;
}
