import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service.ts';

/**
 * The Prometheus metrics (global: mail and the scheduled rounds count into it). `/metrics` itself
 * is plain middleware before the sessions (create-app.ts), like the health checks.
 */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
