/** The CSRF token the server renders into `<meta name="csrf-token">`, if present. */
export function csrfToken(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || undefined;
}
