import type { KirimTautanResult, PanitiaPenguji, WaPesanList } from '@ukt/core';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { confirmAction } from '../../components/confirm';
import { Perintah, UntukPetugasIt } from '../../components/untuk-petugas-it';
import { useKirimTautanWa } from '../api/kirim-tautan-wa';
import { WaStatus } from './wa-status';

/** One bulk send: who was asked for, who the server refused, and when it was asked (client clock). */
export interface KirimRun {
  penguji: PanitiaPenguji[];
  ditolak: KirimTautanResult['ditolak'];
  sentAt: number;
}

/** Who the button sends to: the active examiners shown who have not signed in yet, else all active shown. */
export function kirimTargets(shown: readonly PanitiaPenguji[]): {
  penguji: PanitiaPenguji[];
  belum: boolean;
} {
  const aktif = shown.filter((p) => p.aktif);
  const belum = aktif.filter((p) => !p.aktivitas_terakhir);
  return belum.length ? { penguji: belum, belum: true } : { penguji: aktif, belum: false };
}

/** Without a gateway: the committee keeps the row's WhatsApp button; how to set one is folded away. */
function TanpaGateway() {
  return (
    <div className="flex flex-col gap-2" data-testid="wa-tanpa-gateway">
      <p className="text-sm text-neutral-700">
        Tautan login belum bisa dikirim otomatis lewat WhatsApp. Buka "Tautan login" seorang penguji (di
        laptop lewat menu Aksi pada barisnya) lalu pilih "Kirim via WhatsApp", atau bagikan kartu login.
        Petugas IT dapat memasang gateway WhatsApp agar tautan bisa dikirim ke banyak penguji sekaligus.
      </p>
      <UntukPetugasIt>
        <p>
          Pasang gateway WhatsApp (Fonnte, Wablas, WhatsApp Cloud API atau gateway HTTP lain) menurut panduan{' '}
          <code>docs/whatsapp.md</code>, misalnya:
        </p>
        <Perintah>npm run ukt -- atur OTP_DELIVERY=fonnte WA_TOKEN=TOKEN_DARI_FONNTE</Perintah>
        <p>Lalu coba kirim dan muat ulang halaman ini:</p>
        <Perintah>npm run ukt -- wa test 081234567890</Perintah>
      </UntukPetugasIt>
    </div>
  );
}

/** A bulk send's progress while the queue sends, then each examiner's result. */
function KirimHasil({
  run,
  wa,
  fresh,
  onTautan,
  onClose,
}: {
  run: KirimRun;
  wa: WaPesanList | undefined;
  /** The message states were read after the send was queued. */
  fresh: boolean;
  onTautan: (p: PanitiaPenguji) => void;
  onClose: () => void;
}) {
  const ditolak = new Map(run.ditolak.map((d) => [String(d.id_pemilih), d.alasan]));
  const pesan = new Map((fresh ? (wa?.penguji ?? []) : []).map((p) => [String(p.id_pemilih), p]));
  const dikirim = run.penguji.filter((p) => !ditolak.has(p.id_pemilih));
  const selesai = dikirim.filter((p) => {
    const s = pesan.get(p.id_pemilih)?.status;
    return s === 'terkirim' || s === 'gagal';
  });
  const terkirim = selesai.filter((p) => pesan.get(p.id_pemilih)?.status === 'terkirim').length;
  const gagal = selesai.length - terkirim;
  const done = selesai.length === dikirim.length;

  return (
    <div
      className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-black/5"
      data-testid="wa-kirim-hasil"
      aria-live="polite"
    >
      {done ? (
        <div className="flex flex-col gap-1">
          <p className="font-semibold" data-testid="wa-kirim-ringkasan">
            Selesai: {terkirim} tautan terkirim
            {gagal > 0 ? `, ${gagal} gagal` : ''}
            {ditolak.size > 0 ? `, ${ditolak.size} tidak dikirim` : ''}.
          </p>
          {gagal > 0 && (
            <p className="text-sm text-neutral-700">
              Untuk yang gagal, pilih "Beri tautan login sekarang" pada barisnya, lalu kirim tautannya lewat
              WhatsApp dari HP Anda, tunjukkan QR-nya, atau berikan kartu login.
            </p>
          )}
        </div>
      ) : (
        <p className="flex items-center gap-2 font-semibold" data-testid="wa-kirim-ringkasan">
          <span className="size-4 shrink-0 animate-spin rounded-full border-2 border-neutral-300 border-t-brand" />
          Mengirim tautan login… {selesai.length} dari {dikirim.length} selesai
        </p>
      )}
      <ul className="flex flex-col divide-y divide-neutral-100 text-sm">
        {run.penguji.map((p) => {
          const alasan = ditolak.get(p.id_pemilih);
          const state = pesan.get(p.id_pemilih);
          return (
            <li
              key={p.id_pemilih}
              data-id-pemilih={p.id_pemilih}
              className="flex flex-col gap-1 py-2 md:flex-row md:items-start md:gap-3"
            >
              <span className="font-semibold md:w-48 md:shrink-0">{p.nama}</span>
              {alasan ? (
                <span className="text-red-800">Tidak dikirim: {alasan}</span>
              ) : state ? (
                <WaStatus pesan={state} onTautan={() => onTautan(p)} className="max-w-prose" />
              ) : (
                <span className="text-amber-900">Menunggu dikirim</span>
              )}
            </li>
          );
        })}
      </ul>
      {done && (
        <Button variant="secondary" className="self-start" onClick={onClose}>
          Tutup hasil
        </Button>
      )}
    </div>
  );
}

