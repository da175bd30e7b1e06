import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, jsonSyntaxMessage } from './read-definition-dir.ts';

/** The message for a text the parser refuses. */
function messageFor(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxMessage(error as Error, text);
  }
  throw new Error('gültiges JSON');
}

describe('invalid JSON in a definition file', () => {
  it('is named in German with line and column, whatever the parser says', () => {
    expect(messageFor('{\n  "ui:order": ["type", "goal",],\n}\n')).toBe(
      'Kein gültiges JSON (Zeile 2, Spalte 31): Nach dem letzten Komma fehlt ein Wert – ein Komma zu viel vor „]“?',
    );
    expect(messageFor('{\n  "a": 1\n  "b": 2\n}')).toBe(
      'Kein gültiges JSON (Zeile 3, Spalte 3): Nach einem Wert fehlt ein Komma oder „}“.',
    );
    expect(messageFor('{ "type": ')).toBe(
      'Kein gültiges JSON (Zeile 1, Spalte 11): Die Datei endet mitten im JSON – fehlt eine schließende Klammer?',
    );
    expect(messageFor('{"a" 1}')).toBe(
      'Kein gültiges JSON (Zeile 1, Spalte 6): Nach dem Namen fehlt der Doppelpunkt.',
    );
    expect(messageFor("{'a': 1}")).toMatch(/^Kein gültiges JSON \(Zeile 1, Spalte 2\): /);
  });

  it('is found where the parser names no position', () => {
    expect(jsonErrorOffset('{"a": [1, 2,]}')).toBe(12);
    expect(jsonErrorOffset('{"a": tru}')).toBe(6);
    expect(jsonErrorOffset('{"a": "ok", "b": [true, null, -1.5e3]}')).toBeUndefined();
  });
});
