import { IMPOR_JENIS, type ImporHasil, type ImporJenis, type ImporKeputusan } from '@ukt/core';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { showError, showSuccess } from '../../../../lib/dialogs';
import { SelectField } from '../../components/field';
import { KegiatanSelect, useKegiatanParam } from '../../components/kegiatan-select';
import { TINGKAT_OPTIONS } from '../../components/tingkat-options';
import { downloadTemplat } from '../api/download-templat';
import { useImpor } from '../api/impor';
import type { ImporTarget } from '../api/impor-target';
import { usePratinjauImpor } from '../api/pratinjau-impor';
import { fileProblem, IMPOR_MAX_MB } from './file-problem';
import { PratinjauView } from './pratinjau-view';
import { allDecided, WilayahKeputusan } from './wilayah-keputusan';

const JENIS_LABEL: Record<ImporJenis, string> = {
  kegiatan: 'Kegiatan',
  penguji: 'Penguji',
  peserta: 'Peserta (per kegiatan)',
  soal: 'Soal KESHAN (per tingkat)',
};

/** A count as Indonesian writes it: 1.999. */
const angka = (n: number) => n.toLocaleString('id-ID');

/**
 * /panitia/impor: kind → template → file → preview (nothing written) → Impor, all rows or none
 * (DESIGN §9). The CLI's `ukt import` runs the same service on the server.
 */
