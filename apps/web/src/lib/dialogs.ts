import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';

// sweetalert2 is ~20 KB compressed and most of it goes unused until a dialog opens: it is loaded
// when the first dialog is shown, not before (DESIGN §8, docs/decisions/057). Offline, the service
// worker's precache has it.
let loading: Promise<typeof import('sweetalert2').default> | null = null;

// Buttons in the organisation's colour and thumb-sized, like the rest of the app.
const button = 'min-h-11 min-w-24 rounded-xl px-5 text-base font-semibold';
const THEMED: SweetAlertOptions = {
  buttonsStyling: false,
  customClass: {
    actions: 'gap-3',
    confirmButton: `${button} bg-brand text-on-brand`,
    denyButton: `${button} bg-white text-neutral-900 ring-1 ring-neutral-300`,
    cancelButton: `${button} bg-white text-neutral-900 ring-1 ring-neutral-300`,
  },
};

function swal() {
  loading ??= import('sweetalert2')
    .then((m) => m.default.mixin(THEMED) as typeof m.default)
    .catch((error: unknown) => {
      // A failed download (no signal, no service worker yet) is tried again at the next dialog.
      loading = null;
      throw error;
    });
  return loading;
}

/** Any SweetAlert2 dialog, for cases the helpers below do not cover. */
export async function showDialog(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const Swal = await swal();
  return Swal.fire(options);
}

/** The spec's success dialog: closes by itself after 2 s (SPEC §8); resolves when closed. */
export async function showSuccess(text: string, title = 'Berhasil'): Promise<void> {
  await showDialog({ icon: 'success', title, text, timer: 2000, showConfirmButton: false });
}

/** The spec's failure dialog with the server's message. */
export async function showError(text: string, title = 'Gagal'): Promise<void> {
  await showDialog({ icon: 'error', title, text, confirmButtonText: 'OK' });
}

async function confirm(text: string): Promise<boolean> {
  const result = await showDialog({
    icon: 'question',
    text,
    showDenyButton: true,
    confirmButtonText: 'Ya',
    denyButtonText: 'Tidak',
  });
  return result.isConfirmed;
}

/** 'Apakah anda yakin ingin menyelesaikan ujian?' with Ya/Tidak (SPEC §5). */
export function confirmFinish(): Promise<boolean> {
  return confirm('Apakah anda yakin ingin menyelesaikan ujian?');
}

/** 'Apakah anda yakin ingin mereset ujian?' with Ya/Tidak (SPEC §5). */
export function confirmReset(): Promise<boolean> {
  return confirm('Apakah anda yakin ingin mereset ujian?');
}
