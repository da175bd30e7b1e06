import type { StepDefinition } from '@fragewerk/engine/core';
import { Dialog } from '@fragewerk/engine/react';
import { type FormEvent, useId, useState } from 'react';
import { useAppDispatch } from '../../state/hooks.ts';
import { FieldNotes } from '../../components/form/field-notes.tsx';
import { FormDialogActions } from '../../components/form/form-dialog-actions.tsx';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { showToast } from '../../lib/toasts.ts';
import { useAskQuestionMutation } from './question-changes-api.ts';
import { useQuestionTexts } from './question-texts.ts';

/** The longest Rückfrage the server takes (`schemas/forms/project-question`). */
const QUESTION_MAX = 2000;

/**
 * „Rückfrage stellen“: the question's text and, on a list step with entries, optionally the entry
 * it is about („Zu einem Eintrag (optional)“). The platform form `project-question` checks it with
 * the server's German messages; the server's refusals (422 at the fields, 429 too many) show in
 * the dialog, which stays open.
 */
export function AskQuestionDialog({
  projectId,
  step,
  entries,
  onAsked,
  onClose,
}: {
  projectId: string;
  step: StepDefinition;
  entries: { id: string; label: string }[];
  onAsked: () => void;
  onClose: () => void;
}) {
  const { t } = useQuestionTexts();
  const dispatch = useAppDispatch();
  const textId = useId();
  const itemId = useId();
  const [ask, { isLoading }] = useAskQuestionMutation();
  const form = useSchemaForm(
    'form:project-question',
    { step: step.meta.key, item: '', text: '' },
    isLoading,
  );
  // A refusal that names no field of the dialog (the limits, the step): above the buttons.
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const textErrors = form.errorsFor('text');
  const itemErrors = form.errorsFor('item');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    if (isLoading || !form.attemptSubmit(event.currentTarget)) return;
    const { item, text } = form.output;
    const result = await ask({
      projectId,
      question: item ? { step: step.meta.key, item, text } : { step: step.meta.key, text },
    });
    if ('error' in result) {
      const status = errorStatus(result.error);
      if (status !== 422 && status !== 429) return;
      const body = errorBody(result.error);
      const { text: textError, item: itemError, ...others } = body?.errors ?? {};
      if (textError || itemError)
        form.setServerErrors({
          ...(textError && { text: textError }),
          ...(itemError && { item: itemError }),
        });
      // The step has no field here (e.g. switched off meanwhile): its message above the buttons.
      const other = Object.values(others).flat().join(' ');
      if (other || !(textError || itemError))
        setRefusal(other || body?.message || t('errors.generic'));
      return;
    }
    onAsked();
    onClose();
    dispatch(showToast('success', t('questions.asked', { step: step.meta.title })));
  };

  return (
    <Dialog title={t('questions.askTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="step-questions-about">{t('questions.askStep', { step: step.meta.title })}</p>
        {entries.length ? (
          <div className="field">
            <label htmlFor={itemId}>{t('questions.item')}</label>
            <select
              id={itemId}
              className="select"
              value={form.values.item}
              onChange={(event) => form.set('item', event.target.value)}
              disabled={isLoading}
              aria-invalid={itemErrors.length > 0 || undefined}
              aria-describedby={itemErrors.length ? `${itemId}-error` : undefined}
            >
              <option value="">{t('questions.wholeStep')}</option>
              {entries.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
            </select>
            <FieldNotes id={itemId} errors={itemErrors} />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={textId}>
            {t('questions.text')}
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id={textId}
            rows={5}
            value={form.values.text}
            maxLength={QUESTION_MAX}
            onChange={(event) => form.set('text', event.target.value)}
            onBlur={() => form.blur('text')}
            disabled={isLoading}
            required
            autoFocus
            aria-invalid={textErrors.length > 0 || undefined}
            aria-describedby={
              textErrors.length ? `${textId}-error ${textId}-help` : `${textId}-help`
            }
          />
          <FieldNotes id={textId} errors={textErrors} help={t('questions.textHelp')} />
        </div>
        {refusal ? (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        ) : null}
        <FormDialogActions submitLabel={t('questions.send')} onCancel={onClose} busy={isLoading} />
      </form>
    </Dialog>
  );
}
