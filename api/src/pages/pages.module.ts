import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ApiExceptionFilter } from './api-exception.filter.ts';
import { WebAppController } from './web-app.controller.ts';

/**
 * What the server renders itself: the single-page app's shell for every other path, and every
 * error as German JSON or as a page. Import it last: its catch-all route must come after all
 * other routes.
 */
@Module({
  controllers: [WebAppController],
  providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
})
export class PagesModule {}
