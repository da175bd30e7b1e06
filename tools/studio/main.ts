/**
 * `npm run studio`: the definition studio on http://localhost:4100 (`STUDIO_PORT`) for the
 * definition in `DEFINITION_DIR` (or the repository's): every saved change shows at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startStudio } from './studio-server.ts';

const port = Number(process.env.STUDIO_PORT ?? 4100);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(
    `STUDIO_PORT muss ein Port von 0 bis 65535 sein (ist „${process.env.STUDIO_PORT}“).`,
  );
  process.exit(1);
}

const definitionDir = process.env.DEFINITION_DIR;
if (definitionDir && !existsSync(path.join(definitionDir, 'schemas'))) {
  console.error(
    `DEFINITION_DIR muss ein Ordner mit schemas/ und presets/ sein; in „${path.resolve(definitionDir)}“ fehlt schemas/.`,
  );
  process.exit(1);
}

try {
  const studio = await startStudio({ definitionDir, port });
  // Since the process started (Node's time origin), module loading included.
  const seconds = (performance.now() / 1000).toLocaleString('de-DE', {
    maximumFractionDigits: 1,
  });
  const { problems, definitionDir: shown } = studio.state();
  console.log(`Fragewerk-Studio läuft: ${studio.url}`);
  console.log(`Definition: ${shown} (Änderungen erscheinen beim Speichern)`);
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
