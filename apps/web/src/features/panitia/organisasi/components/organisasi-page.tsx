import { GAMBAR_SLOTS } from '@ukt/core';
import { Card } from '../../../../components/ui/card';
import { QueryView } from '../../components/query-view';
import { usePenandatangan } from '../../dokumen/api/penandatangan';
import { PenandatanganForm } from '../../dokumen/penandatangan-form';
import { useOrganisasiPanitia } from '../api/get-organisasi';
import { GambarSlotView } from './gambar-slot';
import { OrganisasiForm } from './organisasi-form';

/**
 * /panitia/organisasi: name, city, colours, the announcement, the logo and banners (DESIGN §9),
 * and who signs the documents (docs/decisions/110).
 */
export function OrganisasiPage() {
  const query = useOrganisasiPanitia();
  const penandatangan = usePenandatangan();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Organisasi</h1>
      <QueryView query={query}>
        {(organisasi) => (
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <OrganisasiForm organisasi={organisasi} />
            </Card>
            <Card className="flex flex-col gap-3">
              <h2 className="font-bold">Logo dan banner</h2>
              <p className="text-sm text-neutral-600">
                PNG, JPEG atau WebP. Banner tampil bergeser di halaman utama penguji.
              </p>
              <div className="grid grid-cols-2 gap-3">
                {GAMBAR_SLOTS.map((slot) => (
                  <GambarSlotView
                    key={slot}
                    slot={slot}
                    label={slot === 'logo' ? 'Logo' : `Banner ${slot.slice('banner'.length)}`}
                    url={organisasi.gambar[slot]}
                  />
                ))}
              </div>
            </Card>
          </div>
        )}
      </QueryView>
      <QueryView query={penandatangan}>
        {(set) => (
          <Card>
            <PenandatanganForm initial={set} />
          </Card>
        )}
      </QueryView>
    </section>
  );
}
