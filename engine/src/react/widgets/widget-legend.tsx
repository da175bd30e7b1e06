/** The visible name of a widget that groups several controls, with the required mark. */
export function WidgetLegend({ label, required }: { label: string; required?: boolean }) {
  return (
    <legend>
      {label}
      {required ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </legend>
  );
}
