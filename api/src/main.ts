// Refuses a Node older than 24 in German before anything else loads (plain JavaScript).
import './preflight.js';
// A default import: a named import of an export that an older Node lacks would fail while the
// modules link, before the check above could run.
import module from 'node:module';

// The server's entry (`npm start`). Node keeps the code it compiled for the server's modules in
// its compile cache (in the system's temp folder): a restart reads it instead of compiling again,
// ~0.3 s less start (BENCHMARKS.md, start). Enabled before anything else loads, hence the dynamic
// import.
module.enableCompileCache();
await import('./run-server.ts');
