const CONTROL =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Moves focus to the first field that shows an error, in reading order (docs/product.md#validierung:
 * a submit with errors sends nothing and leads to the first invalid field). In a radio group the
 * chosen radio, else the first. Returns whether a field was found.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  const field = root?.querySelector<HTMLElement>('.has-error, [aria-invalid="true"]');
  if (!field) return false;
  const control = field.matches(CONTROL)
    ? field
    : (field.querySelector<HTMLElement>('input[type="radio"]:checked:not([disabled])') ??
      field.querySelector<HTMLElement>(CONTROL));
  (control ?? field).focus();
  return true;
}

/**
 * Remembers the focused element while a form is locked for saving (its controls are disabled, and
 * a disabled control drops focus to the page) and puts focus back once it is usable again, unless
 * something else took focus meanwhile.
 */
export function holdFocus(): () => void {
  const held = document.activeElement as HTMLElement | null;
  return () => {
    const current = document.activeElement;
    if (held?.isConnected && (!current || current === document.body)) held.focus();
  };
}
