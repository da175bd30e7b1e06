import type { DefinitionProblem } from '@fragewerk/engine/core';

/** Problems grouped by file, in the order they were found. */
function byFile(problems: DefinitionProblem[]): [string, DefinitionProblem[]][] {
  const files = new Map<string, DefinitionProblem[]>();
  for (const problem of problems)
    files.set(problem.file, [...(files.get(problem.file) ?? []), problem]);
  return [...files];
}

const count = (number: number) => (number === 1 ? 'ein Problem' : `${number} Probleme`);

/**
 * Every problem of the definition at once, each with its file, the place in it and the cause –
 * the checks of `npm run definition:lint`. It goes away when the files are fixed.
 */
export function ProblemsPanel({
  problems,
  paths,
  previewShown,
}: {
  problems: DefinitionProblem[];
  paths: Record<string, string>;
  previewShown: boolean;
}) {
  const files = byFile(problems);
  return (
    <section className="studio-problems" aria-labelledby="studio-problems-title" aria-live="polite">
      <h2 id="studio-problems-title">
        Die Definition hat {count(problems.length)}
        {files.length > 1 ? ` in ${files.length} Dateien` : ''}
      </h2>
      <p>
        {previewShown
          ? 'Fragewerk würde so starten, aber npm run definition:lint schlägt fehl. Die Vorschau zeigt den Stand trotzdem.'
          : 'Mit diesen Dateien startet Fragewerk nicht. Die Vorschau erscheint wieder, sobald alles in Ordnung ist – Speichern genügt.'}
      </p>
      <ul className="studio-problem-files">
        {files.map(([file, found]) => (
          <li key={file}>
            <p className="studio-problem-file">
              <code>{file}</code>
              {paths[file] ? (
                <a href={`vscode://file${paths[file]}`} className="studio-open">
                  In VS Code öffnen
                </a>
              ) : null}
            </p>
            <ul>
              {found.map((problem, index) => (
                <li key={index} className="studio-problem">
                  <code className="studio-problem-path">{problem.path || 'ganze Datei'}</code>
                  <span>{problem.message}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
