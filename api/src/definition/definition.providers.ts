import type { Definition, Validators } from '@fragewerk/engine/core';

/** Injection token of the loaded questionnaire definition. */
export const DEFINITION = Symbol('DEFINITION');
/** Injection token of the validator factory (`step:<key>` / `form:<name>` → validate). */
export const VALIDATOR = Symbol('VALIDATOR');
/** Injection token of the precompiled checks module served to the browser. */
export const CHECKS_MODULE = Symbol('CHECKS_MODULE');

export type ValidatorFor = Validators;
export type { Definition };
