import type { UiSchema } from '@rjsf/utils';
import { errorId, getUiOptions, helpId } from '@rjsf/utils';

/** The messages FieldErrorTemplate shows of a field's errors: its non-empty strings. */
export function shownErrorMessages(errors: readonly unknown[] | undefined): string[] {
  return (errors ?? []).filter(
    (error): error is string => typeof error === 'string' && error !== '',
  );
}

/** What a widget knows of the texts its field template shows beside it. */
export interface DescribedField {
  id: string;
  rawErrors?: readonly unknown[];
  hideError?: boolean;
  uiSchema?: UiSchema;
}

/**
 * A widget's `aria-describedby`: the ids of its field's error text (FieldErrorTemplate) and help
 * text (FieldHelpTemplate) that are on the page, errors first; `undefined` without either. rjsf's
 * `ariaDescribedByIds` names all three possible texts (error, description, help) whether rendered
 * or not, and our field template renders no description. A reference to nothing describes nothing,
 * and Chromium resolves every one of them on each keystroke anywhere in the form (its autofill and
 * selection bookkeeping read every field): in the persona editor the references to missing
 * elements cost about 1 ms per key at 4× CPU throttle (docs/benchmarks-history.md, "Typing,
 * round thirteen").
 */
export function describedByIds({
  id,
  rawErrors,
  hideError,
  uiSchema,
}: DescribedField): string | undefined {
  const ids: string[] = [];
  if (!hideError && shownErrorMessages(rawErrors).length > 0) ids.push(errorId(id));
  if (getUiOptions(uiSchema).help) ids.push(helpId(id));
  return ids.length > 0 ? ids.join(' ') : undefined;
}
