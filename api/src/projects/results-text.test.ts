import { describe, expect, it } from 'vitest';
import { starsMarkup } from '@fragewerk/engine/core';
import { resultsText } from './results-text.ts';

describe('resultsText', () => {
  it('keeps headings, card texts and sentences as lines, the stars as words', () => {
    const markup =
      '<h3 id="result-competitors">Wettbewerber</h3><div class="result-group">' +
      '<article class="result-card"><div class="item-card"><img class="item-avatar" alt="" src="/a.png">' +
      '<div class="item-body"><div class="item-head"><h4 class="item-title">Tischlerei &quot;Holz&quot; &amp; Söhne</h4>' +
      '<span class="rating" role="img" aria-label="4 von 5 Sternen" title="4 von 5 Sternen">★★★★☆</span></div>' +
      '<a class="item-link" href="https://holz.de">https://holz.de<span class="visually-hidden"> (öffnet in neuem Tab)</span></a>' +
      '</div></div><p class="result-line">Sie ist &lt;gleich&gt; groß.</p></article></div>';
    expect(resultsText(markup)).toBe(
      [
        'Wettbewerber',
        'Tischlerei "Holz" & Söhne',
        '4 von 5 Sternen',
        'https://holz.de',
        'Sie ist <gleich> groß.',
      ].join('\n'),
    );
  });

  it('gives stars that are partly lit as their words alone', () => {
    const markup = `<h4 class="item-title">Holz</h4><span class="rating" role="img" aria-label="2 von 5 Sternen" title="2 von 5 Sternen">${starsMarkup(2, 5)}</span></div>`;
    expect(resultsText(markup)).toBe('Holz\n2 von 5 Sternen');
  });

  it('leaves the chart out: its sentences follow as paragraphs', () => {
    const markup =
      '<h3>Polaritätenprofil</h3><div class="result-card"><p>Die Marke</p>' +
      '<figure class="polarity-chart"><svg><text>modern</text></svg></figure>' +
      '<p class="result-line">Sie wirkt eher modern.</p></div>';
    expect(resultsText(markup)).toBe('Polaritätenprofil\nDie Marke\nSie wirkt eher modern.');
  });

  it('gives the empty text of an unanswered step', () => {
    expect(resultsText('<h3>Ziele</h3><p class="empty">Keine Angaben.</p>')).toBe(
      'Ziele\nKeine Angaben.',
    );
  });
});
