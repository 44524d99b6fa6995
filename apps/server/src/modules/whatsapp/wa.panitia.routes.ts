import { API, apiResult, WA_STATUS, WaPesanList } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { lastWaPesanPerPenguji } from './wa-pesan.repository';

// The console's view of the WhatsApp queue (docs/decisions/138): each examiner's last message
// and its state, and how many examiners' last message did not leave (Progres' warning).

const statusOf = (value: string) =>
  (WA_STATUS as readonly string[]).includes(value)
    ? (value as WaPesanList['penguji'][number]['status'])
    : 'gagal';

/** GET /panitia/whatsapp, for committee admins. */
export const waPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.whatsapp.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Pesan WhatsApp terakhir tiap penguji (antre, terkirim, gagal + alasan) dan jumlah yang gagal',
        response: { 200: apiResult(WaPesanList), ...AUTH_ERRORS },
      },
    },
    async () => {
      const rows = await lastWaPesanPerPenguji(app.db, app.config.orgId);
      const penguji = rows.map((r) => ({
        id_pemilih: r.id_pemilih,
        nama: r.nama,
        no_wa: r.no_wa,
        jenis: r.jenis,
        status: statusOf(r.status),
        alasan: r.alasan,
        percobaan: r.percobaan,
        diperbarui_at: new Date(Number(r.diperbarui_at)).toISOString(),
      }));
      return {
        success: true as const,
        data: {
          gateway: app.waQueue?.gateway ?? null,
          gagal: penguji.filter((p) => p.status === 'gagal').length,
          antre: penguji.filter((p) => p.status === 'antre').length,
          penguji,
        },
      };
    },
  );
};
