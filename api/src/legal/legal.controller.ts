import { Controller, Get, Inject, Param } from '@nestjs/common';
import path from 'node:path';
import { notFound } from '../common/api-error.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { LEGAL_KINDS, type LegalKind, legalText } from './legal-texts.ts';

/**
 * The operator's Impressum and Datenschutzerklärung (docs/product.md#rechtsseiten), for everyone:
 * read from `LEGAL_DIR` on each request (rare, small), so a changed file shows without a restart.
 */
@Controller('api/legal')
export class LegalController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(':kind')
  async text(@Param('kind') kind: string) {
    // Only the two names: nothing in the path reaches the file system.
    if (!(LEGAL_KINDS as readonly string[]).includes(kind)) throw notFound();
    const folder = this.config.legalDir ?? path.join(this.config.dataDir, 'legal');
    return { data: await legalText(folder, kind as LegalKind) };
  }
}
