import { Dialog } from '@fragewerk/engine/react';
import { useId, useState } from 'react';
import { useCodeSplitTexts } from '../../lib/code-split-texts.ts';
import texts from '../../locales/conflict.de.json';
import type { FieldConflict, FieldPick } from './conflict-fields.ts';
import './conflict-dialog.css';

/** Loading the stored state instead, or the side kept for each conflicting field. */
export type ConflictChoice = 'reload' | Record<string, FieldPick>;

/**
 * „Inzwischen geändert“ (docs/product.md#gleichzeitiges-bearbeiten): for each field both sides
 * changed differently, the person's input and the stored state side by side, one of them chosen.
 * Their input is preselected: they were just saving it. Closing loads the stored state, as before.
 */
export function ConflictDialog({
  fields,
  onChoose,
}: {
  fields: FieldConflict[];
  onChoose: (choice: ConflictChoice) => void;
}) {
  const { t } = useCodeSplitTexts(texts);
  const id = useId();
  const [picks, setPicks] = useState<Record<string, FieldPick>>(() =>
    Object.fromEntries(fields.map(({ field }) => [field, 'mine' as const])),
  );
  const option = (row: FieldConflict, side: FieldPick) => {
    const name = t(side === 'mine' ? 'conflict.mine' : 'conflict.theirs');
    const value = side === 'mine' ? row.mine : row.theirs;
    return (
      <label className="conflict-option">
        {/* Named „Ihre Eingabe: …“: the two visible parts would run together when read out. */}
        <input
          type="radio"
          name={`${id}-${row.field}`}
          aria-label={`${name}: ${value}`}
          checked={picks[row.field] === side}
          onChange={() => setPicks((current) => ({ ...current, [row.field]: side }))}
        />
        <span className="conflict-side">{name}</span>
        <span className="conflict-value">{value}</span>
      </label>
    );
  };
  return (
    <Dialog title={t('conflict.title')} onClose={() => onChoose('reload')} tone="warning" wide>
      <p>{t('conflict.text')}</p>
      {fields.map((row) => (
        <fieldset key={row.field} className="conflict-field">
          <legend>{row.label}</legend>
          <div className="conflict-options">
            {option(row, 'mine')}
            {option(row, 'theirs')}
          </div>
        </fieldset>
      ))}
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChoose('reload')}
        >
          {t('conflict.reload')}
        </button>
        <button type="button" className="button" onClick={() => onChoose(picks)} autoFocus>
          {t('conflict.save')}
        </button>
      </div>
    </Dialog>
  );
}
