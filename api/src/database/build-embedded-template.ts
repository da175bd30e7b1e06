// `npm run build -w api`: the template of new embedded databases (embedded-template.ts).
import { embeddedTemplatePaths } from './embedded-template.ts';
import { writeEmbeddedTemplate } from './write-embedded-template.ts';

if ((await writeEmbeddedTemplate()) === 'written') {
  console.log(`Vorlage für neue eingebettete Datenbanken: ${embeddedTemplatePaths().folder}`);
}