/**
 * "Kirim tautan login lewat WhatsApp" for the examiners shown (docs/whatsapp.md): asks first,
 * naming how many, then shows the queue sending and each examiner's result. Without a gateway
 * the button is not offered; the row's own WhatsApp button stays the way.
 */
export function KirimWa({
  shown,
  wa,
  waUpdatedAt,
  run,
  onRun,
  onTautan,
}: {
  shown: readonly PanitiaPenguji[];
  wa: WaPesanList | undefined;
  /** When the message states were last read (client clock). */
  waUpdatedAt: number;
  run: KirimRun | null;
  onRun: (run: KirimRun | null) => void;
  onTautan: (p: PanitiaPenguji) => void;
}) {
  const kirim = useKirimTautanWa();
  const [noGateway, setNoGateway] = useState(false);
  if (!wa) return null;
  if (!wa.gateway || noGateway) return <TanpaGateway />;

  const targets = kirimTargets(shown);
  const start = async () => {
    const n = targets.penguji.length;
    const siapa = targets.belum ? 'yang tampil dan belum pernah masuk' : 'aktif yang tampil';
    const sure = await confirmAction(
      'Kirim tautan login lewat WhatsApp?',
      `${n} penguji ${siapa} masing-masing menerima tautan login pribadi (sekali pakai, berlaku 24 jam) di nomor WhatsApp-nya.`,
      `Ya, kirim ke ${n} penguji`,
    );
    if (!sure) return;
    // The states read after this moment include the queued links (the send refreshes them before it ends).
    const asked = Date.now();
    kirim.mutate(
      { id_pemilih: targets.penguji.map((p) => Number(p.id_pemilih)) },
      {
        onSuccess: (result) => onRun({ penguji: targets.penguji, ditolak: result.ditolak, sentAt: asked }),
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) setNoGateway(true);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      {!run && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={targets.penguji.length === 0 || kirim.isPending}
            onClick={() => void start()}
          >
            Kirim tautan login lewat WhatsApp
          </Button>
          <span className="text-sm text-neutral-600">
            {targets.penguji.length === 0
              ? 'Tidak ada penguji aktif di daftar ini.'
              : targets.belum
                ? `Untuk ${targets.penguji.length} penguji di daftar ini yang belum pernah masuk.`
                : `Untuk ${targets.penguji.length} penguji aktif di daftar ini.`}
          </span>
        </div>
      )}
      {kirim.isPending && <Spinner label="Memasukkan tautan ke antrean WhatsApp…" />}
      {kirim.isError && !noGateway && <Notice tone="error">{kirim.error.message}</Notice>}
      {run && (
        <KirimHasil
          run={run}
          wa={wa}
          fresh={waUpdatedAt > run.sentAt}
          onTautan={onTautan}
          onClose={() => onRun(null)}
        />
      )}
    </div>
  );
}
