import {
  API,
  apiResult,
  GambarParams,
  KegiatanParams,
  OrganisasiInput,
  PanitiaOrganisasi,
  PenandatanganKegiatan,
  PenandatanganSet,
} from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { readGambarForm } from './gambar-form';
import {
  deleteGambar,
  editOrganisasi,
  editPenandatangan,
  editPenandatanganKegiatan,
  getPanitiaOrganisasi,
  getPenandatangan,
  getPenandatanganKegiatan,
  type OrganisasiDeps,
  uploadGambar,
} from './organisasi-panitia.service';

const One = apiResult(PanitiaOrganisasi);
const Signatories = apiResult(PenandatanganSet);
const EventSignatories = apiResult(PenandatanganKegiatan);

/** The console's organisation page: branding, announcement, logo, banners and signatories (DESIGN §9). */
export const organisasiPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest): OrganisasiDeps => ({
    db: app.db,
    writer: app.writer,
    media: app.media,
    idOrganisasi: pengujiOf(request).id_organisasi,
    now: new Date(app.clock()).toISOString(),
  });

  app.get(
    API.panitia.organisasi.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Data organisasi lengkap: tampilan, pengumuman, logo dan banner',
        response: { 200: One, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await getPanitiaOrganisasi(app.db, pengujiOf(request).id_organisasi),
    }),
  );

  app.put(
    API.panitia.organisasi.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah nama, kota, warna dan pengumuman organisasi',
        body: OrganisasiInput,
        response: { 200: One, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      message: 'Data organisasi berhasil disimpan.',
      data: await editOrganisasi(deps(request), request.body),
    }),
  );

  app.get(
    API.panitia.organisasiPenandatangan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Penandatangan piagam dan berita acara: jabatan dan nama',
        response: { 200: Signatories, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await getPenandatangan(app.db, pengujiOf(request).id_organisasi),
    }),
  );

  app.put(
    API.panitia.organisasiPenandatangan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah penandatangan piagam dan berita acara (nama kosong: garis untuk ditulis tangan)',
        body: PenandatanganSet,
        response: { 200: Signatories, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      message: 'Penandatangan berhasil disimpan.',
      data: await editPenandatangan(deps(request), request.body),
    }),
  );

  app.get(
    API.panitia.kegiatanPenandatangan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Penandatangan khusus satu kegiatan, dan penandatangan organisasi yang melengkapinya',
        params: KegiatanParams,
        response: { 200: EventSignatories, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await getPenandatanganKegiatan(app.db, pengujiOf(request), request.params.id_ukt),
    }),
  );

  app.put(
    API.panitia.kegiatanPenandatangan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah penandatangan khusus satu kegiatan (kosong: memakai penandatangan organisasi)',
        params: KegiatanParams,
        body: PenandatanganSet,
        response: { 200: EventSignatories, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      message: 'Penandatangan kegiatan ini berhasil disimpan.',
      data: await editPenandatanganKegiatan(
        deps(request),
        pengujiOf(request),
        request.params.id_ukt,
        request.body,
      ),
    }),
  );

  app.post(
    API.panitia.organisasiGambar.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Unggah logo atau banner (multipart: satu berkas PNG, JPEG atau WebP, maks 2 MB)',
        consumes: ['multipart/form-data'],
        params: GambarParams,
        response: { 200: One, ...AUTH_ERRORS, 409: ErrorResult, 413: ErrorResult, 415: ErrorResult },
      },
    },
    async (request) => {
      const image = await readGambarForm(request);
      return {
        success: true,
        message: 'Gambar berhasil diunggah.',
        data: await uploadGambar(deps(request), request.params.slot, image),
      };
    },
  );

  app.delete(
    API.panitia.organisasiGambar.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Hapus logo (kembali ke logo bawaan) atau banner',
        params: GambarParams,
        response: { 200: One, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => ({
      success: true,
      message: 'Gambar dihapus.',
      data: await deleteGambar(deps(request), request.params.slot),
    }),
  );
};
