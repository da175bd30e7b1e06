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
import { answerClaimOf, ForProject } from '../projects/project-access.guard.ts';
import type { AnswerClaim } from '../projects/project-access.service.ts';
import { QuestionnaireService, type StepRef } from './questionnaire.service.ts';

type StepKind = StepRef['kind'];

const STEP_KIND = 'fragewerk:step-kind';

declare module 'express' {
  interface Request {
    step?: StepRef;
  }
}

/**
 * Checks the step `:kind`: an unknown one is a 404 before any access check. Which revision's step
 * the route works on is decided with the project (`QuestionnaireService`).
 */
@Injectable()
export class StepGuard implements CanActivate {
  constructor(
    private readonly questionnaire: QuestionnaireService,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.reflector.get<StepKind>(STEP_KIND, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    request.step = this.questionnaire.step(String(request.params.kind), expected);
    return true;
  }
}

/**
 * Marks a route on a step of `kind` of the project `:id`: first the step (404), then the caller's
 * right to answer (401/403/404), both before the handler runs.
 */
export const AnswerStep = (kind: StepKind) =>
  applyDecorators(SetMetadata(STEP_KIND, kind), UseGuards(StepGuard), ForProject('answer'));

/**
 * Marks an autosave route on a step of `kind` of the project `:id`: the step is checked first
 * (404); the caller's right to answer is checked by the service, in its write where it can
 * (`QuestionnaireService.saveFormFor`), so the route gets the caller's unchecked `@Claim()`. The
 * service validates the body only once the database has confirmed that claim (now or within the
 * last minute), never for a caller without access.
 */
export const ClaimedStep = (kind: StepKind) =>
  applyDecorators(SetMetadata(STEP_KIND, kind), UseGuards(StepGuard));

/** Route parameter: who asks to answer which project, not yet checked (`@ClaimedStep()`). */
export const Claim = createParamDecorator((_: unknown, context: ExecutionContext): AnswerClaim =>
  answerClaimOf(context.switchToHttp().getRequest<Request>()),
);

/** Route parameter: the step that `@AnswerStep()` or `@ClaimedStep()` found. */
export const Step = createParamDecorator((_: unknown, context: ExecutionContext): StepRef => {
  const step = context.switchToHttp().getRequest<Request>().step;
  if (!step) throw new Error('@Step() needs @AnswerStep() on the route');
  return step;
});
