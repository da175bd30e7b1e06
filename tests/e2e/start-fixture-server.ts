/**
 * Starts the built server on a content editor's copy of the definition that holds the fixture
 * step (`channels`, slug `kanaele`): builds the folder, points `DEFINITION_DIR` at it and runs
 * `api/dist/main.js` in this process. Used by the second `webServer` of playwright.config.ts.
 */
import { rmSync } from 'node:fs';
import { createFixtureDefinitionDir } from '../src/fixture-definition.ts';

const definitionDir = await createFixtureDefinitionDir();
process.env.DEFINITION_DIR = definitionDir;
process.once('exit', () => rmSync(definitionDir, { recursive: true, force: true }));

// The built server (npm run build); it reads DEFINITION_DIR when it starts.
await import(new URL('../../api/dist/main.js', import.meta.url).href);
