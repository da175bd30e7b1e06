import { Body, Controller, Delete, Get, Patch, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import { assertOwner } from './agency-roles.ts';
import { AgencyService } from './agency.service.ts';
import { readLogoBody } from './logo-upload.ts';

/** The member's own agency: `GET` for everyone in it, changes for its owners. */
@Controller('api/agency')
export class AgencyController {
  constructor(private readonly agency: AgencyService) {}

  @Get()
  async get(@VerifiedUser() user: UserRow) {
    return { data: await this.agency.json(user) };
  }

  @Patch()
  async update(@VerifiedUser() user: UserRow, @Body() body: unknown) {
    return { data: await this.agency.update(user, body) };
  }

  /** The image as the raw body (not JSON: create-app.ts leaves this route's body to us). */
  @Put('logo')
  async putLogo(
    @VerifiedUser() user: UserRow,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    // A member's upload is refused before a byte of it is read.
    assertOwner(user);
    const bytes = await readLogoBody(request, response);
    return { data: await this.agency.setLogo(user, request.headers['content-type'], bytes) };
  }

  @Delete('logo')
  async deleteLogo(@VerifiedUser() user: UserRow) {
    return { data: await this.agency.deleteLogo(user) };
  }
}
