import type { TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './base-input-template.tsx';
import { FieldErrorTemplate } from './field-error-template.tsx';
import { FieldHelpTemplate } from './field-help-template.tsx';
import { FieldTemplate } from './field-template.tsx';
import { ObjectFieldTemplate } from './object-field-template.tsx';

/** The engine's rjsf templates (the rest are rjsf's own). */
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  ObjectFieldTemplate,
};
