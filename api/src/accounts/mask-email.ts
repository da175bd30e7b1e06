/**
 * An address as a notice to another mailbox may show it: the first character of the local part
 * and the whole domain (`n***@beispiel.de`). Enough for the owner to recognise their own request,
 * too little to hand a stranger the full address in the old mailbox.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***@${email.slice(at + 1)}`;
}
