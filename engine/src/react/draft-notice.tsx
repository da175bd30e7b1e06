import './draft-notice.css';
import type { DraftState } from './drafts.tsx';
import { useEngineTexts } from './engine-texts.tsx';

let timeFormat: Intl.DateTimeFormat | undefined;

/** „27.11.2026, 19:30“: made on first use (an Intl formatter loads locale data). */
const when = (savedAt: number) =>
  (timeFormat ??= new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(savedAt);

/**
 * The quiet line above an editor that found a draft (docs/product.md#entwürfe): taken back, with
 * „Verwerfen“; or, typed against an older version, offered with „Übernehmen“ and „Verwerfen“.
 */
export function DraftNotice({
  state,
  onApply,
  onDiscard,
}: {
  state: NonNullable<DraftState>;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const texts = useEngineTexts();
  const stale = state.kind === 'stale';
  return (
    <div className="draft-notice" role="status">
      <p>
        {texts.fill(stale ? texts.draftStale : texts.draftRestored, {
          time: when(state.savedAt),
        })}
      </p>
      <div className="draft-notice-actions">
        {stale ? (
          <button type="button" className="button" onClick={onApply}>
            {texts.draftApply}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onDiscard}>
          {texts.draftDiscard}
        </button>
      </div>
    </div>
  );
}
