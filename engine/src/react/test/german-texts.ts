import type { EngineTexts } from '../engine-texts.tsx';

/** The German texts the app passes to the engine (its locale file holds the same). */
export const GERMAN_TEXTS: EngineTexts = {
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Daten wurden gespeichert',
  cancel: 'Abbrechen',
  close: 'Schließen',
  add: 'Hinzufügen',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  deleteTitle: 'Wirklich löschen?',
  deleteText: 'Dieser Schritt kann nicht rückgängig gemacht werden!',
  placeholder: 'Bitte auswählen',
  custom: 'Sonstiges',
  search: 'Suchen …',
  noResults: 'Keine Ergebnisse für diesen Begriff gefunden',
  removeValue: '{label} entfernen',
  notOffered: 'nicht mehr in der Auswahl',
  selected: 'Ausgewählt',
  moveUp: 'Nach oben',
  moveDown: 'Nach unten',
  dragHandle: 'Zum Sortieren ziehen',
  reorder: 'Verschieben',
  reorderHelp:
    'Zum Verschieben Leertaste oder Enter drücken, dann mit den Pfeiltasten nach oben oder unten bewegen und mit Leertaste oder Enter ablegen. Escape bricht ab.',
  reorderGrabbed:
    '{title} aufgenommen, Position {position} von {count}. Mit den Pfeiltasten verschieben, mit Leertaste oder Enter ablegen, mit Escape abbrechen.',
  reorderMoved: '{title}: Position {position} von {count}',
  reorderDropped: '{title} abgelegt, Position {position} von {count}',
  reorderCancelled:
    'Verschieben abgebrochen. {title} steht wieder an Position {position} von {count}.',
  rating: '{value} von {max} Sternen',
  star: '{value} von 5 Sternen',
  notRated: 'Bewertung entfernen',
  polarityNeutral: '0 – neutral',
  polarityTowards: '{value} – eher {pole}',
  polarityClear: 'Auswahl entfernen',
  itemActions: 'Aktionen',
  view: 'Ansehen',
  openLink: 'öffnet in neuem Tab',
  print: 'Drucken',
};
