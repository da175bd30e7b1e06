/**
 * `npm run studio [-- --fragebogen <id>]`: the definition studio on http://localhost:4100
 * (`STUDIO_PORT`) for one questionnaire (default: the brand briefing) of the catalogue in
 * `DEFINITION_DIR` (or the repository's): every saved change shows at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  catalogueIds,
  catalogueRootFrom,
  DEFAULT_QUESTIONNAIRE,
  DEFINITIONS_FOLDER,
} from '@fragewerk/engine/core/node';
import { chosenQuestionnaire, namedIds } from '../src/lint-definition-cli.ts';
import { startStudio } from './studio-server.ts';

const port = Number(process.env.STUDIO_PORT ?? 4100);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(
    `STUDIO_PORT muss ein Port von 0 bis 65535 sein (ist „${process.env.STUDIO_PORT}“).`,
  );
  process.exit(1);
}

const definitionDir = process.env.DEFINITION_DIR;
if (definitionDir && !existsSync(path.join(definitionDir, DEFINITIONS_FOLDER))) {
  console.error(
    `DEFINITION_DIR muss ein Ordner mit definitions/ und presets/ sein; in „${path.resolve(definitionDir)}“ fehlt definitions/.`,
  );
  process.exit(1);
}

const ids = await catalogueIds(catalogueRootFrom(definitionDir));
const questionnaire = chosenQuestionnaire(process.argv.slice(2)) ?? DEFAULT_QUESTIONNAIRE;
if (!ids.includes(questionnaire)) {
  console.error(
    `Den Fragebogen „${questionnaire}“ gibt es im Katalog nicht. Vorhanden: ${namedIds(ids)}. Einen wählen: npm run studio -- --fragebogen <Kennung>`,
  );
  process.exit(1);
}

try {
  const studio = await startStudio({ definitionDir, questionnaire, port });
  // Since the process started (Node's time origin), module loading included.
  const seconds = (performance.now() / 1000).toLocaleString('de-DE', {
    maximumFractionDigits: 1,
  });
  const { problems, definitionDir: shown } = studio.state();
  console.log(`Fragewerk-Studio läuft: ${studio.url}`);
  console.log(`Fragebogen „${questionnaire}“: ${shown} (Änderungen erscheinen beim Speichern)`);
  if (ids.length > 1)
    console.log(
      `Im Katalog: ${namedIds(ids)}. Einen anderen zeigt: npm run studio -- --fragebogen <Kennung>`,
    );
  console.log(
    problems.length
      ? `Die Definition hat ${problems.length === 1 ? 'ein Problem' : `${problems.length} Probleme`} – das Studio zeigt sie.`
      : 'Die Definition ist in Ordnung.',
  );
  console.log(`Bereit nach ${seconds} s. Beenden mit Strg+C.`);
  const stop = () => void studio.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const { code } = error as { code?: string };
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} ist belegt. Ein anderer Port: STUDIO_PORT=4101 npm run studio`
      : error,
  );
  process.exit(1);
}
