type CollectGarbage = (options: {
  type: 'major';
  execution: 'sync';
  flavor: 'last-resort';
}) => void;

/**
 * Gives back what the start leaves behind (the definition's compiled checks, the migrations,
 * Nest's module scan): one full collection that reduces the heap's footprint, which also shrinks
 * V8's young generation from the 16 MB semi-spaces the start grew it to. Without it an idle
 * server on the embedded database holds ~320 MB instead of ~270 MB (BENCHMARKS.md). Takes
 * 0.1–0.2 s, once. Needs node's `--expose-gc`, which `npm start` passes; without it (tests,
 * `npm run dev`) nothing happens.
 */
export function releaseStartMemory(): void {
  (globalThis as { gc?: CollectGarbage }).gc?.({
    type: 'major',
    execution: 'sync',
    flavor: 'last-resort',
  });
}
