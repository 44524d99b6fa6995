import { API } from '@ukt/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../api-client';
import { getCabang } from './get-cabang';
import { getPerwapus } from './get-perwapus';
import { getRanting } from './get-ranting';
import { getRayon } from './get-rayon';

vi.mock('../api-client', () => ({ apiGet: vi.fn() }));
const answer = vi.mocked(apiGet);

beforeEach(() => answer.mockReset());

describe('region readers', () => {
  it('ask for the options under the chosen parent and return them', async () => {
    answer.mockResolvedValueOnce({ success: true, data: [{ id_perwapus: '1', perwapus: 'Jawa Timur' }] });
    expect(await getPerwapus()).toEqual([{ id_perwapus: '1', perwapus: 'Jawa Timur' }]);
    expect(answer).toHaveBeenLastCalledWith(API.perwapus.href(), undefined, { signal: undefined });

    answer.mockResolvedValueOnce({ success: true, data: [{ id_cabang: '2', cabang: 'Madiun' }] });
    expect(await getCabang('1')).toEqual([{ id_cabang: '2', cabang: 'Madiun' }]);
    expect(answer).toHaveBeenLastCalledWith(API.cabang.href(), { id_perwapus: '1' }, { signal: undefined });

    answer.mockResolvedValueOnce({ success: true, data: [{ id_ranting: '3', ranting: 'Taman' }] });
    expect(await getRanting('2')).toEqual([{ id_ranting: '3', ranting: 'Taman' }]);
    expect(answer).toHaveBeenLastCalledWith(API.ranting.href(), { id_cabang: '2' }, { signal: undefined });

    answer.mockResolvedValueOnce({ success: true, data: [{ id: '4', rayon: 'Rayon 1' }] });
    expect(await getRayon('3')).toEqual([{ id: '4', rayon: 'Rayon 1' }]);
    expect(answer).toHaveBeenLastCalledWith(API.rayon.href(), { id_ranting: '3' }, { signal: undefined });
  });

  it('refuse an answer that does not match its schema instead of passing it on', async () => {
    answer.mockResolvedValue({ success: true, data: [{ id: 4, nama: 'Rayon 1' }] });
    await expect(getPerwapus()).rejects.toThrow('Data perwapus tidak dapat dibaca.');
    await expect(getCabang('1')).rejects.toThrow('Data cabang tidak dapat dibaca.');
    await expect(getRanting('2')).rejects.toThrow('Data ranting tidak dapat dibaca.');
    await expect(getRayon('3')).rejects.toThrow('Data rayon tidak dapat dibaca.');
  });
});