export function ImporPage() {
  // The event is the console's chosen one (?ukt=ID), as on every page; the kind and belt are this page's.
  const [idUkt, setIdUkt] = useKegiatanParam();
  const [pilihan, setPilihan] = useState<Omit<ImporTarget, 'idUkt'>>({ jenis: 'peserta', tingkat: '' });
  const target: ImporTarget = { ...pilihan, idUkt };
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [hasil, setHasil] = useState<ImporHasil | null>(null);
  const [decisions, setDecisions] = useState<ImporKeputusan>({});
  // The second confirmation: changes to the name or region of participants already examined.
  const [yakin, setYakin] = useState(false);
  // A new key empties the file input (after an import or a change of kind).
  const [inputKey, setInputKey] = useState(0);
  const pratinjau = usePratinjauImpor();
  const impor = useImpor();
  const fileLabel = useId();
  // On a phone the preview opens below the fold: bring it into view when it arrives.
  const previewCard = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pratinjau.data) previewCard.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [pratinjau.data]);

  const ready =
    (target.jenis !== 'peserta' || target.idUkt !== '') && (target.jenis !== 'soal' || target.tingkat !== '');

  const reset = () => {
    setFile(null);
    setProblem(null);
    setDecisions({});
    setYakin(false);
    pratinjau.reset();
    impor.reset();
    setInputKey((k) => k + 1);
  };

  const changeTarget = (next: Partial<ImporTarget>) => {
    const { idUkt: ukt, ...rest } = next;
    if (ukt !== undefined) setIdUkt(ukt);
    setPilihan((t) => ({ ...t, ...rest }));
    setHasil(null);
    reset();
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setHasil(null);
    pratinjau.reset();
    impor.reset();
    setDecisions({});
    setYakin(false);
    setFile(chosen);
    if (!chosen) return setProblem(null);
    const why = fileProblem(chosen);
    setProblem(why);
    if (!why) pratinjau.mutate({ target, file: chosen });
  };

  const run = () => {
    if (!file) return;
    const yakinDinilai = yakin ? (pratinjau.data?.jumlah_dinilai ?? 0) : 0;
    impor.mutate(
      { target, file, decisions, yakinDinilai },
      {
        onSuccess: (result) => {
          reset();
          setHasil(result);
          void showSuccess(
            `${angka(result.baru)} baru, ${angka(result.diperbarui)} diperbarui, ${angka(result.tetap)} tetap.`,
            'Impor berhasil',
          );
        },
        onError: (error) => {
          // Held for examined participants the preview did not show (scored since): show them now.
          if (error instanceof ApiError && error.status === 409) {
            setYakin(false);
            pratinjau.mutate({ target, file });
          }
        },
      },
    );
  };

  const template = () => downloadTemplat(target.jenis).catch((error: Error) => void showError(error.message));

  const preview = pratinjau.data;
  const errors = preview?.jumlah_kesalahan ?? 0;
  const undecided = preview
    ? preview.wilayah.filter((w) => w.mirip !== null && !decisions[w.kunci]).length
    : 0;
  const dinilai = preview?.jumlah_dinilai ?? 0;
  const menungguYakin = dinilai > 0 && !yakin;

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Impor</h1>
      <Card className="flex flex-col gap-4">
        <SelectField
          label="Jenis data"
          value={target.jenis}
          options={IMPOR_JENIS.map((j) => ({ value: j, label: JENIS_LABEL[j] }))}
          onValue={(v) => changeTarget({ jenis: v as ImporJenis })}
        />
        {target.jenis === 'peserta' && (
          <KegiatanSelect value={target.idUkt} onValue={(idUkt) => changeTarget({ idUkt })} />
        )}
        {target.jenis === 'soal' && (
          <SelectField
            label="Tingkat (sabuk)"
            value={target.tingkat}
            empty="Pilih tingkat"
            options={TINGKAT_OPTIONS}
            onValue={(tingkat) => changeTarget({ tingkat })}
          />
        )}
        <div className="flex flex-col gap-1">
          <Button variant="secondary" onClick={() => void template()}>
            Unduh templat {JENIS_LABEL[target.jenis].split(' (')[0]} (.xlsx)
          </Button>
          <p className="text-xs text-neutral-500">
            Baris pertama berisi judul kolom, baris kedua contoh isian. Baris contoh tidak ikut diimpor: timpa
            dengan data Anda.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <span id={fileLabel} className="text-sm font-medium text-neutral-700">
            File impor (.csv atau .xlsx, paling besar {IMPOR_MAX_MB} MB)
          </span>
          {/* The browser's own file button speaks the browser's language; this one speaks Indonesian. */}
          <label
            className={`flex min-h-14 items-center gap-3 rounded-xl border-2 border-dashed border-neutral-300 bg-white p-2 text-sm ${
              ready ? 'cursor-pointer hover:border-brand' : 'opacity-50'
            }`}
          >
            <span className="shrink-0 rounded-lg bg-neutral-100 px-3 py-2 font-semibold">Pilih file</span>
            <span className="min-w-0 truncate text-neutral-600">{file?.name ?? 'Belum ada file'}</span>
            <input
              key={inputKey}
              type="file"
              aria-labelledby={fileLabel}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={!ready}
              onChange={choose}
              className="sr-only"
            />
          </label>
          {!ready && (
            <p className="text-xs text-neutral-500">
              {target.jenis === 'peserta' ? 'Pilih kegiatan dulu.' : 'Pilih tingkat dulu.'}
            </p>
          )}
        </div>
        {problem && <Notice tone="error">{problem}</Notice>}
      </Card>

      {pratinjau.isPending && <Spinner label="Memeriksa file…" />}
      {pratinjau.isError && <Notice tone="error">{pratinjau.error.message}</Notice>}
      {preview && (
        <div ref={previewCard} className="scroll-mt-16">
          <Card className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="flex-1 text-lg font-bold">Pratinjau: {file?.name}</h2>
            </div>
            <PratinjauView pratinjau={preview} fileName={file?.name} />
            {preview.wilayah.length > 0 && (
              <WilayahKeputusan
                wilayah={preview.wilayah}
                decisions={decisions}
                onDecide={(kunci, pilihan) => setDecisions((d) => ({ ...d, [kunci]: pilihan }))}
              />
            )}
            {errors > 0 ? (
              <Notice tone="error">
                Tidak ada yang disimpan. Perbaiki {errors} kesalahan di file, lalu pilih file itu lagi.
              </Notice>
            ) : !allDecided(preview.wilayah, decisions) ? (
              <Notice>
                Belum ada yang disimpan. Pilih “Pakai yang ada” atau “Buat baru” untuk {undecided} nama
                wilayah yang mirip, lalu tekan Impor.
              </Notice>
            ) : menungguYakin ? (
              <Notice>
                Belum ada yang disimpan. Berkas ini mengubah nama atau wilayah {dinilai} peserta yang sudah
                dinilai: periksa daftarnya di atas, centang kotak di bawah bila memang benar, lalu tekan
                Impor.
              </Notice>
            ) : (
              <Notice>Belum ada yang disimpan. Tekan Impor untuk menyimpan semua baris sekaligus.</Notice>
            )}
            {errors === 0 && dinilai > 0 && (
              <label className="flex items-start gap-3 rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-950 ring-2 ring-amber-400">
                <input
                  type="checkbox"
                  checked={yakin}
                  onChange={(e) => setYakin(e.target.checked)}
                  className="mt-0.5 h-5 w-5 shrink-0"
                />
                <span>Saya yakin mengubah data {dinilai} peserta yang sudah dinilai</span>
              </label>
            )}
            {impor.isError && <Notice tone="error">{impor.error.message}</Notice>}
            <Button
              disabled={errors > 0 || undecided > 0 || menungguYakin || impor.isPending}
              onClick={run}
              className="h-12 text-base"
            >
              {impor.isPending ? 'Mengimpor…' : 'Impor'}
            </Button>
          </Card>
        </div>
      )}
      {hasil && (
        <Notice>
          Impor selesai: {angka(hasil.baru)} baru, {angka(hasil.diperbarui)} diperbarui, {angka(hasil.tetap)}{' '}
          tetap.
          {target.jenis === 'peserta' && (
            <>
              {' '}
              <Link to={`/panitia/peserta?ukt=${target.idUkt}`} className="font-semibold underline">
                Lihat peserta
              </Link>
            </>
          )}
        </Notice>
      )}
    </section>
  );
}
