import { enableCompileCache } from 'node:module';

// The server's entry (`npm start`). Node keeps the code it compiled for the server's modules in
// its compile cache (in the system's temp folder): a restart reads it instead of compiling again,
// ~0.3 s less start (BENCHMARKS.md, start). Enabled before anything else loads, hence the dynamic
// import.
enableCompileCache();
await import('./run-server.ts');
