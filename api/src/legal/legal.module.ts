import { Module } from '@nestjs/common';
import { LegalController } from './legal.controller.ts';

/** Impressum and Datenschutzerklärung of the installation, from Markdown files. */
@Module({ controllers: [LegalController] })
export class LegalModule {}
