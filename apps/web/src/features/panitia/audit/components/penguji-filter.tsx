import { nomorWa } from '@ukt/core';
import { useState } from 'react';
import { usePenguji } from '../../api/get-penguji';
import { SearchBox } from '../../components/search-box';

/** Chooses an examiner for the audit filter: search by name or number, then pick one of the matches. */
export function PengujiFilter({ onPick }: { onPick: (penguji: { id: string; nama: string }) => void }) {
  const [cari, setCari] = useState('');
  const found = usePenguji({ cari, hal: 1 });
  return (
    <div className="flex flex-col gap-2">
      <SearchBox
        value={cari}
        placeholder="Cari penguji: nama atau nomor WA"
        label="Cari penguji"
        onSearch={setCari}
      />
      {cari && found.data && (
        <ul className="flex flex-wrap gap-2" aria-label="Penguji yang cocok">
          {found.data.data.length === 0 && (
            <li className="text-sm text-neutral-700">Tidak ada penguji yang cocok.</li>
          )}
          {found.data.data.slice(0, 8).map((p) => (
            <li key={p.id_pemilih}>
              <button
                type="button"
                onClick={() => {
                  onPick({ id: p.id_pemilih, nama: p.nama });
                  setCari('');
                }}
                className="min-h-11 rounded-xl bg-white px-3 text-sm ring-1 ring-neutral-300 hover:bg-neutral-50"
              >
                {p.nama} <span className="text-neutral-600">· {nomorWa(p.no_wa)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
