import type { FieldHelpProps } from '@rjsf/utils';
import { helpId } from '@rjsf/utils';

/** A field's `ui:help` text. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p className="field-help" id={helpId(fieldPathId)}>
      {help}
    </p>
  );
}
