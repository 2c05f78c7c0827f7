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
    rolldownOptions: isSsrBuild ? {} : { input: 'src/entry-client.tsx' },
  },
}));
