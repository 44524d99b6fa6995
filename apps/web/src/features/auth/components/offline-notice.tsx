import { Notice } from '../../../components/ui/notice';

/** The login screens' hint after a request that could not reach the server. */
export function OfflineNotice() {
  return <Notice tone="error">Tidak dapat terhubung ke server. Periksa koneksi lalu coba lagi.</Notice>;
}
