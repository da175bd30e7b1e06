import { Fragment, type ReactNode } from 'react';
import './markdown.css';

/** `**bold**` inside a line of text. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, index) =>
      part.startsWith('**') && part.endsWith('**') ? (
        <strong key={index}>{part.slice(2, -2)}</strong>
      ) : (
        <Fragment key={index}>{part}</Fragment>
      ),
    );
}

const QUOTE = /^>\s?/;

/**
 * Renders the small Markdown of the help texts (`help.de.md`): paragraphs, `- ` lists, `> `
 * quotations (such as the user story's sentence pattern) and bold. It builds React elements,
 * never HTML, so nothing in a definition file can inject markup; a full Markdown library would
 * cost more bundle than these texts need.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = source.trim().split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split('\n').map((line) => line.trim());
        if (lines.every((line) => QUOTE.test(line))) {
          return (
            <blockquote key={index} className="markdown-quote">
              <Markdown source={lines.map((line) => line.replace(QUOTE, '')).join('\n')} />
            </blockquote>
          );
        }
        if (/^[-*] /.test(lines[0]!)) {
          // A list item may continue on the following lines.
          const items: string[] = [];
          for (const line of lines) {
            if (/^[-*] /.test(line)) items.push(line.slice(2));
            else items[items.length - 1] += ` ${line}`;
          }
          return (
            <ul key={index}>
              {items.map((item, position) => (
                <li key={position}>{inline(item)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{inline(lines.join(' '))}</p>;
      })}
    </>
  );
}
