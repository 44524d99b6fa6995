import { nomorWa } from '@ukt/core';
import { type Config, ConfigError } from '../config/env';
import { openDb } from '../db/connect';
import { createWriter } from '../db/writer';
import { countDemo } from '../demo/demo.repository';
import { DEMO_LOG_LINE, seedDemoOrganisasi } from '../demo/seed';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { backupBeforeMigrate } from '../modules/backup/backup-source';
import {
  adminPanitia,
  checkMulai,
  checkNamaOrganisasi,
  type MulaiChecked,
  mulaiOrganisasi,
} from '../modules/organisasi/mulai.service';

// The venue launcher's first start (docs/decisions/154): before the app starts, the database gets
// the committee's own organisation and admins (from --organisasi/--admin, or asked in the window),
// or the demo with --demo; a database that has a committee admin starts as it is. Without a window
// to ask in and without the arguments, the launcher refuses before anything starts.

/** What the launcher was given for the first start. */
export interface FirstStartArgs {
  organisasi: string | undefined;
  admin: readonly string[];
  demo: boolean;
}

/** Where the first start talks: lines for the window, and a question when someone sits at it. */
export interface FirstStartIo {
  say: (line: string) => void;
  /** Asks one line in the window; undefined when there is no window (a service, a test). */
  ask: ((question: string) => Promise<string>) | undefined;
}

/** The one line a launcher without a window and without the arguments refuses with. */
export const FIRST_START_REFUSAL =
  'Database ini belum punya organisasi dan admin panitia: jalankan lagi dengan --organisasi "Nama Organisasi" --admin 0812xxxxxxxx (boleh beberapa --admin), atau --demo untuk mencoba dengan data demo.';

/** What every start on a database that still holds the demo says. */
export const DEMO_STILL_THERE =
  'Database ini masih berisi data demo: hapus sebelum ujian sungguhan di Panitia → Kegiatan → Hapus data demo, atau npm run ukt -- demo hapus.';

/** Why these arguments cannot go together, or null. */
export function firstStartArgsProblem(args: FirstStartArgs): string | null {
  if (args.demo && (args.organisasi !== undefined || args.admin.length > 0))
    return '--demo tidak dipakai bersama --organisasi dan --admin: pilih data demo untuk mencoba, atau organisasi sendiri.';
  if (args.admin.length > 0 && args.organisasi === undefined)
    return 'Tulis juga nama organisasi: --organisasi "Nama Organisasi" --admin 0812xxxxxxxx';
  if (args.organisasi !== undefined && args.admin.length === 0)
    return 'Tulis juga nomor WhatsApp admin panitia: --organisasi "Nama Organisasi" --admin 0812xxxxxxxx';
  return null;
}

/** Asks until the answer passes `check`, saying what was wrong each time. */
async function askUntil<T>(
  io: FirstStartIo,
  ask: (q: string) => Promise<string>,
  question: string,
  check: (answer: string) => T,
) {
  for (;;) {
    const answer = await ask(question);
    try {
      return check(answer);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.say(error.message);
    }
  }
}

/** The organisation's name and admins, asked in the window. */
async function askMulai(io: FirstStartIo, ask: (q: string) => Promise<string>): Promise<MulaiChecked> {
  io.say(
    'Database ini belum punya organisasi dan admin panitia. (Untuk mencoba dengan data demo: tutup, lalu jalankan dengan --demo.)',
  );
  const nama = await askUntil(
    io,
    ask,
    'Nama organisasi (misalnya Perguruan Pencak Silat Harapan): ',
    checkNamaOrganisasi,
  );
  return askUntil(io, ask, 'Nomor WhatsApp admin panitia (beberapa nomor dipisah koma): ', (answer) =>
    checkMulai({ nama, admin: answer.split(',').filter((n) => n.trim()) }),
  );
}

/**
 * Readies the database the app is about to open (`config` is the app's): answers null when the app
 * may start, or the line to refuse with. Migrates the database as the app would, backup first.
 */
export async function firstStart(
  config: Config,
  args: FirstStartArgs,
  io: FirstStartIo,
): Promise<string | null> {
  const problem = firstStartArgsProblem(args);
  if (problem) return problem;
  let opened: Awaited<ReturnType<typeof openDb>>;
  try {
    opened = await openDb(config.databaseUrl, {
      beforeMigrate: backupBeforeMigrate(config, { clock: systemClock, say: io.say }),
    });
  } catch (error) {
    // A database this version cannot open (a newer release's, PostgreSQL away): its one line.
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  const { db, dialect } = opened;
  try {
    const admins = await adminPanitia(db, config.orgId);
    if (args.demo) {
      if (admins.length > 0) {
        io.say(
          (await countDemo(db, config.orgId)).semua
            ? 'Data demo sudah ada di database ini.'
            : 'Database ini sudah berisi organisasi sendiri: data demo tidak ditambahkan.',
        );
        return null;
      }
      await seedDemoOrganisasi(db, config.orgId, new Date());
      io.say(DEMO_LOG_LINE);
      return null;
    }
    let input: MulaiChecked | undefined;
    if (args.organisasi !== undefined) {
      input = checkMulai({ nama: args.organisasi, admin: args.admin });
    } else if (admins.length === 0) {
      if (!io.ask) return FIRST_START_REFUSAL;
      input = await askMulai(io, io.ask);
    }
    if (input) {
      const result = await mulaiOrganisasi(
        { writer: createWriter(db, dialect), idOrganisasi: config.orgId, now: new Date().toISOString() },
        input,
      );
      io.say(
        `Organisasi: ${result.nama_organisasi}; admin panitia: ${result.admin.map((a) => nomorWa(a.no_wa)).join(', ')}.`,
      );
      io.say(
        'Masuk ke konsol panitia dengan nomor itu, lalu buat kegiatan, impor penguji dan impor peserta.',
      );
    }
    if ((await countDemo(db, config.orgId)).semua) io.say(DEMO_STILL_THERE);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  } finally {
    await db.destroy();
  }
}
