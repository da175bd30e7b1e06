import { describe, expect, it } from 'vitest';
import { applyEdit, sameValue, threeWayMerge } from './three-way-merge.ts';

const base = { mission: 'Backen mit Zeit.', strengths: 'Backstube', audience: ['familien'] };

describe('threeWayMerge', () => {
  it('takes a field only I changed', () => {
    const result = threeWayMerge(base, base, { ...base, strengths: 'Sauerteig' });
    expect(result).toEqual({ merged: { ...base, strengths: 'Sauerteig' }, conflicts: [] });
  });

  it('keeps a field only they changed, beside one only I changed', () => {
    const theirs = { ...base, mission: 'Brot wie früher.' };
    const mine = { ...base, strengths: 'Sauerteig' };
    expect(threeWayMerge(base, theirs, mine)).toEqual({
      merged: { mission: 'Brot wie früher.', strengths: 'Sauerteig', audience: ['familien'] },
      conflicts: [],
    });
  });

  it('names a field both changed differently as a conflict and keeps theirs meanwhile', () => {
    const theirs = { ...base, mission: 'Brot wie früher.', strengths: 'Ofen' };
    const mine = { ...base, mission: 'Brot mit Seele.', audience: ['senioren'] };
    expect(threeWayMerge(base, theirs, mine)).toEqual({
      merged: { mission: 'Brot wie früher.', strengths: 'Ofen', audience: ['senioren'] },
      conflicts: ['mission'],
    });
  });

  it('does not count the same change on both sides as a conflict', () => {
    const both = { ...base, mission: 'Gleich.' };
    expect(threeWayMerge(base, both, { ...both })).toEqual({ merged: both, conflicts: [] });
  });

  it('compares arrays and objects as whole values, deeply and regardless of key order', () => {
    const nested = { ...base, tone: { warm: 1, modern: [2, 3] } };
    const reordered = { ...base, audience: ['familien'], tone: { modern: [2, 3], warm: 1 } };
    expect(threeWayMerge(nested, reordered, { ...nested, strengths: 'Neu' }).conflicts).toEqual([]);

    const theirs = { ...nested, audience: ['familien', 'senioren'] };
    const mine = { ...nested, audience: ['senioren', 'familien'] };
    expect(threeWayMerge(nested, theirs, mine)).toEqual({
      merged: theirs,
      conflicts: ['audience'],
    });
    const theirTone = { ...nested, tone: { warm: 1, modern: [2, 4] } };
    expect(threeWayMerge(nested, theirTone, nested).merged.tone).toEqual({
      warm: 1,
      modern: [2, 4],
    });
  });

  it('treats a field missing on one side as removed there', () => {
    const { strengths: _strengths, ...withoutStrengths } = base;
    // They cleared it, I did not touch it: it stays cleared.
    expect(threeWayMerge(base, withoutStrengths, base)).toEqual({
      merged: withoutStrengths,
      conflicts: [],
    });
    // I cleared it, they did not touch it: my clearing is taken.
    expect(threeWayMerge(base, base, withoutStrengths).merged).toEqual(withoutStrengths);
    // I cleared it, they changed it: a conflict.
    expect(threeWayMerge(base, { ...base, strengths: 'Ofen' }, withoutStrengths).conflicts).toEqual(
      ['strengths'],
    );
    // A field new on their side only, missing in base and mine: kept.
    expect(threeWayMerge(base, { ...base, slogan: 'Neu' }, base).merged.slogan).toBe('Neu');
  });
});

describe('sameValue', () => {
  it('tells JSON values apart deeply', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
    expect(sameValue({ a: undefined }, {})).toBe(true);
  });
});

describe('applyEdit', () => {
  it('puts only the fields the edit changed onto the stored ones', () => {
    const stored = { ...base, mission: 'Brot wie früher.' };
    const edit = { ...base, strengths: 'Sauerteig' };
    expect(applyEdit(base, edit, stored)).toEqual({ ...stored, strengths: 'Sauerteig' });
  });

  it('removes a field the edit removed, and takes the edit over the stored value where both changed', () => {
    const { audience: _removed, ...edit } = { ...base, mission: 'Brot mit Seele.' };
    const stored = { ...base, mission: 'Brot wie früher.', audience: ['senioren'] };
    expect(applyEdit(base, edit, stored)).toEqual({
      mission: 'Brot mit Seele.',
      strengths: 'Backstube',
    });
  });

  it('gives the edit itself when nothing was stored meanwhile', () => {
    const edit = { ...base, strengths: 'Sauerteig', goal: 'Neu' };
    expect(applyEdit(base, edit, base)).toEqual(edit);
  });
});
