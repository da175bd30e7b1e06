// `npm run build -w api`: the template of new embedded databases (embedded-template.ts).
import { embeddedTemplatePaths, writeEmbeddedTemplate } from './embedded-template.ts';

if ((await writeEmbeddedTemplate()) === 'written') {
  console.log(`Vorlage für neue eingebettete Datenbanken: ${embeddedTemplatePaths().folder}`);
}
