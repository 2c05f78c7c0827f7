import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * The third build (after the client app and the server renderer, see package.json "build"): the
 * islands of public documents (src/islands/entry.ts, docs/decisions/0032), into the same
 * `dist/client` with a manifest of its own (`.vite/islands-manifest.json`).
 *
 * Islands run without the app's router and Redux store. The components they share with the app
 * import `react-router`, `lib/store`, `lib/ui-state` and a few API hooks; here those resolve to
 * small stand-ins (`src/islands/shims/`): links are anchors, the UI slice is a plain store, calls
 * go through the app's base query without RTK Query. Anything that still reaches Redux Toolkit,
 * react-redux, immer or the router's DOM package fails the build, naming the importer: a public
 * page never carries them.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const src = (file: string) => path.join(root, 'src', file);

const SHIMS = new Map<string, string>([
  [src('lib/store.ts'), src('islands/shims/store.ts')],
  [src('lib/ui-state.ts'), src('islands/shims/ui-state.ts')],
  [src('lib/api/leads.ts'), src('islands/shims/leads.ts')],
  [src('lib/api/account.ts'), src('islands/shims/account.ts')],
  [src('lib/api/user-details.ts'), src('islands/shims/user-details.ts')],
]);
const ROUTER_SHIM = src('islands/shims/react-router.tsx');
const REFUSED =
  /^(@reduxjs\/toolkit|react-redux|immer|redux|reselect|react-router\/dom|react-router-dom)(\/|$)/;

function islandShims(): Plugin {
  return {
    name: 'atelier-island-shims',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'react-router') return ROUTER_SHIM;
      if (REFUSED.test(source)) {
        this.error(`${importer ?? '?'} imports ${source}: islands must not need it (docs/decisions/0032).`);
      }
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && SHIMS.get(resolved.id)) ?? resolved;
    },
  };
}

export default defineConfig({
  plugins: [islandShims(), react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: '.vite/islands-manifest.json',
    sourcemap: 'hidden',
    rolldownOptions: {
      input: ['src/islands/entry.ts'],
      output: {
        // V8's explicit compile hint (Chrome 136+): compile every function of React and React DOM
        // while the file streams in, off the main thread, instead of one by one on first call
        // inside the main thread's evaluation task — almost all of them run during hydration.
        // After minification, which would drop the comment (docs/decisions/0034).
        postBanner: (chunk) => (chunk.name === 'islands-react' ? '//# allFunctionsCalledOnLoad' : ''),
        codeSplitting: {
          // Few files: each response carries some 800 bytes of headers, which count against the
          // page's JavaScript budget as much as code does.
          groups: [
            // What the entry needs before React: Vite's loader of dynamic imports (else it lands in
            // the frame, and the entry would fetch the frame and React before the first paint).
            { name: 'islands-boot', test: /(preload-helper|rolldown[\\/:]runtime)/, priority: 3 },
            // React and React DOM (and the bundler's runtime): the one library a public document loads.
            {
              name: 'islands-react',
              test: /([\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[:/]runtime)/,
              priority: 2,
            },
            // The frame every public document hydrates (header, top banner, footer, popups) and the
            // small parts they share: one chunk. Not the lead forms and what they import (the form
            // kit, zod, the contract's schemas, the API client): a group takes the static imports of
            // its modules along, and those load only when a form opens.
            {
              name: 'islands-frame',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](app[\\/]site-(header|footer)|features[\\/](promotions[\\/](popup-policy|referral-invite|components[\\/](popup-host|popups|campaign-popup|top-banner))|auth[\\/](account-menu|google-client-id))|components[\\/]ui[\\/](?!lead-form)|lib[\\/](?!forms|utm|api[\\/])|islands[\\/]shims[\\/](react-router|store|ui-state|account|user-details))/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
