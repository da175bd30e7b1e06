import type { LegalKind } from './legal-texts.ts';

/**
 * What an installation shows until its operator puts its own texts into `LEGAL_DIR`: exactly what
 * belongs there, as a checklist. The page says above it that it is a placeholder.
 */
export const LEGAL_PLACEHOLDERS: Record<LegalKind, string> = {
  impressum: `## Angaben nach § 5 DDG

Dieser Text ist ein Platzhalter. Wer diese Fragewerk-Installation betreibt, legt das eigene
Impressum als Markdown-Datei \`impressum.md\` in den Ordner \`LEGAL_DIR\` (ohne Angabe
\`DATA_DIR/legal\`). Hinein gehören:

- Name bzw. Firma und die vollständige Anschrift (kein Postfach)
- bei Gesellschaften die Rechtsform und die vertretungsberechtigten Personen
- Kontakt: E-Mail-Adresse und Telefonnummer
- Registergericht und Registernummer, falls eingetragen
- Umsatzsteuer-Identifikationsnummer, falls vorhanden
- die für journalistisch-redaktionelle Inhalte verantwortliche Person, falls es solche gibt
`,
  datenschutz: `## Datenschutzerklärung

Dieser Text ist ein Platzhalter. Wer diese Fragewerk-Installation betreibt, legt die eigene
Datenschutzerklärung als Markdown-Datei \`datenschutz.md\` in den Ordner \`LEGAL_DIR\` (ohne
Angabe \`DATA_DIR/legal\`). Hinein gehören:

- wer verantwortlich ist, mit Kontakt, und ggf. die datenschutzbeauftragte Person
- welche Daten gespeichert werden: Accounts (Firma, E-Mail-Adresse, Passwort-Hash), Projekte und
  die Antworten der Fragebögen, Sitzungs-Cookies, Server-Logs, Mails
- zu welchem Zweck und auf welcher Rechtsgrundlage (Art. 6 DSGVO)
- wie lange die Daten bleiben und wann sie gelöscht werden
- wer die Daten außerdem erhält (z. B. Hosting, Mailversand)
- die Rechte der betroffenen Personen: Auskunft, Berichtigung, Löschung, Einschränkung,
  Datenübertragbarkeit, Widerspruch und Beschwerde bei einer Aufsichtsbehörde
`,
};
