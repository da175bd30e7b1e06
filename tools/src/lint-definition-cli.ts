/** `npm run definition:lint`: lints the definition the product runs on (`DEFINITION_DIR` or ours). */
import { formatProblem } from '@fragewerk/engine/core';
import { defaultDefinitionDirs, definitionDirsFrom } from '@fragewerk/engine/core/node';
import { lintDefinition } from './lint-definition.ts';

const dirs = definitionDirsFrom(process.env.DEFINITION_DIR, defaultDefinitionDirs);
const problems = await lintDefinition(dirs);
if (problems.length > 0) {
  console.error(
    `Definition fehlerhaft (${dirs.schemasDir}):\n- ${problems.map(formatProblem).join('\n- ')}`,
  );
  process.exit(1);
}
console.log(`Definition in Ordnung (${dirs.schemasDir}).`);
