import Form from '@rjsf/core';
import { rememberFormState } from './form-state-memo.ts';

/**
 * rjsf's `Form`, with schema utilities that remember their last answers (see
 * `rememberFormState`): rjsf offers no option to spare its whole-form default computation on each
 * change, and its `Form` creates the utilities itself, so this is the one place to reach them.
 * Everything else is rjsf's own.
 */
export class EngineForm extends Form {
  override getStateFromProps(...args: Parameters<Form['getStateFromProps']>) {
    const state = super.getStateFromProps(...args);
    rememberFormState(state.schemaUtils);
    return state;
  }
}
