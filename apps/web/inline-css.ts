import type { Plugin } from 'vite';

/**
 * Puts the app's one stylesheet into index.html as a <style> element instead of a <link>, so the
 * first paint waits for no second request (Lighthouse's render-blocking finding;
 * docs/decisions/057). Tailwind makes a single small stylesheet (about 7 KB compressed) for the
 * whole app, so every screen has its styles from the first load; with `cssCodeSplit: false`
 * (vite.config.ts) no lazy chunk asks for CSS of its own. A second stylesheet would break that
 * assumption, so the build stops if it finds one.
 */
export function inlineCss(): Plugin {
  return {
    name: 'ukt-inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sheets = Object.values(bundle).filter(
          (item) => item.type === 'asset' && item.fileName.endsWith('.css'),
        );
        const html = bundle['index.html'];
        if (sheets.length === 0 || !html || html.type !== 'asset') return;
        if (sheets.length > 1) {
          this.error(`expected one stylesheet, found ${sheets.map((s) => s.fileName).join(', ')}`);
        }
        const sheet = sheets[0];
        if (sheet?.type !== 'asset') return;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${sheet.fileName}"[^>]*>`);
        const page = String(html.source);
        if (!link.test(page)) this.error(`index.html does not link ${sheet.fileName}`);
        const css = String(sheet.source).replaceAll('</style', '<\\/style');
        html.source = page.replace(link, () => `<style>${css}</style>`);
        delete bundle[sheet.fileName];
      },
    },
  };
}
