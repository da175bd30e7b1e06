/**
 * JSON Schemas of the definition files themselves. The loader checks every file against them,
 * so a content editor's typo fails at start with a message naming the file, not at run time.
 */
import type { JsonSchema } from './definition-types.ts';
import { WIDGET_NAMES } from './widget-names.ts';

/**
 * Each meta-schema is also the source of the editors' JSON Schemas (`npm run editor-schemas`):
 * `description` becomes the hover text, `errorMessage.pattern` the message while typing.
 */
const text = { type: 'string', minLength: 1 } as const;
const described = <T extends object>(schema: T, description: string) => ({
  ...schema,
  description,
});
const slug = {
  type: 'string',
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  errorMessage: {
    pattern:
      'Ein Slug besteht aus Kleinbuchstaben und Ziffern, Wörter getrennt durch „-“ (ohne Umlaute: „markenpersoenlichkeit“).',
  },
} as const;
const key = {
  type: 'string',
  pattern: '^[a-z][a-z0-9_]*$',
  errorMessage: {
    pattern:
      'Ein Schlüssel besteht aus Kleinbuchstaben, Ziffern und „_“ und beginnt mit einem Buchstaben.',
  },
} as const;
/** A phrase of a normalisation rule: words, „…“ only between words, no space at either end. */
const phrases = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: {
    type: 'string',
    pattern: '^[^\\s…](?:.*[^\\s…])?$',
    errorMessage: {
      pattern: 'Eine Wendung beginnt und endet mit einem Wort; „…“ steht nur zwischen Wörtern.',
    },
  },
} as const;

export const questionnaireMetaSchema: JsonSchema = {
  description:
    'Der Fragebogen: Version, Titel und die Etappen mit ihren Schritten in der Reihenfolge, in der die Kundschaft sie durchläuft.',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'title', 'stages'],
  properties: {
    id: described(
      // Projects and revisions keep it in a column of 64 characters.
      { ...slug, maxLength: 64 },
      'Kennung des Fragebogens im Katalog, z. B. „website-relaunch“: zugleich der Ordnername unter definitions/. Bleibt für immer gleich.',
    ),
    description: described(
      text,
      'Ein Satz, der der Agentur beim Anlegen eines Projekts sagt, wofür der Fragebogen gedacht ist.',
    ),
    version: described(
      { type: 'integer', minimum: 1 },
      'Die Fragebogen-Version; Ergebnisansicht und Druck nennen sie. Bei jeder sichtbaren Änderung erhöhen.',
    ),
    title: described(
      text,
      'Der Name des Fragebogens, wie die Agentur ihn beim Anlegen eines Projekts, im Dashboard und in den Ergebnissen liest.',
    ),
    retired: described(
      { type: 'boolean' },
      'true: Der Fragebogen wird für neue Projekte nicht mehr angeboten; laufende und freigegebene Projekte bleiben, wie sie sind. Ändert keine Revision.',
    ),
    stages: {
      description: 'Die Etappen (z. B. „Business Insights“) in ihrer Reihenfolge.',
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'title', 'steps'],
        properties: {
          key: described(key, 'Schlüssel der Etappe, z. B. „business“.'),
          title: described(text, 'Name der Etappe in der Navigation, z. B. „Business Insights“.'),
          steps: {
            description:
              'Die Schritte der Etappe: je ein Ordnername unter steps/, in der Reihenfolge des Fragebogens.',
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: key,
          },
        },
      },
    },
  },
};

/** A field of the step's schema, named in step.json. */
const field = (description: string) => described(key, description);

