import { describe, expect, it } from 'vitest';
import { amountText, formatAmount, formatRange, parseAmount, unitLabel } from './format-range.ts';

const nb = (text: string) => text.replace(/ €/g, '\u00a0€');

describe('formatRange', () => {
  it('writes euros without cents, with German grouping', () => {
    expect(formatRange({ min: 5000, max: 10000 }, 'EUR')).toBe(nb('5.000 € bis 10.000 €'));
    expect(formatAmount(999.5, 'EUR')).toBe(nb('1.000 €'));
  });

  it('says „ab“ or „bis“ where one side is missing, and nothing without either', () => {
    expect(formatRange({ min: 5000 }, 'EUR')).toBe(nb('ab 5.000 €'));
    expect(formatRange({ max: 10000 }, 'EUR')).toBe(nb('bis 10.000 €'));
    expect(formatRange({}, 'EUR')).toBeUndefined();
    expect(formatRange('5000', 'EUR')).toBeUndefined();
  });

  it('writes plain numbers without a unit, a word unit once at the end', () => {
    expect(formatRange({ min: 1500, max: 2500.5 })).toBe('1.500 bis 2.500,5');
    expect(formatRange({ min: 3, max: 8 }, 'Wochen')).toBe('3 bis 8 Wochen');
    expect(formatRange({ min: 3 }, 'Wochen')).toBe('ab 3 Wochen');
  });
});

describe('unitLabel', () => {
  it('shows a currency by its symbol and any other unit as it is', () => {
    expect(unitLabel('EUR')).toBe('€');
    expect(unitLabel('CHF')).toBe('CHF');
    expect(unitLabel('Seiten')).toBe('Seiten');
  });
});

describe('parseAmount', () => {
  it('reads numbers as people in Germany type them', () => {
    expect(parseAmount('5000')).toBe(5000);
    expect(parseAmount(' 5.000 ')).toBe(5000);
    expect(parseAmount('1.250.000')).toBe(1250000);
    expect(parseAmount('5.000,50')).toBe(5000.5);
    expect(parseAmount('2,5')).toBe(2.5);
    expect(parseAmount('2.5')).toBe(2.5);
  });

  it('gives blank as no value and keeps a text that is no number', () => {
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('  ')).toBeUndefined();
    expect(parseAmount('viel')).toBe('viel');
    expect(parseAmount('5.00.0')).toBe('5.00.0');
  });

  it('writes a number back for the input without grouping', () => {
    expect(amountText(5000)).toBe('5000');
    expect(amountText(2.5)).toBe('2,5');
    expect(amountText(undefined)).toBe('');
    expect(amountText('viel')).toBe('viel');
  });
});
