import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

/** The search parameter of the dashboard's view: `?ansicht=meine`, none for „Alle“. */
export const VIEW_PARAM = 'ansicht';
const MINE = 'meine';

/**
 * Whether the dashboard shows only the person's own projects (those they are responsible for).
 * Kept in the address, so a reload or the back button keeps the choice.
 */
export function useMineOnly() {
  const [params, setParams] = useSearchParams();
  const mine = params.get(VIEW_PARAM) === MINE;
  const setMine = (next: boolean) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set(VIEW_PARAM, MINE);
        else changed.delete(VIEW_PARAM);
        return changed;
      },
      { replace: true },
    );
  return [mine, setMine] as const;
}

/** The segmented control „Alle“ / „Meine Projekte“: two toggle buttons, one of them pressed. */
export function ViewSwitch({
  mine,
  onChange,
}: {
  mine: boolean;
  onChange: (mine: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="group" aria-label={t('dashboard.view.label')}>
      <button type="button" aria-pressed={!mine} onClick={() => onChange(false)}>
        {t('dashboard.view.all')}
      </button>
      <button type="button" aria-pressed={mine} onClick={() => onChange(true)}>
        {t('dashboard.view.mine')}
      </button>
    </div>
  );
}
