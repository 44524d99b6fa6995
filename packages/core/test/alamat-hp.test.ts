import { describe, expect, it } from 'vitest';
import { isLoopback, isWildcard, kendalaAlamatHp } from '../src/alamat-hp';

describe('an address a phone can open as the app', () => {
  it.each([
    'https://ukt.lan',
    'https://ukt.perguruan.or.id',
    'https://192.168.1.10:8443',
    'https://localhost:8443',
    'https://ukt.localhost',
  ])('%s is usable', (alamat) => {
    expect(kendalaAlamatHp(alamat)).toBeNull();
  });

  it.each([
    ['http://127.0.0.1:3000', 'hanya dapat dibuka di laptop ini sendiri'],
    ['https://127.0.0.1', 'hanya dapat dibuka di laptop ini sendiri'],
    ['http://[::1]:3000', 'hanya dapat dibuka di laptop ini sendiri'],
    ['http://0.0.0.0:3000', 'bukan alamat yang dapat dibuka oleh HP'],
    ['http://[::]:3000', 'bukan alamat yang dapat dibuka oleh HP'],
    ['http://192.168.1.10:3000', 'belum memakai https'],
    ['http://ukt.lan', 'belum memakai https'],
    ['http://localhost:3000', 'belum memakai https'],
    ['ukt.lan', 'tidak terbaca'],
  ])('%s is not: %s', (alamat, sebab) => {
    expect(kendalaAlamatHp(alamat)).toContain(sebab);
  });

  it('loopback and wildcard hosts, with or without brackets', () => {
    expect([
      isLoopback('127.0.0.2'),
      isLoopback('[::1]'),
      isLoopback('LOCALHOST'),
      isLoopback('ukt.lan'),
    ]).toEqual([true, true, true, false]);
    expect([isWildcard('0.0.0.0'), isWildcard('[::]'), isWildcard('::0'), isWildcard('127.0.0.1')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
