/**
 * `npm run definition:lint [-- --fragebogen <id>]`: lints every questionnaire of the catalogue the
 * product runs on (`DEFINITION_DIR` or the repository's `definitions/`), or only the one named.
 * One line per questionnaire; exit code 1 when any has problems (or the one named is missing).
 */
import { formatProblem } from '@fragewerk/engine/core';
import { catalogueIds, catalogueRootFrom, questionnaireDirs } from '@fragewerk/engine/core/node';
import { lintDefinition } from './lint-definition.ts';

/** The value after `--fragebogen`, undefined without the option, '' when the value is missing. */
export function chosenQuestionnaire(args: string[]): string | undefined {
  const at = args.indexOf('--fragebogen');
  return at < 0 ? undefined : (args[at + 1] ?? '');
}

/** The questionnaires a catalogue holds, in German: „„a“, „b““ or „keine“. */
export function namedIds(ids: string[]): string {
  return ids.length > 0 ? ids.map((id) => `„${id}“`).join(', ') : 'keine';
}

/** Runs the lint; returns the exit code. `print` gets the good news, `complain` the problems. */
export async function lintCatalogue(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (text: string) => void = console.log,
  complain: (text: string) => void = console.error,
): Promise<number> {
  const root = catalogueRootFrom(env.DEFINITION_DIR);
  const ids = await catalogueIds(root);
  const chosen = chosenQuestionnaire(args);
  if (chosen !== undefined && !ids.includes(chosen)) {
    complain(`Den Fragebogen „${chosen}“ gibt es in ${root} nicht. Vorhanden: ${namedIds(ids)}.`);
    return 1;
  }
  if (ids.length === 0) {
    complain(`In ${root} steht kein Fragebogen (definitions/<id>/questionnaire.json).`);
    return 1;
  }
  let failed = false;
  for (const id of chosen === undefined ? ids : [chosen]) {
    const problems = await lintDefinition(questionnaireDirs(root, id));
    if (problems.length === 0) {
      print(`Fragebogen „${id}“ in Ordnung.`);
      continue;
    }
    failed = true;
    complain(
      `Fragebogen „${id}“ fehlerhaft (${problems.length === 1 ? 'ein Problem' : `${problems.length} Probleme`}):\n- ${problems.map(formatProblem).join('\n- ')}`,
    );
  }
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await lintCatalogue(process.argv.slice(2));
}
