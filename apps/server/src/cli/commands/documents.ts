import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { databaseSecret } from '../../db/database-secret';
import { dialectName } from '../../db/dialect';
import {
  beritaAcara,
  type DocumentDeps,
  type DocumentFile,
  kartuLogin,
  kartuPeserta,
  piagam,
} from '../../modules/documents/documents.service';
import { mediaStoreFor } from '../../modules/media/media.store';
import { type Command, type Invocation, positive } from '../command';

/** A document command (DESIGN §11): makes the PDF with the console's service and writes it to --out or its own name. */
function documentCommand(
  name: string,
  flags: string,
  help: string,
  what: string,
  make: (deps: DocumentDeps, invocation: Invocation) => Promise<DocumentFile>,
): Command {
  return {
    name,
    flags: `${flags} [--out FILE]`.trim(),
    help,
    async run(invocation) {
      const { config, db, writer, now, io, flag } = invocation;
      const secret = await databaseSecret(db, config.secret, config.dataDir, now.getTime());
      const deps = {
        db,
        writer,
        secret,
        orgId: config.orgId,
        publicUrl: config.publicUrl,
        media: mediaStoreFor(dialectName(config.databaseUrl), db, config.dataDir),
        now,
        zona: config.zonaWaktu,
      };
      const file = await make(deps, invocation);
      const out = resolve(config.invocationDir, flag('out') ?? file.fileName);
      await writeFile(out, file.bytes);
      io.out(`${file.count} ${what} ditulis ke ${out}`);
      return 0;
    },
  };
}

/** `ukt cards`, `login-cards`, `certificates`, `minutes`: the console's PDFs. */
export const documentCommands: Command[] = [
  documentCommand(
    'cards',
    '--event ID [--ranting ID]',
    'PDF kartu peserta, 8 per halaman A4 (satu ranting dengan --ranting)',
    'kartu peserta',
    (deps, { flag }) => {
      const ranting = flag('ranting');
      return kartuPeserta(
        deps,
        positive(flag('event'), '--event'),
        ranting === undefined ? undefined : positive(ranting, '--ranting'),
      );
    },
  ),
  documentCommand(
    'login-cards',
    '[--cari TEXT]',
    'PDF kartu login penguji aktif (tautan baru sekali pakai, 24 jam)',
    'kartu login',
    (deps, { flag }) => kartuLogin(deps, flag('cari') ?? ''),
  ),
  documentCommand(
    'certificates',
    '--event ID',
    'PDF piagam peserta Lulus (DRAF tanpa nomor sampai disahkan)',
    'piagam',
    (deps, { flag }) => piagam(deps, positive(flag('event'), '--event')),
  ),
  documentCommand(
    'minutes',
    '--event ID',
    'PDF berita acara kegiatan (DRAF sampai disahkan)',
    'peserta dalam berita acara',
    (deps, { flag }) => beritaAcara(deps, positive(flag('event'), '--event')),
  ),
];
