import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import {
  baseKeys,
  cardContent,
  compileChecks,
  displayValues,
  fieldKinds,
  formatProblem,
  PAIRS_PER_SENTENCE,
  ProseRenderer,
  stepDocument,
  validatorFromChecks,
  type CompiledChecks,
  type Definition,
  type ProfileProse,
  type StepDefinition,
  type Validators,
} from '@fragewerk/engine/core';
import {
  loadDefinitionFromDisk,
  questionnaireDirs,
  standaloneChecks,
} from '@fragewerk/engine/core/node';
import { EngineTextsProvider, ResultsView } from '@fragewerk/engine/react';
import { resultsJson } from '../../api/src/projects/project-results.ts';
import {
  missingSentenceForms,
  proseProblems,
  proseSamples,
  type ProseSample,
} from '../../engine/src/core/prose-samples.ts';
import { GERMAN_TEXTS } from '../../engine/src/react/test/german-texts.ts';
import { lintDefinition } from '../../tools/src/lint-definition.ts';
import { sampleAnswers, type Answers } from '../../tools/src/sample-answers.ts';
import { genderProblems } from './gender-problems.ts';

/*
 * The content contract of a questionnaire (docs/editors-guide.md): what every folder of
 * `definitions/` must keep, checked from its files alone. Every helper takes the catalogue's root,
 * so the contract runs on the repository's catalogue and on a copy with a new folder alike.
 */

/** A questionnaire of a catalogue, loaded as the server loads it. */
export interface Questionnaire {
  root: string;
  id: string;
  definition: Definition;
}

export async function loadQuestionnaire(root: string, id: string): Promise<Questionnaire> {
  return { root, id, definition: await loadDefinitionFromDisk(root, id) };
}

/** (a) What `npm run definition:lint` finds in the questionnaire, one line per problem. */
export async function lintProblems({ root, id }: Questionnaire): Promise<string[]> {
  return (await lintDefinition(questionnaireDirs(root, id))).map(formatProblem);
}