export const stepMetaSchema: JsonSchema = {
  description: 'Ein Schritt des Fragebogens: Name, Überschrift, Art und Einstellungen.',
  type: 'object',
  additionalProperties: false,
  required: ['key', 'slug', 'title', 'heading', 'kind'],
  properties: {
    key: described(key, 'Der Schlüssel des Schritts; gleich dem Namen seines Ordners.'),
    slug: described(slug, 'Der Teil der Adresse im Browser: /projekte/…/fragebogen/<slug>.'),
    title: described(text, 'Der kurze Name in Navigation und Ergebnisansicht, z. B. „Ziele“.'),
    heading: described(
      text,
      'Die Überschrift über dem Schritt, z. B. „Wohin soll die Reise gehen?“.',
    ),
    kind: described(
      { enum: ['list', 'form'] },
      '„list“: die Kundschaft legt Einträge an (Karten, Dialog). „form“: ein Formular mit Speichern.',
    ),
    list: {
      description: 'Die Einstellungen eines Listen-Schritts (kind „list“).',
      type: 'object',
      additionalProperties: false,
      required: ['newTitle', 'editTitle', 'addButton', 'saveButton', 'emptyText', 'card'],
      properties: {
        groupBy: field('Das Feld, nach dessen Wert die Einträge in Gruppen stehen (mit „groups“).'),
        groups: {
          description: 'Die Gruppen der Liste, je mit Überschrift und Knopf zum Hinzufügen.',
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['value', 'key', 'heading', 'addLabel'],
            properties: {
              value: described(
                { type: ['string', 'boolean'] },
                'Der Wert des groupBy-Felds, den die Einträge dieser Gruppe haben.',
              ),
              key: described(key, 'Schlüssel der Gruppe.'),
              heading: described(text, 'Überschrift der Gruppe.'),
              addLabel: described(text, 'Beschriftung des Knopfs zum Hinzufügen in dieser Gruppe.'),
            },
          },
        },
        addLabel: described(text, 'Beschriftung des Knopfs zum Hinzufügen (ohne Gruppen).'),
        newTitle: described(text, 'Überschrift des Editors für einen neuen Eintrag.'),
        editTitle: described(text, 'Überschrift des Dialogs zum Bearbeiten.'),
        addButton: described(text, 'Knopf, der einen neuen Eintrag speichert.'),
        saveButton: described(text, 'Knopf, der einen geänderten Eintrag speichert.'),
        emptyText: described(text, 'Text, solange die Liste (oder Gruppe) leer ist.'),
        card: {
          description: 'Welche Felder die Karte eines Eintrags zeigt.',
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: {
            title: field('Das Feld, das die Karte als Titel zeigt.'),
            text: {
              description: 'Felder, die als Text unter dem Titel stehen.',
              type: 'array',
              items: key,
            },
            rating: field('Ein Feld mit Sternen (1 bis 5).'),
            link: field('Ein Feld mit einer Adresse, die als Link erscheint.'),
            badge: field('Ein Feld, dessen Wert als Plakette erscheint.'),
            avatar: field('Ein Feld mit einem Bild aus den Presets (Avatar).'),
          },
        },
      },
    },
    form: {
      description: 'Die Einstellungen eines Formular-Schritts (kind „form“).',
      type: 'object',
      additionalProperties: false,
      required: ['saveButton'],
      properties: { saveButton: described(text, 'Beschriftung des Knopfs zum Speichern.') },
    },
    completeness: {
      description:
        'Wann ein Listenschritt vollständig ist: mindestens minItems gültige Einträge (Standard 1), je Gruppe (nach ihrem key) mindestens minItemsPerGroup.',
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        minItems: { type: 'integer', minimum: 1 },
        minItemsPerGroup: {
          type: 'object',
          minProperties: 1,
          propertyNames: key,
          additionalProperties: { type: 'integer', minimum: 0 },
        },
      },
    },
    prose: {
      description: 'Wie die Sätze der Ergebnisansicht gebildet werden.',
      type: 'object',
      additionalProperties: false,
      properties: {
        context: field(
          'Das Feld, dessen Wert die Variante der Vorlagen wählt (z. B. „gender“ für _male und _female).',
        ),
        count: {
          description:
            'Je Vorlage mit Pluralformen (_one, _other) das Feld, das zählt: eine Liste ihre Werte, eine Zahl sich selbst.',
          type: 'object',
          propertyNames: key,
          additionalProperties: key,
        },
        normalize: {
          description: 'Je Feld: wie ein eingetippter Text bereinigt wird, bevor er im Satz steht.',
          type: 'object',
          propertyNames: key,
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            properties: {
              leading: described(phrases, 'Wendungen, die am Anfang wegfallen („ich möchte“).'),
              trailing: described(phrases, 'Wendungen, die am Ende wegfallen („damit“).'),
              stripEnd: described(
                { type: 'boolean' },
                'Schlusspunkt, Ausrufe- und Fragezeichen fallen weg.',
              ),
              unquote: described(
                { type: 'boolean' },
                'Anführungszeichen um den ganzen Text fallen weg.',
              ),
              capitalize: described(
                { type: 'boolean' },
                'Der erste Buchstabe wird großgeschrieben (ein Substantiv wie die Rolle „pendler“).',
              ),
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
  description:
    'Texte der Ergebnisansicht für alle Schritte (i18next): z. B. „empty“ für einen Abschnitt ohne Angaben.',
  type: 'object',
  additionalProperties: proseValue,
};

/**
 * A step's prose.de.json: i18next resources, of which `phrase.<field>` says how a value without
 * an in-sentence form of its own (a label, a Sonstiges text) stands in the sentence.
 */
export const stepProseMetaSchema: JsonSchema = {
  description:
    'Die Sätze der Ergebnisansicht für diesen Schritt (i18next). Variablen sind Feldnamen: {{name}}, {{werte, list}}.',
  type: 'object',
  properties: {
    heading: described(text, 'Die Überschrift des Schritts in der Ergebnisansicht.'),
    item: {
      description:
        'Listen-Schritt: „title“ ist der Titel eines Eintrags, alle anderen Schlüssel sind Sätze (_male/_female, _one/_other).',
      ...proseValue,
    },
    form: {
      description:
        'Formular-Schritt: die Sätze (_male/_female für die Varianten, _one/_other für Einzahl und Mehrzahl).',
      ...proseValue,
    },
    next: {
      description:
        'Listen-Schritt: andere Worte für Sätze aus „item“ (gleicher Schlüssel), die jeder zweite Eintrag einer Gruppe nimmt, damit benachbarte Karten nicht gleich beginnen.',
      ...proseValue,
    },
    phrase: {
      description:
        'Je Feld: wie ein Wert ohne eigene Satzform im Satz steht; {{value}} ist der Wert (z. B. „in der Branche {{value}}“).',
      type: 'object',
      propertyNames: key,
      additionalProperties: {
        type: 'string',
        pattern: '\\{\\{\\s*value\\s*\\}\\}',
        errorMessage: { pattern: 'Die Wendung braucht die Lücke {{value}} für den Wert.' },
      },
    },
    values: {
      description: 'Je Feld und Wert ein eigener Text für den Satz (statt Label oder Satzform).',
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
  errorMessage: {
    pattern:
      'Ein Bild ist eine SVG-Datei unter presets/, klein geschrieben und ohne „..“: z. B. „avatars/woman_office.svg“.',
  },
} as const;

export const presetFileMetaSchema: JsonSchema = {
  description:
    'Preset-Listen eines Bereichs: je Liste die Einträge mit festem Schlüssel und deutschem Label.',
  type: 'object',
  minProperties: 1,
  propertyNames: key,
  additionalProperties: {
    description: 'Eine Preset-Liste; ein Schema nennt sie als „<datei>.<liste>“ in x-presets.',
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['key', 'label'],
      properties: {
        key: {
          description:
            'Der feste Schlüssel, unter dem Antworten gespeichert werden. Nach der Veröffentlichung nicht mehr ändern (sonst: Migration).',
          type: 'string',
          pattern: '^[a-z0-9][a-z0-9_]*$',
          not: { const: 'custom' },
          errorMessage: {
            pattern: 'Ein Schlüssel besteht aus Kleinbuchstaben, Ziffern und „_“.',
            not: 'ist für „Sonstiges“ reserviert.',
          },
        },
        label: described(text, 'Der Text in der Auswahl und in Titeln.'),
        prose: {
          description:
            'Die Satzform, wo das Label im Satz nicht passt („persönliche Beratung“, „den besten Preis“).',
          type: 'string',
          pattern: '^\\S(?:.*\\S)?$',
          errorMessage: { pattern: 'Die Satzform beginnt und endet ohne Leerzeichen.' },
        },
        image: described(assetPath, 'Ein Bild (SVG unter presets/), z. B. für Avatare.'),
        left: described(text, 'Polaritätenprofil: der linke Pol.'),
        right: described(text, 'Polaritätenprofil: der rechte Pol.'),
      },
    },
  },
};

export const messagesMetaSchema: JsonSchema = {
  description:
    'Die deutschen Meldungen der Validierung je Regel (Ajv-Schlüsselwort); {field} ist das Label des Feldes, {limit} die Grenze.',
  type: 'object',
  required: ['required', 'fallback', 'characters', 'depth'],
  additionalProperties: { type: 'string', minLength: 1 },
};

/** A field name in a migration map: a step's property (preset keys of a profile included). */
const fieldName = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9_]*$',
  errorMessage: { pattern: 'Ein Feldname besteht aus Kleinbuchstaben, Ziffern und „_“.' },
} as const;

/** `schemas/migrations/<version>.json`: renames, option maps and dropped fields per step. */
export const migrationMetaSchema: JsonSchema = {
  description:
    'Was beim Wechsel auf diese Version mit gespeicherten Antworten passiert; der Dateiname ist die neue Version.',
  type: 'object',
  additionalProperties: false,
  required: ['steps'],
  properties: {
    description: described(text, 'Wofür die Migration ist (steht im Migrationsprotokoll).'),
    steps: {
      description: 'Je Schritt (Schlüssel) die Änderungen.',
      type: 'object',
      minProperties: 1,
      propertyNames: key,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          renameFields: {
            description: 'Alter Feldname → neuer Feldname.',
            type: 'object',
            minProperties: 1,
            propertyNames: fieldName,
            additionalProperties: fieldName,
          },
          renameOptions: {
            description:
              'Je Feld (neuer Name): alter Schlüssel → neuer Schlüssel, oder null, um den Wert zu entfernen.',
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
          dropFields: {
            description: 'Felder, deren gespeicherte Werte wegfallen.',
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: fieldName,
          },
        },
      },
    },
  },
};

/** The `ui:` settings a ui.json may use, with what they do. */
export const UI_OPTIONS: Record<string, { schema: JsonSchema; description: string }> = {
  'ui:widget': {
    schema: { enum: [...WIDGET_NAMES] },
    description: 'Das Eingabeelement des Feldes; die Engine kennt genau diese Namen.',
  },
  'ui:title': { schema: text, description: 'Die Frage oder das Label über dem Feld.' },
  'ui:errorLabel': {
    schema: text,
    description:
      'Wie Meldungen das Feld nennen („{Feld} ist ein Pflichtfeld“), wenn ui:title eine Frage ist (z. B. „Erwartungen an Ihr Unternehmen“).',
  },
  'ui:description': { schema: { type: 'string' }, description: 'Ein Text unter dem Label.' },
  'ui:help': { schema: { type: 'string' }, description: 'Ein Hinweis unter dem Feld.' },
  'ui:placeholder': {
    schema: { type: 'string' },
    description:
      'Grauer Beispieltext im leeren Feld („z. B. …“); das Studio nutzt ihn für Beispielantworten.',
  },
  'ui:order': {
    schema: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    description: 'Die Reihenfolge der Felder; „*“ steht für alle übrigen.',
  },
  'ui:options': {
    schema: {
      type: 'object',
      properties: {
        noResultsText: described(text, 'Mehrfachauswahl: Text, wenn die Suche nichts findet.'),
        rows: described({ type: 'integer', minimum: 1 }, 'Textfeld: Zahl der Zeilen.'),
      },
    },
    description: 'Weitere Einstellungen des Eingabeelements.',
  },
  'ui:autofocus': {
    schema: { type: 'boolean' },
    description: 'Das Feld hat beim Öffnen den Fokus.',
  },
  'ui:autocomplete': {
    schema: { type: 'string' },
    description: 'Der autocomplete-Wert des Browsers (z. B. „organization“).',
  },
  'ui:disabled': { schema: { type: 'boolean' }, description: 'Das Feld ist gesperrt.' },
  'ui:readonly': { schema: { type: 'boolean' }, description: 'Das Feld ist nur lesbar.' },
  'ui:presetProperties': {
    schema: { $ref: '#' },
    description:
      'Die Einstellungen für jedes Feld, das x-preset-properties aus einer Preset-Liste erzeugt (z. B. { "ui:widget": "polarity" }).',
  },
};

/**
 * A step's ui.json: `ui:` settings for the form, and per field (by its name) the settings of that
 * field; an array's entries under `items`.
 */
export const uiMetaSchema: JsonSchema = {
  description:
    'Wie die Felder des Schritts aussehen: je Feldname ein Objekt mit ui:widget, ui:title, ui:placeholder …',
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(UI_OPTIONS).map(([name, { schema, description }]) => [
      name,
      { ...schema, description },
    ]),
  ),
  propertyNames: {
    anyOf: [{ enum: Object.keys(UI_OPTIONS) }, { pattern: '^(?!ui:)' }],
    errorMessage: 'ist keine Einstellung von ui.json.',
  },
  additionalProperties: { $ref: '#' },
};

