import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { t } from '../common/messages.ts';
import { renderMessagePage } from '../pages/render-page.ts';
import { ACCOUNT_DELETED_PAGE } from './account-data.controller.ts';

/**
 * „Ihr Account wurde gelöscht.“: where the app goes after deleting the account. A server page,
 * because the app itself needs a login, and the login page has no place for a notice.
 */
@Controller()
export class AccountDeletedPageController {
  @Get(ACCOUNT_DELETED_PAGE.slice(1))
  page(@Res() response: Response) {
    response.type('html').send(
      renderMessagePage(t('accountData.deletedTitle'), t('accountData.deleted'), {
        links: [
          ['/login', t('pages.toLogin')],
          ['/register', t('accountData.registerAgain')],
        ],
      }),
    );
  }
}
