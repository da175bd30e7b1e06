/**
 * The API's public entry for tools and benchmarks (`@fragewerk/api`): the data model, the database
 * set-up and the JSON shapes, without the Nest server. Nothing outside `api/` imports anything
 * else of it (a lint rule enforces this for `tools/`).
 */
export { hashPassword } from './accounts/passwords.ts';
export { ADVISORY_LOCKS, withAdvisoryLock } from './database/advisory-lock.ts';
export { DataFolderInUseError } from './database/data-folder-lock.ts';
export { startEmbeddedPostgres, type EmbeddedPostgres } from './database/embedded-postgres.ts';
export { ormConfig } from './data-model.ts';
export { AnswerSchema, type Answer } from './projects/answer.entity.ts';
export { ItemSchema, type Item } from './projects/item.entity.ts';
export { answerJson, itemJson, projectJson, projectSummaryJson } from './projects/project-json.ts';
export { AgencySchema, type Agency } from './agency/agency.entity.ts';
export { ProjectSchema, type Project } from './projects/project.entity.ts';
export type { ProjectRecord } from './projects/projects.repository.ts';
export { REVIEWS_OF_P } from './projects/projects.repository.ts';
export { UserSchema, type User } from './users/user.entity.ts';
