import { useCallback, useEffect, useState } from 'react';

/** Where the editor is: a page, a step and the switches. Kept in the address (`#/…`). */
export interface Place {
  page: 'schritt' | 'ergebnisse' | 'presets';
  step?: string;
  /** The value of the context field (the gender), where the step has one. */
  variant?: string;
  /** Sample answers, or none at all. */
  answers: 'beispiel' | 'leer';
}

export function parsePlace(hash: string): Place {
  const [route = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const [page, step] = route.split('/');
  const params = new URLSearchParams(query);
  return {
    page: page === 'ergebnisse' || page === 'presets' ? page : 'schritt',
    ...(page === 'schritt' && step ? { step: decodeURIComponent(step) } : {}),
    ...(params.get('variante') ? { variant: params.get('variante')! } : {}),
    answers: params.get('antworten') === 'leer' ? 'leer' : 'beispiel',
  };
}

export function placeHash(place: Place): string {
  const route =
    place.page === 'schritt' && place.step
      ? `schritt/${encodeURIComponent(place.step)}`
      : place.page;
  const params = new URLSearchParams();
  if (place.variant) params.set('variante', place.variant);
  if (place.answers === 'leer') params.set('antworten', 'leer');
  const query = params.toString();
  return `#/${route}${query ? `?${query}` : ''}`;
}

/** The place from the address, and a way to go elsewhere (a new history entry for a new page). */
export function usePlace(): [Place, (change: Partial<Place>) => void] {
  const [place, setPlace] = useState(() => parsePlace(window.location.hash));
  useEffect(() => {
    const follow = () => setPlace(parsePlace(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const go = useCallback(
    (change: Partial<Place>) => {
      const next = { ...parsePlace(window.location.hash), ...change };
      const hash = placeHash(next);
      // The switches replace the entry; a new page or step is one the back button returns from.
      const newPage = next.page !== place.page || next.step !== place.step;
      if (newPage) window.location.hash = hash;
      else window.history.replaceState(null, '', hash);
      setPlace(next);
    },
    [place.page, place.step],
  );
  return [place, go];
}
