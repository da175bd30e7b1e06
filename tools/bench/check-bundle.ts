/**
 * Part of `npm run check`: fails when the share-link questionnaire route loads more than the
 * enforced limit (gzip, from the production build): `BUNDLE_LIMIT_KB`, now the 150 KB budget
 * itself (see BENCHMARKS.md).
 */
import { BUNDLE_LIMIT_KB, measureBundle } from './bundle-size.ts';

const report = measureBundle('web/dist');
const line = `Bundle der Freigabelink-Route: ${report.initialKb} KB gzip (Grenze ${BUNDLE_LIMIT_KB} KB, später geladen: ${report.lazyKb} KB)`;
if (report.initialKb > BUNDLE_LIMIT_KB) {
  console.error(
    `${line}\n${report.initial.map((item) => `  ${(item.gzipBytes / 1024).toFixed(1)} KB ${item.file}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(line);
