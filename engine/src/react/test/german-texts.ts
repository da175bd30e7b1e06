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
  characterCount: '{count} von {max} Zeichen',
  itemActions: 'Aktionen',
  view: 'Ansehen',
  openLink: 'öffnet in neuem Tab',
  print: 'Drucken',
  draftRestored:
    'Ihre nicht gespeicherten Eingaben vom {time} sind wieder da. Speichern Sie, um sie zu behalten.',
  draftStale:
    'Hier gibt es nicht gespeicherte Eingaben vom {time}. Seitdem wurde etwas anderes gespeichert – übernehmen Sie Ihre Eingaben nur, wenn sie noch gelten.',
  draftApply: 'Übernehmen',
  draftDiscard: 'Verwerfen',
  discardTitle: 'Eingaben verwerfen?',
  discardText:
    'Ihre Eingaben sind noch nicht gespeichert. Wenn Sie jetzt schließen, gehen sie verloren.',
  discardConfirm: 'Verwerfen',
  keepEditing: 'Weiter bearbeiten',
  deletedMeanwhile:
    'Dieser Eintrag wurde inzwischen gelöscht. Ihre Eingaben sind noch da: Sie können sie als neuen Eintrag speichern.',
  saveAsNew: 'Als neuen Eintrag speichern',
};