const nonNegative = { type: 'integer', minimum: 0 } as const;
const schemaList = { type: 'array', minItems: 1, items: { $ref: '#/$defs/node' } } as const;
const schemaMap = { type: 'object', additionalProperties: { $ref: '#/$defs/node' } } as const;
const presetReference = {
  type: 'string',
  pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$',
  errorMessage: {
    pattern:
      'Eine Preset-Liste heißt „<datei>.<liste>“, z. B. „goals.company“ aus presets/goals.de.json.',
  },
} as const;

/**
 * A step's schema.json: JSON Schema 2020-12 with the keywords the engine supports and ours
 * (`x-presets`, `x-custom`, `x-preset-properties`, `x-normalize`, `x-range`, `x-unit`). Ajv compiles it strictly, too; this names a
 * typo with its place and offers the keywords while typing.
 */
export const stepSchemaMetaSchema: JsonSchema = {
  description:
    'Die Felder und Regeln des Schritts (JSON Schema 2020-12 mit x-presets und x-custom).',
  $defs: {
    node: {
      type: ['object', 'boolean'],
      additionalProperties: false,
      properties: {
        $schema: { type: 'string' },
        $id: { type: 'string' },
        $comment: { type: 'string' },
        $ref: { type: 'string' },
        $defs: schemaMap,
        title: described({ type: 'string' }, 'Das deutsche Label des Feldes (auch in Meldungen).'),
        description: { type: 'string' },
        default: {},
        examples: { type: 'array' },
        readOnly: { type: 'boolean' },
        writeOnly: { type: 'boolean' },
        deprecated: { type: 'boolean' },
        type: described(
          {
            anyOf: [
              { enum: ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'] },
              {
                type: 'array',
                minItems: 1,
                uniqueItems: true,
                items: {
                  enum: ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'],
                },
              },
            ],
          },
          'Der Typ des Wertes; mit „null“ darf das Feld leer bleiben: ["string", "null"].',
        ),
        enum: described({ type: 'array', minItems: 1 }, 'Die erlaubten Werte.'),
        const: described({}, 'Der einzige erlaubte Wert.'),
        multipleOf: { type: 'number', exclusiveMinimum: 0 },
        maximum: described({ type: 'number' }, 'Der größte erlaubte Wert.'),
        exclusiveMaximum: { type: 'number' },
        minimum: described({ type: 'number' }, 'Der kleinste erlaubte Wert.'),
        exclusiveMinimum: { type: 'number' },
        maxLength: described(nonNegative, 'Höchstens so viele Zeichen.'),
        minLength: described(nonNegative, 'Mindestens so viele Zeichen (1: darf nicht leer sein).'),
        pattern: { type: 'string' },
        format: described(
          { enum: ['email', 'uri', 'date', 'date-time'] },
          'Das Format des Textes.',
        ),
        maxItems: described(nonNegative, 'Höchstens so viele Werte.'),
        minItems: described(nonNegative, 'Mindestens so viele Werte.'),
        uniqueItems: described({ type: 'boolean' }, 'Kein Wert doppelt.'),
        maxContains: nonNegative,
        minContains: nonNegative,
        maxProperties: nonNegative,
        minProperties: nonNegative,
        required: described(
          { type: 'array', uniqueItems: true, items: { type: 'string' } },
          'Die Pflichtfelder.',
        ),
        dependentRequired: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
        properties: described(schemaMap, 'Die Felder, je Feldname ihr Schema.'),
        patternProperties: schemaMap,
        additionalProperties: described(
          { $ref: '#/$defs/node' },
          'false: keine Felder außer den genannten.',
        ),
        propertyNames: { $ref: '#/$defs/node' },
        unevaluatedProperties: { $ref: '#/$defs/node' },
        items: described({ $ref: '#/$defs/node' }, 'Das Schema jedes Wertes einer Liste.'),
        prefixItems: schemaList,
        contains: { $ref: '#/$defs/node' },
        unevaluatedItems: { $ref: '#/$defs/node' },
        allOf: described(schemaList, 'Regeln, die alle gelten (z. B. mehrere if/then).'),
        anyOf: schemaList,
        oneOf: schemaList,
        not: { $ref: '#/$defs/node' },
        if: described({ $ref: '#/$defs/node' }, 'Bedingung: wenn die Antwort so aussieht …'),
        then: described({ $ref: '#/$defs/node' }, '… dann gilt zusätzlich diese Regel.'),
        else: described({ $ref: '#/$defs/node' }, '… sonst gilt diese Regel.'),
        dependentSchemas: schemaMap,
        errorMessage: described(
          { type: ['string', 'object'] },
          'Eigene deutsche Meldungen je Regel (ajv-errors), z. B. { "required": { "name": "Bitte einen Namen angeben" } }.',
        ),
        'x-presets': described(
          presetReference,
          'Die Optionen kommen aus einer Preset-Liste: „<datei>.<liste>“ (presets/<datei>.de.json).',
        ),
        'x-custom': described(
          { type: 'boolean' },
          'Mit x-presets: die Option „Sonstiges“ mit einem eigenen Text im Feld custom_<feld>.',
        ),
        'x-normalize': described(
          { enum: ['url'] },
          '„url“: eine Website-Adresse ohne Schema („www.beispiel.de“) bekommt vor der Prüfung https:// davor.',
        ),
        'x-range': described(
          { const: true, errorMessage: 'Eine Spanne wird so markiert: "x-range": true.' },
          'Eine Spanne { "min": …, "max": … } (Widget „range“, z. B. ein Budget von … bis …): „bis“ darf nicht kleiner sein als „von“.',
        ),
        'x-unit': described(
          {
            type: 'string',
            pattern: '^\\S(?:.*\\S)?$',
            errorMessage: { pattern: 'Die Einheit beginnt und endet ohne Leerzeichen.' },
          },
          'Die Einheit einer Spanne: ein Währungscode wie „EUR“ („5.000 € bis 10.000 €“) oder ein Wort wie „Seiten“ („5 bis 10 Seiten“).',
        ),
        'x-preset-properties': {
          description:
            'Ein Feld je Eintrag einer Preset-Liste (z. B. ein Regler je Gegensatzpaar), alle mit demselben Schema.',
          type: 'object',
          additionalProperties: false,
          required: ['presets', 'schema'],
          properties: {
            presets: described(
              presetReference,
              'Die Preset-Liste, z. B. „polarityprofile.attributes“.',
            ),
            schema: described({ $ref: '#/$defs/node' }, 'Das Schema jedes erzeugten Feldes.'),
          },
        },
      },
    },
  },
  allOf: [{ $ref: '#/$defs/node' }],
  type: 'object',
  required: ['type'],
  properties: {
    type: { const: 'object', errorMessage: 'Ein Schritt ist ein Objekt: "type": "object".' },
  },
};

/**
 * A step's own sample answers (`samples.de.json` in its folder) for the studio: the entries of a
 * list step or the answers of a form step. Each is checked against the step's schema, too.
 */
export const samplesMetaSchema: JsonSchema = {
  description:
    'Eigene Beispielantworten für das Studio: „items“ (Listen-Schritt) oder „answers“ (Formular-Schritt).',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: {
    items: {
      description: 'Die Einträge eines Listen-Schritts, je ein Objekt mit den Feldern des Schemas.',
      type: 'array',
      items: { type: 'object' },
    },
    answers: {
      description: 'Die Antworten eines Formular-Schritts: ein Objekt mit den Feldern des Schemas.',
      type: 'object',
    },
  },
};
