import { configFromEnv } from './config/app-config.ts';
import { createApp } from './create-app.ts';

const config = configFromEnv();
const running = await createApp(config);
console.log(`Fragewerk läuft unter ${config.appUrl}`);

const stop = async () => {
  await running.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
