import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${cwd}/${file}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('one-way dependencies (docs/architecture.md#schichten)', () => {
  // ESLint loads the whole typed config on first use, which takes seconds on a busy machine; do it
  // once up front so that no single case inherits that cost and its time limit.
  beforeAll(() => restrictedImports('engine/src/core/warm-up.ts', ''), 60_000);

  it.each([
    ['engine/src/core/x.ts', "import { useState } from 'react';"],
    ['engine/src/core/x.ts', "import { createApi } from '@reduxjs/toolkit/query';"],
    ['engine/src/core/x.ts', "import { Controller } from '@nestjs/common';"],
    ['engine/src/core/x.ts', "import { Form } from '../react/form.tsx';"],
    ['engine/src/react/x.tsx', "import { api } from '@fragewerk/web/api';"],
    ['api/src/x.ts', "import { StepForm } from '@fragewerk/engine/react';"],
    ['api/src/x.ts', "import { Link } from 'react-router-dom';"],
    [
      'web/src/x.ts',
      "import { ProjectsService } from '../../api/src/projects/projects.service.ts';",
    ],
    ['schemas/src/x.ts', "import { loadDefinition } from '@fragewerk/engine/core';"],
    ['engine/src/core/x.ts', "import { helper } from '../../../tests/src/fixture-definition.ts';"],
    // The directions between the domain folders of api/src.
    ['api/src/users/x.ts', "import { AccountsService } from '../accounts/accounts.service.ts';"],
    [
      'api/src/projects/x.ts',
      "import { QuestionnaireService } from '../questionnaire/questionnaire.service.ts';",
    ],
    ['api/src/common/x.ts', "import { renderPage } from '../pages/render-page.ts';"],
    ['api/src/pages/x.ts', "import { csrf } from '../accounts/csrf.ts';"],
    ['api/src/projects/x.ts', "import { entities } from '../database/entities.ts';"],
    ['api/src/questionnaire/x.ts', "import { AppModule } from '../app.module.ts';"],
    [
      'api/src/database/migrations/x.ts',
      "import { renderPage } from '../../pages/render-page.ts';",
    ],
    ['api/src/users/x.ts', "import messages from '../locale/de.json' with { type: 'json' };"],
    ['api/src/projects/x.ts', "import { ormConfig } from '@fragewerk/api';"],
    ['api/src/logging/x.ts', "import { t } from '../common/messages.ts';"],
    ['api/src/mail/x.ts', "import { httpLogger } from '../logging/http-logger.ts';"],
    [
      'api/src/housekeeping/x.ts',
      "import { ProjectsService } from '../projects/projects.service.ts';",
    ],
    [
      'api/src/accounts/x.ts',
      "import { HousekeepingService } from '../housekeeping/housekeeping.service.ts';",
    ],
    ['api/src/health/x.ts', "import { PgSessionStore } from '../accounts/pg-session-store.ts';"],
    ['api/src/health/x.ts', "import { withAdvisoryLock } from '../database/advisory-lock.ts';"],
    // database knows no domain: the composition root passes it the entities (data-model.ts).
    ['api/src/database/x.ts', "import { UserSchema } from '../users/user.entity.ts';"],
    ['api/src/database/x.ts', "import { OutboxMailSchema } from '../mail/outbox-mail.entity.ts';"],
    ['api/src/database/x.ts', "import { AgencySchema } from '../agency/agency.entity.ts';"],
    ['api/src/database/x.ts', "import { entities } from '../projects/entities.ts';"],
    ['api/src/database/x.ts', "import { entities } from '../data-model.ts';"],
    [
      'api/src/database/migrations/x.ts',
      "import { ProjectSchema } from '../../projects/project.entity.ts';",
    ],
    ['api/src/common/x.ts', "import { healthRoutes } from '../health/health-routes.ts';"],
    ['api/src/config/x.ts', "import { MailService } from '../mail/mail.service.ts';"],
    // Inside web: features and the shared folders never import the composition root web/src/app.
    ['web/src/features/projects/x.tsx', "import { useAppDispatch } from '../../app/store.ts';"],
    ['web/src/features/projects/x.tsx', "import { lazyChecks } from '../../app/boot.ts';"],
    ['web/src/features/projects/sub/x.tsx', "import { routes } from '../../../app/router.tsx';"],
    ['web/src/hooks/x.tsx', "import { useBlocker } from '../app/app-router.tsx';"],
    ['web/src/components/toast/x.tsx', "import { createStore } from '../../app/store.ts';"],
    ['web/src/lib/x.ts', "import { ShareLink } from '../features/projects/share-link.tsx';"],
    ['web/src/state/x.ts', "import { routes } from '../app/router.tsx';"],
    // The web layer's own rule still holds inside a zone.
    ['web/src/features/projects/x.tsx', "import { ProjectsService } from '@fragewerk/api';"],
    ['web/src/lib/x.ts', "import express from 'express';"],
    // The API layer's own rule still holds inside a domain folder.
    ['api/src/questionnaire/x.ts', "import { Link } from 'react-router-dom';"],
    // tools/ sees api and engine only through their package exports.
    ['tools/src/x.ts', "import { ormConfig } from '../../api/src/database/orm-config.ts';"],
    ['tools/bench/x.ts', "import { createValidator } from '../../engine/src/core/index.ts';"],
    ['tools/src/x.ts', "import { ormConfig } from '@fragewerk/api/src/database/orm-config.ts';"],
    ['tools/bench/x.ts', "import { createValidator } from '@fragewerk/engine/src/core/index.ts';"],
  ])('forbids %s: %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toHaveLength(1);
  });

  it.each([
    ['engine/src/core/x.ts', "import { presetsDir } from '@fragewerk/presets';"],
    ['engine/src/react/x.tsx', "import { loadDefinition } from '@fragewerk/engine/core';"],
    ['api/src/x.ts', "import { createValidator } from '@fragewerk/engine/core';"],
    ['web/src/x.ts', "import { formatDate } from '@fragewerk/engine/core';"],
    ['web/src/features/projects/x.tsx', "import { useAppDispatch } from '../../state/hooks.ts';"],
    ['web/src/features/projects/x.tsx', "import { lazyChecks } from '../../lib/checks.ts';"],
    ['web/src/features/projects/x.tsx', "import { Toast } from '../results/x.tsx';"],
    ['web/src/app/x.tsx', "import { ProjectPage } from '../features/projects/x.tsx';"],
    ['web/src/main.tsx', "import { createStore } from './state/store.ts';"],
    ['web/src/test/x.tsx', "import { routes } from '../app/router.tsx';"],
    ['tests/src/x.ts', "import { lintDefinition } from '../../tools/src/lint-definition.ts';"],
    [
      'api/src/questionnaire/x.ts',
      "import { ForProject } from '../projects/project-access.guard.ts';",
    ],
    ['api/src/accounts/x.ts', "import { UsersService } from '../users/users.service.ts';"],
    ['api/src/accounts/x.ts', "import { renderPage } from '../pages/render-page.ts';"],
    ['api/src/common/x.ts', "import messages from '../locale/de.json' with { type: 'json' };"],
    [
      'api/src/definition/x.ts',
      "import { lockForTransaction } from '../database/advisory-lock.ts';",
    ],
    [
      'api/src/housekeeping/x.ts',
      "import { tryWithAdvisoryLock } from '../database/advisory-lock.ts';",
    ],
    [
      'api/src/housekeeping/x.ts',
      "import { WINDOW_MINUTES } from '../accounts/rate-limit.service.ts';",
    ],
    ['api/src/database/x.ts', "import { t } from '../common/messages.ts';"],
    ['api/src/data-model.ts', "import { entities } from './projects/entities.ts';"],
    [
      'api/src/projects/x.ts',
      "import { DEFINITION_REVISIONS } from '../definition/definition-revisions.ts';",
    ],
    ['api/src/health/x.ts', "import { t } from '../common/messages.ts';"],
    ['api/src/config/x.ts', "import { t } from '../common/messages.ts';"],
    ['api/src/main.ts', "import { shutDownWithin } from './health/shutdown.ts';"],
    ['api/src/projects/x.ts', "import { findProject } from './projects.repository.ts';"],
    ['api/src/app.module.ts', "import { PagesModule } from './pages/pages.module.ts';"],
    ['tools/src/x.ts', "import { ormConfig } from '@fragewerk/api';"],
    ['tools/bench/x.ts', "import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';"],
    ['tools/bench/x.ts', "import { demoAnswers } from '../src/demo-answers.ts';"],
  ])('allows %s: %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([]);
  });
});
