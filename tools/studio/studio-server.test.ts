import { afterEach, describe, expect, it } from 'vitest';
import { startStudio, type Studio } from './studio-server.ts';

describe('the studio shows one questionnaire of the catalogue, the editor picks which', () => {
  let studio: Studio | undefined;
  afterEach(async () => {
    await studio?.close();
    studio = undefined;
  });

  const pick = (id: string) =>
    fetch(`${studio!.url}/fragebogen`, { method: 'POST', body: id }).then(async (response) => ({
      status: response.status,
      text: await response.text(),
    }));

  it(
    'starts on the brand briefing, lists the catalogue and switches to another questionnaire',
    { timeout: 30_000 },
    async () => {
      studio = await startStudio({ port: 0 });
      expect(studio.state().questionnaire).toBe('markenbriefing');
      expect(studio.state().questionnaires).toEqual(
        expect.arrayContaining(['markenbriefing', 'website-relaunch']),
      );
      expect(studio.state().definition?.title).toBe('Markenbriefing');

      expect((await pick('website-relaunch')).status).toBe(204);
      expect(studio.state().questionnaire).toBe('website-relaunch');
      expect(studio.state().definition?.title).toBe('Website-Relaunch');
      expect(studio.state().definitionDir).toMatch(/definitions[\\/]website-relaunch$/);
      const state = (await (await fetch(`${studio.url}/state`)).json()) as {
        questionnaire: string;
      };
      expect(state.questionnaire).toBe('website-relaunch');
    },
  );

  it('refuses an id the catalogue does not have, in German, and keeps what it shows', async () => {
    studio = await startStudio({ port: 0 });
    const refused = await pick('../markenbriefing');
    expect(refused.status).toBe(422);
    expect(refused.text).toBe('Den Fragebogen „../markenbriefing“ gibt es im Katalog nicht.');
    expect((await pick('x'.repeat(500))).status).toBe(422);
    expect(studio.state().questionnaire).toBe('markenbriefing');
  });
});
