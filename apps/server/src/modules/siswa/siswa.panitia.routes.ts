import {
  API,
  apiResult,
  KegiatanParams,
  LepasBody,
  MundurBody,
  PanitiaPeserta,
  PanitiaPesertaList,
  PanitiaPesertaQuery,
  PesertaInput,
  PesertaParams,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { addPeserta, editPeserta, lepasPeserta, listPeserta, setMundur } from './siswa-panitia.service';

const POS_NAME = {
  sudah_keshan: 'KESHAN',
  sudah_tes: 'TEKNIK',
  sudah_fisik: 'FISIK',
  sudah_sambung: 'SAMBUNG',
} as const;

const PesertaResult = apiResult(PanitiaPeserta);
const WRITE_ERRORS = { ...AUTH_ERRORS, 409: ErrorResult } as const;

/** The console's Peserta page (DESIGN §9): an event's participants, add, edit, withdraw, release. */
export const siswaPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.clock()).toISOString();

  app.get(
    API.panitia.peserta.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Peserta satu kegiatan (20 per halaman), dengan penguji yang memegangnya di tiap pos',
        params: KegiatanParams,
        querystring: PanitiaPesertaQuery,
        response: { 200: PanitiaPesertaList, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listPeserta(app.db, pengujiOf(request), request.params.id_ukt, request.query)),
    }),
  );

  app.post(
    API.panitia.peserta.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Tambah peserta (no_urut kosong: nomor berikutnya yang belum dipakai)',
        params: KegiatanParams,
        body: PesertaInput,
        response: { 201: PesertaResult, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const data = await addPeserta(
        app.db,
        app.writer,
        pengujiOf(request),
        request.params.id_ukt,
        request.body,
      );
      return reply
        .code(201)
        .send({ success: true, message: `Peserta no ${data.no_urut} ditambahkan.`, data });
    },
  );

  app.put(
    API.panitia.pesertaById.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah peserta (nama, no_urut, provinsi, rayon)',
        params: PesertaParams,
        body: PesertaInput,
        response: { 200: PesertaResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id_ukt, id_siswa } = request.params;
      const data = await editPeserta(app.db, app.writer, pengujiOf(request), id_ukt, id_siswa, request.body);
      return { success: true, message: 'Data peserta disimpan.', data };
    },
  );

  app.post(
    API.panitia.pesertaMundur.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Peserta mundur (hilang dari daftar penguji, data tetap) atau kembali ikut',
        params: PesertaParams,
        body: MundurBody,
        response: { 200: PesertaResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id_ukt, id_siswa } = request.params;
      const { mundur } = request.body;
      const data = await setMundur(app.db, app.writer, pengujiOf(request), id_ukt, id_siswa, mundur, now());
      const message = mundur
        ? 'Peserta dinyatakan mundur: tidak muncul lagi di daftar penguji, nilainya tetap tersimpan.'
        : 'Peserta ikut lagi dan muncul kembali di daftar penguji.';
      return { success: true, message, data };
    },
  );

  app.post(
    API.panitia.pesertaLepas.route,
    {
      config: { live: 'lepas' },
      schema: {
        tags: ['panitia'],
        summary: 'Lepaskan peserta yang dipegang penguji di satu pos (misalnya HP penguji mati)',
        params: PesertaParams,
        body: LepasBody,
        response: { 200: PesertaResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id_ukt, id_siswa } = request.params;
      const { pos } = request.body;
      const { peserta, dilepas } = await lepasPeserta(
        app.db,
        app.writer,
        pengujiOf(request),
        id_ukt,
        id_siswa,
        pos,
        now(),
      );
      const message = dilepas
        ? `Peserta dilepas di pos ${POS_NAME[pos]}: penguji mana pun dapat mengambilnya sekarang.`
        : `Peserta memang tidak sedang dipegang penguji di pos ${POS_NAME[pos]}.`;
      return { success: true, message, data: peserta };
    },
  );
};
