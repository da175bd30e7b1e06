import type { MouseEvent } from 'react';
import { useAppDispatch } from '../../state/hooks.ts';
import { API_BASE, apiContext, apiHeaders } from '../../lib/api.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';
import { showToast } from '../../lib/toasts.ts';

/** The export's formats (GET /api/projects/{id}/export?format=…), in the order offered. */
const FORMATS = ['docx', 'md', 'json'] as const;
const LABELS = {
  docx: 'results.downloads.docx',
  md: 'results.downloads.md',
  json: 'results.downloads.json',
} as const;

/** The file name of a download from its `Content-Disposition` (`filename*` first). */
export function downloadName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded)
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a broken encoding: the plain name below
    }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * The results as files: „Word (.docx)“, „Markdown (.md)“, „Daten (.json)“. A member's browser
 * sends its session cookie with a plain download link; a customer's share token travels only
 * in the X-Edit-Token header, so for a share link the file is fetched with it and saved through
 * an object URL. Off paper, like the view's other actions.
 */
export function ResultsDownloads({ projectId }: { projectId: string }) {
  const { t } = useScreenTexts();
  const dispatch = useAppDispatch();
  const url = (format: string) =>
    `${API_BASE}/projects/${encodeURIComponent(projectId)}/export?format=${format}`;

  const viaToken = async (event: MouseEvent<HTMLAnchorElement>, format: string) => {
    if (!apiContext.editToken) return;
    event.preventDefault();
    try {
      const response = await fetch(url(format), {
        credentials: 'same-origin',
        headers: apiHeaders(),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as
          { message?: string } | undefined;
        dispatch(showToast('error', body?.message ?? t('errors.generic')));
        return;
      }
      const blob = await response.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = downloadName(
        response.headers.get('content-disposition'),
        `briefing.${format}`,
      );
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has handed the file to the browser.
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch {
      dispatch(showToast('error', t('errors.generic')));
    }
  };

  return (
    <>
      {FORMATS.map((format) => (
        <a
          key={format}
          className="button button-secondary results-download"
          href={url(format)}
          download
          onClick={(event) => void viaToken(event, format)}
        >
          {t(LABELS[format])}
        </a>
      ))}
    </>
  );
}
