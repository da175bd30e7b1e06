import { type DynamicModule, Module } from '@nestjs/common';
import { createValidator, type Definition } from '@fragewerk/engine/core';
import { ChecksController } from './checks.controller.ts';
import { ConfigController } from './config.controller.ts';
import { CHECKS_MODULE, DEFINITION, VALIDATOR } from './definition.providers.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { PresetAssetsController } from './preset-assets.controller.ts';
import {
  BROWSER_DEFINITION,
  browserDefinition,
  PRESET_ASSETS,
  type PresetAssets,
  readPresetAssets,
} from './preset-assets.ts';

/**
 * The questionnaire definition loaded at start, its validators, and the routes that serve both
 * to the browser, with the preset illustrations (avatars) from the definition's `presets/`.
 * Global: users, accounts, projects and the questionnaire all validate with it.
 */
@Module({})
export class DefinitionModule {
  static register(definition: Definition, checksModule: string): DynamicModule {
    return {
      module: DefinitionModule,
      global: true,
      controllers: [ConfigController, ChecksController, PresetAssetsController],
      providers: [
        { provide: DEFINITION, useValue: definition },
        { provide: VALIDATOR, useValue: createValidator(definition) },
        { provide: CHECKS_MODULE, useValue: checksModule },
        {
          provide: PRESET_ASSETS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => readPresetAssets(definition, config.definitionDir),
        },
        {
          provide: BROWSER_DEFINITION,
          inject: [PRESET_ASSETS],
          useFactory: (assets: PresetAssets) => browserDefinition(definition, assets),
        },
      ],
      exports: [DEFINITION, VALIDATOR],
    };
  }
}
