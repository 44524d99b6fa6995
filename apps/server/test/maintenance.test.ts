import { afterEach, describe, expect, it } from 'vitest';
import { MAINTENANCE_LEASE_MS, maintenanceLook } from '../src/maintenance';
import { DATABASES, startApp, type TestApp } from './support/app';

// The hourly clean-up (expired tokens, old idempotency keys, ended rate windows) runs once an hour
// across every process and machine of a database (docs/decisions/160): two servers on one
// PostgreSQL; the one holding the clean-up's lease prunes, the other never does while it lives,
// and takes over once the holder stops (its lease given back) or dies (its lease run out). Each
// server's clock is moved by hand; a look is what each server does every few minutes.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.runIf(DATABASES.includes('postgres'))('the hourly clean-up of two machines on PostgreSQL', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close().catch(() => undefined);
  });

  async function twoMachines() {
    const a = await startApp('postgres');
    apps.push(a);
    const b = await startApp('postgres', {}, a);
    apps.push(b);
    const both = (ms: number) => {
      a.advance(ms);
      b.advance(ms);
    };
    return { a, b, both };
  }

  it('prunes once an hour between them, by the machine holding the lease', async () => {
    const { a, b, both } = await twoMachines();
    const first = await Promise.all([maintenanceLook(a.app), maintenanceLook(b.app)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const [holder, other] = first[0] ? [a, b] : [b, a];
    for (let look = 1; look < 12; look++) {
      both(5 * MINUTE);
      expect(await maintenanceLook(other.app)).toBe(false);
      expect(await maintenanceLook(holder.app)).toBe(false);
    }
    both(5 * MINUTE);
    expect(await maintenanceLook(other.app)).toBe(false);
    expect(await maintenanceLook(holder.app)).toBe(true);
  });

  it('the other machine takes over when the holder stops, and when it dies', async () => {
    const { a, b, both } = await twoMachines();
    expect(await maintenanceLook(a.app)).toBe(true);
    // A dies: it stops looking; its lease runs out, then B prunes when an hour has passed.
    both(MAINTENANCE_LEASE_MS - MINUTE);
    expect(await maintenanceLook(b.app)).toBe(false);
    both(HOUR);
    expect(await maintenanceLook(b.app)).toBe(true);
    // B keeps looking (renewing its lease) for most of the next hour, then stops: its lease is given
    // back, so A prunes when the hour is up, though B's lease would have run 15 minutes more.
    for (let look = 1; look < 12; look++) {
      both(5 * MINUTE);
      expect(await maintenanceLook(b.app)).toBe(false);
    }
    await b.close();
    apps.splice(apps.indexOf(b), 1);
    // A minute more than the hour: B's clock started a moment after A's.
    both(6 * MINUTE);
    expect(await maintenanceLook(a.app)).toBe(true);
  });
});
