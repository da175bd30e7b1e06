import type { ActivityJson } from '@fragewerk/schemas/types';
import { t } from '../common/messages.ts';
import type { ActivityRow } from './activity.repository.ts';

const names = new Intl.ListFormat('de', { type: 'conjunction' });

/** Who acted, as the sentence names them. */
export function actorName(row: Pick<ActivityRow, 'actor_kind' | 'actor_name'>): string {
  if (row.actor_kind === 'customer') return t('activity.actor.customer');
  if (row.actor_kind === 'system') return t('activity.actor.system');
  return row.actor_name ?? t('activity.actor.formerMember');
}

/** A detail's text value (typed by people: one line, short). */
const detailText = (row: ActivityRow, key: string): string => {
  const value = row.detail[key];
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
};

/** The message key of a kind: `step.review-removed` → `activity.stepReviewRemoved`. */
const messageKey = (kind: string) =>
  `activity.${kind.replace(/[.-]([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;

/**
 * One line of the history as a German sentence (docs/product.md#verlauf): who did what on which
 * step (`stepTitle` gives a step's title by its key).
 */
export function activityText(row: ActivityRow, stepTitle: (key: string) => string): string {
  const label = detailText(row, 'label');
  const contacts = row.detail.contacts;
  return t(messageKey(row.kind), {
    actor: actorName(row),
    step: row.step_key ? stepTitle(row.step_key) : '',
    entry: label ? t('activity.theEntry', { label }) : t('activity.anEntry'),
    name: detailText(row, 'name'),
    email: detailText(row, 'email'),
    contacts: Array.isArray(contacts)
      ? names.format(contacts.filter((name): name is string => typeof name === 'string'))
      : '',
  });
}

/** A line of the history as the API shows it. */
export function activityJson(row: ActivityRow, stepTitle: (key: string) => string): ActivityJson {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { kind: row.actor_kind, name: actorName(row) },
    kind: row.kind,
    step: row.step_key,
    text: activityText(row, stepTitle),
  };
}
