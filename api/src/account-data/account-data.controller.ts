import { once } from 'node:events';
import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { endSession } from '../accounts/session-scope.ts';
import { AccountDataService } from './account-data.service.ts';
import type { UserRow } from '../users/user-row.ts';
import { LoggedInUser } from '../users/session-user.decorator.ts';

/** Where the web app sends the browser once the account is gone (a server page: no login left). */
export const ACCOUNT_DELETED_PAGE = '/account-geloescht';

/** The file name of the download, with the date of the day in Germany: `fragewerk-export-2026-11-28.json`. */
export const exportFileName = (now = new Date()) =>
  `fragewerk-export-${now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })}.json`;

/** Writes a chunk, waiting while the client reads slower than the file is made. */
async function write(response: Response, chunk: string): Promise<void> {
  if (response.destroyed) throw new Error('Der Download wurde abgebrochen.');
  if (!response.write(chunk))
    await Promise.race([once(response, 'drain'), once(response, 'close')]);
}

/** „Meine Daten herunterladen“ and „Account löschen“ of the account settings. */
@Controller('api/user')
export class AccountDataController {
  private readonly logger = new Logger('AccountData');

  constructor(private readonly accountData: AccountDataService) {}

  /**
   * The account and all its projects as a JSON download. A GET: the app links to it, the browser
   * sends the session cookie; nothing changes, so it needs no X-Requested-With.
   */
  @Get(':id/export')
  async export(
    @LoggedInUser() user: UserRow,
    @Param('id') id: string,
    @Res() response: Response,
  ): Promise<void> {
    // Refused before the first byte, so a refusal is an ordinary error answer.
    this.accountData.assertSelf(user, id);
    response.status(200).set({
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName()}"`,
      'Cache-Control': 'no-store',
    });
    try {
      for await (const chunk of this.accountData.exportChunks(user)) await write(response, chunk);
      response.end();
    } catch (error) {
      // Headers are out: the only honest answer is a broken download, not a JSON error inside it.
      if (!response.destroyed) this.logger.error(`Export abgebrochen: ${String(error)}`);
      response.destroy();
    }
  }

  /** Deletes the account after its password; the session ends with it. */
  @Delete(':id')
  @HttpCode(200)
  async remove(
    @Req() request: Request,
    @LoggedInUser() user: UserRow,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.accountData.deleteAccount(user, id, body);
    await endSession(request, response);
    return { data: { deleted: true } };
  }
}
