import {
  type CardScan,
  checkScannedCard,
  type Examiner,
  type Post,
  type RosterSiswa,
  type SiswaRoster,
  type SiswaRow,
} from '@ukt/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { SlideUpPanel } from '../../../components/ui/slide-up-panel';
import { cachedRoster, cacheRoster, toSiswaRow } from '../../../lib/offline';
import { useCameraScan } from './use-camera-scan';

/** The roster copy on the phone, fetched now if there is none yet (null: none and no signal). */
function useRosterCopy(idUkt: number, examiner: Examiner): SiswaRoster | null | undefined {
  const [roster, setRoster] = useState<SiswaRoster | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the examiner object changes identity on every store write; its id decides
  useEffect(() => {
    let live = true;
    (async () => {
      const copy = (await cachedRoster(idUkt, examiner.id_pemilih))?.value ?? null;
      return copy ?? (await cacheRoster(idUkt, examiner).catch(() => null));
    })()
      .catch(() => null)
      .then((value) => live && setRoster(value));
    return () => {
      live = false;
    };
  }, [idUkt, examiner.id_pemilih]);
  return roster;
}

/** The participant of a scanned card, to confirm before taking: no_urut, nama, ranting (DESIGN §12). */
function ConfirmCard({ row, onTake, onAgain }: { row: SiswaRow; onTake: () => void; onAgain: () => void }) {
  const held = row.sudah_ujian === 1;
  return (
    <div className="flex flex-col gap-3" data-testid="scan-confirm">
      <div className="flex items-start gap-3 rounded-2xl bg-neutral-50 p-3 ring-1 ring-neutral-200">
        <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-brand text-xl font-bold text-on-brand">
          {row.no_urut}
        </span>
        <div className="min-w-0">
          <p className="text-lg leading-tight font-bold">{row.nama}</p>
          <p className="text-sm text-neutral-700">{row.nama_ranting}</p>
          <p className="text-sm text-neutral-700">
            {row.nama_rayon} · {row.cabang}
          </p>
        </div>
      </div>
      {held && <Notice tone="error">Peserta ini sedang diuji penguji lain di pos ini.</Notice>}
      <p className="text-sm text-neutral-700">Pastikan nama dan nomor sama dengan peserta di depan Anda.</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onAgain}>
          Pindai lagi
        </Button>
        <Button onClick={onTake} disabled={held}>
          Ambil peserta
        </Button>
      </div>
    </div>
  );
}

/**
 * Pindai kartu (issue 13 item 3): a slide-up panel with the camera; a participant card's QR is
 * checked against the roster copy on the phone (so it works with no signal), then the examiner
 * confirms before the participant is taken. Anything else gets a message saying what to do.
 */
export default function ScanPanel({
  examiner,
  idUkt,
  post,
  onTake,
  onClose,
}: {
  examiner: Examiner;
  idUkt: number;
  post: Post;
  onTake: (row: SiswaRow) => void;
  onClose: () => void;
}) {
  const roster = useRosterCopy(idUkt, examiner);
  const [result, setResult] = useState<CardScan<RosterSiswa> | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCameraScan(video, result === null && roster !== undefined, (text) => {
    setResult(checkScannedCard(text, idUkt, roster ?? null));
    return true;
  });
  const again = () => setResult(null);

  return (
    <SlideUpPanel title="Pindai kartu peserta" onClose={onClose}>
      {result?.ok ? (
        <ConfirmCard
          row={toSiswaRow(roster as SiswaRoster, result.siswa, post, examiner.id_pemilih)}
          onTake={() => onTake(toSiswaRow(roster as SiswaRoster, result.siswa, post, examiner.id_pemilih))}
          onAgain={again}
        />
      ) : result ? (
        <div className="flex flex-col gap-3" data-testid="scan-refused">
          <Notice tone="error">{result.message}</Notice>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={onClose}>
              Tutup
            </Button>
            <Button onClick={again}>Pindai lagi</Button>
          </div>
        </div>
      ) : camera.status === 'error' ? (
        <div className="flex flex-col gap-3" data-testid="scan-camera-error">
          <Notice tone="error">{camera.message}</Notice>
          <Button variant="secondary" onClick={onClose}>
            Tutup
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-neutral-900">
            <video ref={video} muted playsInline className="size-full object-cover" aria-label="Kamera" />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-[18%] rounded-xl border-4 border-white/80 shadow-[0_0_0_999px_rgba(0,0,0,0.35)]"
            />
            {camera.status === 'starting' && (
              <p className="absolute inset-x-0 bottom-3 text-center text-sm font-semibold text-white">
                Membuka kamera…
              </p>
            )}
          </div>
          <p className="text-sm text-neutral-700" role="status">
            Arahkan kamera ke kode QR pada kartu peserta.
          </p>
          <Button variant="secondary" onClick={onClose}>
            Batal
          </Button>
        </div>
      )}
    </SlideUpPanel>
  );
}
