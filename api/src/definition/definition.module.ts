import { type DynamicModule, Module } from '@nestjs/common';
import { createValidator, type Definition } from '@fragewerk/engine/core';
import { ChecksController } from './checks.controller.ts';
import { ConfigController } from './config.controller.ts';
import { CHECKS_MODULE, DEFINITION, VALIDATOR } from './definition.providers.ts';

/**
 * The questionnaire definition loaded at start, its validators, and the routes that serve both
 * to the browser. Global: users, accounts, projects and the questionnaire all validate with it.
 */
@Module({})
export class DefinitionModule {
  static register(definition: Definition, checksModule: string): DynamicModule {
    return {
      module: DefinitionModule,
      global: true,
      controllers: [ConfigController, ChecksController],
      providers: [
        { provide: DEFINITION, useValue: definition },
        { provide: VALIDATOR, useValue: createValidator(definition) },
        { provide: CHECKS_MODULE, useValue: checksModule },
      ],
      exports: [DEFINITION, VALIDATOR],
    };
  }
}
