import { useAppDispatch } from '../../state/hooks.ts';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { germanDate } from '../../lib/dates.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';
import { showToast } from '../../lib/toasts.ts';
import { useProjectScope } from '../projects/project-context.ts';
import {
  REVIEW_REFUSALS,
  useMarkReviewedMutation,
  useUnmarkReviewedMutation,
} from './review-api.ts';

// Laid out here, not in a stylesheet of its own: each lazy stylesheet adds its name to the share
// link's first load (the list of what lazy chunks need), this one for members only.
const BOX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem 1rem',
  margin: '1.5rem 0',
} as const;

/**
 * A member's „geprüft“ mark of one step (docs/product.md#geprüft): „Als geprüft markieren“, or
 * „Geprüft ✓“ with who and when and „Markierung entfernen“. One button whose words change, so the
 * focus stays on it; a customer's later change of the step takes the mark away (the server).
 */
export function ReviewToggle({ step }: { step: string }) {
  const { t } = useScreenTexts();
  const dispatch = useAppDispatch();
  const { project } = useProjectScope();
  const review = project.reviews.find((mark) => mark.step === step);
  const [mark, marking] = useMarkReviewedMutation();
  const [unmark, unmarking] = useUnmarkReviewedMutation();
  const busy = marking.isLoading || unmarking.isLoading;

  const toggle = async () => {
    if (busy) return;
    const change = review ? unmark : mark;
    const result = await change({ projectId: project.id, step });
    if (!('error' in result)) return;
    // A refusal the API explains: its German message; other failures get the error toast.
    const status = errorStatus(result.error);
    if (typeof status === 'number' && REVIEW_REFUSALS.includes(status))
      dispatch(showToast('error', errorBody(result.error)?.message ?? t('errors.generic')));
  };

  const date = review && germanDate(review.reviewed_at);
  return (
    <div className={review ? 'notice notice-success' : 'notice notice-info'} style={BOX}>
      <p role="status" style={{ margin: 0, flex: '1 1 16rem' }}>
        {review ? (
          <>
            <strong>{t('review.done')}</strong>{' '}
            {review.reviewed_by
              ? t('review.by', { name: review.reviewed_by.name, date })
              : t('review.at', { date })}
          </>
        ) : (
          t('review.hint')
        )}
      </p>
      <button
        type="button"
        className={review ? 'button button-secondary' : 'button'}
        aria-disabled={busy || undefined}
        onClick={() => void toggle()}
      >
        {t(review ? 'review.unmark' : 'review.mark')}
      </button>
    </div>
  );
}
