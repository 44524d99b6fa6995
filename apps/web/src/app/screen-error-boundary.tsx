import { Component, type ReactNode } from 'react';

/**
 * Catches a screen that fails to load or render, most often a lazy chunk lost to bad mobile data,
 * and offers a reload instead of leaving a blank page. `resetKey` (the path) clears it on navigation.
 */
export class ScreenErrorBoundary extends Component<
  {
    resetKey: string;
    children: ReactNode;
    /** Shown instead of the reload offer, for small parts of a screen (the header's sync status). */
    fallback?: ReactNode;
  },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold text-neutral-800">
          Halaman tidak dapat dimuat. Periksa sinyal, lalu muat ulang.
        </p>
        <p className="text-sm text-neutral-600">Nilai yang sudah disimpan tetap aman di HP.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-xl bg-brand px-6 text-base font-bold text-on-brand"
        >
          Muat ulang
        </button>
      </div>
    );
  }
}
