import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { t } from '../common/messages.ts';

/** zxcvbn's score from 0 (guessed at once) to 4; below 2 is guessed in well under 10^8 tries. */
const MIN_SCORE = 2;

/**
 * zxcvbn looks at no more than this many characters (the forms allow 1000): its matching grows
 * faster than linearly with the length, and a password this long is not weak anyway.
 */
const CHECKED_LENGTH = 100;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with the common and German dictionaries, built on first use and kept: loading
 * and indexing the dictionaries takes 0.3–0.6 s and ~20 MB of heap (~60 MB resident), which a
 * start (and a process that never sees a password form) should not pay; the first password
 * form after a start waits for it once.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, german] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...german.dictionary },
      graphs: common.adjacencyGraphs,
    });
  })();
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

/**
 * The words of the account's own data that a password should not be built from: the address, its
 * parts and each word of the company name („tischlerei-berger2026“ is weak for Tischlerei Berger).
 */
function accountWords(inputs: (string | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const value = input?.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * The German message for a password that is too easy to guess (common passwords, dictionary
 * words with digits, keyboard rows, the account's own name or address), or undefined when it is
 * strong enough. `accountInputs` are the account's e-mail address and company.
 */
export async function weakPasswordMessage(
  password: string,
  accountInputs: (string | undefined)[],
): Promise<string | undefined> {
  const zxcvbn = await loadEstimator();
  const { score } = zxcvbn.check(password.slice(0, CHECKED_LENGTH), accountWords(accountInputs));
  return score < MIN_SCORE ? t('errors.weakPassword') : undefined;
}
