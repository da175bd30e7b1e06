import type { ResultsCard, ResultsDocument, ResultsStep } from '@fragewerk/engine/core';
import { MARKDOWN_SEPARATOR, polarityScale } from '@fragewerk/engine/core';
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { t } from '../common/messages.ts';
import { logoPng, presetPng } from './export-raster.ts';

/** What stands on the cover and in the header of the Word file, besides the results. */
export interface DocxCover {
  /** „Briefing Bäckerei Groß – Relaunch 2027“: the cover's title and the file's title. */
  title: string;
  /** The running header: „Bäckerei Groß – Relaunch 2027“. */
  header: string;
  agency: string;
  /**
   * The agency's logo: a PNG or JPEG as it is, an SVG with a PNG rendered from it (its `hash`
   * names the rendering in the cache). A WebP logo stays out: Word takes none.
   */
  logo?:
    | { type: 'png' | 'jpg'; data: Buffer; width: number; height: number }
    | { type: 'svg'; data: Buffer; hash: string };
  /** Lines below the title: questionnaire and version, date, approval. */
  lines: string[];
}

/** A preset image's bytes (the avatars' SVGs) by its path below `presets/`. */
export type PresetImage = (image: string) => Buffer | undefined;

const AVATAR_SIZE = 40;
/** The avatars' and the logo's PNGs are rendered at four times their size, sharp in print. */
const RASTER_SCALE = 4;
/** The logo's height on the cover, in pixels (its width follows its proportions). */
const LOGO_HEIGHT = 56;
const LINK_COLOR = '1F4E79';
const MUTED_COLOR = '555555';

const link = (url: string) =>
  new ExternalHyperlink({
    link: url,
    children: [new TextRun({ text: url, style: 'Hyperlink', color: LINK_COLOR, underline: {} })],
  });

/** Only web and mail addresses become links; anything else stays text. */
const linkable = (url: string) => /^(?:https?:|mailto:)/i.test(url);

const linkParagraph = (url: string, bullet: boolean) =>
  new Paragraph({
    children: [linkable(url) ? link(url) : new TextRun(url)],
    ...(bullet ? { bullet: { level: 0 } } : {}),
  });

/**
 * A card: a paragraph with the avatar, the title in bold, badge and stars in words; its
 * addresses; its sentences as a bulleted list.
 */
function cardParagraphs(card: ResultsCard, image: PresetImage): (Paragraph | Table)[] {
  const head: ParagraphChild[] = [];
  const svg = card.avatar ? image(card.avatar.image) : undefined;
  const png = svg && card.avatar && presetPng(card.avatar.image, svg, AVATAR_SIZE * RASTER_SCALE);
  if (svg && png && card.avatar)
    head.push(
      new ImageRun({
        type: 'svg',
        data: svg,
        fallback: { type: 'png', data: png.data },
        transformation: { width: AVATAR_SIZE, height: AVATAR_SIZE },
        altText: { name: card.avatar.label, description: card.avatar.label, title: '' },
      }),
      new TextRun('  '),
    );
  head.push(new TextRun({ text: card.title, bold: true }));
  for (const text of [card.badge?.text, card.rating?.label])
    if (text) head.push(new TextRun({ text: `${MARKDOWN_SEPARATOR}${text}`, color: MUTED_COLOR }));
  return [
    new Paragraph({ children: head, keepNext: true, spacing: { before: 200 } }),
    ...card.links.map((url) => linkParagraph(url, false)),
    ...card.lines.map((line) => new Paragraph({ text: line, bullet: { level: 0 } })),
  ];
}

const cell = (text: string, alignment: (typeof AlignmentType)[keyof typeof AlignmentType]) =>
  new TableCell({
    children: [new Paragraph({ text, alignment })],
    borders: {
      top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
      bottom: { style: BorderStyle.SINGLE, size: 2, color: 'DDDDDD' },
      left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
      right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
    },
  });

/** The polarity profile as a table: left pole, the seven points, right pole. */
function polarityTable(rows: { left: string; right: string; value: number }[]): Table {
  const headRow = new TableRow({
    tableHeader: true,
    children: [
      cell(t('export.polarityLeft'), AlignmentType.RIGHT),
      cell(t('export.polarityScale'), AlignmentType.CENTER),
      cell(t('export.polarityRight'), AlignmentType.LEFT),
    ],
  });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      headRow,
      ...rows.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: [
              cell(row.left, AlignmentType.RIGHT),
              cell(polarityScale(row.value), AlignmentType.CENTER),
              cell(row.right, AlignmentType.LEFT),
            ],
          }),
      ),
    ],
  });
}

