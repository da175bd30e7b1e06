import { type DynamicModule, Module } from '@nestjs/common';
import { questionnaireId } from './definition-revisions.ts';
import { type LoadedCatalogue } from './load-catalogue.ts';
import { MikroORM } from '@mikro-orm/postgresql';
import { validatorFromChecks, type CompiledChecks, type Definition } from '@fragewerk/engine/core';
import { ChecksController } from './checks.controller.ts';
import { ConfigController } from './config.controller.ts';
import { CHECKS_MODULE, DEFINITION, VALIDATOR } from './definition.providers.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { DEFINITION_REVISIONS, DefinitionRevisions } from './definition-revisions.ts';
import { DefinitionRevisionsController } from './definition-revisions.controller.ts';
import { PresetAssetsController } from './preset-assets.controller.ts';
import {
  BROWSER_DEFINITION,
  browserDefinition,
  PRESET_ASSETS,
  type PresetAssets,
  readPresetAssets,
} from './preset-assets.ts';

/** The questionnaire projects get without a choice (the brand briefing), as loaded at start. */
export function defaultDefinition(catalogue: LoadedCatalogue): Definition {
  return catalogue.questionnaires.find(
    (entry) => questionnaireId(entry.definition) === catalogue.defaultId,
  )!.definition;
}

/**
 * The questionnaire definitions of the catalogue loaded at start, its validators, and the routes that serve both
 * to the browser, with the preset illustrations (avatars) from the definition's `presets/`.
 * Global: users, accounts, projects and the questionnaire all validate with it.
 */
@Module({})
export class DefinitionModule {
  /**
   * `checks` are the definition's checks as the browser's module and compiled for this process
   * (`standaloneChecks`, one compile at start): the validators of writes and the progress of
   * reads share them.
   */
  static register(
    catalogue: LoadedCatalogue,
    { module: checksModule, compiled: checks }: { module: string; compiled: CompiledChecks },
  ): DynamicModule {
    const definition = defaultDefinition(catalogue);
    const validator = validatorFromChecks(definition, checks);
    return {
      module: DefinitionModule,
      global: true,
      controllers: [
        ConfigController,
        ChecksController,
        PresetAssetsController,
        DefinitionRevisionsController,
      ],
      providers: [
        { provide: DEFINITION, useValue: definition },
        { provide: VALIDATOR, useValue: validator },
        { provide: CHECKS_MODULE, useValue: checksModule },
        {
          // Stores the definition as a revision before the app takes requests.
          provide: DEFINITION_REVISIONS,
          inject: [MikroORM],
          useFactory: (orm: MikroORM) =>
            DefinitionRevisions.start(
              orm,
              catalogue.questionnaires.map((entry) =>
                entry.definition === definition
                  ? { ...entry, ready: { checks, validator, checksModule } }
                  : entry,
              ),
              catalogue.defaultId,
            ),
        },
        {
          provide: PRESET_ASSETS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            readPresetAssets(
              catalogue.questionnaires.map((entry) => entry.definition),
              config.definitionDir,
            ),
        },
        {
          provide: BROWSER_DEFINITION,
          inject: [PRESET_ASSETS, DEFINITION_REVISIONS],
          // With the current revision's id and label and the labels of retired keys.
          useFactory: (assets: PresetAssets, revisions: DefinitionRevisions) =>
            browserDefinition(revisions.current.definition, assets),
        },
      ],
      exports: [DEFINITION, VALIDATOR, DEFINITION_REVISIONS, PRESET_ASSETS],
    };
  }
}
