import type { CadanganList } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { showSuccess } from '../../../../lib/dialogs';
import { CadanganGagalAlert } from '../../components/cadangan-gagal-alert';
import { DataTable } from '../../components/data-table';
import { QueryView } from '../../components/query-view';
import { Sheet } from '../../components/sheet';
import { Perintah, UntukPetugasIt } from '../../components/untuk-petugas-it';
import { downloadCadangan } from '../api/download-cadangan';
import { useCadangan } from '../api/get-cadangan';
import { cadanganColumns } from './cadangan-columns';
import { CadanganForm } from './cadangan-form';
import { CadanganInfo } from './cadangan-info';

/** Whether the server takes backups by itself: said plainly, and a warning when it does not. */
function Jadwal({ list }: { list: CadanganList }) {
  if (list.jadwal_menit)
    return (
      <p className="text-sm text-neutral-800">
        Cadangan otomatis aktif: tiap {list.jadwal_menit} menit; {list.jadwal_disimpan} cadangan otomatis
        terakhir disimpan.
      </p>
    );
  return (
    <Notice>
      <strong>Cadangan otomatis belum aktif.</strong> Bila laptop atau server rusak, nilai yang masuk sesudah
      cadangan terakhir ikut hilang. Tekan &quot;Buat cadangan sekarang&quot; secara berkala (misalnya di
      setiap jeda) dan unduh cadangannya ke flashdisk, atau minta petugas IT menyalakan cadangan otomatis.
    </Notice>
  );
}

/**
 * A warning while the backups lie on the disk of the data (docs/decisions/157): a broken or stolen
 * laptop takes them along. Plain words here; the folders and the setting for the person who runs
 * the server are under "Untuk petugas IT".
 */
function SatuDisk({ list }: { list: CadanganList }) {
  if (!list.satu_disk) return null;
  return (
    <Notice>
      <strong>Cadangan masih di disk yang sama dengan data.</strong> Bila laptop atau server rusak atau
      hilang, cadangannya ikut hilang. Unduh cadangan terakhir ke flashdisk di setiap jeda, atau minta petugas
      IT mengarahkan cadangan otomatis ke flashdisk.
    </Notice>
  );
}

/** Where the server keeps backups and how it is set to take them: for the person who runs it. */
function FolderCadangan({ list }: { list: CadanganList }) {
  return (
    <UntukPetugasIt>
      <p>
        Folder cadangan di server: <span className="font-mono break-all">{list.folder}</span>
      </p>
      {list.satu_disk && (
        <div data-peringatan="satu-disk" className="flex flex-col gap-2 [overflow-wrap:anywhere]">
          <p>
            <strong>!</strong> {list.satu_disk.pesan}
          </p>
          <p>{list.satu_disk.saran}</p>
        </div>
      )}
      <p>
        Cadangan otomatis menyala bila <span className="font-mono">BACKUP_DIR</span> (folder cadangan; tiap 30
        menit) atau <span className="font-mono">BACKUP_INTERVAL_MINUTES</span> diisi di berkas pengaturan{' '}
        <span className="font-mono">ukt.env</span>, lalu server dijalankan ulang:
      </p>
      <Perintah>npm run ukt -- atur BACKUP_INTERVAL_MINUTES=30</Perintah>
      <p>
        Peluncur venue (<span className="font-mono">npm run venue</span>) menyalakannya sendiri.
      </p>
    </UntukPetugasIt>
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
            <SatuDisk list={list} />
            <FolderCadangan list={list} />
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
