export {
  readDefinitionDir,
  readDefinitionFiles,
  jsonSyntaxMessage,
  SAMPLES_FILE,
  definitionDirsFrom,
  definitionDirsAbove,
  type DefinitionDirs,
} from './read-definition-dir.ts';
export { loadDefinitionFromDisk, defaultDefinitionDirs } from './load-definition-from-disk.ts';
export { standaloneChecks, standaloneChecksModule } from './standalone-checks.ts';
export { revisionId, revisionIdOf } from './revision-id.ts';
