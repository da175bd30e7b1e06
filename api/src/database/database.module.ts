import { type DynamicModule, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';

/**
 * The already started ORM (see `create-app.ts`), for every module. Global, because every domain
 * with data injects it; the domains never import this folder.
 */
@Module({})
export class DatabaseModule {
  static register(orm: MikroORM): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [{ provide: MikroORM, useValue: orm }],
      exports: [MikroORM],
    };
  }
}
