export {
  readDefinitionDir,
  readDefinitionFiles,
  jsonSyntaxMessage,
  SAMPLES_FILE,
  definitionDirsFrom,
  definitionDirsAbove,
  questionnaireDirs,
  catalogueRootFrom,
  catalogueIds,
  folderName,
  repositoryRoot,
  platformFormsDir,
  DEFINITIONS_FOLDER,
  DEFAULT_QUESTIONNAIRE,
  type DefinitionDirs,
} from './read-definition-dir.ts';
export { loadDefinitionFromDisk, defaultDefinitionDirs } from './load-definition-from-disk.ts';
export { standaloneChecks, standaloneChecksModule } from './standalone-checks.ts';
export { revisionId, revisionIdOf } from './revision-id.ts';
