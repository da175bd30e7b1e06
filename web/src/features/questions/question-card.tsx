import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useAppDispatch } from '../../state/hooks.ts';
import { FieldNotes } from '../../components/form/field-notes.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { germanDate } from '../../lib/dates.ts';
import { showToast } from '../../lib/toasts.ts';
import {
  useReplyToQuestionMutation,
  useSetQuestionResolvedMutation,
} from './question-changes-api.ts';
import { useQuestionTexts } from './question-texts.ts';
import type { ProjectQuestion, QuestionReply } from './questions-api.ts';

/** The longest reply the server takes (`schemas/forms/question-reply`). */
const REPLY_MAX = 2000;

/** When something was written, readable and machine-readable. */
function When({ at, text }: { at: string; text: string }) {
  return <time dateTime={at}>{text}</time>;
}

/**
 * The reply box under an open question: the platform form `question-reply` (same German messages
 * as the server), its refusals (422 at the field, 409 resolved meanwhile, 429 too many) below it.
 * Checked on sending only: a customer who clicks into the box and then changes the answers below
 * instead has not left a required field empty.
 */
function ReplyForm({
  projectId,
  questionId,
  isMember,
  onDone,
}: {
  projectId: string;
  questionId: string;
  isMember: boolean;
  onDone?: () => void;
}) {
  const { t } = useQuestionTexts();
  const dispatch = useAppDispatch();
  const id = useId();
  const [reply, { isLoading }] = useReplyToQuestionMutation();
  const form = useSchemaForm('form:question-reply', { text: '' }, isLoading);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const errors = form.errorsFor('text');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    if (isLoading || !form.attemptSubmit(event.currentTarget)) return;
    const result = await reply({ projectId, questionId, text: form.output.text });
    if ('error' in result) {
      const status = errorStatus(result.error);
      if (status !== 409 && status !== 422 && status !== 429) return;
      const body = errorBody(result.error);
      if (body?.errors?.text) form.setServerErrors({ text: body.errors.text });
      else setRefusal(body?.message);
      return;
    }
    form.reset({ text: '' });
    dispatch(showToast('success', t('questions.replied')));
    onDone?.();
  };

  return (
    <form className="question-reply-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('questions.replyLabel')}</label>
        <textarea
          id={id}
          rows={3}
          value={form.values.text}
          maxLength={REPLY_MAX}
          onChange={(event) => form.set('text', event.target.value)}
          disabled={isLoading}
          autoFocus={isMember}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={
            [errors.length ? `${id}-error` : '', isMember ? '' : `${id}-help`]
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        <FieldNotes
          id={id}
          errors={errors}
          help={isMember ? undefined : t('questions.replyHelp')}
        />
      </div>
      {refusal ? (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="question-reply-actions">
        {isMember && onDone ? (
          <button type="button" className="button button-secondary" onClick={onDone}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? <Spinner small /> : null}
          {t('questions.sendReply')}
        </button>
      </div>
    </form>
  );
}

/** One reply: who wrote it and when, and its text. */
function Reply({ reply, isMember }: { reply: QuestionReply; isMember: boolean }) {
  const { t } = useQuestionTexts();
  const date = germanDate(reply.created_at);
  const who =
    reply.author_kind === 'customer'
      ? t(isMember ? 'questions.repliedByCustomer' : 'questions.repliedByYou', { date })
      : reply.author
        ? t('questions.repliedBy', { name: reply.author.name, date })
        : t('questions.repliedByAgency', { date });
  return (
    <li className={`question-reply is-${reply.author_kind}`}>
      <p className="question-meta">
        <When at={reply.created_at} text={who} />
      </p>
      <p className="question-text">{reply.text}</p>
    </li>
  );
}

/**
 * One Rückfrage: who asked when (and about which entry), its text, its state, the replies, the
 * reply box while it is open and may be answered, and for members „Als erledigt markieren“ or
 * „Wieder öffnen“. A customer sees the reply box at once; a member opens it with „Antworten“.
 */
export function QuestionCard({
  projectId,
  question,
  entries,
  isMember,
  editable,
  onMoved,
}: {
  projectId: string;
  question: ProjectQuestion;
  /** The step's entries, on a list step. */
  entries: { id: string; label: string }[] | undefined;
  isMember: boolean;
  editable: boolean;
  /** The question moved to the other list (resolved or reopened). */
  onMoved: () => void;
}) {
  const { t } = useQuestionTexts();
  const dispatch = useAppDispatch();
  const [setResolved, { isLoading: resolving }] = useSetQuestionResolvedMutation();
  const [replying, setReplying] = useState(false);
  // A member's reply box closes (sent or cancelled): focus goes back to „Antworten“.
  const replyButton = useRef<HTMLButtonElement>(null);
  const closeReply = () => {
    flushSync(() => setReplying(false));
    replyButton.current?.focus();
  };
  const titleId = useId();
  const date = germanDate(question.created_at);
  const resolved = Boolean(question.resolved_at);
  const state = resolved
    ? 'resolved'
    : question.replies.at(-1)?.author_kind === 'customer'
      ? 'answered'
      : 'open';
  const entry = question.item ? entries?.find((candidate) => candidate.id === question.item) : null;

  const toggle = async () => {
    const result = await setResolved({ projectId, questionId: question.id, resolved: !resolved });
    if ('error' in result) return;
    onMoved();
    dispatch(
      showToast('success', t(resolved ? 'questions.reopenedToast' : 'questions.resolvedToast')),
    );
  };

  return (
    <li>
      <article className={`question-card is-${state}`} aria-labelledby={titleId}>
        <div className="question-head">
          <p className="question-meta" id={titleId}>
            <When
              at={question.created_at}
              text={
                question.author
                  ? t('questions.askedBy', { name: question.author.name, date })
                  : t('questions.askedByAgency', { date })
              }
            />
          </p>
          <span className={`question-state is-${state}`}>{t(`questions.state.${state}`)}</span>
        </div>
        {question.item ? (
          <p className="question-entry">
            {entry
              ? t('questions.aboutItem', { label: entry.label })
              : t('questions.aboutGoneItem')}
          </p>
        ) : null}
        <p className="question-text">{question.text}</p>
        {question.replies.length ? (
          <ol className="question-replies">
            {question.replies.map((reply) => (
              <Reply key={reply.id} reply={reply} isMember={isMember} />
            ))}
          </ol>
        ) : null}
        {resolved ? (
          <p className="question-meta question-resolved">
            <When
              at={question.resolved_at!}
              text={
                question.resolved_by
                  ? t('questions.resolvedBy', {
                      date: germanDate(question.resolved_at),
                      name: question.resolved_by.name,
                    })
                  : t('questions.resolvedOn', { date: germanDate(question.resolved_at) })
              }
            />
          </p>
        ) : null}
        {!resolved && editable && (!isMember || replying) ? (
          <ReplyForm
            projectId={projectId}
            questionId={question.id}
            isMember={isMember}
            onDone={isMember ? closeReply : undefined}
          />
        ) : null}
        {isMember ? (
          <div className="question-actions">
            {!resolved && editable && !replying ? (
              <button
                ref={replyButton}
                type="button"
                className="button-link"
                onClick={() => setReplying(true)}
              >
                {t('questions.reply')}
              </button>
            ) : null}
            <button
              type="button"
              className="button button-secondary"
              onClick={toggle}
              disabled={resolving || !editable}
            >
              {resolving ? <Spinner small /> : null}
              {t(resolved ? 'questions.reopen' : 'questions.resolve')}
            </button>
          </div>
        ) : null}
      </article>
    </li>
  );
}
