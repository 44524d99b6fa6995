import { formatTanggal, perluKonfirmasi, SahkanBody, type SahkanRingkasan } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { TextAreaField } from '../../components/field';
import { fieldErrors } from '../../components/form-errors';
import { QueryView } from '../../components/query-view';
import { useSahkan } from '../api/sahkan';
import { useSahkanRingkasan } from '../api/sahkan-ringkasan';

/** One fact of the summary: a warning (amber) or fine (green). */
function Fakta({ warn, children, id }: { warn: boolean; children: React.ReactNode; id: string }) {
  return (
    <li
      data-testid={id}
      data-warn={warn ? '1' : '0'}
      className={`rounded-lg px-3 py-2 text-sm ring-1 ${
        warn ? 'bg-amber-50 text-amber-950 ring-amber-300' : 'bg-green-50 text-green-950 ring-green-200'
      }`}
    >
      {children}
    </li>
  );
}

/** A tick box with its words beside it. */
function Centang({
  checked,
  onChecked,
  children,
}: {
  checked: boolean;
  onChecked: (checked: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChecked(e.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0"
      />
      <span>{children}</span>
    </label>
  );
}

function Ringkasan({ r }: { r: SahkanRingkasan }) {
  const hariUjian = formatTanggal(r.hari_terakhir_ujian);
  const tandaTangan = formatTanggal(r.tanggal_tanda_tangan);
  return (
    <ul className="flex flex-col gap-2">
      <Fakta id="sahkan-lengkap" warn={r.belum_lengkap > 0}>
        {r.belum_lengkap > 0 ? (
          <>
            <strong>
              {r.belum_lengkap} dari {r.peserta} peserta belum lengkap
            </strong>{' '}
            (ada komponen belum dinilai). Sesudah disahkan mereka tetap berstatus Belum lengkap dan tidak
            mendapat piagam.
          </>
        ) : (
          <>Semua {r.peserta} peserta sudah lengkap dinilai.</>
        )}{' '}
        Lulus {r.lulus}, Tidak Lulus {r.tidak_lulus}
        {r.mundur ? `, Mundur ${r.mundur}` : ''}.
      </Fakta>
      <Fakta id="sahkan-tertunda" warn={r.tertunda.nilai > 0}>
        {r.tertunda.nilai > 0 ? (
          <>
            <strong>
              {r.tertunda.nilai} nilai masih tertahan di {r.tertunda.hp} HP penguji
            </strong>{' '}
            dan belum terkirim. Sesudah disahkan, nilai itu ditolak server. Minta penguji menyambungkan HP ke
            internet dulu.
          </>
        ) : (
          <>Tidak ada HP penguji yang melaporkan nilai belum terkirim.</>
        )}
      </Fakta>
      <Fakta id="sahkan-tanggal" warn={r.sebelum_hari_ujian}>
        {r.sebelum_hari_ujian ? (
          <>
            <strong>Hari ujian terakhir ({hariUjian}) belum lewat.</strong> Bila tanggal kegiatan salah,
            perbaiki dulu di halaman Kegiatan. Bila nilai memang perlu disahkan sekarang, pilih &quot;Sahkan
            lebih awal&quot; dan tulis alasannya: alasan itu tercatat di audit dan tercetak di berita acara.
            Piagam dan berita acara tetap bertanggal {tandaTangan}. Hari dihitung menurut {r.zona_waktu}.
          </>
        ) : (
          <>
            Ujian selesai {hariUjian}. Piagam dan berita acara bertanggal {tandaTangan}. Hari dihitung menurut{' '}
            {r.zona_waktu}.
          </>
        )}
      </Fakta>
    </ul>
  );
}

/**
 * Ratifies an event after showing what would be sealed (docs/decisions/111, 140): incomplete
 * participants or scores held on phones need the box ticked; an exam day still ahead needs
 * "Sahkan lebih awal" with a reason, which the server audits and the berita acara prints.
 */
export function SahkanForm({ idUkt, onDone }: { idUkt: string; onDone: (message: string) => void }) {
  const ringkasan = useSahkanRingkasan(idUkt);
  const sahkan = useSahkan(idUkt);
  const [yakin, setYakin] = useState(false);
  const [lebihAwal, setLebihAwal] = useState(false);
  const [alasan, setAlasan] = useState('');
  const [error, setError] = useState<string | undefined>();
  const data = ringkasan.data;
  const perlu = data ? perluKonfirmasi(data) : true;
  const awal = data?.sebelum_hari_ujian ?? false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!data || (perlu && !yakin) || (awal && !lebihAwal)) return;
    const body = SahkanBody.safeParse(awal ? { lebih_awal: true, alasan } : {});
    if (!body.success) return setError(fieldErrors(body.error).alasan);
    setError(undefined);
    sahkan.mutate(body.data, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <QueryView query={ringkasan}>{(r) => <Ringkasan r={r} />}</QueryView>
      <p className="text-sm text-neutral-700">
        Sesudah disahkan, HP penguji tidak dapat lagi menyimpan atau mengubah nilai, koreksi ditutup, dan
        ekspor serta dokumen tidak lagi bertanda DRAF. Pengesahan dapat dibatalkan dengan alasan.
      </p>
      {data && perlu && (
        <div className="rounded-lg bg-neutral-50 p-3 text-sm ring-1 ring-neutral-300">
          <Centang checked={yakin} onChecked={setYakin}>
            Saya sudah membaca peringatan di atas dan tetap ingin mengesahkan nilai kegiatan ini.
          </Centang>
        </div>
      )}
      {awal && (
        <div className="flex flex-col gap-3 rounded-lg bg-neutral-50 p-3 text-sm ring-1 ring-neutral-300">
          <Centang checked={lebihAwal} onChecked={setLebihAwal}>
            Sahkan lebih awal, sebelum hari ujian terakhir.
          </Centang>
          {lebihAwal && (
            <TextAreaField
              label="Alasan mengesahkan lebih awal"
              value={alasan}
              onValue={setAlasan}
              error={error}
              hint="Wajib. Tercatat di audit dan tercetak di berita acara."
              rows={3}
              maxLength={500}
            />
          )}
        </div>
      )}
      {sahkan.isError && <Notice tone="error">{sahkan.error.message}</Notice>}
      <Button
        type="submit"
        disabled={!data || data.disahkan || (perlu && !yakin) || (awal && !lebihAwal) || sahkan.isPending}
        className="h-12 text-base"
      >
        {sahkan.isPending ? 'Mengesahkan…' : awal ? 'Sahkan lebih awal' : 'Sahkan nilai'}
      </Button>
    </form>
  );
}
