// Loaded with --import before a server process's entry: the process's wall clock (Date.now, new
// Date()) runs UKT_TEST_CLOCK_SHIFT_MS ahead (or behind, when negative), as on a machine whose clock
// is wrong. The database's clock is untouched (test/db/database-clock.test.ts).

const shift = Number(process.env.UKT_TEST_CLOCK_SHIFT_MS ?? 0);
const RealDate = Date;
const shiftedNow = () => RealDate.now() + shift;

class ShiftedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(shiftedNow());
    else super(...(args as [string | number | Date]));
  }
  static override now() {
    return shiftedNow();
  }
}

globalThis.Date = ShiftedDate as DateConstructor;
