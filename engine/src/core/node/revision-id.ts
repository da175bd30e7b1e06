import { createHash } from 'node:crypto';
import { canonicalDefinitionJson } from '../definition-revision.ts';
import type { Definition } from '../definition-types.ts';

/**
 * The id of a definition revision: the SHA-256 (hex) of its canonical JSON. The same files give the
 * same id in every process, so a restart on unchanged files stores no new revision.
 */
export function revisionId(definition: Definition): string {
  return revisionIdOf(canonicalDefinitionJson(definition));
}

/** The id for an already canonical text (the server stores exactly this text). */
export function revisionIdOf(canonicalJson: string): string {
  return createHash('sha256').update(canonicalJson).digest('hex');
}
