/**
 * The help text and the German errors under a field, with the ids its input names in
 * `aria-describedby` (`{id}-help`, `{id}-error`). `alert`: errors that come without the person
 * moving to the field (an upload refused) are announced at once.
 */
export function FieldNotes({
  id,
  help,
  errors,
  alert = false,
}: {
  id: string;
  help?: string;
  errors: string[];
  alert?: boolean;
}) {
  return (
    <>
      {help ? (
        <p className="field-help" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      {errors.length ? (
        <p className="field-error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}
