/**
 * JSON Schemas of the definition files themselves. The loader checks every file against them,
 * so a content editor's typo fails at start with a message naming the file, not at run time.
 */
import type { JsonSchema } from './definition-types.ts';

const text = { type: 'string', minLength: 1 } as const;
const slug = { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } as const;
const key = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;
/** A phrase of a normalisation rule: words, „…“ only between words, no space at either end. */
const phrases = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', pattern: '^[^\\s…](?:.*[^\\s…])?$' },
} as const;

export const questionnaireMetaSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'title', 'stages'],
  properties: {
    version: { type: 'integer', minimum: 1 },
    title: text,
    stages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'title', 'steps'],
        properties: {
          key,
          title: text,
          steps: { type: 'array', minItems: 1, uniqueItems: true, items: key },
        },
      },
    },
  },
};

export const stepMetaSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'slug', 'title', 'heading', 'kind'],
  properties: {
    key,
    slug,
    title: text,
    heading: text,
    kind: { enum: ['list', 'form'] },
    list: {
      type: 'object',
      additionalProperties: false,
      required: ['newTitle', 'editTitle', 'addButton', 'saveButton', 'emptyText', 'card'],
      properties: {
        groupBy: key,
        groups: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['value', 'key', 'heading', 'addLabel'],
            properties: {
              value: { type: ['string', 'boolean'] },
              key,
              heading: text,
              addLabel: text,
            },
          },
        },
        addLabel: text,
        newTitle: text,
        editTitle: text,
        addButton: text,
        saveButton: text,
        emptyText: text,
        card: {
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: {
            title: key,
            text: { type: 'array', items: key },
            rating: key,
            link: key,
            badge: key,
            avatar: key,
          },
        },
      },
    },
    form: {
      type: 'object',
      additionalProperties: false,
      required: ['saveButton'],
      properties: { saveButton: text },
    },
    prose: {
      type: 'object',
      additionalProperties: false,
      properties: {
        context: key,
        count: { type: 'object', propertyNames: key, additionalProperties: key },
        normalize: {
          type: 'object',
          propertyNames: key,
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            properties: {
              leading: phrases,
              trailing: phrases,
              stripEnd: { type: 'boolean' },
              unquote: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
  allOf: [
    { if: { properties: { kind: { const: 'list' } } }, then: { required: ['list'] } },
    { if: { properties: { kind: { const: 'form' } } }, then: { required: ['form'] } },
  ],
};

const proseValue: JsonSchema = {
  anyOf: [{ type: 'string' }, { $ref: '#' }],
};

export const proseMetaSchema: JsonSchema = {
  type: 'object',
  additionalProperties: proseValue,
};

/**
 * A step's prose.de.json: i18next resources, of which `phrase.<field>` says how a value without
 * an in-sentence form of its own (a label, a Sonstiges text) stands in the sentence.
 */
export const stepProseMetaSchema: JsonSchema = {
  type: 'object',
  properties: {
    heading: text,
    phrase: {
      type: 'object',
      propertyNames: key,
      additionalProperties: { type: 'string', pattern: '\\{\\{\\s*value\\s*\\}\\}' },
    },
    values: {
      type: 'object',
      propertyNames: key,
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  additionalProperties: proseValue,
};

/**
 * An illustration of a preset entry: an SVG file below `presets/`, named by its path there
 * (`avatars/woman_office.svg`). Lower-case names only and no `..`, so the path is safe to serve.
 */
const assetPath = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_-]*)*\\.svg$',
} as const;

export const presetFileMetaSchema: JsonSchema = {
  type: 'object',
  minProperties: 1,
  additionalProperties: {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['key', 'label'],
      properties: {
        key: { type: 'string', pattern: '^[a-z0-9][a-z0-9_]*$', not: { const: 'custom' } },
        label: text,
        prose: { type: 'string', pattern: '^\\S(?:.*\\S)?$' },
        image: assetPath,
      },
    },
  },
};

export const messagesMetaSchema: JsonSchema = {
  type: 'object',
  required: ['required', 'fallback', 'characters', 'depth'],
  additionalProperties: { type: 'string', minLength: 1 },
};

/** A field name in a migration map: a step's property (preset keys of a profile included). */
const fieldName = { type: 'string', pattern: '^[a-z0-9][a-z0-9_]*$' } as const;

/** `schemas/migrations/<version>.json`: renames, option maps and dropped fields per step. */
export const migrationMetaSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['steps'],
  properties: {
    description: text,
    steps: {
      type: 'object',
      minProperties: 1,
      propertyNames: key,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          renameFields: {
            type: 'object',
            minProperties: 1,
            propertyNames: fieldName,
            additionalProperties: fieldName,
          },
          renameOptions: {
            type: 'object',
            minProperties: 1,
            propertyNames: fieldName,
            additionalProperties: {
              type: 'object',
              minProperties: 1,
              propertyNames: fieldName,
              additionalProperties: { anyOf: [fieldName, { type: 'null' }] },
            },
          },
          dropFields: { type: 'array', minItems: 1, uniqueItems: true, items: fieldName },
        },
      },
    },
  },
};
