/**
 * The gzip size of everything the share-link questionnaire route loads before its first step is
 * usable, from the production build's manifest: the entry, its static imports and their CSS.
 * Code-split chunks (dashboard, settings, results, the rjsf editor, the precompiled checks) load
 * later and are listed apart. Deterministic, so `npm run check` enforces the budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The performance issue's budget. */
export const BUNDLE_BUDGET_KB = 150;
/**
 * What `npm run check` enforces: the measured figure plus a little headroom, so any regression
 * fails before it reaches the budget. 148.2 KB since drafts, the offline retry, the phone
 * navigation and the customer pages (which alone came to 154 KB): the libraries every page starts
 * with are one chunk (`start`, web/vite.config.ts) instead of seven small shared ones, the forms'
 * styles load with the forms, and the texts of code-split screens with those screens. 149.3 KB
 * since the agency's brand before the customer, the steps switched off per project and the
 * display of dates, ranges and address lists on list cards (the small shared chunks they would
 * have made join `start`). 149.6 KB since the catalogue: a share link boots with its project's
 * revision only (user and project at once, then `/api/definitions/{id}`) and loads the brand
 * briefing's definition on demand – 0.3 KB of code that spares a customer of another questionnaire
 * 19 KB of definition JSON. What the customer loop adds to the share link must load lazily.
 * 149.9 KB since the customer loop and the document round: Rückfragen (badges and the list query;
 * the block itself is lazy), „geprüft“ in the navigation, the due date in the header, and a card
 * title's capital (`capitalize-first.ts`, split from the prose rules, which stay with the
 * results); the approval dialog and the conflict texts went lazy to pay for most of it. The
 * limit is the budget itself now: no headroom is left, so whatever comes next to the share link
 * brings its own savings.
 */
export const BUNDLE_LIMIT_KB = 150;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BundleReport {
  initial: { file: string; gzipBytes: number }[];
  initialKb: number;
  lazyKb: number;
}

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function measureBundle(distDir: string): BundleReport {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('Kein Einstiegspunkt im Manifest');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit(entry);
  const initial = [...files].map((file) => ({
    file,
    gzipBytes: gzipBytes(path.join(distDir, file)),
  }));
  const all = new Set(
    Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  );
  const lazy = [...all]
    .filter((file) => !files.has(file))
    .map((file) => gzipBytes(path.join(distDir, file)));
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    initial: initial.sort((a, b) => b.gzipBytes - a.gzipBytes),
    initialKb: kb(initial.reduce((sum, item) => sum + item.gzipBytes, 0)),
    lazyKb: kb(lazy.reduce((sum, bytes) => sum + bytes, 0)),
  };
}
