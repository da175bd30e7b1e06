import type { FieldTemplateProps } from '@rjsf/utils';
import { SELF_LABELLED_WIDGETS } from '../widgets/registry.ts';

/**
 * A field: its label (unless the widget labels itself with a legend), the widget, the German
 * errors and the help text. Hidden fields render only their value holder.
 */
export function FieldTemplate({
  id,
  label,
  required,
  children,
  errors,
  help,
  hidden,
  displayLabel,
  uiSchema,
  rawErrors,
  classNames,
}: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  const widget = String(uiSchema?.['ui:widget'] ?? '');
  const ownLabel = displayLabel !== false && !SELF_LABELLED_WIDGETS.has(widget) && label;
  const invalid = Boolean(rawErrors?.length);
  return (
    <div className={`field${invalid ? ' has-error' : ''}${classNames ? ` ${classNames}` : ''}`}>
      {ownLabel ? (
        <label htmlFor={id}>
          {label}
          {required ? (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
      ) : null}
      {children}
      {help}
      {errors}
    </div>
  );
}
