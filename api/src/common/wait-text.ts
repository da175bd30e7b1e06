import { t } from './messages.ts';

/** The wait in German words: „40 Sekunden“, „1 Minute“, „12 Minuten“. */
export function waitText(seconds: number): string {
  if (seconds < 60)
    return t(seconds === 1 ? 'errors.wait.second' : 'errors.wait.seconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return t(minutes === 1 ? 'errors.wait.minute' : 'errors.wait.minutes', { n: minutes });
}
