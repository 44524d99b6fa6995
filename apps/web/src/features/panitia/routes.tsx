import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PanitiaLayout } from './layout/panitia-layout';
import { RequireAdminPanitia } from './layout/require-admin-panitia';

// Each page is its own chunk: a committee member on a phone loads only the page they open
// (docs/decisions/042).
const KegiatanPage = lazy(() =>
  import('./kegiatan/components/kegiatan-page').then((m) => ({ default: m.KegiatanPage })),
);
const ImporPage = lazy(() => import('./impor/components/impor-page').then((m) => ({ default: m.ImporPage })));
const PengujiPage = lazy(() =>
  import('./penguji/components/penguji-page').then((m) => ({ default: m.PengujiPage })),
);
const PesertaPage = lazy(() =>
  import('./peserta/components/peserta-page').then((m) => ({ default: m.PesertaPage })),
);
const SoalPage = lazy(() => import('./soal/components/soal-page').then((m) => ({ default: m.SoalPage })));
const OrganisasiPage = lazy(() =>
  import('./organisasi/components/organisasi-page').then((m) => ({ default: m.OrganisasiPage })),
);
const ProgresPage = lazy(() =>
  import('./progres/components/progres-page').then((m) => ({ default: m.ProgresPage })),
);
const RekapPage = lazy(() => import('./rekap/components/rekap-page').then((m) => ({ default: m.RekapPage })));
const AuditPage = lazy(() => import('./audit/components/audit-page').then((m) => ({ default: m.AuditPage })));
const SambungkanPage = lazy(() =>
  import('./sambungkan/components/sambungkan-page').then((m) => ({ default: m.SambungkanPage })),
);
const CadanganPage = lazy(() =>
  import('./cadangan/components/cadangan-page').then((m) => ({ default: m.CadanganPage })),
);

/** /panitia/*: the committee console (DESIGN §9), for committee admins only; /panitia opens Kegiatan. */
export function PanitiaRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdminPanitia />}>
        <Route element={<PanitiaLayout />}>
          <Route index element={<Navigate to="/panitia/kegiatan" replace />} />
          <Route path="kegiatan" element={<KegiatanPage />} />
          <Route path="impor" element={<ImporPage />} />
          <Route path="penguji" element={<PengujiPage />} />
          <Route path="peserta" element={<PesertaPage />} />
          <Route path="soal" element={<SoalPage />} />
          <Route path="organisasi" element={<OrganisasiPage />} />
          <Route path="progres" element={<ProgresPage />} />
          <Route path="rekap" element={<RekapPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="sambungkan" element={<SambungkanPage />} />
          <Route path="cadangan" element={<CadanganPage />} />
          <Route path="*" element={<Navigate to="/panitia/kegiatan" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
