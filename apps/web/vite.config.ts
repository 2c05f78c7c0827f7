import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/**
 * Two builds from one config (see package.json "build"): the client bundle with a manifest the
 * server reads to link hashed assets, and the server-rendering bundle (`--ssr src/entry-server.tsx`).
 * Workspace packages resolve to their TypeScript sources through the `source` export condition
 * and are bundled; every other dependency stays external on the server and loads from node_modules.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: {
    noExternal: [/^@atelier\//],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  build: {
    // Client maps are built for error tracking but not linked from the bundles or served.
    sourcemap: isSsrBuild ? true : 'hidden',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The app, and the small script that loads it after the first paint (src/boot.ts).
          input: ['src/entry-client.tsx', 'src/boot.ts'],
          output: {
            codeSplitting: {
              groups: [
                // The framework every page loads, cached across deploys of app code, in three
                // chunks the loader (src/boot.ts) evaluates one per task, dependencies first:
                // React, React DOM, then the router and Redux Toolkit. Libraries of lazy pages
                // stay with those pages.
                {
                  name: 'react',
                  test: /[\\/]node_modules[\\/](react|scheduler|use-sync-external-store)[\\/]/,
                  tags: ['$initial'],
                  priority: 4,
                },
                {
                  name: 'react-dom',
                  test: /[\\/]node_modules[\\/]react-dom[\\/]/,
                  tags: ['$initial'],
                  priority: 3,
                },
                { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
                // The form kit (react-hook-form, its zod resolver, lib/forms.tsx): only the pages
                // with forms (sign-in, onboarding, profile) load it, not every page via `shared`.
                {
                  name: 'forms',
                  test: /[\\/](node_modules[\\/](react-hook-form|@hookform)|apps[\\/]web[\\/]src[\\/]lib[\\/]forms\.tsx)/,
                  priority: 1.5,
                },
                // Code only the signed-in dashboard pages share (course timing and progress rules,
                // their paths and words): its own chunk, so public pages do not grow (issue 15).
                {
                  name: 'dashboard',
                  test: /[\\/](packages[\\/]domain[\\/]src[\\/](courses|progress)\.ts|apps[\\/]web[\\/]src[\\/](lib[\\/](dashboard-paths|instalment-words)\.ts|features[\\/](dashboard|course-dashboard|certificates)[\\/]))/,
                  minShareCount: 2,
                  priority: 1.2,
                },
                // App code that several pages share (domain rules, lib, ui, shared feature parts):
                // one chunk rather than a dozen of a kilobyte each, each a request of its own.
                // (Not the contract: its zod schemas belong with the forms that validate with them.
                // Nor the lead forms and their calls (issue 16): they stay in the lazily loaded
                // chunks of the forms, popups and dialogs that use them, so no page's first load
                // grows by them. A group of their own would pull base-api and the like into it.
                // Nor the staff console's parts (issue 17): its sections are lazy chunks of their
                // own, and a group takes its modules' dependencies along — the editor, the charts.)
                {
                  name: 'shared',
                  test: /[\\/](apps[\\/]web[\\/]src|packages[\\/]domain)[\\/](?!components[\\/]ui[\\/]lead-form|features[\\/](leads|admin)[\\/]|lib[\\/](api[\\/]leads|utm)\.ts)/,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));
