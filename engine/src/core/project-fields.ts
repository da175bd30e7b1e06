/**
 * The fields of a project's JSON (`GET /api/projects/{id}`: schemas/api/project-summary.schema.json
 * and project.schema.json). Each step's answers stand beside them under the step's key, so no
 * step may be keyed like one of them: its answers would hide the field, and PATCH would no longer
 * reach it. A test keeps the list equal to the schemas' properties.
 */
export const PROJECT_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'questionnaire',
  'customer_firm',
  'project_name',
  'is_approved',
  'is_archived',
  'is_niceview_enabled',
  'version',
  'created_at',
  'updated_at',
  'progress',
  'definition_version',
  'definition_revision',
  'approved_at',
  'edit_token',
  'user',
  'responsible',
  'agency',
  'hidden_steps',
  'due_date',
  'reminders_enabled',
  'reviews',
]);

/**
 * The addresses under `/api/projects/{id}/` that are not a step's: a step's answers are read and
 * written at `/api/projects/{id}/{key}`, so no step may be keyed like one of them (names with „-“
 * can never be a key).
 */
export const PROJECT_ROUTES: ReadonlySet<string> = new Set([
  'results',
  'approve',
  'invitations',
  'questions',
  'reviews',
  'reminders',
  'activity',
]);
