import type { CadanganList } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { showSuccess } from '../../../../lib/dialogs';
import { CadanganGagalAlert } from '../../components/cadangan-gagal-alert';
import { DataTable } from '../../components/data-table';
import { QueryView } from '../../components/query-view';
import { Sheet } from '../../components/sheet';
import { downloadCadangan } from '../api/download-cadangan';
import { useCadangan } from '../api/get-cadangan';
import { cadanganColumns } from './cadangan-columns';
import { CadanganForm } from './cadangan-form';
import { CadanganInfo } from './cadangan-info';

/** Where backups are kept and whether the server takes them by itself. */
function Jadwal({ list }: { list: CadanganList }) {
  return (
    <p className="text-sm text-neutral-700">
      Disimpan di server pada <span className="font-mono break-all">{list.folder}</span>.{' '}
      {list.jadwal_menit
        ? `Cadangan otomatis tiap ${list.jadwal_menit} menit; ${list.jadwal_disimpan} cadangan otomatis terakhir disimpan.`
        : 'Cadangan otomatis belum aktif (isi BACKUP_DIR atau BACKUP_INTERVAL_MINUTES di pengaturan server).'}
    </p>
  );
}

/**
 * /panitia/cadangan: the server's backups, newest first, to download; one made now, with a
 * passphrase if wanted; what a backup holds and how to restore it (DESIGN §14, docs/decisions/099).
 */
export function CadanganPage() {
  const query = useCadangan();
  const [making, setMaking] = useState(false);
  const columns = useMemo(() => cadanganColumns({ onDownload: (c) => downloadCadangan(c.name) }), []);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-bold">Cadangan</h1>
        <Button onClick={() => setMaking(true)}>Buat cadangan sekarang</Button>
      </div>
      <QueryView query={query}>
        {(list) => (
          <div className="flex flex-col gap-3">
            {list.jadwal_gagal && <CadanganGagalAlert gagal={list.jadwal_gagal} />}
            <Jadwal list={list} />
            {list.cadangan.length === 0 ? (
              <Notice>Belum ada cadangan.</Notice>
            ) : (
              <DataTable
                label="Daftar cadangan"
                data={list.cadangan}
                columns={columns}
                getRowId={(c) => c.name}
                rowAttributes={(c) => ({ 'data-cadangan': c.name })}
              />
            )}
          </div>
        )}
      </QueryView>
      <CadanganInfo />

      {making && (
        <Sheet title="Buat cadangan sekarang" onClose={() => setMaking(false)}>
          <CadanganForm
            onDone={(name) => {
              setMaking(false);
              void showSuccess(`Cadangan dibuat: ${name}`);
            }}
          />
        </Sheet>
      )}
    </section>
  );
}