/** One step: Heading 2, then per group a Heading 3 and its cards, or its paragraphs. */
function stepParagraphs(part: ResultsStep, image: PresetImage): (Paragraph | Table)[] {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: part.heading, heading: HeadingLevel.HEADING_2 }),
  ];
  if (part.empty !== undefined) {
    children.push(new Paragraph({ children: [new TextRun({ text: part.empty, italics: true })] }));
    return children;
  }
  for (const group of part.groups) {
    if (group.heading)
      children.push(new Paragraph({ text: group.heading, heading: HeadingLevel.HEADING_3 }));
    for (const card of group.cards) children.push(...cardParagraphs(card, image));
  }
  for (const block of part.blocks) {
    if (block.kind === 'paragraph')
      children.push(new Paragraph({ text: block.text, spacing: { after: 120 } }));
    else if (block.kind === 'polarity') {
      children.push(polarityTable(block.rows));
      // Space between the table and the sentences below it.
      children.push(new Paragraph({ text: '' }));
    } else children.push(...block.urls.map((url) => linkParagraph(url, true)));
  }
  return children;
}

/** The cover: the agency's logo and name, the title, the lines below it. */
function coverParagraphs(cover: DocxCover): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const logo = cover.logo;
  const png =
    logo?.type === 'svg' ? logoPng(logo.hash, logo.data, LOGO_HEIGHT * RASTER_SCALE) : undefined;
  const size = logo?.type === 'svg' ? png : logo;
  if (logo && size) {
    const width = Math.round((size.width / size.height) * LOGO_HEIGHT);
    const common = {
      transformation: { width: Math.min(width, 300), height: LOGO_HEIGHT },
      altText: { name: cover.agency, description: cover.agency, title: cover.agency },
    };
    paragraphs.push(
      new Paragraph({
        children: [
          logo.type === 'svg'
            ? new ImageRun({
                type: 'svg',
                data: logo.data,
                fallback: { type: 'png', data: png!.data },
                ...common,
              })
            : new ImageRun({ type: logo.type, data: logo.data, ...common }),
        ],
      }),
    );
  }
  paragraphs.push(
    new Paragraph({
      children: [new TextRun({ text: cover.agency, bold: true, color: MUTED_COLOR })],
      spacing: { after: 400 },
    }),
    new Paragraph({ text: cover.title, heading: HeadingLevel.TITLE }),
    ...cover.lines.map(
      (line) => new Paragraph({ children: [new TextRun({ text: line, color: MUTED_COLOR })] }),
    ),
  );
  return paragraphs;
}

/** „Seite X von Y“ with Word's fields for the page and the pages. */
function pageFooter(): Footer {
  const [before, between, after] = t('export.page', { current: '\u0000', total: '\u0000' }).split(
    '\u0000',
  ) as [string, string, string];
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({
            children: [before, PageNumber.CURRENT, between, PageNumber.TOTAL_PAGES, after],
            size: 18,
            color: MUTED_COLOR,
          }),
        ],
      }),
    ],
  });
}

/**
 * The results document as a Word file (Office Open XML): a cover with the agency and the title,
 * Heading 1 per stage, Heading 2 per step, Heading 3 per group, cards with their avatars (SVG
 * with a PNG beside it) and their sentences as lists, the polarity profile as a table; the running header names
 * customer and project, the footer „Seite X von Y“.
 */
export async function resultsDocx(
  document: ResultsDocument,
  cover: DocxCover,
  image: PresetImage,
): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [...coverParagraphs(cover)];
  for (const stage of document.stages) {
    children.push(new Paragraph({ text: stage.title, heading: HeadingLevel.HEADING_1 }));
    for (const part of stage.steps) children.push(...stepParagraphs(part, image));
  }
  const file = new Document({
    title: cover.title,
    creator: cover.agency,
    lastModifiedBy: cover.agency,
    description: cover.lines.join(' · '),
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22 } },
        heading1: {
          run: { size: 36, bold: true },
          paragraph: { spacing: { before: 480, after: 160 } },
        },
        heading2: {
          run: { size: 28, bold: true },
          paragraph: { spacing: { before: 320, after: 120 } },
        },
        heading3: {
          run: { size: 24, bold: true },
          paragraph: { spacing: { before: 240, after: 80 } },
        },
      },
    },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ text: cover.header, size: 18, color: MUTED_COLOR })],
              }),
            ],
          }),
        },
        footers: { default: pageFooter() },
        children,
      },
    ],
  });
  return Packer.toBuffer(file);
}
