import type { FieldErrorProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';
import { shownErrorMessages } from './field-description-ids.ts';

/** The German messages of a field, referenced by the widget's aria-describedby. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const messages = shownErrorMessages(errors);
  if (messages.length === 0) return null;
  return (
    <p className="field-error" id={errorId(fieldPathId)}>
      {messages.join(' ')}
    </p>
  );
}
