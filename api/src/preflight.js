// The first thing the server runs (main.ts imports it before anything else; the root `npm start`
// runs it before building): Fragewerk needs Node.js 24, and on an older Node the server would fail
// with a missing export or a SyntaxError deep in a stack trace. Plain JavaScript that any Node
// since 12 parses, not TypeScript, and nothing imported – which is also why its German message
// is here and not in the locale file.

const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);

if (!(major >= REQUIRED_MAJOR)) {
  process.stderr.write(
    [
      `Fragewerk startet nicht: Es braucht Node.js ${REQUIRED_MAJOR} oder neuer, gestartet wurde es mit Node.js ${process.versions.node} (${process.execPath}).`,
      `„npm ci“ im Projektordner installiert Node.js ${REQUIRED_MAJOR} über die Abhängigkeit „node“ nach node_modules/.bin/node (auch mit --omit=dev); „npm start“ nimmt es von dort.`,
      `Wer den Server selbst startet (systemd, Container), startet ihn mit diesem Node oder installiert Node.js ${REQUIRED_MAJOR}.`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}
