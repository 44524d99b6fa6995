import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { API_PREFIX, PendingFile, type PendingFormEntry, type PendingItem } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { openSession, revokeSession } from '../auth/session.service';
import { findPengujiById } from '../penguji/penguji.repository';

// `ukt import pending FILE`: the scores an examiner's phone could not send, exported from the
// app's outbox ('Ekspor nilai tertunda'), replayed through the API exactly as the phone would
// send them — as that examiner, with the same Idempotency-Key — so every rule and the audit log
// apply, and a file imported twice (or after the phone did sync) writes nothing twice.

/** What became of the items of one import. */
export interface PendingReport {
  terkirim: number;
  sudahAda: number;
  ditolak: { label: string; message: string }[];
}

/** Checks the text of a pending-scores file named `name`; a bad item names its place and field. */
export function parsePendingFile(name: string, text: string): PendingItem[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(`${name} tidak bisa dibaca sebagai JSON.`);
  }
  const parsed = PendingFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'file';
    throw badRequest(`File tidak valid di ${where}: ${issue?.message ?? 'format salah'}`);
  }
  return parsed.data.items;
}

/** Reads and checks a pending-scores file on disk. */
export async function readPendingFile(file: string): Promise<PendingItem[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw badRequest(`${file} tidak bisa dibaca sebagai JSON.`);
  }
  return parsePendingFile(file, text);
}

function multipart(entries: PendingFormEntry[]): { payload: Buffer; contentType: string } {
  const boundary = `ukt-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const [name, value] = entry;
    const safeName = name.replace(/["\r\n]/g, '');
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"\r\n\r\n`));
      parts.push(Buffer.from(value), Buffer.from('\r\n'));
    } else {
      const filename = (entry[2] ?? 'rekaman').replace(/["\r\n]/g, '');
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"; filename="${filename}"\r\n` +
            `Content-Type: ${value.type.replace(/[\r\n]/g, '')}\r\n\r\n`,
        ),
      );
      parts.push(Buffer.from(value.base64, 'base64'), Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function requestOf(item: PendingItem): { payload: string | Buffer; contentType: string } {
  if (item.body.kind === 'form') return multipart(item.body.entries);
  return { payload: JSON.stringify(item.body.value ?? {}), contentType: 'application/json' };
}

/** Replays every item through the API as its examiner; in file order, as the phone sends them. */
export async function importPending(app: FastifyInstance, items: PendingItem[]): Promise<PendingReport> {
  const report: PendingReport = { terkirim: 0, sudahAda: 0, ditolak: [] };
  const sessions = new Map<string, string>();
  try {
    for (const item of items) {
      let token = sessions.get(item.examinerId);
      if (token === undefined) {
        const examiner = await findPengujiById(app.db, Number(item.examinerId));
        if (!examiner) {
          report.ditolak.push({ label: item.label, message: `Penguji ${item.examinerId} tidak terdaftar.` });
          continue;
        }
        token = await openSession(app.db, app.secret, examiner.id_pemilih, app.clock());
        sessions.set(item.examinerId, token);
      }
      const { payload, contentType } = requestOf(item);
      const response = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}${item.path}`,
        headers: { 'access-token': token, 'idempotency-key': item.key, 'content-type': contentType },
        payload,
      });
      if (response.statusCode >= 200 && response.statusCode < 300) {
        if (response.headers['idempotent-replayed'] === 'true') report.sudahAda++;
        else report.terkirim++;
      } else {
        const message = (response.json() as { message?: string }).message ?? `status ${response.statusCode}`;
        report.ditolak.push({ label: item.label || item.path, message });
      }
    }
  } finally {
    for (const token of sessions.values()) await revokeSession(app.db, app.secret, token, app.clock());
  }
  return report;
}
