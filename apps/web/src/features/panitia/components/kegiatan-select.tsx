import { formatTanggalPendek } from '@ukt/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useKegiatan } from '../api/get-kegiatan';
import { SelectField } from './field';

/** A select of the current (not archived) events, for the pages that work on one event. */
export function KegiatanSelect({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (idUkt: string) => void;
  error?: string | undefined;
}) {
  const kegiatan = useKegiatan('0');
  const options = (kegiatan.data ?? []).map((k) => ({
    value: k.id_ukt,
    label: `${k.nama_ukt}${k.nama_kegiatan ? ` – ${k.nama_kegiatan}` : ''} (${formatTanggalPendek(k.tanggal_tes, k.akhir_tes)})`,
  }));
  return (
    <SelectField
      label="Kegiatan"
      value={value}
      empty={kegiatan.isPending ? 'Memuat…' : 'Pilih kegiatan'}
      error={error ?? (kegiatan.isError ? kegiatan.error.message : undefined)}
      options={options}
      onValue={onValue}
    />
  );
}

/**
 * The event a console page works on, kept in the address (?ukt=ID) so a reload, a link from another
 * page or the next tab keeps it; '' until one is chosen.
 */
export function useKegiatanParam(): [string, (idUkt: string) => void] {
  const [params, setParams] = useSearchParams();
  const setIdUkt = useCallback(
    (ukt: string) => setParams(ukt ? { ukt } : {}, { replace: true }),
    [setParams],
  );
  return [params.get('ukt') ?? '', setIdUkt];
}
