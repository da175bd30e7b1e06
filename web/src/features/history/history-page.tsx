import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { germanDate, timeAgo } from '../../lib/dates.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { type ActivityEntry, useGetProjectActivityInfiniteQuery } from './history-api.ts';
import { dayLabel, dayOf, groupByDay, timeOf } from './history-days.ts';
import './history-page.css';

const entryId = (entry: ActivityEntry) => `history-${entry.id}`;

/** One event: when („vor 5 Minuten“ today, else „14:05“; the full date on hover), what, which step. */
function HistoryEntry({
  entry,
  today,
  now,
}: {
  entry: ActivityEntry;
  today: boolean;
  now: number;
}) {
  const { t } = useScreenTexts();
  const definition = useDefinition();
  const step = entry.step
    ? definition.steps.find((candidate) => candidate.meta.key === entry.step)
    : undefined;
  const { project } = useProjectScope();
  const time = timeOf(entry.at);
  return (
    <li id={entryId(entry)} className={`history-entry is-${entry.actor.kind}`} tabIndex={-1}>
      <time dateTime={entry.at} title={`${germanDate(entry.at)}, ${time} Uhr`}>
        {today ? timeAgo(entry.at, now) : time}
      </time>
      <div className="history-entry-body">
        <p>{entry.text}</p>
        <p className="history-entry-meta">
          <span className="history-actor">{t(`history.actor.${entry.actor.kind}`)}</span>
          {step ? (
            <Link to={paths.step.url(project.id, step.meta.slug)}>{step.meta.title}</Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/**
 * „Verlauf“ (docs/product.md#verlauf): what happened in the project, newest first, by German day
 * („Heute“, „Gestern“, „Donnerstag, 26. November 2026“), 50 at a time with „Ältere laden“. Members
 * only (the route asks for the login; the API refuses a share link).
 */
export function HistoryPage() {
  const { t } = useScreenTexts();
  const { project } = useProjectScope();
  useDocumentTitle(t('history.title'));
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetProjectActivityInfiniteQuery(project.id, { refetchOnMountOrArgChange: true });
  // After „Ältere laden“ the first of the older entries takes the focus (the button may be gone).
  const [focusOn, setFocusOn] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!focusOn) return;
    const element = document.getElementById(focusOn);
    if (!element) return;
    element.focus();
    setFocusOn(undefined);
  }, [focusOn, data]);

  const entries = data?.pages.flatMap((page) => page.data) ?? [];
  const now = Date.now();
  const today = dayOf(now);
  const words = { today: t('history.today'), yesterday: t('history.yesterday') };

  const loadOlder = async () => {
    const result = await fetchNextPage();
    const older = result.data?.pages.at(-1)?.data[0];
    if (older) setFocusOn(entryId(older));
  };

  return (
    <section className="page page-narrow history-page" aria-labelledby="history-heading">
      <h1 id="history-heading">{t('history.title')}</h1>
      <p className="meta">
        {t('history.intro')}{' '}
        <Link to={paths.projectSettings.url(project.id)}>{t('history.back')}</Link>
      </p>
      {isLoading ? (
        <Spinner />
      ) : isError && entries.length === 0 ? (
        <div className="notice notice-warning" role="alert">
          <p>{t('history.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={() => void refetch()}>
            {t('history.retry')}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="empty">{t('history.empty')}</p>
      ) : (
        groupByDay(entries).map(({ day, entries: ofDay }) => (
          <section key={day} className="history-day" aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>{dayLabel(day, now, words)}</h2>
            <ol className="history-list">
              {ofDay.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} today={day === today} now={now} />
              ))}
            </ol>
          </section>
        ))
      )}
      {hasNextPage ? (
        <p className="history-more">
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={isFetchingNextPage || undefined}
            onClick={() => void (isFetchingNextPage || loadOlder())}
          >
            {isFetchingNextPage ? <Spinner small /> : null}
            {t('history.more')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
