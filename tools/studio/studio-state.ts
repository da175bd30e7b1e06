/**
 * What the studio's server sends its page on every change of the definition (shared by both).
 * Plain JSON: the page gets it as one Server-Sent Event.
 */
import type { Definition, DefinitionProblem, PresetEntry } from '@fragewerk/engine/core';

/** One answer of a step (an entry of a list or a form's answers). */
export type Answers = Record<string, unknown>;

/** One choice of a switch: the stored value and its German label. */
export interface Choice {
  value: string;
  label: string;
}

/** The sample answers of one step. */
export interface StepSamples {
  /** `file`: the step's own samples.de.json; `generated`: from schema and presets. */
  source: 'file' | 'generated';
  /** The field whose value picks the gender variant of the prose, with its options. */
  context?: { field: string; title: string; choices: Choice[] };
  /** By context value (`''` where the step has no context): entries of a list, or a form's answers. */
  variants: Record<string, Answers[] | Answers>;
}

/** Where a preset list is used: a step's (or a form's) field. */
export interface PresetUse {
  /** The step's key, or the form's name. */
  owner: string;
  /** The step's title („Ziele“) or the form's file. */
  ownerTitle: string;
  kind: 'step' | 'form';
  field: string;
  fieldTitle: string;
}

export interface PresetList {
  /** `goals.company`: how a schema names it in x-presets. */
  reference: string;
  file: string;
  list: string;
  entries: PresetEntry[];
  usedBy: PresetUse[];
}

export interface StudioState {
  /** Counts up with every change the server has seen. */
  revision: number;
  /** When the files were read (ISO). */
  updatedAt: string;
  /** The definition's folder as the editor knows it. */
  definitionDir: string;
  /** The id of the questionnaire shown, and those of the whole catalogue (the editor picks one). */
  questionnaire?: string;
  questionnaires?: string[];
  /** Everything `npm run definition:lint` finds (empty when all is well). */
  problems: DefinitionProblem[];
  /** Absolute paths of the files named in `problems`, for links into the editor. */
  paths: Record<string, string>;
  /**
   * The definition as the browser gets it (preset images as URLs), or null when the loader
   * refuses the files: the product would not start with them, so there is nothing to preview.
   */
  definition: Definition | null;
  /** The precompiled checks of this revision (the same Ajv code the product runs). */
  checksUrl: string | null;
  samples: Record<string, StepSamples>;
  presetLists: PresetList[];
}
