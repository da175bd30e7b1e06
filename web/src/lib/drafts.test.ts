import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MAX_AGE_MS, draftOwner, draftStore, removeDraftsOf } from './drafts.ts';

const draft = (name: string, savedAt = Date.now()) => ({
  data: { name },
  base: {},
  version: 0,
  savedAt,
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('drafts in the browser storage', () => {
  it('keys drafts by person and project: nothing leaks between them', () => {
    const agency = draftOwner('u-1', undefined);
    const customer = draftOwner(undefined, 'geheimes-token');
    const otherCustomer = draftOwner(undefined, 'anderes-token');
    expect(new Set([agency, customer, otherCustomer]).size).toBe(3);
    // The share link itself is not written into the key.
    expect(customer).not.toContain('geheimes-token');

    draftStore(customer, 'p-1').write('ideas:neu:all', draft('Backhaus'));
    expect(draftStore(customer, 'p-1').read('ideas:neu:all')?.data).toEqual({
      name: 'Backhaus',
    });
    expect(draftStore(otherCustomer, 'p-1').read('ideas:neu:all')).toBeUndefined();
    expect(draftStore(customer, 'p-2').read('ideas:neu:all')).toBeUndefined();
    expect(draftStore(agency, 'p-1').slots('ideas:')).toEqual([]);
  });

  it('lists the slots of a step, and removes one', () => {
    const store = draftStore('konto-u-1', 'p-1');
    store.write('ideas:neu:all', draft('A'));
    store.write('ideas:eintrag:x', draft('B'));
    store.write('frame:formular', draft('C'));
    expect(store.slots('ideas:')).toEqual(['ideas:eintrag:x', 'ideas:neu:all']);
    store.remove('ideas:eintrag:x');
    expect(store.slots('ideas:')).toEqual(['ideas:neu:all']);
  });

  it('drops drafts older than 30 days, and unreadable ones', () => {
    const store = draftStore('konto-u-1', 'p-1');
    store.write('old:formular', draft('Alt', Date.now() - DRAFT_MAX_AGE_MS - 1000));
    localStorage.setItem('fragewerk.entwurf:konto-u-1:p-1:broken:formular', '{kaputt');
    expect(store.slots('')).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('loses only the safety copy when the storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('voll', 'QuotaExceededError');
    });
    expect(() => draftStore('konto-u-1', 'p-1').write('x:formular', draft('A'))).not.toThrow();
  });

  it('removes every draft of one person at logout, and only theirs', () => {
    draftStore('konto-u-1', 'p-1').write('a:formular', draft('A'));
    draftStore('konto-u-1', 'konto').write('formular', draft('B'));
    draftStore('konto-u-2', 'p-1').write('a:formular', draft('C'));
    removeDraftsOf('konto-u-1');
    expect(draftStore('konto-u-1', 'p-1').slots('')).toEqual([]);
    expect(draftStore('konto-u-1', 'konto').slots('')).toEqual([]);
    expect(draftStore('konto-u-2', 'p-1').slots('')).toEqual(['a:formular']);
  });
});
