import type { PresetList } from '../studio-state.ts';

/** Every preset list with its keys and labels, and the fields that offer it. */
export function PresetsPage({
  lists,
  goToStep,
}: {
  lists: PresetList[];
  goToStep: (step: string) => void;
}) {
  const files = [...new Set(lists.map((list) => list.file))];
  return (
    <div className="studio-presets">
      <h1>Preset-Listen</h1>
      <p className="studio-lead">
        {lists.length} Listen in {files.length} Dateien. Der Schlüssel wird gespeichert, das Label
        steht in der Auswahl und in Titeln, die Satzform in den Sätzen der Ergebnisansicht.
      </p>
      <nav className="studio-chips" aria-label="Dateien">
        {files.map((file) => (
          <a
            key={file}
            href={`#presets-${file}`}
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(`presets-${file}`)?.scrollIntoView({ behavior: 'smooth' });
            }}
          >
            {file.replace(/^presets\//, '')}
          </a>
        ))}
      </nav>
      {files.map((file) => (
        <section
          key={file}
          id={`presets-${file}`}
          className="studio-preset-file"
          aria-labelledby={`title-${file}`}
        >
          <h2 id={`title-${file}`}>
            <code>{file}</code>
          </h2>
          {lists
            .filter((list) => list.file === file)
            .map((list) => (
              <article
                key={list.reference}
                className="studio-preset-list"
                aria-labelledby={`list-${list.reference}`}
              >
                <header className="studio-preset-head">
                  <h3 id={`list-${list.reference}`}>
                    <code>{list.reference}</code>
                    <span className="studio-count">{list.entries.length} Einträge</span>
                  </h3>
                  <p className="studio-used">
                    {list.usedBy.length === 0 ? (
                      <span className="studio-unused">Wird von keinem Feld verwendet.</span>
                    ) : (
                      <>
                        Verwendet in{' '}
                        {list.usedBy.map((use, index) => (
                          <span key={`${use.owner}.${use.field}`}>
                            {index > 0 ? ', ' : ''}
                            {use.kind === 'step' ? (
                              <a
                                href={`#/schritt/${use.owner}`}
                                onClick={(event) => {
                                  event.preventDefault();
                                  goToStep(use.owner);
                                }}
                              >
                                {use.ownerTitle}
                              </a>
                            ) : (
                              <code>{use.ownerTitle}</code>
                            )}{' '}
                            › {use.fieldTitle} {use.field === '*' ? null : <code>{use.field}</code>}
                          </span>
                        ))}
                      </>
                    )}
                  </p>
                </header>
                <table className="studio-table">
                  <thead>
                    <tr>
                      <th scope="col">Schlüssel</th>
                      <th scope="col">Label</th>
                      <th scope="col">Satzform</th>
                      {list.entries.some((entry) => entry.image) ? <th scope="col">Bild</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {list.entries.map((entry) => (
                      <tr key={entry.key}>
                        <td>
                          <code>{entry.key}</code>
                        </td>
                        <td>
                          {typeof entry.left === 'string' && typeof entry.right === 'string'
                            ? `${entry.left} – ${entry.right}`
                            : entry.label}
                        </td>
                        <td className={entry.prose ? undefined : 'studio-muted'}>
                          {entry.prose ?? 'wie das Label'}
                        </td>
                        {list.entries.some((candidate) => candidate.image) ? (
                          <td>
                            {typeof entry.image === 'string' ? (
                              <img
                                src={entry.image}
                                alt=""
                                width={40}
                                height={40}
                                className="studio-thumb"
                              />
                            ) : null}
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </article>
            ))}
        </section>
      ))}
    </div>
  );
}
