import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { sessionUser } from '../users/session-user.decorator.ts';
import {
  ProjectAccessService,
  type AnswerClaim,
  type ProjectAccess,
  type ProjectIntent,
} from './project-access.service.ts';

const INTENT = 'fragewerk:project-intent';

declare module 'express' {
  interface Request {
    projectAccess?: ProjectAccess;
  }
}

/** The share token a request carries (`X-Edit-Token`), if any. */
export function requestEditToken(request: Request): string | undefined {
  const header = request.headers['x-edit-token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : undefined;
}

/** Who asks to answer the project `:id` of a request: not checked yet (see `AnswerClaim`). */
export function answerClaimOf(request: Request): AnswerClaim {
  return {
    caller: { user: sessionUser(request), editToken: requestEditToken(request) },
    projectId: String(request.params.id),
  };
}

/**
 * Resolves the caller of a route on the project `:id` into its `ProjectAccess`, once and before
 * the handler runs; the handler gets it with `@Access()`. Services never see the request.
 */
@Injectable()
export class ProjectAccessGuard implements CanActivate {
  constructor(
    private readonly access: ProjectAccessService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const intent = this.reflector.get<ProjectIntent>(INTENT, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    const caller = { user: sessionUser(request), editToken: requestEditToken(request) };
    request.projectAccess = await this.access.resolve(caller, String(request.params.id), intent);
    return true;
  }
}

/** Marks a route on the project `:id` that needs `intent`; 401/403/404 before the handler runs. */
export const ForProject = (intent: ProjectIntent) =>
  applyDecorators(SetMetadata(INTENT, intent), UseGuards(ProjectAccessGuard));

/** Route parameter: the caller's access to the project, as `@ForProject()` resolved it. */
export const Access = createParamDecorator(
  (_: unknown, context: ExecutionContext): ProjectAccess => {
    const access = context.switchToHttp().getRequest<Request>().projectAccess;
    if (!access) throw new Error('@Access() needs @ForProject() on the route');
    return access;
  },
);
