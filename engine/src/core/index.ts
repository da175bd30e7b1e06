export * from './definition-types.ts';
export { loadDefinition, inspectDefinition, DefinitionError } from './load-definition.ts';
export {
  questionnaireMetaSchema,
  stepMetaSchema,
  stepSchemaMetaSchema,
  uiMetaSchema,
  stepProseMetaSchema,
  proseMetaSchema,
  presetFileMetaSchema,
  messagesMetaSchema,
  migrationMetaSchema,
  samplesMetaSchema,
  UI_OPTIONS,
} from './definition-meta-schemas.ts';
export {
  formatProblem,
  metaSchemaProblems,
  pointer,
  closest,
  type DefinitionProblem,
} from './definition-problems.ts';
export { resolvePresets, findPresetList, CUSTOM_KEY } from './resolve-presets.ts';
export { createAjv, AJV_OPTIONS, DEFINITION_KEYWORDS, TRUSTED_SCHEMAS } from './create-ajv.ts';
export { toFieldErrors, fieldLabel, type FieldErrors } from './field-errors.ts';
export { createValidator, compileChecks } from './create-validator.ts';
export { lengthBeforePattern } from './length-before-pattern.ts';
export { forEachSchema } from './schema-nodes.ts';
export {
  validatorFromChecks,
  schemaFor,
  uiFor,
  validatorNames,
  schemaKey,
  conditionSchemas,
  type CompiledChecks,
  type SchemaCheck,
  type Validate,
  type ValidationResult,
  type Validators,
  type FormName,
} from './validator-runtime.ts';
export { displayValues, presetEntry, type DisplayValue } from './display-values.ts';
export {
  ProseRenderer,
  PAIRS_PER_SENTENCE,
  templateVariables,
  baseKeys,
  type ItemProse,
  type ProfileProse,
  type ProfileRow,
} from './prose.ts';
export { formatDate, formatCalendarDate } from './format-date.ts';
export { formatAmount, formatRange, unitLabel, parseAmount, amountText } from './format-range.ts';
export { fieldKinds, type FieldKind } from './field-kinds.ts';
export { normalizeInput } from './normalize-input.ts';
export { normalizeUrl } from './normalize-url.ts';
export { searchFold, searchMatches } from './search-fold.ts';
export { applyEdit, threeWayMerge, sameValue, type MergeResult } from './three-way-merge.ts';
export { inputProblems, MAX_DEPTH, type InputProblem } from './input-limits.ts';
export { WIDGET_NAMES, type WidgetName } from './widget-names.ts';
export { revisionContent, canonicalDefinitionJson, retiredPresets } from './definition-revision.ts';
export {
  migrateAnswers,
  migrateDocument,
  pendingMigrations,
  type StoredDocument,
  type VersionedMigration,
} from './definition-migrations.ts';
export { schemaFields } from './schema-fields.ts';
export {
  stepProgress,
  projectProgress,
  checkedDocuments,
  judgedDocuments,
  incompleteSteps,
  PROGRESS_RULE,
  completenessRule,
  type CompletenessRule,
  type StepState,
  type StepProgress,
  type ProjectProgress,
  type InvalidDocument,
  type DocumentCheck,
} from './completeness.ts';
export { badgeTone, cardContent, entryLabel, starsMarkup } from './card-content.ts';
export { cardMarkup, itemCardMarkup, linkMarkup, type CardTexts } from './card-markup.ts';
export { listGroups, stepMarkup, stepResultsMarkup } from './results-markup.ts';
export {
  resultsCard,
  resultsDocument,
  resultsHeading,
  stepDocument,
  type ResultsBlock,
  type ResultsCard,
  type ResultsDocument,
  type ResultsGroup,
  type ResultsStage,
  type ResultsStep,
} from './results-document.ts';
export {
  MARKDOWN_SEPARATOR,
  markdownLink,
  markdownText,
  polarityScale,
  resultsMarkdown,
  type MarkdownCover,
  type MarkdownTexts,
} from './results-markdown.ts';
export { polarityChartMarkup } from './polarity-chart-markup.ts';
export { visibleDefinition } from './visible-steps.ts';
export { answersOf, briefingMinutes, MINUTES_PER_ANSWER } from './briefing-estimate.ts';