/** The browser's checks: the precompiled module the server serves, imported as the browser would. */
export async function browserChecks(definition: Definition): Promise<CompiledChecks> {
  const { module } = await standaloneChecks(definition);
  const folder = await mkdtemp(path.join(tmpdir(), 'fragewerk-checks-'));
  try {
    const file = path.join(folder, 'checks.mjs');
    await writeFile(file, module);
    return (
      (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { checks: CompiledChecks }
    ).checks;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** How many entries the generated answers of a list step have: one, several, many. */
const LIST_COUNTS = [1, 3, 6];

/** One generated answer of a step, with what it is called in messages. */
export interface GeneratedAnswer {
  step: StepDefinition;
  label: string;
  data: Answers;
}

/**
 * The studio's generated answers of every step: a list step's entries with one, several and many
 * entries (the last of several with „Sonstiges“ where offered); a form step's full answers and
 * each of its answered fields alone (one answer).
 */
export function generatedAnswers(definition: Definition): GeneratedAnswer[] {
  return definition.steps.flatMap((step) => {
    if (step.meta.kind === 'list')
      return LIST_COUNTS.flatMap((count) =>
        [sampleAnswers(step, { count, definition })]
          .flat()
          .map((data, index) => ({ step, label: `${count} Einträge, Nr. ${index + 1}`, data })),
      );
    const full = sampleAnswers(step, { definition }) as Answers;
    const context = step.meta.prose?.context;
    const alone = Object.entries(full)
      .filter(([name]) => name !== context)
      .map(([name, value]) => ({
        step,
        label: `nur „${name}“`,
        data: {
          ...(context && context in full ? { [context]: full[context] } : {}),
          [name]: value,
        },
      }));
    return [{ step, label: 'alle Felder', data: full }, ...alone];
  });
}

/**
 * (b) Generated answers the browser's or the server's checks reject, or judge differently; a
 * form step's single answers count only where the server accepts them (a required field's
 * neighbours may be missing, which is the check's job, not the content's).
 */
export function sampleValidationProblems(
  definition: Definition,
  browser: CompiledChecks,
): { problems: string[]; checked: number } {
  const server: Validators = validatorFromChecks(definition, compileChecks(definition));
  const client: Validators = validatorFromChecks(definition, browser);
  const problems: string[] = [];
  let checked = 0;
  for (const { step, label, data } of generatedAnswers(definition)) {
    const name = `step:${step.meta.key}`;
    const onServer = server(name)(data);
    const inBrowser = client(name)(data);
    const partial = step.meta.kind !== 'list' && label !== 'alle Felder';
    if (JSON.stringify(onServer) !== JSON.stringify(inBrowser))
      problems.push(`${step.meta.key} (${label}): Browser und Server urteilen verschieden`);
    if (partial && !onServer.valid) continue;
    checked += 1;
    if (!onServer.valid)
      problems.push(`${step.meta.key} (${label}): ${JSON.stringify(onServer.errors)}`);
  }
  return { problems, checked };
}

/**
 * The prose check makes its texts from the fields' placeholders; a date field has none (the
 * browser's date input shows its own), so the check gets an ISO date as the example.
 */
export function withDateExamples(source: Definition): Definition {
  return {
    ...source,
    steps: source.steps.map((step) => {
      const dates = [...fieldKinds(step.schema)].filter(([, { kind }]) => kind === 'date');
      if (!dates.length) return step;
      const ui = { ...step.ui };
      for (const [name] of dates)
        ui[name] = { ...(ui[name] as object), 'ui:placeholder': 'z. B. 2027-03-15' };
      return { ...step, ui };
    }),
  };
}

/** A rendered answer in the form the prose check reads. */
export function renderedSample(
  definition: Definition,
  prose: ProseRenderer,
  step: StepDefinition,
  label: string,
  data: Answers,
): ProseSample {
  const { title, lines } =
    step.meta.kind === 'list'
      ? prose.describeItem(step.meta.key, data)
      : {
          title: '',
          lines: [
            ...prose.describeForm(step.meta.key, data),
            ...(prose.describeProfile(step.meta.key, data)?.sentences ?? []),
          ],
        };
  const singles = Object.values(displayValues(definition, step, data, { sentence: true }))
    .filter((value): value is string[] => Array.isArray(value) && value.length === 1)
    .map((value) => value[0]!);
  return { step: step.meta.key, label, data, title, lines, singles };
}

/** A range field's value with one side only („ab …“, „bis …“), which the generator leaves out. */
function oneSidedRanges(step: StepDefinition, data: Answers): [string, Answers][] {
  return [...fieldKinds(step.schema)]
    .filter(([name, { kind }]) => kind === 'range' && typeof data[name] === 'object')
    .flatMap(([name]) => {
      const { min, max } = data[name] as { min?: number; max?: number };
      return [
        [`${name} nur von`, { ...data, [name]: { min } }],
        [`${name} nur bis`, { ...data, [name]: { max } }],
      ] as [string, Answers][];
    });
}

/** Words an editor replaced by ASCII: „fuer“ for „für“ (the umlauts' usual stand-ins). */
const ASCII_UMLAUT = /(?:ae|oe|ue|Ae|Oe|Ue)/u;
const UMLAUTS: Record<string, string> = {
  ae: 'ä',
  oe: 'ö',
  ue: 'ü',
  Ae: 'Ä',
  Oe: 'Ö',
  Ue: 'Ü',
};
/** Frequent words whose ASCII spelling no questionnaire's own texts might give away. */
const COMMON_UMLAUT_WORDS = [
  'für',
  'über',
  'können',
  'möchten',
  'müssen',
  'wählen',
  'Größe',
  'größer',
  'Änderung',
  'später',
  'Schlüssel',
  'natürlich',
  'gehören',
  'hören',
  'Lösung',
];

/** Every way of writing a word's ASCII stand-ins as umlauts (each stand-in kept or replaced). */
function umlautSpellings(word: string): string[] {
  const parts = word.split(/(ae|oe|ue|Ae|Oe|Ue)/u);
  let spellings = [''];
  for (const part of parts) {
    const options = UMLAUTS[part] ? [part, UMLAUTS[part]] : [part];
    spellings = spellings.flatMap((start) => options.map((option) => start + option));
  }
  return spellings.filter((spelling) => spelling !== word);
}

/**
 * Words written with an ASCII stand-in for an umlaut („fuer“, „Massnahmen“ aside): a word with
 * „ae“, „oe“ or „ue“ whose umlaut spelling is a word of `vocabulary` (the questionnaire's own
 * texts) or a frequent German word. „neue“ or „Steuer“ stay, as no „neü“ is a word.
 */
export function asciiUmlautWords(text: string, vocabulary: Set<string>): string[] {
  const known = (word: string) =>
    vocabulary.has(word) ||
    COMMON_UMLAUT_WORDS.includes(word.toLowerCase()) ||
    COMMON_UMLAUT_WORDS.includes(word);
  return text
    .split(/[^\p{L}]+/u)
    .filter((word) => ASCII_UMLAUT.test(word))
    .filter((word) => umlautSpellings(word).some(known));
}

/** The words of a questionnaire's texts, for {@link asciiUmlautWords}. */
export function vocabularyOf(texts: string[]): Set<string> {
  return new Set(texts.flatMap((text) => text.split(/[^\p{L}]+/u)).filter(Boolean));
}

/** The texts of an answer (at any depth), trimmed: what a customer wrote in. */
function answerTexts(node: unknown): string[] {
  if (typeof node === 'string') return node.trim() ? [node.trim()] : [];
  if (Array.isArray(node)) return node.flatMap(answerTexts);
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(answerTexts);
  return [];
}

/**
 * What a proofreader finds beyond the engine's prose check (`proseProblems`): doubled
 * punctuation, an empty sentence, a sentence without its full stop, ASCII stand-ins for umlauts.
 */
export function proofreadingProblems(sample: ProseSample, vocabulary: Set<string>): string[] {
  const problems: string[] = [];
  const texts = [...(sample.title ? [sample.title] : []), ...sample.lines];
  for (const text of texts) {
    const say = (what: string) => problems.push(`${what}: „${text}“`);
    if (/([!?,;:])\1|\.\s+\.|[,;:]\s*[.!?]/u.test(text)) say('doppelte Satzzeichen');
    if (/(?:^|[.!?:]\s)\s*[.!?]/u.test(text)) say('leerer Satz');
    if (/\{\{|\}\}|undefined|\[object|NaN/u.test(text)) say('leerer Platzhalter');
    if (/ {2}/u.test(text)) say('doppeltes Leerzeichen');
    for (const word of asciiUmlautWords(text, vocabulary))
      say(`„${word}“ mit Ersatz für einen Umlaut`);
  }
  // Every line ends with a mark – also one that ends with the customer's text after a colon
  // („Diese Gruppe erwartet: schnelle Antworten“): its template ends with a full stop, which
  // gives way to the customer's own mark. A full stop after the ellipsis or the closing quotation
  // mark of the text: „Das Team sagt: „Gut.““.
  for (const line of sample.lines)
    if (!/(?:[.!?…]|[.!?…][“”"»«’)]|[^.!?…][“”"»«’)\]]\.)$/u.test(line))
      problems.push(`Satz ohne Schlusszeichen: „${line}“`);
  return problems;
}

/** Words that stand in a label („Anforderungen an das Produkt“), not in a clause with a verb. */
const LABEL_WORDS = new Set([
  'der',
  'die',
  'das',
  'des',
  'dem',
  'den',
  'ein',
  'eine',
  'einer',
  'eines',
  'einem',
  'einen',
  'und',
  'oder',
  'an',
  'auf',
  'aus',
  'bei',
  'für',
  'im',
  'in',
  'mit',
  'nach',
  'von',
  'vom',
  'zu',
  'zum',
  'zur',
  'pro',
  'je',
]);

/**
 * True for a line of the form „Label: Wert“ – „Priorität: Muss“, „Höchster Bildungsabschluss:
 * Abitur“, „Erwartungen der internen Stakeholder-Gruppe „Vertrieb“: …“ –, where a sentence is
 * expected: the part before the colon is a few words without a verb, each a capitalised noun, a
 * word of LABEL_WORDS or an adjective after an article („der internen …“). „Das macht die Marke
 * attraktiv: …“ and „Was gut funktioniert: …“ are clauses and pass.
 */
export function isLabelLine(line: string): boolean {
  const match = /^([^:]{1,80}?): \S/u.exec(line);
  if (!match) return false;
  const words = match[1]!
    .replace(/[„“"»«]/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean);
  if (words.length > 7) return false;
  return words.every(
    (word, index) =>
      /^[\p{Lu}\d]/u.test(word) ||
      LABEL_WORDS.has(word) ||
      (/^\p{Ll}+(?:e|en|er|es|em)$/u.test(word) &&
        index > 0 &&
        LABEL_WORDS.has(words[index - 1]!) &&
        /^\p{Lu}/u.test(words[index + 1] ?? '')),
  );
}

/** The first word of a text (its opening), without quotation marks. */
const openingOf = (text: string) => /^[„"»]?([\p{L}\p{N}-]+)/u.exec(text)?.[1] ?? '';

/**
 * What an editor finds in the layout of an answer's text
 * (docs/editors-guide.md#checkliste-für-die-prosa): a line that repeats the card's badge, link or
 * title beside it, a card that names its title (a persona's name) in more than two sentences, a
 * „Label: Wert“ line where a sentence belongs, a results card whose title is not the one the
 * sentences write (uncleaned), sentences of one card that open alike (the same first word twice in a row or
 * more than twice), and what {@link profileProblems} finds in a profile.
 */
export function layoutProblems(
  sample: ProseSample,
  definition: Definition,
  prose: ProseRenderer,
): string[] {
  const problems: string[] = [];
  const step = definition.steps.find(({ meta }) => meta.key === sample.step);
  if (!step) return problems;
  const answered = answerTexts(sample.data);
  // The template's words of a line: the customer's texts taken out.
  const ownWords = (line: string) =>
    answered.reduce((rest, text) => rest.split(text).join('…'), line);
  if (step.meta.kind === 'list' && step.meta.list?.card) {
    const { card, text, links } = cardContent(definition, step, sample.data as never, false);
    const badge = card.badge ? text(card.badge) : '';
    const title = text(card.title);
    for (const line of sample.lines) {
      const words = ownWords(line);
      if (
        badge &&
        new RegExp(
          `(?<![\\p{L}])${badge.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}])`,
          'iu',
        ).test(words)
      )
        problems.push(`wiederholt die Plakette „${badge}“: „${line}“`);
      for (const link of links)
        if (line.includes(link)) problems.push(`wiederholt den Link „${link}“: „${line}“`);
      if (title && line.includes(`„${title}“`))
        problems.push(`wiederholt den Titel „${title}“: „${line}“`);
    }
    // A persona's name (the card's title) once or twice, not in every sentence.
    const named = title
      ? sample.lines.filter((line) =>
          new RegExp(
            `(?<![\\p{L}])${title.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}])`,
            'u',
          ).test(line),
        )
      : [];
    if (named.length > 2)
      problems.push(`nennt „${title}“ in ${named.length} Sätzen statt höchstens zwei`);
    // The card of the results shows the title as the sentences write it: „als pendler“ and
    // „Stiftungsrat.“ are „Pendler“ and „Stiftungsrat“ there, too.
    // Only for a typed text the rules clean (an answer of every option would be thousands more).
    const shown = sample.cleanLines
      ? stepDocument(definition, step, [sample.data], prose, {
          rating: (value, max) => `${value} von ${max}`,
        }).groups[0]?.cards[0]?.title
      : undefined;
    if (sample.title && shown !== undefined && shown !== sample.title)
      problems.push(`die Karte der Ergebnisse zeigt „${shown}“, die Sätze „${sample.title}“`);
  }
  for (const line of sample.lines)
    if (isLabelLine(ownWords(line)) && isLabelLine(line))
      problems.push(`„Label: Wert“ statt eines Satzes: „${line}“`);
  const openings = sample.lines.map(openingOf);
  openings.forEach((opening, index) => {
    if (!opening) return;
    if (index > 0 && openings[index - 1] === opening)
      problems.push(`zwei Sätze nacheinander beginnen mit „${opening}“: „${sample.lines[index]}“`);
    if (openings.indexOf(opening) === index && openings.filter((o) => o === opening).length > 2)
      problems.push(`mehr als zwei Sätze beginnen mit „${opening}“`);
  });
  const profile = prose.describeProfile(step.meta.key, sample.data);
  if (profile?.rows.length) problems.push(...profileProblems(profile));
  return problems;
}

/** The most sentences of a card whose lead-ins the neighbour check compares (not a persona's). */
const SHORT_CARD = 3;

/**
 * Neighbouring cards of a list step's group whose sentences open with the same lead-in
 * („Diese Gruppe erwartet: …“ on card after card): the step's entries, six of them, as the
 * results show them; every second card of a group takes the `next` wording. Only short cards
 * count (at most {@link SHORT_CARD} sentences), whose lead-in is most of what they say, and only
 * the template's words before a colon, not the customer's.
 */
export function neighbourProblems(definition: Definition, prose: ProseRenderer): string[] {
  const problems: string[] = [];
  for (const step of definition.steps) {
    if (step.meta.kind !== 'list') continue;
    const items = [sampleAnswers(step, { count: 6, definition })].flat() as Answers[];
    const answered = items.flatMap(answerTexts);
    const leadIns = (lines: string[]) =>
      lines.length > SHORT_CARD
        ? []
        : lines
            .map((line) => answered.reduce((rest, text) => rest.split(text).join('…'), line))
            .map((line) => /^([^:…]{1,80}): /u.exec(line)?.[1])
            .filter((lead): lead is string => lead !== undefined);
    const part = stepDocument(
      definition,
      step,
      items.map((item, index) => ({ id: `e${index + 1}`, version: 1, ...item })),
      prose,
      { rating: (value, max) => `${value} von ${max}` },
    );
    for (const group of part.groups)
      group.cards.forEach((card, index) => {
        if (index === 0) return;
        const before = new Set(leadIns(group.cards[index - 1]!.lines));
        for (const lead of leadIns(card.lines))
          if (before.has(lead))
            problems.push(
              `${step.meta.key}: zwei Karten nacheinander beginnen einen Satz mit „${lead}:“ („${card.title}“)`,
            );
      });
  }
  return [...new Set(problems)];
}

/** The most words a sentence of the profile may have (four pairs take about twenty). */
const PROFILE_SENTENCE_WORDS = 35;

/** The sentences of a paragraph: split after a full stop before a capital. */
const sentencesOf = (paragraph: string) => paragraph.split(/(?<=[.!?])\s+(?=[„"]?\p{Lu})/u);

/**
 * What an editor finds in the profile's text: a paragraph per strength („ganz klar …“, „deutlich
 * eher …“, „eher …“, the balanced ones), each in at most ⌈Zeilen / 4⌉ sentences – not one list of
 * all rows – of at most four pairs and 35 words, and sentences that do not open alike (the same first word twice
 * in a row or more than twice).
 */
export function profileProblems(profile: ProfileProse): string[] {
  const problems: string[] = [];
  const text = profile.sentences.join(' ');
  const counts = new Map<number, number>();
  for (const row of profile.rows) {
    const strength = Math.min(3, Math.abs(row.value));
    counts.set(strength, (counts.get(strength) ?? 0) + 1);
  }
  if (profile.sentences.length !== counts.size) {
    problems.push(
      `Profil in ${profile.sentences.length} Absätzen statt einem je Stärke (${counts.size}): „${text}“`,
    );
    return problems;
  }
  const strengths = [...counts.keys()].sort((a, b) => b - a);
  profile.sentences.forEach((paragraph, index) => {
    const rows = counts.get(strengths[index]!)!;
    const sentences = sentencesOf(paragraph);
    const most = Math.ceil(rows / PAIRS_PER_SENTENCE);
    if (sentences.length > most)
      problems.push(
        `${rows} Zeilen einer Stärke in ${sentences.length} Sätzen statt höchstens ${most}: „${paragraph}“`,
      );
    const ofStrength = profile.rows.filter(
      (row) => Math.min(3, Math.abs(row.value)) === strengths[index],
    );
    for (const sentence of sentences) {
      const named = ofStrength.filter((row) =>
        [row.left, row.right].some((pole) =>
          new RegExp(`(?<![\\p{L}])${pole}(?![\\p{L}])`, 'u').test(sentence),
        ),
      ).length;
      if (named > PAIRS_PER_SENTENCE)
        problems.push(
          `Satz des Profils mit ${named} Paaren (höchstens ${PAIRS_PER_SENTENCE}): „${sentence}“`,
        );
      const words = sentence.split(/\s+/u).length;
      if (words > PROFILE_SENTENCE_WORDS)
        problems.push(
          `Satz des Profils mit ${words} Wörtern (höchstens ${PROFILE_SENTENCE_WORDS}): „${sentence}“`,
        );
    }
  });
  const sentences = profile.sentences.flatMap(sentencesOf);
  const openings = sentences.map(openingOf);
  openings.forEach((opening, index) => {
    if (!opening) return;
    if (index > 0 && openings[index - 1] === opening)
      problems.push(
        `zwei Sätze des Profils nacheinander beginnen mit „${opening}“: „${sentences[index]}“`,
      );
    if (openings.indexOf(opening) === index && openings.filter((o) => o === opening).length > 2)
      problems.push(`mehr als zwei Sätze des Profils beginnen mit „${opening}“: „${text}“`);
  });
  return problems;
}

/** (c) The prose of every generated combination, checked; with the number of samples. */
export function proseContractProblems(definition: Definition): {
  problems: string[];
  samples: ProseSample[];
} {
  const prose = new ProseRenderer(definition);
  const generated = proseSamples(withDateExamples(definition));
  const studio = generatedAnswers(definition).flatMap(({ step, label, data }) => [
    renderedSample(definition, prose, step, `Studio, ${label}`, data),
    ...oneSidedRanges(step, data).map(([range, answers]) =>
      renderedSample(definition, prose, step, `Studio, ${label}, ${range}`, answers),
    ),
  ]);
  const samples = [...generated.samples, ...studio];
  const vocabulary = vocabularyOf(questionnaireTexts(definition));
  const problems = [
    ...generated.rejected.map((text) => `abgelehnte Kombination: ${text}`),
    ...generated.uncovered.map((text) => `keine Kombination zeigt ${text}`),
    ...definition.steps
      .filter(({ meta }) => generated.samples.filter((s) => s.step === meta.key).length < 2)
      .map(({ meta }) => `${meta.key}: weniger als zwei erzeugte Kombinationen`),
    ...missingSentenceForms(definition),
    ...templatePrefixClashes(definition).map((clash) => `Vorlagen mit gleichem Anfang: ${clash}`),
    ...neighbourProblems(definition, prose),
    ...samples.flatMap((sample) =>
      [
        ...proseProblems(sample, definition),
        ...proofreadingProblems(sample, vocabulary),
        ...layoutProblems(sample, definition, prose),
      ].map((problem) => `${sample.step} (${sample.label}): ${problem}`),
    ),
  ];
  return { problems: [...new Set(problems)], samples };
}

/**
 * Prose templates named like the start of another (`launch` beside `launch_reason`): the renderer
 * gathers the variables of a template's variants by the prefix `<key>_`, so `launch` would wait
 * for `launch_reason`'s value, too, and vanish without it.
 */
export function templatePrefixClashes(definition: Definition): string[] {
  const clashes = definition.steps.flatMap(({ meta, prose: resources, schema }) => {
    const block = resources[meta.kind === 'list' ? 'item' : 'form'];
    // Variants by the context field's values (`person_male`) and by number belong to their key.
    const context = meta.prose?.context;
    const properties = schema.properties as Record<string, { enum?: unknown[] }> | undefined;
    const contexts = (context ? (properties?.[context]?.enum ?? []) : []).map(String);
    const keys = baseKeys(typeof block === 'object' ? block : {}, contexts);
    return keys.flatMap((key) =>
      keys
        .filter((other) => other !== key && other.startsWith(`${key}_`))
        .map((other) => `${meta.key}: ${key} / ${other}`),
    );
  });
  return [...new Set(clashes)];
}

/** Every string of a JSON value, with where it stands. */
function strings(node: unknown, at: string): [string, string][] {
  if (typeof node === 'string') return [[at, node]];
  if (Array.isArray(node)) return node.flatMap((value, index) => strings(value, `${at}/${index}`));
  if (typeof node === 'object' && node !== null)
    return Object.entries(node).flatMap(([key, value]) => strings(value, `${at}/${key}`));
  return [];
}

/** The texts of a loaded questionnaire: titles, labels, help, prose and its preset lists. */
function questionnaireTexts(definition: Definition): string[] {
  return strings(
    { steps: definition.steps, stages: definition.stages, presets: definition.presets },
    '',
  ).map(([, text]) => text);
}

/** Keys, widget names and other identifiers are not language. */
const IDENTIFIER = /^[\w.:$/#-]*$/u;

/**
 * The gender-fair language (docs/product.md) and the umlauts of every text file of the
 * questionnaire's folder (JSON strings and Markdown help), named by file and JSON path.
 */
export async function folderTextProblems({ root, id }: Questionnaire): Promise<{
  problems: string[];
  files: number;
}> {
  const { folder } = questionnaireDirs(root, id);
  const files = (await readdir(folder, { recursive: true })).filter((file) =>
    /\.(?:json|md)$/u.test(file),
  );
  const texts: [string, string][] = [];
  for (const file of files) {
    const text = await readFile(path.join(folder, file), 'utf8');
    texts.push(
      ...(file.endsWith('.md')
        ? [[file, text] as [string, string]]
        : strings(JSON.parse(text), file)),
    );
  }
  const language = texts.filter(([, text]) => !IDENTIFIER.test(text));
  const vocabulary = vocabularyOf(language.map(([, text]) => text));
  const problems = language.flatMap(([at, text]) => [
    ...genderProblems(text).map((problem) => `${at}: ${problem} in „${text}“`),
    ...asciiUmlautWords(text, vocabulary).map(
      (word) => `${at}: „${word}“ mit Ersatz für einen Umlaut`,
    ),
  ]);
  return { problems, files: files.length };
}

/** The answers of every step as a project stores them: a list's entries with id and version. */
export function projectAnswers(definition: Definition, count = 3): Record<string, unknown> {
  return Object.fromEntries(
    definition.steps.map((step) => {
      const answers = sampleAnswers(step, { count, definition });
      return [
        step.meta.key,
        Array.isArray(answers)
          ? answers.map((item, index) => ({ id: `e${index + 1}`, version: 1, ...item }))
          : answers,
      ];
    }),
  );
}

/** The heading a step's part of the results view carries. */
export const resultsHeading = (step: StepDefinition) =>
  typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title;

/**
 * (d) The results view as the browser makes it, and as it prints: with the parts the server made
 * (GET /api/projects/{id}/results, what the results page prints when the server made it). Each
 * is rendered to markup; returned are what is wrong with it – a render error, a React warning, a
 * step or stage heading missing, a gap in the text.
 */
export function resultsProblems(
  definition: Definition,
  answers: Record<string, unknown>,
): { problems: string[]; headings: number } {
  const problems: string[] = [];
  const server = resultsJson(definition, new ProseRenderer(definition), answers).steps;
  let headings = 0;
  for (const [view, stepMarkup] of [
    ['Ergebnisansicht', undefined],
    ['Druck mit den Teilen des Servers', server],
  ] as const) {
    const warnings: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => warnings.push(args);
    let html: string;
    try {
      html = renderToStaticMarkup(
        createElement(EngineTextsProvider, {
          texts: GERMAN_TEXTS,
          children: createElement(ResultsView, {
            definition,
            answers,
            customer: 'Beispiel GmbH',
            project: 'Beispielprojekt',
            dateLine: 'Stand: 1. März 2027',
            onPrint: () => undefined,
            ...(stepMarkup ? { stepMarkup } : {}),
          }),
        }),
      );
    } catch (error) {
      problems.push(`${view}: ${(error as Error).message}`);
      continue;
    } finally {
      console.error = original;
    }
    if (warnings.length) problems.push(`${view}: React meldet ${JSON.stringify(warnings)}`);
    const document = new JSDOM(html).window.document;
    const texts = (selector: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.textContent);
    const stageTitles = texts('h2');
    for (const stage of definition.stages)
      if (!stageTitles.includes(stage.title))
        problems.push(`${view}: Abschnitt „${stage.title}“ fehlt`);
    for (const step of definition.steps) {
      const heading = document.getElementById(`result-${step.meta.key}`);
      if (heading?.tagName !== 'H3' || heading.textContent !== resultsHeading(step))
        problems.push(`${view}: Überschrift „${resultsHeading(step)}“ fehlt`);
      else headings += 1;
    }
    const text = document.body.textContent ?? '';
    const gap = /undefined|\[object|NaN|\{\{/u.exec(text);
    if (gap) problems.push(`${view}: „${gap[0]}“ im Text`);
  }
  return { problems, headings };
}
