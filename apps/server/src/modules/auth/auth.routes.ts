import {
  API,
  LoginResult,
  OrgParams,
  OtpLoginBody,
  OtpLoginResult,
  OtpVerifyBody,
  PENGIRIMAN_TEKS,
  TokenLoginBody,
  VardParams,
} from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { ErrorResult, MessageResult } from '../../lib/schemas';
import { loginAnswer } from './login-result';
import { type OtpDeps, requestCode, verifyCode } from './otp.service';
import type { OtpSender } from './otp-delivery';
import { pengirimanKode } from './pengiriman-kode';
import { isTokenOfNonaktif, PENGUJI_NONAKTIF, redeemLoginLink, revokeSession } from './session.service';

const ERRORS = {
  400: ErrorResult,
  401: ErrorResult,
  403: ErrorResult,
  404: ErrorResult,
  429: ErrorResult,
} as const;

/** The login calls of SPEC §7 as DESIGN §4 settles them. */
export const authRoutes: FastifyPluginAsyncZod<{ sender: OtpSender }> = async (app, { sender }) => {
  const deps = (request: FastifyRequest): OtpDeps => ({
    db: app.db,
    secret: app.secret,
    now: app.clock(),
    config: app.config,
    sender,
    log: request.log,
  });
  const checkOrg = (id: number) => {
    if (id !== app.config.orgId) throw notFound('Organisasi tidak ditemukan.');
  };
  // A link of a deactivated examiner was ended with their sessions: say why (docs/decisions/036).
  const refusedLink = async (token: string) =>
    (await isTokenOfNonaktif(app.db, app.secret, 'link', token))
      ? forbidden(PENGUJI_NONAKTIF)
      : unauthorized('Tautan login tidak valid, sudah dipakai, atau kedaluwarsa.');

  app.post(
    API.otpLogin.route,
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Kirim kode OTP (juga untuk kirim ulang)',
        params: OrgParams,
        body: OtpLoginBody,
        response: { 200: OtpLoginResult, ...ERRORS },
      },
    },
    async (request) => {
      checkOrg(request.params.id_organisasi);
      // Read before this number's message is queued: its fate never shows in its own answer.
      const pengiriman = await pengirimanKode(app.config.otp.delivery, app.waQueue);
      await requestCode(deps(request), request.body.no_wa, request.ip);
      return { success: true as const, message: PENGIRIMAN_TEKS[pengiriman].pesan, pengiriman };
    },
  );

  app.post(
    API.otpVerify.route,
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Periksa kode OTP dan buka sesi',
        params: OrgParams,
        body: OtpVerifyBody,
        response: { 200: LoginResult, ...ERRORS },
      },
    },
    async (request) => {
      checkOrg(request.params.id_organisasi);
      const d = deps(request);
      const id = await verifyCode(d, request.body.no_wa, request.body.kode, request.ip);
      return loginAnswer(d, id, 'OTP berhasil diverifikasi');
    },
  );

  app.post(
    API.tokenLogin.route,
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Login dengan tautan',
        body: TokenLoginBody,
        response: { 200: LoginResult, ...ERRORS },
      },
    },
    async (request) => {
      const d = deps(request);
      const id = await redeemLoginLink(d.db, d.secret, request.body.data, d.now);
      if (id === null) throw await refusedLink(request.body.data);
      return loginAnswer(d, id, 'berhasil diverifikasi');
    },
  );

  app.post(
    API.tokenLoginBelt.route,
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Login dengan tautan dan tingkat sabuk',
        params: VardParams,
        body: TokenLoginBody,
        response: { 200: LoginResult, ...ERRORS },
      },
    },
    async (request) => {
      const d = deps(request);
      const id = await redeemLoginLink(d.db, d.secret, request.body.data, d.now);
      if (id === null) throw await refusedLink(request.body.data);
      return { ...(await loginAnswer(d, id, 'berhasil diverifikasi')), Sabuk: String(request.params.vard) };
    },
  );

  app.post(
    API.logout.route,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Keluar: cabut token',
        response: { 200: MessageResult, 401: ErrorResult },
      },
    },
    async (request) => {
      await revokeSession(app.db, app.secret, String(request.headers['access-token']), app.clock());
      return { success: true, message: 'Berhasil keluar.' };
    },
  );
};
