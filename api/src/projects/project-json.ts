import {
  projectProgress,
  visibleDefinition,
  type Definition,
  type DocumentCheck,
  type RevisionRef,
} from '@fragewerk/engine/core';
import type {
  FormAnswersJson,
  ItemJson,
  ProjectJson,
  ProjectSummaryJson,
} from '@fragewerk/schemas/types';
import { agencyJson } from '../agency/agency-json.ts';
import type { Answer } from './answer.entity.ts';
import type { Item } from './item.entity.ts';
import type { Project } from './project.entity.ts';
import type { ProjectRecord } from './projects.repository.ts';

/** What the JSON of an entry needs: an `item` entity or a plain row of it. */
export type ItemRow = Pick<Item, 'id' | 'version' | 'data'> & { step_key: string };
/** What the JSON of a form's answers needs: an `answer` entity or a plain row of it. */
export type AnswerRow = Pick<Answer, 'version' | 'data'> & { step_key: string };

/** A list entry as the API shows it: id and version beside its answers. */
export function itemJson(item: Pick<Item, 'id' | 'version' | 'data'>): ItemJson {
  return { id: item.id, version: item.version, ...item.data };
}

/** A form step's answers as the API shows them; version 0 means "never saved". */
export function answerJson(answer: Pick<Answer, 'version' | 'data'> | undefined): FormAnswersJson {
  return answer ? { ...answer.data, version: answer.version } : { version: 0 };
}

/** The project fields that the dashboard list shows beside the progress, and who is responsible. */
export type ProjectSummaryFields = { responsible_id: string; due_date?: string | null } & Pick<
  Project,
  | 'id'
  | 'questionnaire'
  | 'customer_firm'
  | 'project_name'
  | 'is_approved'
  | 'is_archived'
  | 'is_niceview_enabled'
  | 'version'
  | 'created_at'
  | 'updated_at'
>;

/**
 * The overall figure of a project: complete steps of all steps (docs/product.md#fortschritt), and
 * how many of them a member marked „geprüft“.
 */
export interface ProgressFigure {
  complete: number;
  total: number;
  reviewed: number;
}

/**
 * A project of the dashboard list, with its overall figure and the title of its questionnaire
 * (`questionnaireTitle`).
 */
export function projectSummaryJson(
  project: ProjectSummaryFields,
  progress: ProgressFigure,
  questionnaireTitle: string,
): ProjectSummaryJson {
  return {
    id: project.id,
    questionnaire: { id: project.questionnaire, title: questionnaireTitle },
    customer_firm: project.customer_firm,
    project_name: project.project_name,
    is_approved: project.is_approved,
    is_archived: project.is_archived,
    is_niceview_enabled: project.is_niceview_enabled,
    responsible: project.responsible_id,
    due_date: project.due_date ?? null,
    version: project.version,
    created_at: project.created_at.toISOString(),
    updated_at: project.updated_at.toISOString(),
    progress: { complete: progress.complete, total: progress.total, reviewed: progress.reviewed },
  };
}

/**
 * Each step's answers of the definition under the step's key, as the project JSON shows them: a
 * list step's entries in list order (`items` come ordered by position), a form step's answers.
 * Steps the definition does not have keep their rows but are not shown.
 */
export function stepAnswers(
  definition: Definition,
  answers: AnswerRow[],
  items: ItemRow[],
): Record<string, unknown> {
  const steps: Record<string, unknown> = {};
  for (const step of definition.steps) {
    const key = step.meta.key;
    steps[key] =
      step.meta.kind === 'list'
        ? items.filter((item) => item.step_key === key).map(itemJson)
        : answerJson(answers.find((answer) => answer.step_key === key));
  }
  return steps;
}

/**
 * The whole project (docs/product.md#daten): its fields, its agency (whose brand the customer
 * sees), the responsible member's contact, the progress and the answers of every step of the
 * definition under the step's key. Only the agency's members see the share token. `definition` is the revision the project is on (its id and label come along), `isValid`
 * judges its stored answers for the progress; steps it does not have keep their rows but are not
 * shown.
 */
export function projectJson(
  project: ProjectRecord,
  definition: Definition,
  answers: AnswerRow[],
  items: ItemRow[],
  options: { includeToken: boolean; isValid: DocumentCheck },
): ProjectJson {
  const steps = stepAnswers(definition, answers, items);
  // The answers of every step stay in the JSON; the figures count the steps the project shows.
  const shown = visibleDefinition(definition, project.hidden_steps ?? []);
  const shownKeys = new Set(shown.steps.map((step) => step.meta.key));
  const reviews = project.reviews.filter((review) => shownKeys.has(review.step));
  const progress = {
    ...projectProgress(shown, steps, options.isValid),
    reviewed: reviews.length,
  };
  return {
    ...projectSummaryJson(
      { ...project, responsible_id: project.responsible.id },
      progress,
      definition.title,
    ),
    progress,
    reminders_enabled: project.reminders_enabled,
    reviews,
    definition_version: project.definition_version,
    definition_revision: revisionRef(project, definition),
    approved_at: project.approved_at?.toISOString() ?? null,
    hidden_steps: project.hidden_steps ?? [],
    ...(options.includeToken ? { edit_token: project.edit_token } : {}),
    user: {
      company: project.agency.name,
      contact_name: project.responsible.contact_name ?? null,
      contact_email: project.responsible.contact_email ?? null,
    },
    agency: agencyJson(project.agency),
    ...steps,
  };
}

/** The revision of the JSON: the definition's own, else the project's pointer with its version. */
function revisionRef(project: ProjectRecord, definition: Definition): RevisionRef {
  return (
    definition.revision ?? {
      id: project.definition_revision?.id ?? '',
      label: project.definition_version,
    }
  );
}
